"""Scat rules of thumb on ints (docs/rules/scat.md §6-§8), for the bots and for the
expert's play-outs.

``beginner``: never throws down; takes the top discard when it raises its hand,
else the stock; throws away the card that leaves the best hand; knocks at 27.
``club``: takes the discard only when it beats the average gain of a stock card,
keeps to one suit, throws away what does not feed the next player's known suit,
and knocks when its chance of being strictly lowest is small, which early in the
deal allows a lower hand. Play-outs use the club with fixed knock values and a
fixed gain for taking the discard instead of counting. Weaknesses: fixed risk
whatever the lives; does not read the others' discards beyond the cards they took.
"""

from __future__ import annotations

from collections.abc import Callable

from stammtisch.cards import CardSet, iter_cards
from stammtisch.games.scat import (
    DECLINE,
    DISCARD,
    DRAW,
    DRAW_DISCARD,
    DRAW_STOCK,
    KNOCK,
    SUIT_POINTS,
    ScatState,
    discard,
    points,
)

Value = Callable[[CardSet], float]

BEGINNER_KNOCK = 27
KNOCK_FLOOR = 17
"""The club does not count the odds below this value."""
KNOCK_RISK = 0.01
"""The club knocks when its chance of being strictly lowest is at most this: a
failed knock costs two lives. Against three beginners (1000 matches each, one
seat rotating) 0.01 won 30.7%, 0.02 29.7%, 0.05 25-28%, 0.15 23.7%, 0.3 21.7%."""
ROLLOUT_GAIN = 3
"""In play-outs the top discard is taken when it gains at least this much."""
ROLLOUT_KNOCK = (0, 29, 27, 24, 23, 22, 22, 22, 22)
"""Knock values by number of opponents in play-outs (where counting is too slow):
about the median hand the club knocks with (measured for one to three opponents)."""


CARD_POINTS = tuple(SUIT_POINTS[1 << (card % 13)] for card in range(52))


def card_points(card: int) -> int:
    return CARD_POINTS[card]


def best_discard(hand: CardSet, forbidden: CardSet, value: Value,
                 feed_suits: CardSet = 0) -> tuple[int, float]:
    """The card to throw from a four-card hand and the value kept: the best hand,
    then the card least useful to the next player, then the lowest card."""
    if value is points:
        return _best_discard_points(hand, forbidden, feed_suits)
    best_card, best_score, kept = -1, -1.0, 0.0
    for card in iter_cards(hand & ~forbidden):
        pts = CARD_POINTS[card]
        worth = value(hand ^ (1 << card))
        score = worth * 1024 - (pts * 16 if feed_suits >> card & 1 else 0) - pts
        if score > best_score:
            best_card, best_score, kept = card, score, worth
    return best_card, kept


def _best_discard_points(hand: CardSet, forbidden: CardSet,
                         feed_suits: CardSet) -> tuple[int, float]:
    """best_discard for plain points, from the four suit sums."""
    sums = [SUIT_POINTS[hand & 0x1FFF], SUIT_POINTS[hand >> 13 & 0x1FFF],
            SUIT_POINTS[hand >> 26 & 0x1FFF], SUIT_POINTS[hand >> 39 & 0x1FFF]]
    best_card, best_score, kept = -1, -1, 0
    rest = hand & ~forbidden
    while rest:
        low = rest & -rest
        rest ^= low
        card = low.bit_length() - 1
        pts = CARD_POINTS[card]
        suit = card // 13
        sums[suit] -= pts
        worth = max(sums)
        sums[suit] += pts
        score = worth * 1024 - (pts * 16 if feed_suits & low else 0) - pts
        if score > best_score:
            best_card, best_score, kept = card, score, worth
    return best_card, kept


def stock_gain(hand: CardSet, cards: CardSet, value: Value) -> float:
    """The mean gain of drawing one of ``cards`` and discarding the worst card."""
    if value is points:
        return stock_gain_points(hand, cards)
    now = value(hand)
    total = count = 0.0
    for card in iter_cards(cards):
        total += best_discard(hand | 1 << card, 0, value)[1] - now
        count += 1
    return total / count if count else 0.0


