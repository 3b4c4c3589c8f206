"""Information-set Monte Carlo tree search for the Schnapsen expert (single-observer
ISMCTS: Cowling, Powley and Whitehouse, *Information Set Monte Carlo Tree Search*, IEEE
TCIAIG 2012), with the exact solver below small positions.

Rules: docs/rules/schnapsen.md, under the table's options (the sampled states are the
engine's, built from the view, so their legal moves are the table's). Method: one tree
over the seat's information sets. A node is what the seat has seen since the decision:
the public moves and its own hand (the cards it drew); an edge is a move. Every
iteration draws a deal as the expert draws them (players.py's sampler, the inference's
weights included; from ``POOL`` deals on, one of those already drawn, so that each keeps
its solver's table), walks down the tree in it, choosing at each node among the moves
legal *in that deal* by UCB1 with availability counts (an edge's exploration term counts
the visits of its node on which the move was legal, not all of them), adds the first
new edge, values the position reached, and credits the value to every edge walked: to
the seat's edges as its score, to the opponent's as the negated score, both scaled to
0..1. The opponent's edges are shared between the deals the seat cannot tell apart, so
the opponent is not credited with seeing the seat's hand (nor, the weakness of the
single observer, with seeing its own).

A position is valued exactly (the world's solver) when the deal is over, when the talon
is exhausted (both sides then know every card), or when the talon is closed and at most
``SOLVE_CARDS`` cards remain in the hands: below such positions the tree does not grow.
A new edge elsewhere is valued as the expert values a move: solved from the world when
the talon is closed or down to two cards, else after the world's play-out (policy.py)
into the solver. The score of an award is the expert's: the match chance it gives
(bummerl.py), game points breaking ties. The move played is the root's most visited.

It runs where hidden cards decide (epimc.py's ``runs_here``: the talon closed but not
exhausted, or down to four cards), unless the seat may exchange the low trump; elsewhere,
and where only one deal is possible, it plays as today's expert (earlier in the deal,
with play-outs at the leaves and no paired worlds, its leads were worse than the
expert's by the expert's own long search: notes/findings.md). With ``early_stop`` the search
ends once the most visited move cannot be overtaken in the time left at the present
rate (the choice is then the one the full budget would make).

Known weaknesses: the single observer's opponent plays as if it did not know its own
hand beyond the moves legal to it; early in a deal the tree is shallow and the values
are the play-outs'; a pooled deal repeats, so the deals are fewer than the iterations.
"""

from __future__ import annotations

import math
import random
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from stammtisch import native
from stammtisch.bots.schnapsen.epimc import runs_here
from stammtisch.bots.schnapsen.players import (
    POINTS_WEIGHT,
    ExpertBot,
    World,
    only_one_world,
    played_out,
)
from stammtisch.bots.schnapsen.seen import Seen
from stammtisch.bots.search import Clock, Race
from stammtisch.games.schnapsen import EXCHANGE

if TYPE_CHECKING:
    from stammtisch.native import Match, Solver

EXPLORATION = 0.7
"""UCB1's exploration constant on rewards scaled to 0..1 (the paper's 0.7)."""
SOLVE_CARDS = 4
"""Cards left in both hands together at or below which a closed talon's position is
solved, not searched further."""
POOL = 256
"""Deals drawn afresh per decision; later iterations reuse one of them at random."""
MAX_ITERATIONS = 200_000
"""Iterations per decision at most (the budget ends a search long before)."""
IDLE_ITERATIONS_PER_SECOND = 20_000
"""Iterations an idle core runs per second in the end-game (:meth:`IsmctsBot.plan_for`)."""
STOP_EVERY = 32
"""Iterations between two looks of the early stop."""


@dataclass
class Edge:
    """A move from a node: visits, the summed reward of its mover, how often it was
    legal at its node, and the nodes it leads to, by what the seat sees after it."""

    visits: int = 0
    reward: float = 0.0
    available: int = 0
    after: dict[int, Node] = field(default_factory=dict)


@dataclass
class Node:
    """One of the seat's information sets: its moves so far tried."""

    edges: dict[int, Edge] = field(default_factory=dict)


@dataclass
class Deal:
    """A sampled deal and the exact solvers of it, one per (trump exchanges made, talon
    position): a solver reads the talon as it lay where it was made."""

    world: World
    solvers: dict[Any, Solver] = field(default_factory=dict)


def runs_ismcts(seen: Seen, actions: list[int]) -> bool:
    """Whether the tree search decides (else today's expert does): in the end-game, but
    not where the seat may exchange (the expert races "exchange, then X", worth its best
    X; in the tree the exchange is worth the average of the moves explored after it)."""
    return runs_here(seen) and EXCHANGE not in actions


