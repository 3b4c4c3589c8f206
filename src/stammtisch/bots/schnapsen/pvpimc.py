"""Presumed-value PIMC for the Schnapsen expert: the opponent's reply to the seat's move
chosen by what the opponent can know, not by the world it is in (after Wisser,
*An Expert-Level Card Playing Agent Based on a Variant of Perfect Information Monte
Carlo Sampling*, IJCAI 2015, the method of "Doktor Schnaps").

Rules: docs/rules/schnapsen.md. Method: the tree search of epimc.py, with one change
at the opponent's first decision after each root action. PIMC lets the opponent reply
as if it saw the seat's hand (the minimum in each world). Here the opponent's reply is
the one it would *presume* best: the world's position is read as the opponent sees it
(its own hand, the public moves; stammtisch.games.schnapsen's reading of what it has
not seen), ``OPP_WORLDS`` deals consistent with that are sampled (the seat's hand and
the talon redrawn), every reply is valued in each as the expert values a position, and
the reply best for the opponent on average is the one it plays in this world. The
choice depends only on what the opponent sees, so it is found once per (moves, the
opponent's hand) within a decision. Deeper opponent moves are still PIMC's minimum.

Known weaknesses: the presumed reply is valued by perfect-information solving below
it, on few of the opponent's worlds, and without the inference the seat uses (the
opponent is taken to read nothing into the seat's play); a reply the opponent would
only find by seeing the seat's cards is missed, which is the point, but so is a reply a
strong opponent would find by reading the seat's play.
"""

from __future__ import annotations

import random
from typing import TYPE_CHECKING, Any

from stammtisch import native
from stammtisch.bots.schnapsen.determinize import sample_hidden, state_builder
from stammtisch.bots.schnapsen.epimc import EpimcBot, Leaf, Node, Theirs, exact
from stammtisch.bots.schnapsen.players import POINTS_WEIGHT, World
from stammtisch.bots.schnapsen.seen import Seen, read_view
from stammtisch.bots.search import Race
from stammtisch.cards import CardSet
from stammtisch.games.schnapsen_types import schnapsen_view

if TYPE_CHECKING:
    from stammtisch.native import Match

OPP_WORLDS = 6
"""Deals sampled from the opponent's side to presume its reply."""


class PresumedBot(EpimcBot):
    """epimc.py's search with the opponent's first reply presumed, not seen."""

    name = "expert-pv"

    def __init__(self, seed: int | None = None, budget: float | None = None,
                 opp_worlds: int = OPP_WORLDS, **options: Any) -> None:
        """``opp_worlds``: the opponent's deals per presumed reply; ``options``: epimc's."""
        super().__init__(seed, budget, **options)
        self.opp_worlds = opp_worlds
        self._presumed: dict[tuple[tuple[int, ...], CardSet], int] = {}
        self._worth: dict[int, float] = {}

    def _search(self, seen: Seen, actions: list[int], worth: dict[int, float],
                early_stop: bool) -> Race[int]:
        self._presumed = {}
        self._worth = worth
        return super()._search(seen, actions, worth, early_stop)

    def _root(self, world: World, action: int, rng: random.Random) -> Node:
        state = self._after(world.state, action)
        deal = world.state.deal_number
        if (state.deal_number != deal or state.over or state.to_act == world.me
                or not exact(state)):
            return self._expand(world, state, self.depth, (action,), 0)
        children = {r: self._expand(world, self._after(state, r), self.depth, (action, r), 1)
                    for r in state.legal()}
        node = Theirs(children)
        if len(children) > 1:
            node.chosen = self._presumed_reply(world, state, (action,), rng)
        return node

    def _presumed_reply(self, world: World, state: Match, path: tuple[int, ...],
                        rng: random.Random) -> int:
        """The opponent's reply best on average over deals it cannot tell from this one."""
        opp = 1 - world.me
        key = (path, state.hands[opp])
        if key in self._presumed:
            return self._presumed[key]
        theirs = read_view(schnapsen_view(state.view(opp)))
        build = state_builder(theirs)
        replies = state.legal()
        totals = dict.fromkeys(replies, 0.0)
        for _ in range(self.opp_worlds):
            mine, talon = sample_hidden(theirs, rng)
            alt = native.to_native(build(mine, talon, rng.getrandbits(32)))
            other = World(alt, world.me, rng.getrandbits(64))
            for reply in replies:
                child = self._after(alt, reply)
                leaf = self._expand(other, child, 0, path, 1)
                value = leaf.value if isinstance(leaf, Leaf) else 0
                totals[reply] += self._worth[value] + POINTS_WEIGHT * value
        chosen = min(replies, key=lambda r: totals[r])
        self._presumed[key] = chosen
        return chosen


__all__ = ["OPP_WORLDS", "PresumedBot"]
