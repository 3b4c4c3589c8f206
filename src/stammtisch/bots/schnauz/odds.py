"""Schnauz odds (docs/rules/schnauz.md §7): how strong a hand is against the others.

``strength`` is the share of the deck's three-card hands ranking below a hand
(§7.1 keys). ``lowest_chance`` counts: for each opponent it enumerates every
hand he could hold given the cards the seat has seen (his known cards plus
unseen ones), lets him make the best exchange with the current table (his last
turn after a knock), and allows for his earlier turns by treating him as the
best of ``IMPROVE`` such hands (an even spread of about ``SAMPLE`` of them).
Weakness: opponents are treated as independent, the table as if it stayed.
"""

from __future__ import annotations

from collections.abc import Iterable
from functools import cache
from itertools import combinations, islice
from math import comb

from stammtisch.cards import SCHNAUZ_DECKS, CardSet, iter_cards
from stammtisch.games.schnauz import CARDS_OF, HAND_KEYS

IMPROVE = 2.5
SAMPLE = 400
"""About this many of an opponent's possible hands are counted (an even spread)."""
"""An opponent's hand is modelled as the best of this many random hands."""


@cache
def strength(deck_variant: str) -> dict[CardSet, float]:
    """Each hand of the deck: the share of the deck's hands with a lower key."""
    deck = SCHNAUZ_DECKS[deck_variant]
    hands = [1 << a | 1 << b | 1 << c for a, b, c in combinations(deck, 3)]
    hands.sort(key=HAND_KEYS.__getitem__)
    total = len(hands)
    return {hand: index / total for index, hand in enumerate(hands)}


def best_exchange_key(hand: CardSet, table: CardSet) -> int:
    """The best key a hand can reach with one exchange with ``table`` (or a pass)."""
    keys = HAND_KEYS
    best = max(keys[hand], keys[table])
    for h in CARDS_OF[hand]:
        for t in CARDS_OF[table]:
            key = keys[hand ^ (1 << h | 1 << t)]
            if key > best:
                best = key
    return best


def lowest_chance(hand: CardSet, table: CardSet, known: Iterable[CardSet],
                  unseen: CardSet) -> float:
    """The chance of holding the lowest hand after the others' last turns, one
    known-card set per opponent."""
    mine = HAND_KEYS[hand]
    cards = list(iter_cards(unseen & ~table))
    chance = 1.0
    for held in known:
        missing = 3 - held.bit_count()
        below = total = 0
        combos = combinations(cards, missing)
        for extra in islice(combos, 0, None, max(1, comb(len(cards), missing) // SAMPLE)):
            other = held
            for card in extra:
                other |= 1 << card
            total += 1
            below += best_exchange_key(other, table) < mine
        if total:
            chance *= 1.0 - (below / total) ** IMPROVE
    return chance