class IsmctsBot(ExpertBot):
    """The expert with its hidden-information decisions searched by ISMCTS."""

    name = "expert-ismcts"

    def __init__(self, seed: int | None = None, budget: float | None = None,
                 max_iterations: int = MAX_ITERATIONS, exploration: float = EXPLORATION,
                 solve_cards: int = SOLVE_CARDS, pool: int = POOL, everywhere: bool = False,
                 **options: Any) -> None:
        """``max_iterations``: the cap per decision; ``exploration``: UCB1's constant;
        ``solve_cards``: see ``SOLVE_CARDS``; ``pool``: see ``POOL``; ``everywhere``: search
        every decision with a choice (else only where :func:`runs_ismcts`);
        ``options``: the expert's."""
        super().__init__(seed, budget, **options)
        self.max_iterations = max_iterations
        self.exploration = exploration
        self.solve_cards = solve_cards
        self.pool = pool
        self.everywhere = everywhere
        self.iterations = 0
        """Iterations of the last tree search (for measurements)."""

    def plan_for(self, seconds: float) -> None:
        """The expert's fixed worlds, and the iterations ``seconds`` of an idle core hold,
        the clock only a safety net."""
        super().plan_for(seconds)
        self.max_iterations = max(1, math.ceil(seconds * IDLE_ITERATIONS_PER_SECOND))

    def _search(self, seen: Seen, actions: list[int], worth: dict[int, float],
                early_stop: bool) -> Race[int]:
        if (not self.compiled or only_one_world(seen)
                or not (self.everywhere or runs_ismcts(seen, actions))):
            return super()._search(seen, actions, worth, early_stop)
        clock = Clock(self.budget)
        rng = random.Random(self._rng.getrandbits(64))
        sample = self._sampler(seen)
        low = worth[-3] + POINTS_WEIGHT * -3
        span = worth[3] + POINTS_WEIGHT * 3 - low

        def reward(award: int) -> float:
            return (worth[award] + POINTS_WEIGHT * award - low) / span

        root = Node()
        awards: dict[int, list[int]] = {a: [] for a in actions}
        deals: list[Deal] = []
        done = 0
        while done < self.max_iterations:
            if done >= len(actions) and clock.expired():
                break
            if len(deals) < self.pool:
                deal = Deal(sample(rng))
                deals.append(deal)
            else:
                deal = deals[rng.randrange(len(deals))]
            first, award = self._iterate(root, deal, reward, rng)
            if first in awards:
                awards[first].append(award)
            done += 1
            if early_stop and done % STOP_EVERY == 0 and _settled(root, clock, done):
                break
        self.iterations = done
        self.worlds = min(done, len(deals))
        ranked = sorted(actions, key=lambda a: _rank(root, a, awards[a], reward), reverse=True)
        tried = {a: v for a, v in awards.items() if v}
        return Race(ranked, tried, self.worlds, done)

    def _iterate(self, root: Node, deal: Deal, reward: Callable[[int], float],
                 rng: random.Random) -> tuple[int, int]:
        """One iteration in ``deal``: the root move taken and the award reached."""
        world = deal.world
        me, number = world.me, world.state.deal_number
        state = world.state.clone()
        node = root
        walked: list[tuple[Edge, int]] = []
        first = -1
        award: int | None = None
        while award is None:
            if state.over or state.deal_number != number:
                award = native.deal_value(state, me, number)
                break
            if node is not root and self._solved_here(state):
                award = self._solve(deal, state)
                break
            legal = state.legal()
            for move in legal:
                edge = node.edges.get(move)
                if edge is None:
                    edge = node.edges[move] = Edge()
                edge.available += 1
            fresh = [m for m in legal if node.edges[m].visits == 0]
            mover = state.to_act
            move = (rng.choice(fresh) if fresh
                    else self._ucb(node, legal, mover == me))
            if node is root:
                first = move
            edge = node.edges[move]
            walked.append((edge, mover))
            state.apply(move)
            seen_after = state.hands[me]
            child = edge.after.get(seen_after)
            if child is None:
                child = edge.after[seen_after] = Node()
            node = child
            if fresh:
                award = self._rollout(deal, state)
        value = reward(award)
        for edge, mover in walked:
            edge.visits += 1
            edge.reward += value if mover == me else 1.0 - value
        return first, award

    def _ucb(self, node: Node, legal: list[int], mine: bool) -> int:
        del mine  # each edge holds its own mover's reward
        c = self.exploration

        def bound(move: int) -> float:
            edge = node.edges[move]
            return (edge.reward / edge.visits
                    + c * math.sqrt(math.log(edge.available) / edge.visits))

        return max(legal, key=bound)

    def _solved_here(self, state: Match) -> bool:
        """Whether ``state`` is valued exactly, the tree not grown below it."""
        if not state.strict:
            return False
        if state.closer < 0:
            return True  # the talon exhausted: every card known to both
        cards = state.hands[0].bit_count() + state.hands[1].bit_count()
        return cards <= self.solve_cards

    def _solve(self, deal: Deal, state: Match) -> int:
        """``state``'s award for the seat by the deal's exact solver."""
        key = (state.exchanges, state.talon_pos)
        solver = deal.solvers.get(key)
        if solver is None:
            solver = deal.solvers[key] = native.search(state, deal.world.me)
        return solver.value(state)

    def _rollout(self, deal: Deal, state: Match) -> int:
        """The award of a new edge's position: solved where the solver is exact, else
        after the world's play-out (as the expert values a move)."""
        world = deal.world
        number = world.state.deal_number
        if state.over or state.deal_number != number:
            return native.deal_value(state, world.me, number)
        if state.strict or state.t <= 2:
            return self._solve(deal, state)
        return played_out(state.clone(), world, self.solve_from)


def _rank(root: Node, move: int, awards: list[int],
          reward: Callable[[int], float]) -> tuple[float, float]:
    """A root move's rank: its visits, then its mean reward."""
    edge = root.edges.get(move)
    if edge is None or not awards:
        return (0.0, 0.0)
    return (float(edge.visits), sum(reward(a) for a in awards) / len(awards))


def _settled(root: Node, clock: Clock, done: int) -> bool:
    """Whether the most visited root move keeps the lead whatever the time left holds."""
    visits = sorted((e.visits for e in root.edges.values()), reverse=True)
    if len(visits) < 2:
        return True
    rate = done / max(clock.spent(), 1e-9)
    left = max(clock.deadline - time.thread_time(), 0.0) * rate
    return visits[0] - visits[1] > left


__all__ = ["EXPLORATION", "IDLE_ITERATIONS_PER_SECOND", "POOL", "SOLVE_CARDS", "IsmctsBot",
           "runs_ismcts"]
