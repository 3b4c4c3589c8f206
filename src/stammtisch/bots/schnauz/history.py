"""What a Schnauz seat can tell of the others' last moves (docs/rules/schnauz.md §6).

Between two turns of a seat every other player has had one turn. The seat saw
the table it left and sees the table now; every card taken from the table is
public, so the view's ``known_hands`` tell who took what. :func:`last_moves`
replays the round from that: for each other player the table he faced and what
he did (passed, knocked, swapped one card, swapped all). Which hidden card a
player threw away is known once the table is accounted for; where two orders
of throws fit, every one that fits is kept.

:func:`fits_moves` then asks whether a hand could have made a player's moves of
this deal under the club's rules, newest round first: the exchange the club would
choose, and no knock where the club would most likely have knocked
(``policy.CLUB_KNOCKS``, the club's measured knock rates) and the table's rules
let him. The expert's samples give each player a hand that fits his moves.
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from functools import lru_cache
from itertools import combinations

from stammtisch.bots.schnauz.odds import strength
from stammtisch.bots.schnauz.policy import club_exchange, club_knocks
from stammtisch.bots.schnauz.seen import Seen
from stammtisch.bots.thirty_one import reads_back, turns_since
from stammtisch.cards import CardSet, iter_cards
from stammtisch.games.schnauz import HAND_KEYS, PASS, swap_one
from stammtisch.games.schnauz_types import SchnauzView


@dataclass(frozen=True)
class Snapshot:
    """What the seat saw right after its own move."""

    deal: int
    table: CardSet
    known: dict[int, CardSet]
    out_of_play: CardSet
    knocker: int
    may_knock: bool
    """Whether everyone after the seat may knock (the house rule
    ``knock_allowed_first_round``: first-round knocks are allowed, or everyone has
    had a turn: sure once the dealer, who plays last, or the seat has had one)."""


def snapshot(view: SchnauzView, seen: Seen, table_left: CardSet, knocked: bool,
             own_turns: int) -> Snapshot:
    """``own_turns``: the seat's earlier turns this deal."""
    everyone_played = not seen.dealer_choice and (own_turns > 0 or view["dealer"] == seen.seat)
    may_knock = (view["options"] or {}).get("knock_allowed_first_round", True) \
        or everyone_played
    return Snapshot(view["deal"], table_left, dict(seen.known), seen.out_of_play,
                    seen.seat if knocked else seen.knocker, may_knock)


@dataclass(frozen=True)
class LastMove:
    """One player's last turn: the ``table`` he faced, the card he ``took`` (0 on a
    pass or knock, the whole table on ``swap all``) and the card he ``threw``
    (-1 unless he swapped one)."""

    table: CardSet
    took: CardSet
    threw: int
    knocked: bool
    could_knock: bool
    feeds: bool
    opponents: int


def last_moves(before: Snapshot | None, view: SchnauzView,
               seen: Seen) -> dict[int, list[LastMove]]:
    """Each other player's possible last moves since ``before``; empty where the
    round cannot be replayed (a new deal, a new table from the stock, no memory)."""
    if (before is None or before.deal != view["deal"] or seen.dealer_choice
            or before.out_of_play != seen.out_of_play or seen.seat not in seen.active):
        return {}
    active = seen.active
    order, took = turns_since(active, seen.seat, before.knocker, before.known, seen.known)
    gave = {s: before.known.get(s, 0) & ~seen.known.get(s, 0) for s in order}
    public = before.table | before.out_of_play | seen.hand
    for cards in before.known.values():
        public |= cards
    found: dict[int, list[LastMove]] = {s: [] for s in order}
    complete = False

    def later_takes(index: int) -> CardSet:
        mask = 0
        for s in order[index + 1:]:
            mask |= took[s]
        return mask

    def walk(index: int, table: CardSet, knocker: int, moves: list[tuple[int, LastMove]]) -> None:
        nonlocal complete
        if index == len(order):
            if table == seen.table and knocker == seen.knocker:
                complete = True
                for seat, move in moves:
                    if move not in found[seat]:
                        found[seat].append(move)
            return
        seat = order[index]
        after = active[(active.index(seat) + 1) % len(active)]

        def made(took_cards: CardSet, threw: int, knocks: bool = False) -> LastMove:
            return LastMove(table, took_cards, threw, knocks, knocker < 0 and before.may_knock,
                            after != knocker, len(active) - 1)

        taken, thrown_known = took[seat], gave[seat]
        hidden = (seen.table | later_takes(index)) & ~table & ~public
        if not taken:
            if thrown_known:
                return
            knocks = seat == seen.knocker and knocker < 0
            walk(index + 1, table, seat if knocks else knocker,
                 moves + [(seat, made(0, -1, knocks))])
        elif taken.bit_count() == 1 and taken & table:
            if thrown_known.bit_count() > 1:
                return
            choices = [thrown_known] if thrown_known else [1 << c for c in iter_cards(hidden)]
            for bit in choices:
                walk(index + 1, table ^ taken | bit, knocker,
                     moves + [(seat, made(taken, bit.bit_length() - 1))])
        elif taken == table:
            need = 3 - thrown_known.bit_count()
            for extra in combinations(iter_cards(hidden), need):
                new = thrown_known
                for card in extra:
                    new |= 1 << card
                walk(index + 1, new, knocker, moves + [(seat, made(taken, -1))])

    walk(0, before.table, before.knocker, [])
    return found if complete else {}


@lru_cache(maxsize=1 << 18)
def _club_exchange(hand: CardSet, table: CardSet, deck_variant: str, feeds: bool) -> int:
    """The club's exchange, remembered: samples ask about the same hands again."""
    return club_exchange(hand, table, strength(deck_variant), feeds)


EARLIER = -2
"""What :func:`hand_before` answers when a move says nothing of the hand before it."""


def hand_before(hand: CardSet, move: LastMove, deck_variant: str, rng: random.Random) -> int:
    """The hand a player held before ``move`` if, holding ``hand`` after it and
    playing the club's rules, he could have made it; -1 if he could not; EARLIER
    where the move tells nothing more (a knock, or ``swap all``, after which the
    whole hand is known). A hand the club would likely have knocked with passes the
    test only as often as the club fails to knock with it."""
    if move.knocked or move.took == move.table:
        return EARLIER
    if move.took:
        if not hand & move.took or hand >> move.threw & 1:
            return -1
        before = hand ^ move.took | 1 << move.threw
        action = swap_one(move.threw, move.took.bit_length() - 1)
    else:
        before, action = hand, PASS
    if _club_exchange(before, move.table, deck_variant, move.feeds) != action:
        return -1
    if move.could_knock and rng.random() < club_knocks(HAND_KEYS[before] >> 16,
                                                       move.opponents):
        return -1
    return before


def fits_moves(hand: CardSet, rounds: list[list[LastMove]], deck_variant: str,
               rng: random.Random) -> bool:
    """Whether a player now holding ``hand`` could have made his moves, one of the
    readings of each round, newest round first (see :func:`hand_before`)."""

    def before(held: CardSet, readings: list[LastMove]) -> list[CardSet] | None:
        found = [hand_before(held, move, deck_variant, rng) for move in readings]
        return None if EARLIER in found else [h for h in found if h >= 0]

    return reads_back(hand, rounds, before)
