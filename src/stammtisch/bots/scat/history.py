"""What a Scat seat can tell of the others' moves (docs/rules/scat.md §6).

Between two turns of a seat every other player has had one turn: he knocked, or
drew (the top discard, or a stock card) and threw a card onto the pile. The view
shows the whole pile and who holds which card taken from it, so
:func:`last_moves` replays the round from the pile the seat left: for each other
player the top card he saw, whether he took it, and the card he threw away. A
round with a reshuffle, a new deal or anything the pile does not explain is not
read.

:func:`fits_moves` then asks whether a hand could have made a player's moves of
this deal under the club's rules, newest first: the card he threw is the one the
club throws from the four he held (with the taken card kept), he took the top card
exactly where the club's count says so (it raises the hand by more than the mean
card he could not place), and he did not knock where the club's odds (counted
without the cards seen) say knock.
Each step back gives the hands he could have held before it, so the older moves
are asked of those.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from functools import lru_cache

from stammtisch.bots.scat.odds import static_lowest_chance
from stammtisch.bots.scat.policy import (
    KNOCK_FLOOR,
    KNOCK_RISK,
    Value,
    best_discard,
    stock_gain,
    suits_of,
)
from stammtisch.bots.scat.seen import DECK, Seen, cards_of
from stammtisch.bots.thirty_one import reads_back, to_mask, turns_since
from stammtisch.cards import SCAT_DECK, CardSet, iter_cards
from stammtisch.games.scat_types import ScatView

ODDS_TRUSTED = 90
"""A hand the counted odds say the club knocks with is ruled out for this many in a
hundred such hands (picked by a hash of the hand) when its holder did not knock:
the odds without the cards seen agree with the club's own count in about 96% of
its decisions."""
OLDEST = 4
"""Moves read back per player (each step back can branch), unless a :class:`Reading`
says otherwise."""


@dataclass(frozen=True)
class Snapshot:
    """What the seat saw right after its own discard."""

    deal: int
    reshuffles: int
    pile: tuple[int, ...]
    known: dict[int, CardSet]
    knocker: int
    may_knock: bool
    """Whether everyone after the seat may knock (the house rule
    ``knock_allowed_first_round``: first-round knocks are allowed, or everyone else has
    completed a turn and the seat completes its own now)."""
    min_knock: int
    """The ``min_knock_score`` option: no knock below it."""


def snapshot(view: ScatView, seen: Seen, thrown: int) -> Snapshot:
    """``known`` includes the seat's own cards taken from the pile (the others see them)."""
    known = dict(seen.known)
    known[seen.seat] = cards_of(view["known_cards"].get(str(seen.seat), [])) & ~(1 << thrown)
    options = view["options"]
    may_knock = options["knock_allowed_first_round"] or all(
        view["completed_turn"][s] for s in seen.active if s != seen.seat)
    return Snapshot(view["deal"], view["reshuffles"], seen.pile + (thrown,), known,
                    seen.knocker, may_knock, options["min_knock_score"])


@dataclass(frozen=True)
class Move:
    """One player's turn: the ``top`` card he saw (-1 on an empty pile), whether he
    ``took`` it, the card he ``threw`` (-1 when he knocked), the suits the next
    player was known to collect (``feed``), and the odds he knocked against
    (``could_knock`` with a hand of at least ``min_knock``)."""

    top: int
    took: bool
    threw: int
    knocked: bool
    could_knock: bool
    feed: CardSet
    opponents: int
    rounds: float
    min_knock: int
    unseen: CardSet
    """The cards he could not place when he drew, his own aside: the stock and the
    hidden cards of the others (what the club counts a stock card's gain over)."""


Takes = Callable[[CardSet, float, Move, Value], bool]
"""Whether a player holding a hand takes a top card that raises it by a gain (after
:func:`club_takes`)."""


