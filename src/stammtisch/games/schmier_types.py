"""The shapes of Schmier's view and events (the contract every layer reads).

:meth:`stammtisch.games.schmier.SchmierState.view` returns a :class:`SchmierView`;
its events are the :data:`SchmierEvent` kinds. Card codes are text (``"TH"``),
suits are ``C``, ``D``, ``H``, ``S``; teams are numbered from 0.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Literal, NotRequired, TypedDict, cast

from stammtisch.core.game import ActionEvent, View, of_game


class Bid(TypedDict):
    seat: int
    action: str
    """``"bid N"`` or ``"pass"``."""


class Contract(TypedDict):
    bidder: int
    team: int
    bid: int


class OpenTrick(TypedDict):
    leader: int | None
    """``None`` outside the play."""
    cards: list[str]


class SchmierTrick(TypedDict):
    leader: int
    cards: list[str]
    winner: int


class DealScore(TypedDict):
    """How a deal scored (``last_deal`` of a view, the ``deal_score`` event)."""

    deal: int
    dealer: int
    bidder: int
    bidding_team: int
    bid: int
    trump: str
    points: dict[str, int | None]
    """Point name (``high`` ... ``game``) -> the team that won it, or ``None``."""
    high_seat: int
    low_seat: int
    game_counts: list[int]
    won: list[int]
    made: bool
    delta: list[int]
    scores: list[int]


class SchmierResult(TypedDict):
    """A finished Schmier match."""

    winner: int | None
    """The winning team; ``None``: more than one team won together."""
    winners: list[int]
    winning_seats: list[int]
    scores: list[int]
    teams: list[list[int]]
    deals: int
    """Deals scored (not those thrown in)."""
    thrown_in: int
    """Deals thrown in (§14)."""


class SchmierView(View):
    """What one seat of a Schmier match may know (keys: ``SchmierState.view``)."""

    num_players: int
    teams: list[list[int]]
    team: int | None
    target_score: int
    scores: list[int]
    played_deals: int
    hand_sizes: list[int]
    auction: list[Bid]
    high_bid: int | None
    contract: Contract | None
    trump: str | None
    exchanged: list[int | None]
    stock_size: int
    trick: OpenTrick
    tricks: list[SchmierTrick]
    tricks_won: list[int]
    last_deal: DealScore | None
    discarded: NotRequired[list[str] | None]


class SchmierDealEvent(TypedDict):
    type: Literal["deal"]
    deal: int
    dealer: int
    first_to_act: int


class ThrowInEvent(TypedDict):
    type: Literal["throw_in"]
    deal: int


class ContractEvent(Contract):
    type: Literal["contract"]


class ExchangeEvent(TypedDict):
    type: Literal["exchange"]
    seat: int
    count: int


class RobEvent(TypedDict):
    type: Literal["rob"]
    seat: int
    count: int


class SchmierTrickEvent(SchmierTrick):
    type: Literal["trick"]
    team: int


class DealScoreEvent(DealScore):
    type: Literal["deal_score"]


class SchmierOverEvent(TypedDict):
    type: Literal["match_over"]
    winners: list[int]
    scores: list[int]


SchmierEvent = (SchmierDealEvent | ActionEvent | ThrowInEvent | ContractEvent | ExchangeEvent
                | RobEvent | SchmierTrickEvent | DealScoreEvent | SchmierOverEvent)

EVENT_TYPES: dict[str, type[Any]] = {
    "deal": SchmierDealEvent, "action": ActionEvent, "throw_in": ThrowInEvent,
    "contract": ContractEvent, "exchange": ExchangeEvent, "rob": RobEvent,
    "trick": SchmierTrickEvent, "deal_score": DealScoreEvent, "match_over": SchmierOverEvent,
}
"""Each event's ``type`` and its TypedDict (the contract test checks events by it)."""


def schmier_view(view: Mapping[str, Any]) -> SchmierView:
    """``view`` as a :class:`SchmierView` (:func:`~stammtisch.core.game.of_game`)."""
    return cast(SchmierView, of_game(view, "schmier"))