def stock_gain_points(hand: CardSet, cards: CardSet) -> float:
    """:func:`stock_gain` of a three-card hand for plain points, suit by suit: a drawn card
    can raise only its own suit, to the suit's sum plus the card (less the lowest card
    when the whole hand is of that suit), so it gains its points above a threshold."""
    now = points(hand)
    total = count = 0
    for shift in (0, 13, 26, 39):
        drawn = cards >> shift & 0x1FFF
        if not drawn:
            continue
        held = hand >> shift & 0x1FFF
        count += drawn.bit_count()
        threshold = SUIT_POINTS[held & -held] if held.bit_count() == 3 else now - SUIT_POINTS[held]
        gaining = drawn & _RANKS_ABOVE[threshold]
        total += SUIT_POINTS[gaining] - threshold * gaining.bit_count()
    return total / count if count else 0.0


_RANKS_ABOVE = tuple(sum(1 << rank for rank in range(13) if SUIT_POINTS[1 << rank] > worth)
                     for worth in range(32))
"""Per threshold 0-31, the 13-bit mask of the ranks worth more points (ranks rise with
their points)."""


def beginner_move(phase: str, hand: CardSet, top: int, taken: CardSet, legal: tuple[int, ...],
                  value: Value) -> int:
    if phase == DISCARD:
        return discard(best_discard(hand, taken, value)[0])
    if phase != DRAW:
        return DECLINE
    if KNOCK in legal and value(hand) >= BEGINNER_KNOCK:
        return KNOCK
    if DRAW_DISCARD in legal and (
            DRAW_STOCK not in legal
            or best_discard(hand | 1 << top, 1 << top, value)[1] > value(hand)):
        return DRAW_DISCARD
    return DRAW_STOCK


def rollout_policy(state: ScatState) -> int:
    """The club's rules for the seat to act, with fixed knock values and no counting."""
    seat = state.to_act
    hand = state.hands[seat]
    value = state.value if state.three or state.straights else points
    phase = state.phase
    if phase == DISCARD:
        active = state.active
        after = active[(active.index(seat) + 1) % len(active)]
        return discard(best_discard(hand, state.taken, value, suits_of(state.known[after]))[0])
    if phase != DRAW:
        return DECLINE
    now = value(hand)
    if state.knocker < 0 and now >= ROLLOUT_KNOCK[min(len(state.active) - 1, 8)] \
            and KNOCK in state.legal():
        return KNOCK
    pile = state.pile
    can_stock = bool(state.stock) or (state.reshuffle and len(pile) >= 2)
    if pile:
        top = pile[-1]
        gain = best_discard(hand | 1 << top, 1 << top, value)[1] - now
        if gain >= ROLLOUT_GAIN or not can_stock:
            return DRAW_DISCARD
    return DRAW_STOCK


def club_move(seen_phase: str, hand: CardSet, top: int, taken: CardSet,
              legal: tuple[int, ...], value: Value, unseen: CardSet, feed_suits: CardSet,
              lowest: Callable[[], float]) -> int:
    """``lowest()``: the chance of being strictly lowest if it knocks now."""
    if seen_phase == DISCARD:
        return discard(best_discard(hand, taken, value, feed_suits)[0])
    if seen_phase != DRAW:
        return DECLINE
    if KNOCK in legal and value(hand) >= KNOCK_FLOOR and lowest() <= KNOCK_RISK:
        return KNOCK
    if DRAW_STOCK not in legal:
        return DRAW_DISCARD
    if DRAW_DISCARD in legal:
        now = value(hand)
        gain = best_discard(hand | 1 << top, 1 << top, value)[1] - now
        if gain > 0 and gain >= stock_gain(hand, unseen, value):
            return DRAW_DISCARD
    return DRAW_STOCK


def suits_of(cards: CardSet) -> CardSet:
    """Every card of the suits ``cards`` hold."""
    mask = 0
    for shift in (0, 13, 26, 39):
        if cards >> shift & 0x1FFF:
            mask |= 0x1FFF << shift
    return mask
