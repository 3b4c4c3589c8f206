"""Schnapsen matches for simulations: every deal shuffled from the simulation's own generator.

A public match draws each deal's order from a generator keyed by its seed and
the deal number (core.rng): a fresh ``random.Random(str)`` per deal, so that
undo, clone and replay cannot desynchronise the shuffles. A simulation that
plays thousands of random matches needs none of that and draws every order,
and a random first dealer, from one running generator instead, as
``Random.shuffle`` would. The rules, the fast path (``legal()``/``apply()``) and
the scoring are the engine's own: only where the orders come from differs.
"""

from __future__ import annotations

import random
from typing import Self

from stammtisch.cards import SCHNAPSEN_DECKS, Card
from stammtisch.games.schnapsen import Rules, SchnapsenState, shuffle_with


class SimulatedMatch(SchnapsenState):
    """A Schnapsen match (Bummerl) whose deals are shuffled from ``rng``; no events.

    Clones share the generator, so a clone's later deals differ from the
    original's: it is a simulation's scratch copy, not a replay.
    """

    __slots__ = ("draw_bits",)

    def __init__(self, rules: Rules, rng: random.Random) -> None:
        self.draw_bits = rng.getrandbits
        self.rules = rules
        self.num_players = 2
        self.seed = 0
        self.decks = ()
        self.game_points = [0, 0]
        first = rules.first_dealer
        self.dealer = self.draw_bits(1) if first == "random" else int(first)
        self.deal_number = -1
        self.over = False
        self.last_deal = None
        self.events = None
        self._start_deal()

    def _shuffled(self, number: int) -> tuple[Card, ...]:
        return shuffle_with(SCHNAPSEN_DECKS[self.rules.deck_size], self.draw_bits)

    def clone(self) -> Self:
        other = super().clone()
        other.draw_bits = self.draw_bits
        return other


__all__ = ["SimulatedMatch"]
