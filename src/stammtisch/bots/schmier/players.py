"""The Schmier computer players (rules/schmier.md): each reads its seat's view only.
Rules of thumb in policy.py, hand.py and play.py; the expert's search in
search.py over deals from determinize.py.

The beginner and the club act on a state built from the view (determinize.py,
a fixed generator): their rules read only the acting seat's hand and public
facts, never the placed hidden cards.

``ExpertBot.analyze`` values every legal action, except in the exchange and the
rob where only the ``CANDIDATES`` discards the club rules rank highest (and the
club's own choice) are searched and returned; the value is the deal's expected
score change of the seat's team minus the mean change of the other teams
(search.py). The first action is the expert's choice: the club's unless the
search finds a better one beyond its noise.

Known weaknesses: those of the rules (policy.py, play.py) and of the search
(search.py, determinize.py); a busy machine gives the expert fewer samples.
"""

from __future__ import annotations

import math
import random
from typing import Any

from stammtisch.bots.schmier.determinize import build
from stammtisch.bots.schmier.policy import (
    Policy,
    beginner_action,
    club_action,
    discard_candidates,
)
from stammtisch.bots.schmier.search import deal_change
from stammtisch.bots.schmier.seen import Seen, read
from stammtisch.bots.search import Clock, Plan, mean, scalar_parts, search
from stammtisch.games.schmier import EXCHANGE, ROB, SchmierState, action_text

EXPERT_SECONDS = 0.9
"""The default budget per decision (the issue asks for at most 1 s)."""
SAMPLES_PER_SECOND = 400
"""Samples the expert plans per second of budget: where the cap, not the clock,
ends a search (an idle machine, or ``max_samples`` given) play repeats exactly
from the seed; on a busy machine the clock cuts it shorter."""
CANDIDATES = 8
Z = 1.0
"""Standard errors by which an action must beat the club's choice to replace it."""


def _seeded(seed: int, view: dict[str, Any]) -> random.Random:
    """The generator for one decision: the same seed and view give the same choice."""
    return random.Random(f"{seed}/{view!r}")


def _legal(seen: Seen) -> None:
    if not seen.legal:
        raise ValueError("the bot was asked to act in a view with no legal actions")


class _RuleBot:
    name = ""
    policy: Policy

    def __init__(self, seed: int = 0) -> None:
        self.seed = seed

    def choose(self, view: dict[str, Any]) -> str:
        seen = read(view)
        _legal(seen)
        if len(seen.legal) == 1:
            return action_text(seen.legal[0])
        state = build(view, seen, random.Random(0))
        action = type(self).policy(state)
        if action not in seen.legal:
            raise ValueError(f"the {self.name} bot chose {action_text(action)!r}, not legal")
        return action_text(action)


class BeginnerBot(_RuleBot):
    name = "beginner"
    policy = staticmethod(beginner_action)


class ClubBot(_RuleBot):
    name = "club"
    policy = staticmethod(club_action)


class ExpertBot:
    name = "expert"

    def __init__(self, seed: int = 0, budget: float | None = None,
                 max_samples: int | None = None) -> None:
        self.seed = seed
        self.budget = EXPERT_SECONDS if budget is None else budget
        """Seconds per decision; a table may lower it between decisions."""
        self.samples = max_samples
        """The cap on samples; ``None``: planned from the budget of each decision."""

    @property
    def max_samples(self) -> int:
        if self.samples is not None:
            return self.samples
        return max(1, math.ceil(self.budget * SAMPLES_PER_SECOND))

    def analyze(self, view: dict[str, Any]) -> list[tuple[str, float]]:
        seen = read(view)
        _legal(seen)
        if len(seen.legal) == 1:
            return [(action_text(seen.legal[0]), 0.0)]
        rng = _seeded(self.seed, view)
        actions = list(seen.legal)
        table = build(view, seen, random.Random(0))
        if seen.phase in (EXCHANGE, ROB):
            actions = discard_candidates(table, actions, CANDIDATES)
        club = club_action(table)
        default = club if club in seen.legal else None
        if default is not None and default not in actions:
            actions.append(default)
        seat = seen.seat

        def value(world: SchmierState, action: int) -> float:
            return deal_change(world, action, seat, club_action)

        plan = Plan(z=Z, halving_from=4, max_worlds=self.max_samples)
        race = search(actions, scalar_parts(lambda r: build(view, seen, r), value), rng,
                      Clock(self.budget), plan, default)
        return [(action_text(a), round(mean(race.values[a]), 4)) for a in race.ranked]

    def choose(self, view: dict[str, Any]) -> str:
        seen = read(view)
        _legal(seen)
        if len(seen.legal) == 1:
            return action_text(seen.legal[0])
        return self.analyze(view)[0][0]
