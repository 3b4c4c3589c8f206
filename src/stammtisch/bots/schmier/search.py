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

from collections.abc import Sequence

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


def deal_change(world: SchmierState, action: int, seat: int, policy: Policy) -> float:
    """``action`` played on a copy of ``world``, the deal finished by ``policy``: the
    seat's team's score change less the mean change of the other teams."""
    state = world.clone()
    before = state.scores[:]
    state.apply(action)
    finish_deal(state, policy)
    return relative_change(before, state.scores, seat % state.num_teams)


__all__ = ["deal_change", "finish_deal", "relative_change"]
