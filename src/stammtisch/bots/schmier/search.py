"""The Schmier expert's search: determinized Monte Carlo (perfect-information
Monte Carlo with club play-outs) over deals consistent with the seat's view.

Method: each sample is one complete deal from determinize.py; every action
still in the race is applied to a copy of it and the deal is played to its end
by the club rules for all six seats (policy.py). A play-out's value is the
seat's team's score change in the deal minus the mean change of the other
teams (a point won counts 1, a point another team wins costs 1/2 with three
teams; a failed contract its bid): the deal's expected score change relative to
the field. All actions see the same samples (common random numbers); after 4,
8, 16 ... samples the worse half drops out (sequential halving), so close
choices get the samples. The club's own choice is kept in the race and stays
first unless another action beats it by more than one standard error of their
paired difference: few samples cannot talk the expert into a worse move than
the club's. The clock is checked after every play-out; the first sample always
completes.

Known weaknesses: only the first action is searched, the rest of the deal is
club play for everyone (no deeper plans; every seat is credited with club
judgement), the sampled deals ignore what bids and plays suggest, and the
value is per deal: the match score (who is close to the target) is ignored.
"""

from __future__ import annotations

import math
import random
import time
from collections.abc import Callable, Sequence

from stammtisch.bots.schmier.policy import Policy
from stammtisch.games.schmier import OVER, SchmierState

MAX_STEPS = 200


def relative_change(before: Sequence[int], after: Sequence[int], team: int) -> float:
    change = [a - b for a, b in zip(after, before, strict=True)]
    others = [c for k, c in enumerate(change) if k != team]
    return change[team] - sum(others) / len(others)


def finish_deal(state: SchmierState, policy: Policy) -> None:
    """Play ``state`` on by ``policy`` until its deal is scored or thrown in."""
    deal = state.deal_number
    steps = 0
    while state.deal_number == deal and state.phase != OVER and steps < MAX_STEPS:
        state.apply(policy(state))
        steps += 1


def search(actions: Sequence[int], sample: Callable[[random.Random], SchmierState],
           seat: int, policy: Policy, rng: random.Random, *, seconds: float,
           max_samples: int | None = None, default: int | None = None,
           ) -> list[tuple[int, float]]:
    """Every action with its mean relative score change, best first; ``default`` (the
    club's choice) leads unless another action beats it by more than ``Z`` standard
    errors of their paired difference."""
    deadline = time.perf_counter() + seconds
    racing = list(actions)
    values: dict[int, dict[int, float]] = {a: {} for a in actions}
    dropped: list[int] = []
    samples, next_cut = 0, 4
    out_of_time = False

    def mean(action: int) -> float:
        found = values[action]
        return sum(found.values()) / max(len(found), 1)

    while not out_of_time and (max_samples is None or samples < max_samples):
        root = sample(rng)
        team = seat % root.num_teams
        for action in racing:
            if samples and time.perf_counter() >= deadline:
                out_of_time = True
                break
            state = root.clone()
            before = state.scores[:]
            state.apply(action)
            finish_deal(state, policy)
            values[action][samples] = relative_change(before, state.scores, team)
        samples += 1
        if samples == next_cut and len(racing) > 2:
            racing.sort(key=lambda a: (a != default, -mean(a)))
            keep = max(2, (len(racing) + 1) // 2)
            dropped = sorted(racing[keep:], key=mean, reverse=True) + dropped
            racing = racing[:keep]
            next_cut *= 2
    racing.sort(key=mean, reverse=True)
    ranked = racing + dropped
    if default in values and ranked[0] != default and not _beats(values[ranked[0]],
                                                                 values[default]):
        ranked.remove(default)
        ranked.insert(0, default)
    return [(a, mean(a)) for a in ranked]


Z = 1.0
"""Standard errors by which an action must beat the club's choice to replace it."""


def _beats(challenger: dict[int, float], default: dict[int, float]) -> bool:
    diffs = [challenger[k] - default[k] for k in challenger if k in default]
    n = len(diffs)
    if n < 2:
        return False
    avg = sum(diffs) / n
    spread = math.sqrt(sum((d - avg) ** 2 for d in diffs) / (n - 1))
    return avg > Z * spread / math.sqrt(n)
