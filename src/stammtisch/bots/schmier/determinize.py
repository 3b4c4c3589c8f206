"""A complete Schmier state consistent with one seat's view (docs/rules/schmier.md).

Places only what the view hides, drawn from the cards the seat has not seen. Where
the cards may lie is the game's reading of the view
(:func:`~stammtisch.games.schmier.hidden_places`): the other seats' hands (their sizes
as shown, none of a suit they failed to follow), the other seats' discards (as many as
each exchanged, no trump: §8 forbids trumps to non-dealers, and the dealer is taken to
have kept every trump) and the stock (size as shown, in a random order). The seat's
own hand and discards, the auction, the contract, the tricks and the scores are the
view's: the engine builds the state from the view and the placed cards
(:meth:`SchmierState.for_view`: the view read once a decision), under the table's
options.

The draw is the bot's own, not the game's uniform sampler (``GameInfo.sample``), which
it predates; the experts' play depends on its random draws (tools/traces.py). Cards go
most-constrained first, each to a random open place weighted by its room (close to
uniform, not exactly); a dead end retries, and constraints that cannot all hold (a
dealer who put trumps away) are dropped, voids first. Another seat's contract is taken
as earned: its bidder's cards (held and played) must value the trump near the bid
(rejection, a bounded number of tries).

Known weaknesses: apart from that, hidden cards are uniform (passes, the trump
named and the cards played are not read as signals); a dealer who had to discard trumps
is sampled only where no deal fits the constraints (and then every one is dropped).
"""

from __future__ import annotations

import random

from stammtisch.bots.schmier.hand import suit_value
from stammtisch.bots.schmier.seen import Seen, read
from stammtisch.cards import iter_cards
from stammtisch.games.schmier import NUM_PLAYERS, STOCK_KEY, SchmierHidden, SchmierState
from stammtisch.games.schmier_types import SchmierView

TRIES = 12
BIDDER_FLOOR = 1.2
BIDDER_TRIES = 12


def determinize(view: SchmierView, rng: random.Random) -> SchmierState:
    return build(read(view), rng)


def _places(seen: Seen, use_voids: bool, use_trumps: bool) -> list[tuple[int, int, int]]:
    """The open places as (key, room, allowed cards): the game's
    (:func:`~stammtisch.games.schmier.hidden_places`: key < 6: that seat's hand, 6..11:
    the discards of seat key - 6, 12: the stock), without the voids or the trumps kept
    out of the discards where ``use_voids`` or ``use_trumps`` is off."""
    pool, keys, places = seen.hidden
    return [(key, size, pool if (key < NUM_PLAYERS and not use_voids)
             or (NUM_PLAYERS <= key < STOCK_KEY and not use_trumps) else pool & allowed)
            for key, (size, allowed) in zip(keys, places, strict=True)]


Layout = tuple[list[tuple[int, int, int]], list[tuple[int, int, tuple[int, ...]]]]
"""The open places, and per hidden card (in card order): how many places it may go
to, the card, and those places' keys."""


def _layout(seen: Seen, use_voids: bool, use_trumps: bool) -> Layout:
    places = _places(seen, use_voids, use_trumps)
    if sum(size for _, size, _ in places) != seen.unseen.bit_count():
        raise ValueError("the view's card counts do not add up to a Schmier deck")
    cards = []
    for card in iter_cards(seen.unseen):
        keys = tuple(key for key, _, allowed in places if allowed >> card & 1)
        cards.append((len(keys), card, keys))
    return places, cards


def _fill(pool: int, layout: Layout, rng: random.Random) -> dict[int, list[int]] | None:
    places, cards = layout
    if all(allowed == pool for _, _, allowed in places):
        deck = list(iter_cards(pool))
        rng.shuffle(deck)
        cut, start = {}, 0
        for key, size, _ in places:
            cut[key] = deck[start:start + size]
            start += size
        return cut
    room = [0] * (STOCK_KEY + 1)
    for key, size, _ in places:
        room[key] = size
    options = [(count, rng.random(), card, keys) for count, card, keys in cards]
    options.sort()
    placed: dict[int, list[int]] = {key: [] for key, _, _ in places}
    for _, _, card, keys in options:
        total = 0
        for key in keys:
            total += room[key]
        if not total:
            return None
        pick = rng.random() * total
        chosen = -1
        for key in keys:
            if room[key]:
                chosen = key
                pick -= room[key]
                if pick < 0:
                    break
        placed[chosen].append(card)
        room[chosen] -= 1
    return placed


def _bidder_cards(seen: Seen) -> int:
    """The cards the bidder has played this deal."""
    played = 0
    for lead, cards, _ in [*seen.tricks, (seen.leader, seen.trick, -1)]:
        for i, card in enumerate(cards):
            if (lead + i) % NUM_PLAYERS == seen.bidder:
                played |= 1 << card
    return played


class Deals:
    """The sample deals of one view: the places, and where each hidden card may go,
    are worked out once (a search draws hundreds of deals from one view)."""

    def __init__(self, seen: Seen) -> None:
        self.seen = seen
        self._layouts: dict[tuple[bool, bool], Layout] = {}

    def _layout(self, use_voids: bool, use_trumps: bool) -> Layout:
        key = use_voids, use_trumps
        if key not in self._layouts:
            self._layouts[key] = _layout(self.seen, use_voids, use_trumps)
        return self._layouts[key]

    def sample(self, rng: random.Random) -> dict[int, list[int]]:
        """The hidden cards placed: key -> cards (see :func:`_places`)."""
        pool = self.seen.unseen
        for use_voids, use_trumps in ((True, True), (False, True), (False, False)):
            layout = self._layout(use_voids, use_trumps)
            for _ in range(TRIES):
                placed = _fill(pool, layout, rng)
                if placed is not None:
                    return placed
        raise ValueError("no deal fits the view")  # unreachable: the last round is free

    def plausible(self, rng: random.Random) -> dict[int, list[int]]:
        """A placement in which another seat's contract looks earned: the bidder's hand
        and played cards value the trump at least ``BIDDER_FLOOR`` below the bid (the
        best of ``BIDDER_TRIES`` samples otherwise)."""
        seen = self.seen
        bidder = seen.bidder
        if bidder < 0 or bidder == seen.seat or seen.trump < 0:
            return self.sample(rng)
        played = _bidder_cards(seen)
        best, top = None, -1.0
        for _ in range(BIDDER_TRIES):
            placed = self.sample(rng)
            value = suit_value(played | sum(1 << c for c in placed[bidder]), seen.trump)
            if value >= seen.high_bid - BIDDER_FLOOR:
                return placed
            if value > top:
                best, top = placed, value
        assert best is not None
        return best

    def build(self, rng: random.Random) -> SchmierState:
        """A sample state of the view."""
        seen = self.seen
        placed = self.plausible(rng)
        hands = [0] * NUM_PLAYERS
        discards = [0] * NUM_PLAYERS
        hands[seen.seat] = seen.hand
        discards[seen.seat] = seen.discarded
        stock: list[int] = []
        for key, cards in placed.items():
            mask = sum(1 << c for c in cards)
            if key < NUM_PLAYERS:
                hands[key] = mask
            elif key < STOCK_KEY:
                discards[key - NUM_PLAYERS] = mask
            else:
                rng.shuffle(cards)
                stock = cards
        hidden = SchmierHidden(tuple(hands), tuple(stock), rng.getrandbits(63),
                               discards=tuple(discards))
        return seen.worlds(hidden)


def build(seen: Seen, rng: random.Random) -> SchmierState:
    """One sample state of ``seen``'s view (:class:`Deals` for many)."""
    return Deals(seen).build(rng)
