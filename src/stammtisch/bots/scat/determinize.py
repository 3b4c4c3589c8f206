"""A complete Scat state consistent with one seat's view (docs/rules/scat.md).

Places only what the view hides: the unknown cards of the other hands (and the
seat's own hand in the throw-down window before it looked) and the stock's cards and
order, drawn from the cards the seat has not seen. The discard pile, the cards
others took from it, the seat's hand, lives, knocker and completed turns stay as the
view shows them: the engine builds the state from the view and the placed cards
(:meth:`ScatState.for_view`: the view read once a decision), under the table's
options. The hidden hands are not uniform: a player who has had turns this deal has
been keeping the best of what he drew, so his hand is the best of several random
ones (more the more turns he had, and many for a knocker), and each holds a hand
that fits his moves of this deal as the seat could replay them from the pile
(history.py). Weaknesses: after a reshuffle the stock is drawn from all unseen
cards, though a seat that remembered the pile would know it better; moves before a
reshuffle or the seat's own first turn are not read.
"""

from __future__ import annotations

import random
from dataclasses import dataclass

from stammtisch.bots.scat.history import CLUB_READING, Move, Reading, fitter
from stammtisch.bots.scat.seen import Seen, read
from stammtisch.bots.thirty_one import Fits, deal_likely
from stammtisch.cards import CardSet
from stammtisch.games.scat import ScatHidden, ScatState
from stammtisch.games.scat_types import ScatView

KNOCKER_PICKS = 30
"""A knocker holds the best of this many random hands (clubs with three opponents
knock at about 24, the top few per cent)."""


def picks(turns: int) -> int:
    """An opponent who has had ``turns`` turns this deal holds the best of this
    many random hands (fitted to club play: about 2.4 after one turn, 4 after
    two, 8 after four, 14 after six)."""
    return round(1 + 1.5 * turns + 0.15 * turns * turns)


TRIES = 4
"""A hidden hand is drawn from up to this many times its picks, to find ones that fit
what its holder was seen to do."""


@dataclass(frozen=True)
class Sampler:
    """The settings of :func:`build` the expert takes (the decision lab varies them)."""

    reading: Reading = CLUB_READING
    """How the others' moves are read back (history.py)."""
    read_share: float = 1.0
    """A player whose moves were read holds the best of this share of his picks."""


SAMPLER = Sampler()
"""The expert's sampler."""


def determinize(view: ScatView, rng: random.Random, own_turns: int = 0,
                moves: dict[int, list[Move]] | None = None,
                sampler: Sampler = SAMPLER) -> ScatState:
    return build(view, read(view), rng, own_turns, moves, sampler)


def turns_taken(view: ScatView, seen: Seen, own_turns: int) -> dict[int, int]:
    """Turns each seat has had this deal, given the seat's own count: those
    between the dealer's left and the seat have had one more."""
    active = seen.active
    dealer = view["dealer"]
    first = next((s for s in active if s > dealer), active[0])
    order = active[active.index(first):] + active[:active.index(first)]
    before = order[:order.index(seen.seat)] if seen.seat in order else []
    done = view["completed_turn"]
    return {s: max(own_turns + (s in before), 1 if done[s] else 0) for s in active}


def build(view: ScatView, seen: Seen, rng: random.Random, own_turns: int = 0,
          moves: dict[int, list[Move]] | None = None, sampler: Sampler = SAMPLER) -> ScatState:
    """``moves``: per other seat his moves this deal as replayed, newest first."""
    moves = moves or {}
    sizes = view["hand_sizes"]
    hidden_seats = [s for s in seen.active if s != seen.seat or not seen.hand]
    turns = turns_taken(view, seen, own_turns)
    wants: list[tuple[CardSet, int, int, Fits | None]] = []
    for seat in hidden_seats:
        known = seen.known.get(seat, 0)
        missing = sizes[seat] - known.bit_count()
        if seat == seen.seat or sizes[seat] != 3:
            wants.append((known, missing, 1, None))
        else:
            fits = (fitter(known, tuple(moves[seat]), seen.value, sampler.reading)
                    if moves.get(seat) else None)
            drawn = KNOCKER_PICKS if seat == seen.knocker else picks(turns[seat])
            if fits is not None and sampler.read_share != 1.0:
                drawn = max(1, round(drawn * sampler.read_share))
            wants.append((known, missing, drawn, fits))
    dealt, rest = deal_likely(seen.unseen, wants, seen.value, rng, TRIES)
    hands = [0] * view["num_players"]
    hands[seen.seat] = seen.hand
    for seat, hand in zip(hidden_seats, dealt, strict=True):
        hands[seat] = hand
    state = seen.worlds(ScatHidden(tuple(hands), tuple(rest[:seen.stock_size]),
                                   rng.getrandbits(63)))
    state.halt_between_deals = True
    return state
