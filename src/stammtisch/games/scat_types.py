"""The shapes of Scat's view and events (the contract every layer reads).

:meth:`stammtisch.games.scat.ScatState.view` returns a :class:`ScatView`; its
events are the :data:`ScatEvent` kinds. Card codes are text (``"TH"``), seats
are ints, and maps keyed by seat use the seat as text (JSON keys).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Literal, NotRequired, TypedDict, cast

from stammtisch.core.game import ActionEvent, View, of_game
from stammtisch.core.lives import LastSeatEvent, LifeEvent, LivesResult


class ScatShowdown(TypedDict):
    """A settlement: the hands shown, the lowest, the lives lost."""

    deal: int
    reason: str
    knocker: int | None
    thirty_one: list[int]
    hands: dict[str, list[str]]
    values: dict[str, float]
    lowest: float | None
    """The lowest hand value (``None`` for a 31)."""
    lives_lost: dict[str, int]


ScatResult = LivesResult
"""A finished Scat match: the last seat with pennies, and the order the others went out."""


class ScatView(View):
    """What one seat of a Scat match may know (keys: ``ScatState.view``)."""

    num_players: int
    lives: list[int]
    eliminated: list[bool]
    eliminated_order: list[int]
    on_the_county: list[bool]
    hand_sizes: list[int]
    discard_pile: list[str]
    discard_top: str | None
    stock_size: int
    reshuffles: int
    known_cards: dict[str, list[str]]
    taken_from_discard: str | None
    knocker: int | None
    completed_turn: list[bool]
    declined: list[int]
    last_showdown: ScatShowdown | None
    hand_value: NotRequired[float]


class ScatDealEvent(TypedDict):
    type: Literal["deal"]
    deal: int
    dealer: int
    players: list[int]
    discard: str
    """The upcard that starts the discard pile."""


class ScatActionEvent(ActionEvent):
    card: NotRequired[str]
    """The card taken by ``draw discard`` (a public card)."""


class ScatReshuffleEvent(TypedDict):
    type: Literal["reshuffle"]
    cards: int


class ScatShowdownEvent(ScatShowdown):
    type: Literal["showdown"]


ScatEvent = (ScatDealEvent | ScatActionEvent | ScatReshuffleEvent | ScatShowdownEvent
             | LifeEvent | LastSeatEvent)

EVENT_TYPES: dict[str, type[Any]] = {
    "deal": ScatDealEvent, "action": ScatActionEvent, "reshuffle": ScatReshuffleEvent,
    "showdown": ScatShowdownEvent, "life": LifeEvent, "match_over": LastSeatEvent,
}
"""Each event's ``type`` and its TypedDict (the contract test checks events by it)."""


def scat_view(view: Mapping[str, Any]) -> ScatView:
    """``view`` as a :class:`ScatView` (:func:`~stammtisch.core.game.of_game`)."""
    return cast(ScatView, of_game(view, "scat"))