def last_moves(before: Snapshot | None, view: ScatView, seen: Seen) -> dict[int, Move]:
    """Each other player's move since ``before``; empty where the round cannot be
    read (no memory, a new deal, a reshuffle, a pile it does not explain)."""
    if (before is None or before.deal != view["deal"] or seen.seat not in seen.active
            or before.reshuffles != view["reshuffles"]):
        return {}
    active = seen.active
    order, took = turns_since(active, seen.seat, before.knocker, before.known, seen.known)
    players = len(active)
    rounds = max(0, len(SCAT_DECK) - 3 * players - 1 - seen.stock_size) / players
    pile, knocker = list(before.pile), before.knocker
    shown = 0
    for cards in before.known.values():
        shown |= cards
    moves: dict[int, Move] = {}
    for index, seat in enumerate(order):
        top = pile[-1] if pile else -1
        unseen = DECK & ~shown & ~to_mask(pile)
        after = active[(active.index(seat) + 1) % len(active)]
        feed = 0 if after == knocker else suits_of(before.known.get(after, 0))
        if seat == seen.knocker and knocker < 0 and not took[seat]:
            moves[seat] = Move(top, False, -1, True, True, feed, players - 1, rounds,
                               before.min_knock, unseen)
            knocker = seat
            continue
        taken = took[seat]
        if taken:
            if top < 0 or taken != 1 << top:
                return {}
            pile.pop()
            shown |= taken
        later = order[index + 1] if index + 1 < len(order) else -1
        if later >= 0 and took.get(later):
            threw = took[later].bit_length() - 1
        elif len(seen.pile) > len(pile):
            threw = seen.pile[len(pile)]
        else:
            return {}
        pile.append(threw)
        moves[seat] = Move(top, bool(taken), threw, False, knocker < 0 and before.may_knock,
                           feed, players - 1, rounds, before.min_knock, unseen)
    if tuple(pile) != seen.pile or knocker != seen.knocker:
        return {}
    return moves


def hands_before(hand: CardSet, known: CardSet, move: Move, value: Value,
                 takes: Takes | None = None) -> list[CardSet] | None:
    """The hands a player now holding ``hand`` could have held before ``move``
    under the club's rules (empty: none could); None where the move tells no more
    (a knock). ``takes``: how a draw is read (default: :func:`club_takes`)."""
    takes = takes or club_takes
    if move.knocked:
        return None
    threw = 1 << move.threw
    if hand & threw:
        return []
    four = hand | threw
    if move.took:
        top = 1 << move.top
        if not hand & top:
            return []
        if best_discard(four, top, value, move.feed)[0] != move.threw:
            return []
        before = four & ~top
        if not takes(before, value(hand) - value(before), move, value):
            return []
        earlier = [before]
    else:
        if best_discard(four, 0, value, move.feed)[0] != move.threw:
            return []
        earlier = [four & ~(1 << c) for c in iter_cards(four & ~known)]
        if move.top >= 0:
            top = 1 << move.top
            earlier = [h for h in earlier
                       if not takes(h, best_discard(h | top, top, value)[1] - value(h), move,
                                    value)]
    if move.could_knock:
        earlier = [h for h in earlier if not _knocks(h, move, value)]
    return earlier


def club_takes(hand: CardSet, gain: float, move: Move, value: Value) -> bool:
    """Whether the club holding ``hand`` takes the top card that raises it by ``gain``:
    when that beats the mean gain of a card it cannot place."""
    return gain > 0 and gain >= stock_gain(hand, move.unseen & ~hand, value)


def _knocks(hand: CardSet, move: Move, value: Value) -> bool:
    mine = value(hand)
    return (mine >= max(KNOCK_FLOOR, move.min_knock)
            and static_lowest_chance(mine, move.opponents, move.rounds) <= KNOCK_RISK
            and (hand * 0x9E3779B97F4A7C15 >> 32) % 100 < ODDS_TRUSTED)


@dataclass(frozen=True)
class Reading:
    """How the others' moves are read back (a part of the expert's sampler that the
    decision lab varies): how many moves per player, and how a draw is judged."""

    oldest: int = OLDEST
    takes: Takes = club_takes


CLUB_READING = Reading()
"""The expert's reading: the club's rules, four moves back."""


def fits_moves(hand: CardSet, known: CardSet, moves: tuple[Move, ...], value: Value,
               reading: Reading = CLUB_READING) -> bool:
    """Whether a player now holding ``hand`` (``known``: the cards he is known to
    hold now, none of which he drew from the stock) could have made ``moves``,
    newest first; for older moves any card may have come from the stock."""

    def before(held: CardSet, step: tuple[int, Move]) -> list[CardSet] | None:
        age, move = step
        return hands_before(held, 0 if age else known, move, value, reading.takes)

    return reads_back(hand, list(enumerate(moves[:reading.oldest])), before)


@lru_cache(maxsize=16)
def fitter(known: CardSet, moves: tuple[Move, ...], value: Value,
           reading: Reading = CLUB_READING) -> Callable[[CardSet], bool]:
    """:func:`fits_moves` for one player's moves, remembering its answers: the samples ask
    about the same hands again and again (a decision's samples share a fitter, and with
    plain points so do a turn's draw and discard)."""
    answers: dict[CardSet, bool] = {}

    def fits(hand: CardSet) -> bool:
        answer = answers.get(hand)
        if answer is None:
            answer = answers[hand] = fits_moves(hand, known, moves, value, reading)
        return answer

    return fits
