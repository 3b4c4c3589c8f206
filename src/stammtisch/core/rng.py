"""The match's seeded randomness.

Every random draw of a match comes from a generator keyed by the match seed and
by what is drawn (``"deal", 3`` for the fourth deal's shuffle). Keying instead
of drawing from one running generator means a state never carries generator
state: undo, clone and replay cannot desynchronise the shuffles, and a stacked
deck for deal 0 leaves the shuffles of later deals unchanged.
"""

from __future__ import annotations

import random


def rng_for(seed: int, *keys: object) -> random.Random:
    """A generator for one named draw of the match with ``seed``."""
    return random.Random("/".join(str(part) for part in ("stammtisch", seed, *keys)))


def shuffled(cards: tuple[int, ...], seed: int, *keys: object) -> tuple[int, ...]:
    """``cards`` in the order of the named shuffle."""
    order = list(cards)
    rng_for(seed, *keys).shuffle(order)
    return tuple(order)
