"""The expert's advice for a seat, for the terminal's ``hint`` and the web table's button.

``rank`` asks the game's ``expert`` level for its estimate of every legal action
(:class:`~stammtisch.bots.base.Analyst`); ``analyze`` says it in a few words.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from stammtisch.bots.base import Repeatable
from stammtisch.bots.registry import levels, make_bot

ADVISER_LEVEL = "expert"
HINT_BUDGET = 0.5
"""Seconds the adviser may think: a hint should come quickly."""


def rank(game: str, view: Mapping[str, Any], *, seed: int = 0,
         budget: float | None = HINT_BUDGET,
         planned: float | None = None) -> list[tuple[str, float]] | None:
    """The legal actions the expert weighs with its values, the highest value first;
    ``None``: no adviser. With ``planned`` the search is fixed to what that many
    seconds of an idle core hold (:class:`Repeatable`), ``budget`` only a safety net.

    The experts' own lists put their chosen move first even where another has a
    higher mean within the search's noise (the club's move leads unless clearly
    beaten); a hint must recommend what its numbers say, so the order here is the
    values' (ties keep the expert's order)."""
    if not view.get("legal_actions") or not any(
            level.name == ADVISER_LEVEL for level in levels(game)):
        return None
    seat = view.get("seat")
    adviser = make_bot(game, ADVISER_LEVEL, seed, seat if isinstance(seat, int) else 0, budget)
    if planned is not None and isinstance(adviser, Repeatable):
        adviser.plan_for(planned)
    analyze = getattr(adviser, "analyze", None)
    if analyze is None:
        return None
    ranked: list[tuple[str, float]] = analyze(view)
    return sorted(ranked, key=lambda pair: -pair[1])


def analyze(game: str, view: Mapping[str, Any]) -> str:
    """The expert's advice in words: its best action and how the next ones compare."""
    ranked = rank(game, view)
    if ranked is None:
        return "No hint: there is no expert for this game yet."
    if not ranked:
        return "No hint: there is nothing to choose."
    best, value = ranked[0]
    others = ", ".join(f"{action} {v:.2f}" for action, v in ranked[1:4])
    advice = f"The expert would {best} (estimate {value:.2f}, higher is better)."
    return advice + (f" Next best: {others}." if others else "")
