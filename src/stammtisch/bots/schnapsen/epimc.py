"""Extended PIMC for the Schnapsen expert: the perfect-information evaluation postponed
past the seat's own next decision (Arjonilla, Saffidine, Cazenave, *Perfect Information
Monte Carlo with Postponing Reasoning*, 2024).

Rules: docs/rules/schnapsen.md. Method: worlds are sampled as the expert samples them
(players.py, the inference's weights included). In every world each root action is
expanded into a small tree: the opponent's moves (it sees the world, as in PIMC) until
the seat decides again, then each of the seat's moves there, for ``depth`` of the
seat's own decisions; below that each position is valued as the expert values it
(solved exactly in the strict phase or from two talon cards on, else a play-out into
the exact solver). The seat's choice at one of its postponed decisions is *not*
made world by world: it is one move for every world in which the seat sees the same
thing there (the public moves since the root and its own hand), the move best on
average over those worlds. So the seat no longer plays as if it saw the hidden cards
at its next move (strategy fusion), only below ``depth``. The close and the exchange
("close, then lead X") are the special case the expert already searched.

The early stop is this search's own: the paired test of the expert (``EARLY_STOP``)
on the root values as the postponed choices give them, recomputed at every look.

It runs where hidden cards decide and the tree stays small: the talon closed (not
exhausted: then every card is known) or down to ``SHORT_TALON`` cards. Elsewhere it
plays as today's expert.

Known weaknesses: the opponent still sees every card inside a world (pvpimc.py relaxes
its first reply), a postponed choice weighs every world alike whether or not the
opponent would steer into it, and each world costs some tens of solver calls.
"""

from __future__ import annotations

import random
from collections import defaultdict
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from stammtisch import native
from stammtisch.bots.schnapsen.players import (
    EARLY_STOP,
    POINTS_WEIGHT,
    ExpertBot,
    World,
    only_one_world,
    played_out,
)
from stammtisch.bots.schnapsen.seen import Seen
from stammtisch.bots.search import Clock, Race, separated

if TYPE_CHECKING:
    from stammtisch.native import Match

SHORT_TALON = 4
"""Talon sizes from which on the tree search runs (and in a closed talon)."""
DEPTH = 1
"""The seat's own decisions below the root whose choice is postponed past the worlds."""
MAX_OPP_MOVES = 4
"""Opponent moves in a row at most before the seat's turn (exchange, marriage, close,
lead); beyond, the position is valued as a leaf."""


@dataclass
class Leaf:
    value: int


@dataclass
class Mine:
    """The seat to move: one child per legal move, the choice shared by ``key``."""

    key: tuple[int, ...]
    children: dict[int, Node]


@dataclass
class Theirs:
    """The opponent to move; ``chosen`` its move when not the minimum (pvpimc.py)."""

    children: dict[int, Node]
    chosen: int | None = None


Node = Leaf | Mine | Theirs


@dataclass
class Forest:
    """Every world's tree per root action, and the postponed choices they give."""

    roots: dict[int, list[Node]]
    mine: dict[tuple[int, ...], list[Mine]] = field(default_factory=lambda: defaultdict(list))


def runs_here(seen: Seen) -> bool:
    """Whether the tree search decides (else today's expert does)."""
    return (seen.closer >= 0 and seen.t > 0) or (not seen.strict and seen.t <= SHORT_TALON)


