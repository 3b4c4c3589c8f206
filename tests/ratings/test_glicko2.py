"""Glicko-2 against Glickman's paper: the worked example, and step 5's volatility checked
by a different root finder where the example cannot show it (a player rated away from
1500, whose volatility moves)."""

from __future__ import annotations

import math

import pytest

from stammtisch.ratings.glicko2 import SCALE, TAU, Game, Glicko, update

EXAMPLE_OPPONENTS = [Game(Glicko(1400, 30, 0.06), 1.0), Game(Glicko(1550, 100, 0.06), 0.0),
                     Game(Glicko(1700, 300, 0.06), 0.0)]


def test_the_papers_worked_example() -> None:
    after = update(Glicko(1500, 200, 0.06), EXAMPLE_OPPONENTS, tau=0.5)
    # The paper: mu' = -0.2069, phi' = 0.8722, so r' = 1464.06 and RD' = 151.52; sigma'
    # = 0.05999 (it rounds mu' before scaling, so r' is 1464.06 to within 0.01).
    assert round((after.rating - 1500) / SCALE, 4) == -0.2069
    assert round(after.deviation / SCALE, 4) == 0.8722
    assert after.rating == pytest.approx(1464.06, abs=0.01)
    assert round(after.deviation, 2) == 151.52
    assert after.volatility == pytest.approx(0.05999, abs=0.00001)


def _by_bisection(player: Glicko, games: list[Game], tau: float) -> float:
    """Step 5's sigma' as the root of the paper's f, found by bisection: the paper's
    quantities written out again here, so that the Illinois iteration is checked."""
    mu, phi, sigma = (player.rating - 1500) / SCALE, player.deviation / SCALE, \
        player.volatility
    g_e_s = []
    for game in games:
        phi_j = game.opponent.deviation / SCALE
        g = 1 / math.sqrt(1 + 3 * phi_j ** 2 / math.pi ** 2)
        e = 1 / (1 + math.exp(-g * (mu - (game.opponent.rating - 1500) / SCALE)))
        g_e_s.append((g, e, game.score))
    v = 1 / sum(g * g * e * (1 - e) for g, e, _ in g_e_s)
    delta = v * sum(g * (s - e) for g, e, s in g_e_s)
    a = math.log(sigma ** 2)

    def f(x: float) -> float:
        return (math.exp(x) * (delta ** 2 - phi ** 2 - v - math.exp(x))
                / (2 * (phi ** 2 + v + math.exp(x)) ** 2) - (x - a) / tau ** 2)

    low, high = a - 20, a + 20  # f falls from positive to negative across its one root
    assert f(low) > 0 > f(high)
    for _ in range(200):
        middle = (low + high) / 2
        low, high = (middle, high) if f(middle) > 0 else (low, middle)
    return math.exp(low / 2)


@pytest.mark.parametrize(("player", "games"), [
    (Glicko(2100, 80, 0.06), [Game(Glicko(1400, 30, 0.06), 0.0),
                              Game(Glicko(1450, 100, 0.06), 0.0),
                              Game(Glicko(1300, 300, 0.06), 0.0)]),
    (Glicko(1250, 60, 0.05), [Game(Glicko(1900, 50, 0.06), 1.0)] * 6),
    (Glicko(1500, 200, 0.06), EXAMPLE_OPPONENTS),
])
def test_step_five_finds_the_root_of_f(player: Glicko, games: list[Game]) -> None:
    after = update(player, games, tau=TAU)
    assert after.volatility == pytest.approx(_by_bisection(player, games, TAU), rel=1e-5)


def test_upsets_raise_the_volatility_and_expected_results_lower_it() -> None:
    strong = Glicko(2100, 80, 0.06)
    upset = update(strong, [Game(Glicko(1400, 30, 0.06), 0.0)] * 3)
    expected = update(strong, [Game(Glicko(1400, 30, 0.06), 1.0)] * 3)
    assert upset.volatility > strong.volatility > expected.volatility
    assert upset.rating < strong.rating - 50 < expected.rating


def test_a_period_without_games_only_widens_the_deviation() -> None:
    player = Glicko(1700, 120, 0.06)
    after = update(player, [])
    assert after.rating == 1700 and after.volatility == 0.06
    assert after.deviation == pytest.approx(SCALE * math.hypot(120 / SCALE, 0.06))


def test_a_win_against_an_equal_moves_both_by_the_same_amount() -> None:
    one, other = Glicko(1500, 350, 0.06), Glicko(1500, 350, 0.06)
    won = update(one, [Game(other, 1.0)])
    lost = update(other, [Game(one, 0.0)])
    assert won.rating - 1500 == pytest.approx(1500 - lost.rating)
    assert won.deviation == pytest.approx(lost.deviation) and won.deviation < 350
