"""Intervals and ratings: Wilson score intervals, normal intervals of a mean, Elo.

Elo method: a Bradley-Terry model fitted by maximum likelihood to the pairwise
scores between levels (1 for finishing ahead of an opponent, 1/2 for a tie; see
:mod:`summary`), with one virtual draw added to every pair that met, so a level
that won every game still gets a finite rating. The fit uses Hunter's MM
iteration (gamma_i <- W_i / sum_j n_ij / (gamma_i + gamma_j)); the rating is
400 log10(gamma_i), shifted so that the levels' mean is 1500. With two levels
this is the familiar 400 log10(s / (1 - s)) for the (smoothed) score s.
"""

from __future__ import annotations

import math
from collections.abc import Mapping, Sequence

Z95 = 1.959963984540054
ELO_MEAN = 1500.0


def wilson(successes: float, trials: int, z: float = Z95) -> tuple[float, float]:
    """The Wilson score interval of a proportion (``(0, 1)`` without trials)."""
    if trials <= 0:
        return (0.0, 1.0)
    p = successes / trials
    zz = z * z
    centre = (p + zz / (2 * trials)) / (1 + zz / trials)
    half = z / (1 + zz / trials) * math.sqrt(p * (1 - p) / trials + zz / (4 * trials * trials))
    return (max(0.0, centre - half), min(1.0, centre + half))


def mean_interval(values: Sequence[float], z: float = Z95) -> tuple[float, float, float]:
    """Mean with the normal-approximation interval (sample standard deviation)."""
    n = len(values)
    if n == 0:
        return (math.nan, math.nan, math.nan)
    mean = sum(values) / n
    if n == 1:
        return (mean, mean, mean)
    var = sum((v - mean) ** 2 for v in values) / (n - 1)
    half = z * math.sqrt(var / n)
    return (mean, mean - half, mean + half)


Pairwise = Mapping[tuple[str, str], tuple[float, int]]
"""(a, b) -> (a's score against b, games); each pair once, in either order."""


def elo(names: Sequence[str], pairwise: Pairwise, iterations: int = 10_000,
        tolerance: float = 1e-12) -> dict[str, float]:
    """Bradley-Terry Elo of each name from ``pairwise`` scores (module docstring)."""
    index = {name: i for i, name in enumerate(names)}
    k = len(names)
    wins = [[0.0] * k for _ in range(k)]
    games = [[0.0] * k for _ in range(k)]
    for (a, b), (score, played) in pairwise.items():
        if played <= 0 or a == b:
            continue
        i, j = index[a], index[b]
        wins[i][j] += score + 0.5
        wins[j][i] += played - score + 0.5
        games[i][j] += played + 1
        games[j][i] += played + 1
    gamma = [1.0] * k
    for _ in range(iterations):
        new = []
        for i in range(k):
            total = sum(wins[i])
            denominator = sum(games[i][j] / (gamma[i] + gamma[j]) for j in range(k) if j != i)
            new.append(total / denominator if denominator > 0 else gamma[i])
        centre = math.exp(sum(math.log(g) for g in new) / k)
        new = [g / centre for g in new]
        done = max(abs(a - b) for a, b in zip(new, gamma, strict=True)) < tolerance
        gamma = new
        if done:
            break
    ratings = [400 * math.log10(g) for g in gamma]
    shift = ELO_MEAN - sum(ratings) / k if k else 0.0
    return {name: ratings[index[name]] + shift for name in names}
