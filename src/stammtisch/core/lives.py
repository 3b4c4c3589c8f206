"""Lives, elimination and the last player standing (docs/rules/README.md §7).

Shared by the elimination games (Schnauz, Scat): their states keep ``lives``,
``eliminated``, ``eliminated_order`` and ``active`` among their slots
(:class:`LivesState`), and these functions walk the seats and take the lives,
so both games count lives the same way.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Literal, Protocol, TypedDict

from stammtisch.core.game import Event

OVER = "over"


class LifeEvent(TypedDict):
    """A seat lost a life (``lives``: what it has left) or, with none left, is out."""

    type: Literal["life"]
    seat: int
    lives: int
    eliminated: bool


class LastSeatEvent(TypedDict):
    """The match is over: one seat is left."""

    type: Literal["match_over"]
    winner: int


class LivesResult(TypedDict):
    """The result of an elimination match."""

    winner: int
    lives: list[int]
    eliminated_order: list[int]
    deals: int


class LivesState(Protocol):
    """A game state whose seats lose lives until one is left."""

    num_players: int
    lives: list[int]
    eliminated: list[bool]
    eliminated_order: list[int]
    active: list[int]
    dealer: int
    deal_number: int
    phase: str
    to_act: int
    events: list[Event] | None



def restore_standing(state: LivesState, view: Mapping[str, Any]) -> None:
    """Set the seats, lives and turn a view shows (a state built from a view)."""
    n = state.num_players = view["num_players"]
    state.events = None
    state.lives = list(view["lives"])
    state.eliminated = list(view["eliminated"])
    state.eliminated_order = list(view["eliminated_order"])
    state.active = [s for s in range(n) if not state.eliminated[s]]
    state.dealer = view["dealer"]
    state.deal_number = view["deal"]
    state.phase = view["phase"]
    state.to_act = -1 if view["to_act"] is None else view["to_act"]


def next_active(state: LivesState, seat: int) -> int:
    """The next seat clockwise from ``seat`` that is still in the match."""
    n, eliminated = state.num_players, state.eliminated
    seat = (seat + 1) % n
    while eliminated[seat]:
        seat = (seat + 1) % n
    return seat


def lose_life(state: LivesState, seat: int) -> None:
    """One loss: a life if there is one left, else the seat is out."""
    if state.eliminated[seat]:
        return
    if state.lives[seat] > 0:
        state.lives[seat] -= 1
    else:
        state.eliminated[seat] = True
        state.eliminated_order.append(seat)
    if state.events is not None:
        state.events.append({"type": "life", "seat": seat, "lives": state.lives[seat],
                             "eliminated": state.eliminated[seat]})


def take_lives(state: LivesState, losses: Mapping[int, int]) -> bool:
    """Apply ``{seat: lives lost}`` (k losses = k single ones, in seat order).

    Returns True when the match goes on: the next dealer is then the next
    active seat clockwise from the previous dealer's seat.
    """
    for seat, count in sorted(losses.items()):
        for _ in range(count):
            lose_life(state, seat)
    state.active = [s for s in range(state.num_players) if not state.eliminated[s]]
    if len(state.active) == 1:
        state.phase = OVER
        state.to_act = -1
        if state.events is not None:
            state.events.append({"type": "match_over", "winner": state.active[0]})
        return False
    state.dealer = next_active(state, state.dealer)
    return True


def lives_result(state: LivesState) -> LivesResult | None:
    """The result of an elimination match, once it is over."""
    if state.phase != OVER:
        return None
    return {
        "winner": state.active[0],
        "lives": state.lives[:],
        "eliminated_order": state.eliminated_order[:],
        "deals": state.deal_number + 1,
    }
