"""Ratings per game for people, programs and the computer levels, with their uncertainty.

:class:`Rating` is the one shape (value, deviation, volatility, games) and the one
display scale (1500 ± 350 at the start, "1500?" while provisional, "1623 BOT" for a
program); :func:`rate` turns a finished match's result into each seat's new rating:
Glicko-2 for Schnapsen (:mod:`.glicko2`), OpenSkill's Plackett-Luce model for Schnauz,
Scat and Schmier (:mod:`.plackett_luce`), from the places of :mod:`.standings`. The
computer levels are the anchors: :func:`level_rating` reads their calibrated ratings
(levels.json, written by ``stammtisch ratings calibrate``: :mod:`.calibrate`, which needs
the arena and is not imported here).
"""

from stammtisch.ratings.levels import level_rating
from stammtisch.ratings.rate import rate
from stammtisch.ratings.rating import Rating, RatingError
from stammtisch.ratings.standings import Standings, standings

__all__ = ["Rating", "RatingError", "Standings", "level_rating", "rate", "standings"]
