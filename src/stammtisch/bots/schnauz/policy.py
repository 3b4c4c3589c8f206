"""Schnauz rules of thumb on ints (docs/rules/schnauz.md §5-§7), for the bots and for
the expert's play-outs.

``beginner``: keeps a dealt hand of 20 or more, otherwise swaps; then takes
whichever exchange raises its own hand most and knocks at 27 or more.
``club``: judges hands by their strength among all hands (odds.py), keeps the
dealt hand when it is better than an average one, exchanges toward the best
hand value, keeping aces and pairs and leaving the next player a weak table,
and knocks once its chance of holding the lowest hand is small. Play-outs use
the club's exchanges, and knock as often as the club was measured to knock with
the hand's value at the table's size (counting is too slow there); the dice for
that are a hash of the sample's seed and the position, so play-outs repeat.
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
CLUB_KNOCKS = (
    (0.06, 0.05, 0.07, 0.09, 0.17, 0.32, 0.58, 0.76),
    (0.09, 0.13, 0.17, 0.35, 0.59, 0.81, 0.94, 0.98),
    (0.27, 0.29, 0.37, 0.59, 0.83, 0.94, 0.97, 0.99),
    (0.46, 0.55, 0.62, 0.80, 0.94, 0.98, 0.99, 1.00),
    (0.67, 0.61, 0.73, 0.88, 0.96, 0.99, 0.99, 0.99),
)
"""How often the club knocks, per number of opponents (1 to 5 or more) and hand
value (24 to 31), when it may: club-only matches of 2 to 6 players with the
default 32-card deck, 300 each (between 55 and 2,087 decisions per cell)."""
FIRST_KNOCK_VALUE = 24


def club_knocks(value: int, opponents: int) -> float:
    """The club's measured knock rate (``CLUB_KNOCKS``); 0 below the first row value."""
    if value < FIRST_KNOCK_VALUE:
        return 0.0
    row = CLUB_KNOCKS[min(opponents, len(CLUB_KNOCKS)) - 1]
    return row[min(value, 31) - FIRST_KNOCK_VALUE]

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
    if knocker < 0 and (state.knock_first_round
                        or all(state.turned >> s & 1 for s in state.active)):
        rate = club_knocks(HAND_KEYS[hand] >> 16, opponents)
        if rate and hash((state.seed, state.table, hand, state.passes)) & 0xFFFF < rate * 0x10000:
            return KNOCK
    feeds = knocker < 0 or state.final_turns_left > 1
    return club_exchange(hand, state.table, power, feeds)
