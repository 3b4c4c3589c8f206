"""The computer levels' ratings, the anchors the other ratings are measured against:
:func:`level_rating` reads them from levels.json, shipped with the package and written by
``stammtisch ratings calibrate`` (:mod:`.calibrate`).
"""

from __future__ import annotations

import json
from functools import cache
from importlib.resources import files
from typing import Any

from stammtisch.ratings.rating import Rating, RatingError

LEVELS_FILE = "levels.json"


@cache
def calibration() -> dict[str, Any]:
    """The shipped calibration: ``games`` -> game -> ``levels`` -> level -> a rating row."""
    text = files("stammtisch.ratings").joinpath(LEVELS_FILE).read_text(encoding="utf-8")
    data = json.loads(text)
    if not isinstance(data, dict) or not isinstance(data.get("games"), dict):
        raise RatingError(f"{LEVELS_FILE} has no games")
    return data


def level_rating(game: str, level: str) -> Rating:
    """The calibrated rating of the computer ``level`` at ``game``.

    >>> level_rating("schnapsen", "expert").value > level_rating("schnapsen", "random").value
    True
    """
    games = calibration()["games"]
    if game not in games:
        raise RatingError(f"no calibrated levels for the game {game!r}; calibrated: "
                          f"{', '.join(sorted(games))}")
    rows = games[game]["levels"]
    if level not in rows:
        raise RatingError(f"no calibrated rating for the level {level!r} at {game}; "
                          f"calibrated: {', '.join(sorted(rows))}")
    return Rating.from_row(rows[level])


__all__ = ["LEVELS_FILE", "calibration", "level_rating"]