class EpimcBot(ExpertBot):
    """The expert with its next own decision postponed past the worlds where it counts."""

    name = "expert-epimc"

    def __init__(self, seed: int | None = None, budget: float | None = None,
                 depth: int = DEPTH, **options: Any) -> None:
        """``depth``: the seat's own decisions postponed; ``options``: the expert's."""
        super().__init__(seed, budget, **options)
        self.depth = depth

    def _search(self, seen: Seen, actions: list[int], worth: dict[int, float],
                early_stop: bool) -> Race[int]:
        if not runs_here(seen) or not self.compiled:
            return super()._search(seen, actions, worth, early_stop)
        rng = random.Random(self._rng.getrandbits(64))
        sample = self._sampler(seen)
        clock = Clock(self.budget)
        score: Callable[[int], float] = lambda v: worth[v] + POINTS_WEIGHT * v  # noqa: E731
        forest = Forest({a: [] for a in actions})
        worlds = 0
        stop = EARLY_STOP if early_stop else None
        per_world = 0.0
        cap = 1 if only_one_world(seen) else self.max_worlds
        while worlds == 0 or (worlds < cap and not clock.expired(per_world)):
            world = sample(rng)
            trees: dict[int, Node] = {}
            for action in actions:
                if worlds and clock.expired():
                    break
                trees[action] = self._root(world, action, rng)
            if len(trees) < len(actions):
                break
            for action, tree in trees.items():
                forest.roots[action].append(tree)
                _index(tree, forest.mine)
            worlds += 1
            per_world = clock.spent() / worlds
            if (stop is not None and worlds >= stop.first and worlds % stop.every == 0
                    and _clear(values_of(forest, score), score, stop.z)):
                break
        self.worlds = worlds
        values = values_of(forest, score)
        ranked = sorted(actions, key=lambda a: (sum(score(v) for v in values[a]),
                                                sum(values[a])), reverse=True)
        return Race(ranked, values, worlds, worlds * len(actions))

    def _root(self, world: World, action: int, rng: random.Random) -> Node:
        """The tree of ``action`` in ``world`` (a hook for pvpimc.py's opponent)."""
        return self._expand(world, self._after(world.state, action), self.depth, (action,), 0)

    @staticmethod
    def _after(state: Match, action: int) -> Match:
        child = state.clone()
        child.apply(action)
        return child

    def _expand(self, world: World, state: Match, depth: int, path: tuple[int, ...],
                opp_moves: int) -> Node:
        """The tree below ``state`` (reached by the public moves ``path``)."""
        deal = world.state.deal_number
        if state.deal_number != deal or state.over:
            return Leaf(native.deal_value(state, world.me, deal))
        if depth == 0 or opp_moves > MAX_OPP_MOVES or not exact(state):
            return Leaf(self._leaf(world, state))
        if state.to_act == world.me:
            key = (*path, -1, state.hands[world.me])
            return Mine(key, {b: self._expand(world, self._after(state, b), depth - 1,
                                              (*path, b), 0)
                              for b in state.legal()})
        return Theirs({r: self._expand(world, self._after(state, r), depth, (*path, r),
                                       opp_moves + 1)
                       for r in state.legal()})

    def _leaf(self, world: World, state: Match) -> int:
        """``state``'s award for the seat as the expert values a world's position: solved
        exactly where the solver is exact, else after the world's play-out."""
        if exact(state):
            world.search = world.search or native.search(world.state, world.me)
            return world.search.value(state)
        return played_out(state.clone(), world, self.solve_from)


def exact(state: Match) -> bool:
    """Whether the world's solver values ``state`` exactly (closed, or two talon cards)."""
    return bool(state.strict) or state.t <= 2


def _index(node: Node, mine: dict[tuple[int, ...], list[Mine]]) -> None:
    if isinstance(node, Mine):
        mine[node.key].append(node)
    if not isinstance(node, Leaf):
        for child in node.children.values():
            _index(child, mine)


def values_of(forest: Forest, score: Callable[[int], float]) -> dict[int, list[int]]:
    """Each root action's award world by world, the postponed choices made: at each of
    the seat's keys the move best on average over the worlds that reach it, deepest
    keys first."""
    choice: dict[tuple[int, ...], int] = {}

    def value(node: Node) -> int:
        if isinstance(node, Leaf):
            return node.value
        if isinstance(node, Mine):
            move = choice[node.key]
            if move in node.children:
                return value(node.children[move])
            return max(value(child) for child in node.children.values())
        if node.chosen is not None:
            return value(node.children[node.chosen])
        return min(value(child) for child in node.children.values())

    for key in sorted(forest.mine, key=len, reverse=True):
        nodes = forest.mine[key]
        totals: dict[int, float] = defaultdict(float)
        for node in nodes:
            for move, child in node.children.items():
                totals[move] += score(value(child))
        common = [m for m in totals if all(m in n.children for n in nodes)]
        choice[key] = max(common or totals, key=lambda m: totals[m])
    return {a: [value(tree) for tree in trees] for a, trees in forest.roots.items()}


def _clear(values: dict[int, list[int]], score: Callable[[int], float], z: float) -> bool:
    scores = {a: [score(v) for v in vs] for a, vs in values.items()}
    leader = max(scores, key=lambda a: sum(scores[a]))
    return separated(scores[leader], (s for a, s in scores.items() if a != leader), z)


__all__ = ["DEPTH", "SHORT_TALON", "EpimcBot", "Forest", "Leaf", "Mine", "Theirs", "exact",
           "runs_here", "values_of"]
