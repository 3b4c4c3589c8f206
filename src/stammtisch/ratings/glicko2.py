"""Glicko-2 (Mark Glickman, "Example of the Glicko-2 system", glicko.net), written from
the paper: one player's rating after one rating period.

Why our own module: of PyPI's Glicko-2 packages the one in wide use (``glicko2`` 2.1.0,
code of 2009) puts the rating where the paper's step 5 has the deviation (in f(x)), which
the paper's example cannot show (its player is rated 1500, where the rating is 0 on the
Glicko-2 scale), and has neither types nor a release since 2024; the others are young
one-person releases. The paper's algorithm is some fifty lines; tests/ratings checks it
against the paper's worked example and checks step 5's root independently.

The paper's steps, on its own scale (``mu = (r - 1500) / 173.7178``, ``phi = RD /
173.7178``): v, the estimated variance of the rating from the game outcomes; Delta, the
estimated improvement; the new volatility by the Illinois algorithm (step 5, with the
paper's ``f_C * f_B <= 0`` of its 2022 revision); then the new deviation and rating. A
player who played no game in the period only gains uncertainty (step 6 alone).
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass

SCALE = 173.7178
"""Glicko points per unit of the Glicko-2 scale (400 / ln 10)."""
CENTRE = 1500.0
TAU = 0.5
"""The system constant: how fast the volatility may change (the paper: 0.3 to 1.2)."""
EPSILON = 0.000001
"""The convergence tolerance of step 5."""


@dataclass(frozen=True)
class Glicko:
    """A rating on the Glicko scale: rating, deviation (RD) and volatility."""

    rating: float
    deviation: float
    volatility: float


@dataclass(frozen=True)
class Game:
    """One game of the period against one opponent: ``score`` 1 won, 0.5 drawn, 0 lost."""

    opponent: Glicko
    score: float


def _g(phi: float) -> float:
    return 1.0 / math.sqrt(1.0 + 3.0 * phi * phi / (math.pi * math.pi))


def _expected(mu: float, mu_j: float, phi_j: float) -> float:
    return 1.0 / (1.0 + math.exp(-_g(phi_j) * (mu - mu_j)))


def _new_volatility(phi: float, sigma: float, v: float, delta: float, tau: float) -> float:
    """Step 5: sigma' = exp(A / 2) for the root A of f (Illinois algorithm)."""
    a = math.log(sigma * sigma)

    def f(x: float) -> float:
        ex = math.exp(x)
        top = ex * (delta * delta - phi * phi - v - ex)
        return top / (2.0 * (phi * phi + v + ex) ** 2) - (x - a) / (tau * tau)

    big_a = a
    if delta * delta > phi * phi + v:
        big_b = math.log(delta * delta - phi * phi - v)
    else:
        k = 1
        while f(a - k * tau) < 0:
            k += 1
        big_b = a - k * tau
    f_a, f_b = f(big_a), f(big_b)
    while abs(big_b - big_a) > EPSILON:
        big_c = big_a + (big_a - big_b) * f_a / (f_b - f_a)
        f_c = f(big_c)
        if f_c * f_b <= 0:
            big_a, f_a = big_b, f_b
        else:
            f_a /= 2.0
        big_b, f_b = big_c, f_c
    return math.exp(big_a / 2.0)


def update(player: Glicko, games: Sequence[Game], tau: float = TAU) -> Glicko:
    """``player``'s rating after a rating period with ``games`` (the opponents' ratings
    as they were before it).

    The paper's example: 1500/200/0.06 beats a 1400/30 and loses to 1550/100 and
    1700/300 (the paper's 1464.06 comes from its mu' rounded to -0.2069 first):

    >>> after = update(Glicko(1500, 200, 0.06), [
    ...     Game(Glicko(1400, 30, 0.06), 1), Game(Glicko(1550, 100, 0.06), 0),
    ...     Game(Glicko(1700, 300, 0.06), 0)])
    >>> print(f"{after.rating:.2f} {after.deviation:.2f} {after.volatility:.6f}")
    1464.05 151.52 0.059996
    """
    mu = (player.rating - CENTRE) / SCALE
    phi = player.deviation / SCALE
    sigma = player.volatility
    if not games:
        return Glicko(player.rating, SCALE * math.sqrt(phi * phi + sigma * sigma), sigma)
    weighed = []
    for game in games:
        mu_j = (game.opponent.rating - CENTRE) / SCALE
        phi_j = game.opponent.deviation / SCALE
        weighed.append((_g(phi_j), _expected(mu, mu_j, phi_j), game.score))
    v = 1.0 / sum(g * g * e * (1.0 - e) for g, e, _ in weighed)
    improvement = sum(g * (s - e) for g, e, s in weighed)
    new_sigma = _new_volatility(phi, sigma, v, v * improvement, tau)
    phi_star = math.sqrt(phi * phi + new_sigma * new_sigma)
    new_phi = 1.0 / math.sqrt(1.0 / (phi_star * phi_star) + 1.0 / v)
    new_mu = mu + new_phi * new_phi * improvement
    return Glicko(CENTRE + SCALE * new_mu, SCALE * new_phi, new_sigma)


__all__ = ["CENTRE", "SCALE", "TAU", "Game", "Glicko", "update"]
