"""The Schmier computer players (docs/rules/schmier.md): each reads its seat's view only.
Rules of thumb in policy.py, hand.py and play.py; the expert searches deals
from determinize.py with the loop of bots/search.py.

The beginner and the club act on a state built from the view (determinize.py,
a fixed generator): their rules read only the acting seat's hand and public
facts, never the placed hidden cards.

``ExpertBot.analyze`` values every legal action, except in the exchange and the
rob where only the ``CANDIDATES`` discards the club rules rank highest (and the
club's own choice) are searched and returned; the value is the deal's expected
score change of the seat's team minus the mean change of the other teams
(:func:`deal_change`). The first action is the expert's choice: the club's unless the
search finds a better one beyond its noise.

The expert's search: each world is one complete deal from determinize.py; every
action still in the race is applied to a copy of it and the deal is played to its
end by the club rules for all six seats (policy.py). A play-out's value is the
seat's team's score change in the deal minus the mean change of the other teams (a
point won counts 1, a point another team wins costs 1/2 with three teams; a failed
contract its bid). After 4, 8, 16 ... worlds the worse half drops out; the club's
choice is replaced only by an action that beats it by ``Z`` standard errors.
The play-outs run on the compiled core when it is built (stammtisch.native.schmier:
the same values, faster), else in Python.

Known weaknesses: those of the rules (policy.py, play.py) and of the sampled deals
(determinize.py: they ignore what bids and plays suggest); only the first action is
searched, every seat is credited with club judgement, and the value is per deal
(the match score is ignored).
"""

from __future__ import annotations

import math
import random
from collections.abc import Mapping, Sequence
from typing import Any

from stammtisch.bots.schmier.determinize import Deals, build
from stammtisch.bots.schmier.policy import (
    Policy,
    beginner_action,
    club_action,
    discard_candidates,
    finish_deal,
)
from stammtisch.bots.schmier.seen import Seen, read
from stammtisch.bots.search import Clock, Parts, Plan, mean, scalar_parts, search, seeded
from stammtisch.games.schmier import EXCHANGE, ROB, SchmierState, action_text
from stammtisch.games.schmier_types import schmier_view
from stammtisch.native import schmier as native

EXPERT_SECONDS = 0.3
"""The default budget per decision; the search stops at 95% of it, the rest for
reading the view and answering."""
SAMPLES_PER_SECOND = 1200
"""Samples the expert plans per second of budget: where the cap, not the clock,
ends a search (an idle machine, or ``max_samples`` given) play repeats exactly
from the seed; on a busy machine the clock cuts it shorter."""
CANDIDATES = 8
Z = 1.0
"""Standard errors by which an action must beat the club's choice to replace it."""


def _legal(seen: Seen) -> None:
    if not seen.legal:
        raise ValueError("the bot was asked to act in a view with no legal actions")


def relative_change(before: Sequence[int], after: Sequence[int], team: int) -> float:
    change = [a - b for a, b in zip(after, before, strict=True)]
    others = [c for k, c in enumerate(change) if k != team]
    return change[team] - sum(others) / len(others)


def deal_change(world: SchmierState, action: int, seat: int, policy: Policy) -> float:
    """``action`` played on a copy of ``world``, the deal finished by ``policy``: the
    seat's team's score change less the mean change of the other teams. When ``action``
    itself ends the deal (the dealer's pass that throws it in, its last card), nothing
    more is played."""
    state = world.clone()
    state.halt_between_deals = True
    before = state.scores[:]
    deal = state.deal_number
    state.apply(action)
    if state.deal_number == deal:
        finish_deal(state, policy)
    return relative_change(before, state.scores, seat % state.num_teams)


class _RuleBot:
    name = ""
    policy: Policy

    def __init__(self, seed: int = 0) -> None:
        self.seed = seed

    def choose(self, view: Mapping[str, Any]) -> str:
        seat_view = schmier_view(view)
        seen = read(seat_view)
        _legal(seen)
        if len(seen.legal) == 1:
            return action_text(seen.legal[0])
        state = build(seen, random.Random(0))
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
                 max_samples: int | None = None, compiled: bool | None = None) -> None:
        self.seed = seed
        self.budget = EXPERT_SECONDS if budget is None else budget
        """Seconds per decision; a table may lower it between decisions."""
        self.samples = max_samples
        """The cap on samples; ``None``: planned from the budget of each decision."""
        if compiled is None:
            compiled = native.available()
        elif compiled and not native.available():
            raise ValueError(f"compiled play-outs need the compiled core: "
                             f"{native.missing_reason()}")
        self.compiled = compiled
        """Whether the play-outs run on the compiled core (stammtisch.native.schmier: the
        same values, faster)."""

    def plan_for(self, seconds: float) -> None:
        """Sample what ``seconds`` of an idle core hold (``SAMPLES_PER_SECOND``) at every
        decision, the clock only a safety net."""
        self.samples = max(1, math.ceil(seconds * SAMPLES_PER_SECOND))

    @property
    def max_samples(self) -> int:
        if self.samples is not None:
            return self.samples
        return max(1, math.ceil(self.budget * SAMPLES_PER_SECOND))

    def analyze(self, view: Mapping[str, Any]) -> list[tuple[str, float]]:
        seat_view = schmier_view(view)
        seen = read(seat_view)
        _legal(seen)
        if len(seen.legal) == 1:
            return [(action_text(seen.legal[0]), 0.0)]
        rng = seeded(self.seed, view)
        actions = list(seen.legal)
        table = build(seen, random.Random(0))
        if seen.phase in (EXCHANGE, ROB):
            actions = discard_candidates(table, actions, CANDIDATES)
        club = club_action(table)
        default = club if club in seen.legal else None
        if default is not None and default not in actions:
            actions.append(default)
        plan = Plan(z=Z, halving_from=4, max_worlds=self.max_samples)
        race = search(actions, self._parts(seen), rng, Clock(0.95 * self.budget), plan,
                      default)
        return [(action_text(a), round(mean(race.values[a]), 4)) for a in race.ranked]

    def _parts(self, seen: Seen) -> Parts[Any, float]:
        """The search's worlds (sample deals of the view) and their values: on the
        compiled core each deal is converted once and played out in C."""
        deals, seat = Deals(seen), seen.seat
        if not self.compiled:
            def value(world: SchmierState, action: int) -> float:
                return deal_change(world, action, seat, club_action)

            return scalar_parts(deals.build, value)

        def sample(rng: random.Random) -> Any:
            return native.to_native(deals.build(rng))

        def compiled_value(world: Any, action: int) -> float:
            return native.deal_change(world, action, seat)

        return scalar_parts(sample, compiled_value)

    def choose(self, view: Mapping[str, Any]) -> str:
        seen = read(schmier_view(view))
        _legal(seen)
        if len(seen.legal) == 1:
            return action_text(seen.legal[0])
        return self.analyze(view)[0][0]
