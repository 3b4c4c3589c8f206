"""The shapes of Schnauz's view and events (the contract every layer reads).

:meth:`stammtisch.games.schnauz.SchnauzState.view` returns a :class:`SchnauzView`;
its events are the :data:`SchnauzEvent` kinds. Card codes are text (``"TH"``),
seats are ints, and maps keyed by seat use the seat as text (JSON keys).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Literal, NotRequired, TypedDict, cast

from stammtisch.core.game import ActionEvent, View, of_game
from stammtisch.core.lives import LastSeatEvent, LifeEvent, LivesResult


class SchnauzShowdown(TypedDict):
    """A showdown: who lost how many lives and with which hands."""

    deal: int
    reason: str
    knocker: int | None
    hands: dict[str, list[str]]
    table: list[str]
    values: dict[str, float]
    labels: dict[str, str]
    lowest: int
    lives_lost: dict[str, int]


class SchnauzView(View):
    """What one seat of a Schnauz match may know (keys: ``SchnauzState.view``)."""

    num_players: int
    deck_variant: str
    lives: list[int]
    eliminated: list[bool]
    eliminated_order: list[int]
    swimming: list[bool]
    table: list[str]
    stock_size: int
    out_of_play: list[str]
    known_hands: dict[str, list[str]]
    knocker: int | None
    final_turns: bool
    passes: int
    completed_turn: list[bool]
    reshuffles: int
    own_known: NotRequired[list[str]]
    last_showdown: SchnauzShowdown | None
    hand_value: NotRequired[str]


SchnauzResult = LivesResult
"""A finished Schnauz match: the last seat with lives, and the order the others went out."""


class SchnauzDealEvent(TypedDict):
    type: Literal["deal"]
    deal: int
    dealer: int
    players: list[int]


class SchnauzTableEvent(TypedDict):
    type: Literal["table"]
    cards: list[str]
    why: str


class SchnauzReshuffleEvent(TypedDict):
    type: Literal["reshuffle"]
    cards: int


class SchnauzShowdownEvent(SchnauzShowdown):
    type: Literal["showdown"]


SchnauzEvent = (SchnauzDealEvent | SchnauzTableEvent | ActionEvent
                | SchnauzReshuffleEvent | SchnauzShowdownEvent | LifeEvent | LastSeatEvent)

EVENT_TYPES: dict[str, type[Any]] = {
    "deal": SchnauzDealEvent, "table": SchnauzTableEvent, "action": ActionEvent,
    "reshuffle": SchnauzReshuffleEvent, "showdown": SchnauzShowdownEvent,
    "life": LifeEvent, "match_over": LastSeatEvent,
}
"""Each event's ``type`` and its TypedDict (the contract test checks events by it)."""


def schnauz_view(view: Mapping[str, Any]) -> SchnauzView:
    """``view`` as a :class:`SchnauzView` (:func:`~stammtisch.core.game.of_game`)."""
    return cast(SchnauzView, of_game(view, "schnauz"))
