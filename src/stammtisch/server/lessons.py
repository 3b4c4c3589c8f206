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
    Lesson("schnauz", 209, {"num_players": 3, "first_dealer": 0},
           teaches="You deal and hold 9D TH 7S, three suits: swap them for three unseen "
                   "cards, swap with the middle toward one suit, and knock."),
    Lesson("scat", 12, {"num_players": 3, "first_dealer": 2},
           teaches="You hold 2D KD JH and the open card is JS: draw, discard toward one "
                   "suit, and knock when your hand is good enough."),
    Lesson("schnapsen", 12, {"first_dealer": 1},
           teaches="You lead holding QC KC JD: exchange the trump jack for the KD turned "
                   "up, announce the marriage in clubs, and later close the talon."),
    Lesson("schmier", 131, {"first_dealer": 5},
           teaches="You bid first with AD JD 9D 2D: bid, name diamonds, discard the "
                   "rest and play High, Jack and Low in the tricks."),
)}
"""Each deal was found with ``tools/lesson_seeds.py``: the coach's line through it
gives the player the decisions its game is about (tests/server/test_lessons.py)."""


def seats(lesson: Lesson, num_players: int) -> list[str]:
    """The player in seat 0, the computer players around."""
    return ["human"] + [lesson.opponents] * (num_players - 1)
