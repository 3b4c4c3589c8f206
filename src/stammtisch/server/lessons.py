"""The guided first deals: one fixed deal per game, chosen to show its main ideas,
against computer players at the beginner level, with the coach at the player's side.

A lesson's seed is ours, never a client's: the deal is known to everyone who reads
this file, which is the point of a lesson and harms nobody (the player is alone with
computer players, and the table says it is a lesson). The tests check that each deal
still shows what its line below promises.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any


@dataclass(frozen=True)
class Lesson:
    game: str
    seed: int
    options: dict[str, Any] = field(default_factory=dict)
    opponents: str = "beginner"
    teaches: str = ""


LESSONS: dict[str, Lesson] = {lesson.game: lesson for lesson in (
    Lesson("schnauz", 3, {"num_players": 3, "first_dealer": 0},
           teaches="You deal and hold two hearts (QH KH) and 8S: keep or take the spare "
                   "hand, then swap toward 31 in one suit."),
    Lesson("scat", 6, {"num_players": 3, "first_dealer": 2},
           teaches="You hold two hearts; the open card is KH: take it or draw blind."),
    Lesson("schnapsen", 10, {"first_dealer": 1},
           teaches="You lead holding QS KS, a marriage in spades (40 is trumps, 20 "
                   "elsewhere): announce it with the lead."),
    Lesson("schmier", 131, {"first_dealer": 5},
           teaches="You bid first with AD JD 9D 2D: High, Jack and Low in diamonds."),
)}


def seats(lesson: Lesson, num_players: int) -> list[str]:
    """The player in seat 0, the computer players around."""
    return ["human"] + [lesson.opponents] * (num_players - 1)
