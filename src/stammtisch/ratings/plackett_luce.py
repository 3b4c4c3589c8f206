"""Ratings of the games for more than two (Schnauz, Scat) or for teams (Schmier):
OpenSkill's Plackett-Luce model (Weng and Lin 2011, Algorithm 4; PyPI ``openskill``).

Why OpenSkill: Glicko-2 rates one player against another, while these matches end in a
finishing order of several seats or teams, ties included. OpenSkill's Plackett-Luce
model takes the whole order at once, teams of any size and ties (places shared), and is
a maintained, typed library; TrueSkill does the same but its package has had no release
since 2018.

The scale: the library's default model (mu 25, sigma 25/3, beta 25/6, tau 25/300),
stretched by 42 = 350 / (25/3) and shifted by 1500 - 25 * 42, so that its start
25 ± 25/3 reads 1500 ± 350 like a new Glicko-2 rating, and its sigma is our deviation.
The model depends on differences of mu only (all teams of a match having one size, as
in every game here), so the stretch changes no outcome. A gap of points still means
other odds than in Schnapsen's Glicko-2: a number compares within its game.
"""

from __future__ import annotations

from collections.abc import Sequence

from openskill.models import PlackettLuce, PlackettLuceRating

from stammtisch.ratings.rating import Rating

STRETCH = 42.0
"""Rating points per OpenSkill unit."""
SHIFT = 1500.0 - 25.0 * STRETCH
"""Rating points at OpenSkill's mu 0."""

MODEL = PlackettLuce()
"""The library's default Plackett-Luce model."""


def to_openskill(rating: Rating) -> PlackettLuceRating:
    return MODEL.rating(mu=(rating.value - SHIFT) / STRETCH, sigma=rating.deviation / STRETCH)


def from_openskill(skill: PlackettLuceRating, before: Rating) -> Rating:
    """``before`` with the value and deviation of ``skill`` and one game more."""
    return Rating(SHIFT + skill.mu * STRETCH, skill.sigma * STRETCH, before.volatility,
                  before.games + 1)


def rate_places(teams: Sequence[Sequence[Rating]],
                places: Sequence[int]) -> list[list[Rating]]:
    """The ratings of each team's players after a match in which the teams finished in
    ``places`` (0 best, equal places tie); a team may be a single player."""
    skills = [[to_openskill(rating) for rating in team] for team in teams]
    after = MODEL.rate(skills, ranks=[float(place) for place in places])
    return [[from_openskill(skill, rating) for skill, rating in zip(new, old, strict=True)]
            for new, old in zip(after, teams, strict=True)]


__all__ = ["MODEL", "SHIFT", "STRETCH", "from_openskill", "rate_places", "to_openskill"]
