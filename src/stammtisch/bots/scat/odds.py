"""Scat odds (docs/rules/scat.md §7-§8): the chance of being strictly lowest after a knock.

Every opponent's hand is enumerated from the cards the seat has not seen (plus
the cards he is known to hold); he then gets his last turn, modelled as the
best of ``1 + turns`` such hands where ``turns`` is how many rounds of the deal
have been played (opponents improve as the deal goes on, so an early knock needs
less). Weaknesses: opponents are independent; their draws are not modelled card
by card; of many possible hands an even spread of about ``SAMPLE`` is counted.
``static_lowest_chance`` is the same count without the cards seen (fast, for
reading many possible hands).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from itertools import combinations, islice
from math import comb

from stammtisch.cards import SCAT_DECK, CardSet, iter_cards
from stammtisch.games.scat import points

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
        chance *= above_me(shares[held], rounds)
    return chance


def above_me(share: float, rounds: float) -> float:
    """The chance an opponent ends above a hand that beats ``share`` of his possible
    hands, after ``rounds`` rounds of picking the best of what he saw."""
    return 1.0 - float(share ** (EARLY + LATE * rounds))


def _shares_at_or_below() -> tuple[float, ...]:
    values = [points(1 << a | 1 << b | 1 << c) for a, b, c in combinations(SCAT_DECK, 3)]
    return tuple(sum(v <= mine for v in values) / len(values) for mine in range(32))


SHARE_AT_OR_BELOW = _shares_at_or_below()
"""Per hand value 0-31, the share of all three-card hands worth no more (plain points)."""


def static_lowest_chance(mine: float, opponents: int, rounds: float) -> float:
    """:func:`lowest_chance` with nothing known of the others and every card unseen
    (values between the integers count as the integer below)."""
    share = SHARE_AT_OR_BELOW[min(31, max(0, int(mine)))]
    return float(above_me(share, rounds) ** opponents)
