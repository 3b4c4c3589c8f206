"""What a Schmier seat's view tells, as ints and bitmasks (docs/rules/schmier.md;
games/schmier.py names the view's keys). Every bot reads its view through
:func:`read`.

Voids are the game's reading (:func:`stammtisch.games.schmier.voids`): a player who
did not follow the led effective suit holds none of it for the rest of the deal, except
that under the table's ``trump_anytime`` a trump on a plain lead proves nothing.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from functools import cached_property
from typing import Any

from stammtisch.cards import SUIT_CODES, CardSet, parse_card
from stammtisch.games.schmier import (
    AUCTION,
    DISCARD,
    EFFECTIVE,
    EXCHANGE,
    FOLLOW,
    PASS,
    PLAY,
    TRUMPS,
    SchmierHidden,
    SchmierState,
    bid,
    hidden_places,
    parse_action,
    play,
    voids,
)
from stammtisch.games.schmier_types import SchmierView

BID0, PLAY0 = bid(0), play(0)

DECK: CardSet = (1 << 53) - 1


def cards_of(codes: list[str] | None) -> CardSet:
    mask = 0
    for code in codes or ():
        mask |= 1 << parse_card(code)
    return mask


voids_of = voids
"""Per seat the cards it cannot hold (the game's :func:`~stammtisch.games.schmier.voids`;
the name the bots' play reads it by)."""


@dataclass(frozen=True)
class Seen:
    seat: int
    num_teams: int
    phase: str
    to_act: int
    dealer: int
    deal: int
    scores: tuple[int, ...]
    target: int
    hand: CardSet
    discarded: CardSet
    trump: int
    """-1 before it is named."""
    bidder: int
    """The high bidder so far (-1: none)."""
    high_bid: int
    auction: tuple[tuple[int, int], ...]
    exchanged: tuple[int, ...]
    """Cards each seat exchanged (-1: not yet)."""
    stock_size: int
    hand_sizes: tuple[int, ...]
    tricks: tuple[tuple[int, tuple[int, ...], int], ...]
    trick: tuple[int, ...]
    leader: int
    played: CardSet
    """Every card of the deal's tricks, the trick in progress included."""
    voids: tuple[CardSet, ...]
    legal: tuple[int, ...]
    options: dict[str, Any]
    """The options the legal actions reveal (see :func:`_options`); others stay default."""
    view: SchmierView = field(repr=False, compare=False)
    """The view read (samples are built from it)."""

    @cached_property
    def worlds(self) -> Callable[[SchmierHidden], SchmierState]:
        """The view's state with a guess of its hidden cards: the public part is built
        once per view (``SchmierState.for_view``), a copy per guess."""
        return SchmierState.for_view(self.view)

    @cached_property
    def hidden(self) -> tuple[CardSet, list[int], list[tuple[int, CardSet]]]:
        """The cards the view hides, their places and what each may hold, as the game
        reads them from the view (:func:`~stammtisch.games.schmier.hidden_places`)."""
        return hidden_places(self.view)

    @property
    def unseen(self) -> CardSet:
        """Cards in other hands, in other seats' discards or in the stock."""
        return DECK & ~(self.hand | self.discarded | self.played)


def read(view: SchmierView) -> Seen:
    own = view["seat"]
    if own is None:
        raise ValueError("a spectator's view: the bots read the view of a seat")
    trump = -1 if view["trump"] is None else SUIT_CODES.index(view["trump"])
    tricks = tuple((t["leader"], tuple(parse_card(c) for c in t["cards"]), t["winner"])
                   for t in view["tricks"])
    trick = tuple(parse_card(c) for c in view["trick"]["cards"])
    leader = -1 if view["trick"]["leader"] is None else view["trick"]["leader"]
    played = 0
    for _, cards, _ in tricks:
        for card in cards:
            played |= 1 << card
    for card in trick:
        played |= 1 << card
    auction = tuple((a["seat"], int(a["action"].split()[1]) if a["action"] != "pass" else 0)
                    for a in view["auction"])
    bidder = -1
    for seat, n in auction:
        if n:
            bidder = seat
    legal = tuple(parse_action(text) for text in view["legal_actions"])
    return Seen(
        seat=own,
        num_teams=len(view["teams"]),
        phase=view["phase"],
        to_act=-1 if view["to_act"] is None else view["to_act"],
        dealer=view["dealer"],
        deal=view["deal"],
        scores=tuple(view["scores"]),
        target=view["target_score"],
        hand=cards_of(view.get("hand")),
        discarded=cards_of(view.get("discarded")),
        trump=trump,
        bidder=bidder,
        high_bid=view["high_bid"] or 0,
        auction=auction,
        exchanged=tuple(-1 if k is None else k for k in view["exchanged"]),
        stock_size=view["stock_size"],
        hand_sizes=tuple(view["hand_sizes"]),
        tricks=tricks,
        trick=trick,
        leader=leader,
        played=played,
        voids=tuple(voids(trump, tricks, trick, leader, view["options"]["trump_anytime"])),
        legal=legal,
        options=_options(view, legal, trump),
        view=view,
    )


def _options(view: SchmierView, legal: tuple[int, ...], trump: int) -> dict[str, Any]:
    """House rules the seat's legal actions show: the bid range, stick the dealer and
    equalling at the dealer's turn, the exchange limit, trump anytime."""
    found: dict[str, Any] = {}
    bids = [a - BID0 for a in legal if BID0 <= a < PLAY0]
    high = view["high_bid"] or 0
    if bids:
        found["max_bid"] = max(bids)
        if not high:
            found["min_bid"] = min(bids)
        if view["seat"] == view["dealer"]:
            found["stick_the_dealer"] = not high and PASS not in legal
            found["dealer_may_equal_high_bid"] = high in bids
    elif view["phase"] == AUCTION and legal:
        found["max_bid"] = found["min_bid"] = max(high, 1)
    if view["phase"] == EXCHANGE and legal:
        size = max((a & ~DISCARD).bit_count() for a in legal)
        if size < 3:
            plain = cards_of(view.get("hand")) & ~TRUMPS[trump]
            if plain.bit_count() > size:
                found["max_discard"] = size
    if view["phase"] == PLAY and view["trick"]["cards"] and trump >= 0:
        cards = sum(1 << (a - PLAY0) for a in legal)
        led = EFFECTIVE[trump][parse_card(view["trick"]["cards"][0])]
        if led != trump and cards & FOLLOW[trump][led] and cards & TRUMPS[trump]:
            found["trump_anytime"] = True
    return found
