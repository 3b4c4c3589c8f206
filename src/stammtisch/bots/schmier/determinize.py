"""A complete Schmier state consistent with one seat's view (rules/schmier.md).

Places only what the view hides, drawn from the cards the seat has not seen: the
other seats' hands (their sizes as shown, none of a suit they failed to follow), the
other seats' discards (as many as each exchanged, non-trumps: §8 forbids trumps to
non-dealers, and the dealer is assumed to have kept every trump) and the stock (size
as shown, in a random order). The seat's own hand and discards, the auction, the
contract, the tricks and the scores are the view's: the engine builds the state from
the view and the placed cards (:meth:`SchmierState.for_view`: the view read once a
decision), under the table's options. Cards go most-constrained first, each to a
random open place weighted by its room; a dead end retries, and constraints that
cannot all hold (a house rule the view does not show) are dropped, voids first.

Another seat's contract is taken as earned: its bidder's cards (held and played)
must value the trump near the bid (rejection, a bounded number of tries).

Known weaknesses: apart from that, hidden cards are uniform (passes, the trump
named and the cards played are not read as signals); a dealer who had to discard trumps
is never sampled.
"""

from __future__ import annotations

import random

from stammtisch.bots.schmier.hand import suit_value
from stammtisch.bots.schmier.seen import Seen, read
from stammtisch.cards import iter_cards
from stammtisch.games.schmier import NUM_PLAYERS, TRUMPS, SchmierHidden, SchmierState
from stammtisch.games.schmier_types import SchmierView

TRIES = 12
BIDDER_FLOOR = 1.2
BIDDER_TRIES = 12


def determinize(view: SchmierView, rng: random.Random) -> SchmierState:
    return build(read(view), rng)


def _places(seen: Seen, use_voids: bool, use_trumps: bool) -> list[tuple[int, int, int]]:
    """The open places as (key, room, allowed cards); key < 6: that seat's hand,
    6..11: the discards of seat key - 6, 12: the stock."""
    pool = seen.unseen
    nontrump = pool & ~TRUMPS[seen.trump] if seen.trump >= 0 and use_trumps else pool
    places = []
    for seat in range(NUM_PLAYERS):
        if seat == seen.seat:
            continue
        allowed = pool & ~seen.voids[seat] if use_voids else pool
        places.append((seat, seen.hand_sizes[seat], allowed))
        if seen.exchanged[seat] > 0:
            places.append((NUM_PLAYERS + seat, seen.exchanged[seat], nontrump))
    if seen.stock_size:
        places.append((2 * NUM_PLAYERS, seen.stock_size, pool))
    return places


def _fill(pool: int, places: list[tuple[int, int, int]],
          rng: random.Random) -> dict[int, list[int]] | None:
    if all(allowed == pool for _, _, allowed in places):
        cards = list(iter_cards(pool))
        rng.shuffle(cards)
        cut, start = {}, 0
        for key, size, _ in places:
            cut[key] = cards[start:start + size]
            start += size
        return cut
    room = {key: size for key, size, _ in places}
    options: list[tuple[int, float, int, list[int]]] = []
    card, rest = 0, pool
    while rest:
        if rest & 1:
            keys = [key for key, _, allowed in places if allowed >> card & 1]
            options.append((len(keys), rng.random(), card, keys))
        rest >>= 1
        card += 1
    options.sort()
    placed: dict[int, list[int]] = {key: [] for key in room}
    for _, _, card, keys in options:
        open_keys = [key for key in keys if room[key]]
        if not open_keys:
            return None
        pick = rng.random() * sum(room[key] for key in open_keys)
        for key in open_keys:
            pick -= room[key]
            if pick < 0:
                break
        placed[key].append(card)
        room[key] -= 1
    return placed


def sample(seen: Seen, rng: random.Random) -> dict[int, list[int]]:
    """The hidden cards placed: key -> cards (see :func:`_places`)."""
    pool = seen.unseen
    for use_voids, use_trumps in ((True, True), (False, True), (False, False)):
        places = _places(seen, use_voids, use_trumps)
        if sum(size for _, size, _ in places) != pool.bit_count():
            raise ValueError("the view's card counts do not add up to a Schmier deck")
        for _ in range(TRIES):
            placed = _fill(pool, places, rng)
            if placed is not None:
                return placed
    raise ValueError("no deal fits the view")  # unreachable: the last round is free


def _bidder_cards(seen: Seen) -> int:
    """The cards the bidder has played this deal."""
    played = 0
    for lead, cards, _ in [*seen.tricks, (seen.leader, seen.trick, -1)]:
        for i, card in enumerate(cards):
            if (lead + i) % NUM_PLAYERS == seen.bidder:
                played |= 1 << card
    return played


def plausible(seen: Seen, rng: random.Random) -> dict[int, list[int]]:
    """A placement in which another seat's contract looks earned: the bidder's hand and
    played cards value the trump at least ``BIDDER_FLOOR`` below the bid (the best
    of ``BIDDER_TRIES`` samples otherwise)."""
    bidder = seen.bidder
    if bidder < 0 or bidder == seen.seat or seen.trump < 0:
        return sample(seen, rng)
    played = _bidder_cards(seen)
    best, top = None, -1.0
    for _ in range(BIDDER_TRIES):
        placed = sample(seen, rng)
        value = suit_value(played | sum(1 << c for c in placed[bidder]), seen.trump)
        if value >= seen.high_bid - BIDDER_FLOOR:
            return placed
        if value > top:
            best, top = placed, value
    assert best is not None
    return best


def build(seen: Seen, rng: random.Random) -> SchmierState:
    """A sample state of ``seen``'s view (its public part built once per view)."""
    placed = plausible(seen, rng)
    hands = [0] * NUM_PLAYERS
    discards = [0] * NUM_PLAYERS
    hands[seen.seat] = seen.hand
    discards[seen.seat] = seen.discarded
    stock: list[int] = []
    for key, cards in placed.items():
        mask = sum(1 << c for c in cards)
        if key < NUM_PLAYERS:
            hands[key] = mask
        elif key < 2 * NUM_PLAYERS:
            discards[key - NUM_PLAYERS] = mask
        else:
            rng.shuffle(cards)
            stock = cards
    hidden = SchmierHidden(tuple(hands), tuple(discards), tuple(stock), rng.getrandbits(63))
    return seen.worlds(hidden)
