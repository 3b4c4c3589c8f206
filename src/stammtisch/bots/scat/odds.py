"""Scat odds (rules/scat.md §7-§8): the chance of being strictly lowest after a knock.

Every opponent's hand is enumerated from the cards the seat has not seen (plus
the cards he is known to hold); he then gets his last turn, modelled as the
best of ``1 + turns`` such hands where ``turns`` is how many rounds of the deal
have been played (opponents improve as the deal goes on, so an early knock needs
less). Weaknesses: opponents are independent; their draws are not modelled card
by card; of many possible hands an even spread of about ``SAMPLE`` is counted.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from itertools import combinations, islice
from math import comb

from stammtisch.cards import CardSet, iter_cards

SAMPLE = 600
"""About this many of an opponent's possible hands are counted (an even spread)."""
EARLY = 6.0
"""An opponent at the start of a deal, in hands he picks the best of."""
LATE = 2.0
"""How much one round of the deal improves an opponent (in 'extra hands')."""


def lowest_chance(mine: float, known: Iterable[CardSet], unseen: CardSet, rounds: float,
                  value: Callable[[CardSet], float]) -> float:
    cards = list(iter_cards(unseen))
    shares: dict[CardSet, float] = {}
    chance = 1.0
    for held in known:
        if held not in shares:
            above = total = 0
            missing = 3 - held.bit_count()
            step = max(1, comb(len(cards), missing) // SAMPLE)
            for extra in islice(combinations(cards, missing), 0, None, step):
                other = held
                for card in extra:
                    other |= 1 << card
                total += 1
                above += value(other) > mine
            shares[held] = 1.0 - above / total if total else 1.0
        chance *= 1.0 - shares[held] ** (EARLY + LATE * rounds)
    return chance
