"""A complete Schnauz state consistent with one seat's view (docs/rules/schnauz.md).

Places only what the view hides: the other seats' unknown hand cards and the
stock's cards and order, drawn from the cards the seat has not seen; its own
hand, the table, the out-of-play tables and the cards others took from the
table stay where the view shows them. The hidden hands are not uniform: a
player who has had turns this deal has been keeping the best of what he saw,
so his hand is the best of several random ones (more the more turns he had, and
many for a knocker); a player who just passed on the table as it lies holds,
where one can be found, a hand the club rules would not exchange with it; and
nobody holds a hand that a card lying on the table through his turn would have
raised a lot (the seat remembers the table it left).

The engine builds the state from the view and the placed cards
(:meth:`SchnauzState.for_view`: the view read once a decision), under the house
rules the view's ``options`` name (every player knows the rules of the table).
"""

from __future__ import annotations

import random

from stammtisch.bots.schnauz.history import LastMove, fits_moves
from stammtisch.bots.schnauz.odds import strength
from stammtisch.bots.schnauz.policy import club_exchange
from stammtisch.bots.schnauz.seen import Seen, read
from stammtisch.bots.thirty_one import Fits, deal_likely
from stammtisch.cards import CardSet, iter_cards
from stammtisch.games.schnauz import CARDS_OF, HAND_KEYS, PASS, SchnauzHidden, SchnauzState
from stammtisch.games.schnauz_types import SchnauzView

PICKS_PER_TURN = 5
"""An opponent who has had ``t`` turns this deal holds the best of ``1 + 5 t``
random hands (measured on club play: his mean strength after one turn is that
of the best of about 5, after two of about 11)..."""
MOST_PICKS = 25
"""... up to this many."""
PASSER_PICKS = 20
"""A seat that passed on the table as it lies holds, if one of this many random hands
does, a hand the club rules would not exchange with that table."""
KNOCKER_PICKS = 30
"""A knocker holds the best of this many (clubs knock on the top few per cent)."""


TRIES = 4
"""Up to this many times the picks are drawn to find hands that fit."""
BIG_GAIN = 7
"""Nobody who had a turn while a card lay on the table holds a hand that card
would raise by this many points or more (he would have taken it)."""


def determinize(view: SchnauzView, rng: random.Random, own_turns: int = 0,
                lying: CardSet = 0, moves: dict[int, list[list[LastMove]]] | None = None,
                ) -> SchnauzState:
    return build(view, read(view), rng, own_turns, lying, moves)


def turns_taken(view: SchnauzView, seen: Seen, own_turns: int) -> dict[int, int]:
    """Play-phase turns each other seat has had this deal, given the seat's own count:
    those between the dealer's left and the seat have had one more."""
    first = seen.next_seat(view["dealer"]) if view["dealer"] in seen.active else seen.active[0]
    order = seen.active[seen.active.index(first):] + seen.active[:seen.active.index(first)]
    before = order[:order.index(seen.seat)] if seen.seat in order else []
    if seen.dealer_choice:
        return dict.fromkeys(seen.active, 0)
    return {s: own_turns + (s in before) for s in seen.active if s != seen.seat}


def picks(seat: int, turns: int, seen: Seen, dealer: int) -> int:
    if seat == seen.knocker:
        return KNOCKER_PICKS
    if turns == 0:
        return 2 if seat == dealer else 1
    return min(MOST_PICKS, 1 + PICKS_PER_TURN * turns)


def passers(view: SchnauzView, seen: Seen) -> set[int]:
    """The seats whose pass with the table as it lies ends just before this seat."""
    active = seen.active
    if seen.seat not in active:
        return set()
    at = active.index(seen.seat)
    return {active[(at - k) % len(active)] for k in range(1, view["passes"] + 1)} - {seen.seat}


def gains_much(hand: CardSet, cards: tuple[int, ...]) -> bool:
    """Whether exchanging one of ``cards`` into ``hand`` raises it by ``BIG_GAIN``."""
    now = _points(hand)
    for card in cards:
        bit = 1 << card
        for old in CARDS_OF[hand]:
            if _points(hand ^ (1 << old | bit)) >= now + BIG_GAIN:
                return True
    return False


def _points(hand: CardSet) -> int:
    """The hand's points (30 1/2, Schnauz and Fire count as 31)."""
    return min(HAND_KEYS[hand] >> 16, 31)


def build(view: SchnauzView, seen: Seen, rng: random.Random,
          own_turns: int = 0, lying: CardSet = 0,
          moves: dict[int, list[list[LastMove]]] | None = None) -> SchnauzState:
    """``lying``: table cards that lay there through every other seat's last turn
    (the seat remembers the table it left); ``moves``: per other seat the readings
    of his moves this deal, newest round first (history.py), which his hand must fit."""
    power = strength(view["deck_variant"])
    turns = turns_taken(view, seen, own_turns)
    others = [s for s in seen.active if s != seen.seat]
    passed = passers(view, seen)
    table = seen.table
    stayed = tuple(iter_cards(lying & table))

    def stood_pat(hand: CardSet) -> bool:
        return club_exchange(hand, table, power, True) == PASS and not gains_much(hand, stayed)

    def left_alone(hand: CardSet) -> bool:
        return not gains_much(hand, stayed)

    def made(rounds: list[list[LastMove]]) -> Fits:
        return lambda hand: fits_moves(hand, rounds, view["deck_variant"], rng)

    def fits(seat: int) -> Fits | None:
        if moves and moves.get(seat):
            return made(moves[seat])
        if seat in passed:
            return stood_pat
        return left_alone if stayed and seat != seen.knocker else None

    wants = [(seen.known.get(s, 0), 3 - seen.known.get(s, 0).bit_count(),
              max(PASSER_PICKS, picks(s, turns[s], seen, view["dealer"])) if s in passed
              else picks(s, turns[s], seen, view["dealer"]), fits(s)) for s in others]
    dealt, rest = deal_likely(seen.unseen, wants, power.__getitem__, rng, tries=TRIES)
    hands = [0] * view["num_players"]
    for seat, hand in zip(others, dealt, strict=True):
        hands[seat] = hand
    hands[seen.seat] = seen.hand
    state = seen.worlds(SchnauzHidden(tuple(hands), tuple(rest[:view["stock_size"]]),
                                      rng.getrandbits(63)))
    state.halt_between_deals = True
    return state
