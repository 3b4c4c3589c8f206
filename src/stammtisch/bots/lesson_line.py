"""A guided deal played along the coach's line: the player takes the coach's first
choice at every decision of the first deal, the computer players are the lesson's
own (seeded as a table seeds them). The tests check that each lesson's line gives
the player the decisions its game is about; ``tools/lesson_seeds.py`` searches for
such deals.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from stammtisch.bots.registry import make_bot
from stammtisch.core.match import Match
from stammtisch.games import find_game

Adviser = Callable[[str, dict[str, Any]], dict[str, Any] | None]

WANTED = {
    "schnauz": {"swaps": 2, "knock offered": 1, "knocks": 1},
    "scat": {"draws": 2, "discards": 2, "knocks": 1},
    "schnapsen": {"marriages": 1, "exchanges": 1, "close offered": 1},
    "schmier": {"bids": 1, "trumps": 1, "discards": 1, "tricks": 6},
}
"""The least of each decision (:func:`count`) a lesson's line gives the player."""


@dataclass(frozen=True)
class Decision:
    """One decision of the player: the phase, the legal actions, the action taken."""

    phase: str
    legal: tuple[str, ...]
    action: str


def play_line(game: str, seed: int, options: dict[str, Any], opponents: str,
              adviser: Adviser, *, seat: int = 0, max_actions: int = 400) -> list[Decision]:
    """The player's decisions in the first deal when they follow ``adviser``'s ``best``."""
    match = Match(find_game(game), seed=seed, options=options)
    bots = {other: make_bot(game, opponents, seed, other)
            for other in range(match.num_players) if other != seat}
    first_deal = match.view(None).get("deal")
    decisions: list[Decision] = []
    for _ in range(max_actions):
        if match.result is not None or match.view(None).get("deal") != first_deal:
            break
        to_act = match.to_act
        if to_act is None:
            break
        view = match.view(to_act)
        if to_act == seat:
            advice = adviser(game, view)
            legal = tuple(view["legal_actions"])
            action = legal[0] if advice is None else str(advice["best"])
            decisions.append(Decision(str(view.get("phase")), legal, action))
        else:
            action = bots[to_act].choose(view)
        match.play(action)
    return decisions


def count(decisions: list[Decision], game: str) -> dict[str, int]:
    """What a lesson of ``game`` is about, counted in the player's decisions: Schnauz
    swaps and a knock, Scat draws, discards and a knock, Schnapsen a marriage, the
    trump exchange and the decision to close, Schmier a bid, trumps, a discard, tricks."""
    def took(prefix: str) -> int:
        return sum(1 for d in decisions if d.action.startswith(prefix))

    def offered(action: str) -> int:
        return sum(1 for d in decisions if action in d.legal)

    if game == "schnauz":
        return {"swaps": took("swap "), "knock offered": offered("knock"), "knocks": took("knock")}
    if game == "scat":
        return {"draws": took("draw "), "discards": took("discard "), "knocks": took("knock")}
    if game == "schnapsen":
        return {"marriages": took("marriage"), "exchanges": took("exchange"),
                "close offered": offered("close"), "plays": took("play ")}
    return {"bids": took("bid "), "trumps": took("trump "),
            "discards": sum(1 for d in decisions if d.phase in ("exchange", "rob")),
            "tricks": took("play ")}
