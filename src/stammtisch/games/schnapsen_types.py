"""The shapes of Schnapsen's view and events (the contract every layer reads).

:meth:`stammtisch.games.schnapsen.SchnapsenState.view` returns a
:class:`SchnapsenView`; its events are the :data:`SchnapsenEvent` kinds. Card
codes are text (``"TH"``), suits are ``C``, ``D``, ``H``, ``S``.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Literal, NotRequired, TypedDict, cast

from stammtisch.core.game import ActionEvent, View, of_game


class OpenTrick(TypedDict):
    leader: int
    cards: list[str]
    """The lead card only (the trick is open)."""


class SchnapsenTrick(TypedDict):
    leader: int
    cards: list[str]
    """Lead first."""
    winner: int


class Marriage(TypedDict):
    seat: int
    suit: str
    cards: list[str]
    points: int


class Exchange(TypedDict):
    seat: int
    took: str
    gave: str
    trick: int


class DealSummary(TypedDict):
    """How a deal ended (``last_deal`` of a view, the ``deal_end`` event)."""

    deal: int
    dealer: int
    reason: str
    by: int | None
    winner: int | None
    game_points: int
    points: list[int]
    tricks: list[int]
    closer: int | None
    points_at_close: int | None
    tricks_at_close: int | None
    last_trick_winner: int | None
    match_points: list[int]


class SchnapsenResult(TypedDict):
    """A finished Schnapsen match (a Bummerl)."""

    winner: int
    game_points: list[int]
    deals: int


class SchnapsenView(View):
    """What one seat of a Schnapsen match may know (keys: ``SchnapsenState.view``)."""

    deck_size: int
    hand_size: int
    game_points: list[int]
    match_target: int
    trump_suit: str
    trump_card: str | None
    turned_trump: str
    talon_size: int
    closed: bool
    closer: int | None
    trick: OpenTrick | None
    declared: str | None
    marriages: list[Marriage]
    exchanges: list[Exchange]
    tricks: list[int]
    last_trick: SchnapsenTrick | None
    history: list[SchnapsenTrick]
    last_deal: DealSummary | None
    points: NotRequired[int]
    pending: NotRequired[int]


class SchnapsenDealEvent(TypedDict):
    type: Literal["deal"]
    deal: int
    dealer: int
    leader: int
    trump_card: str
    trump_suit: str
    talon: int
    game_points: list[int]


class SchnapsenTrickEvent(SchnapsenTrick):
    type: Literal["trick"]
    points: int


class DrawEvent(TypedDict):
    """A seat drew from the talon; the last draw takes the face-up trump card."""

    type: Literal["draw"]
    seat: int
    trump_card: NotRequired[str]


class ExchangeEvent(TypedDict):
    type: Literal["exchange"]
    seat: int
    took: str
    trump_card: str


class CloseEvent(TypedDict):
    type: Literal["close"]
    seat: int
    talon: int


class MarriageEvent(Marriage):
    type: Literal["marriage"]
    credited: bool


class DealEndEvent(DealSummary):
    type: Literal["deal_end"]


class SchnapsenOverEvent(TypedDict):
    type: Literal["match_over"]
    winner: int
    game_points: list[int]


SchnapsenEvent = (SchnapsenDealEvent | ActionEvent | SchnapsenTrickEvent | DrawEvent
                  | ExchangeEvent | CloseEvent | MarriageEvent | DealEndEvent
                  | SchnapsenOverEvent)

EVENT_TYPES: dict[str, type[Any]] = {
    "deal": SchnapsenDealEvent, "action": ActionEvent, "trick": SchnapsenTrickEvent,
    "draw": DrawEvent, "exchange": ExchangeEvent, "close": CloseEvent,
    "marriage": MarriageEvent, "deal_end": DealEndEvent, "match_over": SchnapsenOverEvent,
}
"""Each event's ``type`` and its TypedDict (the contract test checks events by it)."""


def schnapsen_view(view: Mapping[str, Any]) -> SchnapsenView:
    """``view`` as a :class:`SchnapsenView` (:func:`~stammtisch.core.game.of_game`)."""
    return cast(SchnapsenView, of_game(view, "schnapsen"))
