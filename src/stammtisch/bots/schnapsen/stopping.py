"""When the expert may stop sampling worlds: the best action is already clear.

Method: every sampled world values every action (the same world for all of
them), so the leader's margin over another action is a mean of paired
differences. The leader is clear when, against every other action, the lower
confidence bound of that mean (``Z`` standard errors below it) is above zero,
or the two actions were worth exactly the same in every world so far. A score
is the match chance of the award plus a tiny share of the award itself, so a
tie of chances is broken by game points as in the expert's ranking.
The test runs only every ``CHECK_EVERY`` worlds from ``MIN_WORLDS`` on, and
``Z`` is large, so the repeated looks rarely stop on a lucky run.

Known weakness: two actions that differ only in rare worlds look equal after
``MIN_WORLDS`` identical ones (the chance of missing a difference that shows in
one world out of ``k`` is about ``(1 - 1/k) ** MIN_WORLDS``).
"""

from __future__ import annotations

import math

MIN_WORLDS = 32
"""Worlds sampled before the first test."""
CHECK_EVERY = 16
"""Worlds between two tests."""
Z = 3.0
"""Standard errors the leader's mean margin must clear (one-sided, ~0.1% per look)."""
POINTS_WEIGHT = 1e-4
"""The award's share in a score: far below any real difference of match chances."""


def separated(leader: int, actions: list[int], rows: list[list[int]],
              worth: dict[int, float]) -> bool:
    """Whether ``leader`` is clearly better than every other action, judged on the
    worlds ``rows`` (each action's signed award per world, in ``actions`` order)."""
    n = len(rows)
    if n < 2:
        return False
    lead = actions.index(leader)
    scores = [[worth[v] + POINTS_WEIGHT * v for v in row] for row in rows]
    for other in range(len(actions)):
        if other == lead:
            continue
        margins = [score[lead] - score[other] for score in scores]
        if not any(margins):
            continue
        mean = sum(margins) / n
        spread = sum((m - mean) ** 2 for m in margins) / (n - 1)
        if mean - Z * math.sqrt(spread / n) <= 0:
            return False
    return True


__all__ = ["CHECK_EVERY", "MIN_WORLDS", "separated"]
