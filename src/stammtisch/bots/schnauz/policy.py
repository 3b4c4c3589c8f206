"""Schnauz rules of thumb on ints (rules/schnauz.md §5-§7), for the bots and for
the expert's play-outs.

``beginner``: keeps a dealt hand of 20 or more, otherwise swaps; then takes
whichever exchange raises its own hand most and knocks at 27 or more.
``club``: judges hands by their strength among all hands (odds.py), keeps the
dealt hand when it is better than an average one, exchanges toward the best
hand value, keeping aces and pairs and leaving the next player a weak table,
and knocks once its chance of holding the lowest hand is small. Play-outs use
the club with fixed knock values per table size instead of counting.
Weaknesses: no memory of what others threw away, one fixed knock risk whatever
the lives.
"""

from __future__ import annotations

from collections.abc import Callable

from stammtisch.bots.schnauz.odds import strength
from stammtisch.cards import ACE, CardSet
from stammtisch.games.schnauz import (
    CARDS_OF,
    HAND_KEYS,
    KEEP,
    KNOCK,
    PASS,
    PLAY,
    SWAP_ALL,
    SWAP_HAND,
    SchnauzState,
    hand_value,
    swap_one,
)

KEEP_AT = 0.5
"""The club keeps a dealt hand stronger than this share of all hands."""
KNOCK_RISK = 0.2
"""The club knocks when its chance of holding the lowest hand is at most this."""
KNOCK_FLOOR, KNOCK_FLOOR_DUEL = 24, 20
"""Hand values below which the club does not even count (three or more / two players)."""
ROLLOUT_KNOCK = (0, 29, 28, 27, 27, 27)
"""Knock values by number of opponents in play-outs (where counting is too slow)."""
COMBO = 2 << 24
"""Keys from here up are Schnauz or Fire (games/schnauz.py)."""
BEGINNER_KEEP, BEGINNER_KNOCK = 20, 27


def _pairs(hand: CardSet) -> int:
    cards = CARDS_OF[hand]
    ranks = [card % 13 for card in cards]
    aces = ranks.count(ACE - 2)
    return 2 * aces + max(ranks.count(r) for r in ranks)


PAIRS: dict[CardSet, int] = {hand: _pairs(hand) for hand in HAND_KEYS}
"""Aces (twice) plus the size of the largest group of one rank, per hand."""


def beginner_move(hand: CardSet, table: CardSet, dealer_choice: bool, can_knock: bool) -> int:
    if dealer_choice:
        return KEEP if hand_value(hand) >= BEGINNER_KEEP else SWAP_HAND
    if can_knock and hand_value(hand) >= BEGINNER_KNOCK:
        return KNOCK
    best, best_key = PASS, HAND_KEYS[hand]
    if HAND_KEYS[table] > best_key:
        best, best_key = SWAP_ALL, HAND_KEYS[table]
    for h in CARDS_OF[hand]:
        for t in CARDS_OF[table]:
            key = HAND_KEYS[hand ^ (1 << h | 1 << t)]
            if key > best_key:
                best, best_key = swap_one(h, t), key
    return best


def club_exchange(hand: CardSet, table: CardSet, power: dict[CardSet, float],
                  feed: bool) -> int:
    """The best of pass, ``swap all`` and the nine one-card swaps: the highest hand
    value, then aces and pairs kept (toward Fire and 30½, and away from the next
    player), then (``feed``) the weaker table for the next player, then the higher key."""
    keys = HAND_KEYS
    if keys[table] >= COMBO:
        return SWAP_ALL
    weight = 1.0 if feed else 0.0
    best = PASS
    best_score = (keys[hand] >> 16, PAIRS[hand], -weight * power[table], keys[hand])
    score = (keys[table] >> 16, PAIRS[table], -weight * power[hand], keys[table])
    if score > best_score:
        best, best_score = SWAP_ALL, score
    for h in CARDS_OF[hand]:
        for t in CARDS_OF[table]:
            swap = 1 << h | 1 << t
            key = keys[hand ^ swap]
            if key >= COMBO:
                return swap_one(h, t)
            score = (key >> 16, PAIRS[hand ^ swap], -weight * power[table ^ swap], key)
            if score > best_score:
                best, best_score = swap_one(h, t), score
    return best


def club_move(hand: CardSet, table: CardSet, power: dict[CardSet, float], dealer_choice: bool,
              can_knock: bool, feeds_next: bool, opponents: int,
              lowest: Callable[[], float]) -> int:
    """``lowest()``: the chance of holding the lowest hand now (asked only when it matters)."""
    if dealer_choice:
        return KEEP if power[hand] > KEEP_AT else SWAP_HAND
    if can_knock and worth_asking(hand, opponents) and lowest() <= KNOCK_RISK:
        return KNOCK
    return club_exchange(hand, table, power, feeds_next)


def worth_asking(hand: CardSet, opponents: int) -> bool:
    """Below these values the odds never favour a knock."""
    return HAND_KEYS[hand] >= (KNOCK_FLOOR_DUEL if opponents == 1 else KNOCK_FLOOR) << 16


def club_policy(state: SchnauzState) -> int:
    """The club's move for the seat to act, from its own hand and the table only."""
    seat = state.to_act
    hand = state.hands[seat]
    power = strength(state.deck_variant)
    if state.phase != PLAY:
        return KEEP if power[hand] > KEEP_AT else SWAP_HAND
    knocker = state.knocker
    opponents = len(state.active) - 1
    if knocker < 0 and HAND_KEYS[hand] >= knock_key(opponents) \
            and (state.knock_first_round or all(state.turned >> s & 1 for s in state.active)):
        return KNOCK
    feeds = knocker < 0 or state.final_turns_left > 1
    return club_exchange(hand, state.table, power, feeds)


def knock_key(opponents: int) -> int:
    """The play-outs' knock rule: a fixed value per table size instead of the odds."""
    return ROLLOUT_KNOCK[min(opponents, len(ROLLOUT_KNOCK) - 1)] << 16
