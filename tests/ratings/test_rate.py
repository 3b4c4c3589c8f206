"""rate(): Glicko-2 for Schnapsen, Plackett-Luce for the others, checked against the
model's formulas written out here (Weng and Lin 2011, Algorithm 4, with OpenSkill's
defaults), for a three-player and a three-team result."""

from __future__ import annotations

import math
from collections.abc import Sequence
from typing import Any

import pytest

from stammtisch.ratings import glicko2
from stammtisch.ratings.rate import rate
from stammtisch.ratings.rating import Rating, RatingError

# OpenSkill's default model, and our display scale: 25 ± 25/3 reads 1500 ± 350.
MU, SIGMA = 25.0, 25.0 / 3
BETA, TAU, KAPPA = SIGMA / 2, SIGMA / 100, 0.0001
STRETCH = 350 / SIGMA
SHIFT = 1500 - MU * STRETCH


def by_hand(teams: Sequence[Sequence[Rating]], places: Sequence[int]) -> list[list[Rating]]:
    """Algorithm 4 of Weng and Lin (Plackett-Luce), no ties: the teams' sums of mu and
    sigma^2, c, and each team's Omega and Delta shared out to its players by their
    share of the team's variance; OpenSkill first adds tau^2 to every sigma^2."""
    players = [[((r.value - SHIFT) / STRETCH, math.sqrt((r.deviation / STRETCH) ** 2
                                                           + TAU ** 2)) for r in team]
               for team in teams]
    mu = [sum(m for m, _ in team) for team in players]
    var = [sum(s * s for _, s in team) for team in players]
    c = math.sqrt(sum(v + BETA ** 2 for v in var))
    k = range(len(teams))
    # sum over the teams that finished at or below q (r(s) >= r(q)) of exp(mu_s / c)
    below = [sum(math.exp(mu[s] / c) for s in k if places[s] >= places[q]) for q in k]
    after = []
    for i in k:
        p = [math.exp(mu[i] / c) / below[q] for q in k]
        ahead_or_me = [q for q in k if places[q] <= places[i]]
        omega = var[i] / c * sum((1 if q == i else 0) - p[q] for q in ahead_or_me)
        gamma = math.sqrt(var[i]) / c
        delta = gamma * var[i] / c ** 2 * sum(p[q] * (1 - p[q]) for q in ahead_or_me)
        team = []
        for (m, s), before in zip(players[i], teams[i], strict=True):
            share = s * s / var[i]
            new_sigma = s * math.sqrt(max(1 - share * delta, KAPPA))
            team.append(Rating(SHIFT + (m + share * omega) * STRETCH, new_sigma * STRETCH,
                               before.volatility, before.games + 1))
        after.append(team)
    return after


def _close(got: Rating, want: Rating) -> None:
    assert got.value == pytest.approx(want.value, rel=1e-12)
    assert got.deviation == pytest.approx(want.deviation, rel=1e-12)
    assert (got.volatility, got.games) == (want.volatility, want.games)


def test_three_players_by_hand() -> None:
    before = [Rating(1500, 350, 0.06, 0), Rating(1600, 200, 0.06, 5), Rating(1400, 300, 0.06, 2)]
    # Seat 2 is left; seat 0 went out first, seat 1 last: places 2, 1, 0.
    result = {"winner": 2, "lives": [0, 0, 1], "eliminated_order": [0, 1], "deals": 8}
    after = rate("schnauz", before, result)
    want = by_hand([[r] for r in before], [2, 1, 0])
    for got, (expected,) in zip(after, want, strict=True):
        _close(got, expected)
    # The hand computation's numbers, rounded: the first out loses most, the winner
    # gains, the well-known seat 1 (last out, ahead of a weaker seat) moves least.
    assert [round(r.value, 1) for r in after] == [1335.6, 1604.5, 1510.7]
    assert [round(r.deviation, 1) for r in after] == [332.1, 198.1, 296.0]


def test_three_teams_by_hand() -> None:
    before = [Rating(1550, 120, 0.06, 30), Rating(1500, 350, 0.06, 0),
              Rating(1450, 250, 0.06, 4), Rating(1620, 90, 0.06, 60),
              Rating(1480, 300, 0.06, 1), Rating(1500, 200, 0.06, 9)]
    result = {"winner": 1, "winners": [1], "winning_seats": [1, 4], "scores": [5, 11, 7],
              "teams": [[0, 3], [1, 4], [2, 5]], "deals": 9, "thrown_in": 2}
    after = rate("schmier", before, result)
    teams = [[before[0], before[3]], [before[1], before[4]], [before[2], before[5]]]
    want = by_hand(teams, [2, 0, 1])
    for (a, b), (want_a, want_b) in zip([(0, 3), (1, 4), (2, 5)], want, strict=True):
        _close(after[a], want_a)
        _close(after[b], want_b)
    # Partners move the same way, the less certain one further.
    assert after[1].value - 1500 > after[4].value - 1480 > 0
    assert 0 > after[3].value - 1620 > after[0].value - 1550


def test_three_equal_players_in_order_and_whatever_their_seats() -> None:
    after = rate("scat", [Rating()] * 3, {"winner": 1, "lives": [0, 2, 0],
                                           "eliminated_order": [2, 0]})
    gains = [r.value - 1500 for r in after]
    assert gains[1] > gains[0] > gains[2]
    assert sum(gains) == pytest.approx(0, abs=1e-9)
    moved = rate("scat", [Rating()] * 3, {"winner": 0, "lives": [2, 0, 0],
                                           "eliminated_order": [1, 2]})
    assert moved == [after[1], after[2], after[0]]


def test_seats_out_in_one_deal_share_their_change() -> None:
    result = {"winner": 1, "lives": [0, 1, 0, 0], "eliminated_order": [0, 2, 3]}
    events: list[dict[str, Any]] = [
        {"type": "deal"}, {"type": "life", "seat": 0, "eliminated": True},
        {"type": "deal"}, {"type": "life", "seat": 2, "eliminated": True},
        {"type": "life", "seat": 3, "eliminated": True}]
    tied = rate("scat", [Rating()] * 4, result, events)
    assert tied[2] == tied[3]
    assert tied[1].value > tied[2].value > tied[0].value
    apart = rate("scat", [Rating()] * 4, result)
    assert apart[3].value > apart[2].value


def test_schnapsen_is_glicko2_with_the_other_seat_as_opponent() -> None:
    before = [Rating(1700, 90, 0.06, 25), Rating(1450, 200, 0.059, 3)]
    after = rate("schnapsen", before, {"winner": 1, "game_points": [4, 7], "deals": 5})
    one = glicko2.update(glicko2.Glicko(1700, 90, 0.06),
                         [glicko2.Game(glicko2.Glicko(1450, 200, 0.059), 0.0)])
    other = glicko2.update(glicko2.Glicko(1450, 200, 0.059),
                           [glicko2.Game(glicko2.Glicko(1700, 90, 0.06), 1.0)])
    assert after == [Rating(one.rating, one.deviation, one.volatility, 26),
                     Rating(other.rating, other.deviation, other.volatility, 4)]
    assert after[1].value > 1450 and after[0].value < 1700


def test_anchors_keep_their_rating() -> None:
    level = Rating(1830, 60, 0.06, 48)
    after = rate("schnapsen", [Rating(), level], {"winner": 0}, anchors={1})
    assert after[1] is level
    assert after[0].value > 1500
    free = rate("schnapsen", [Rating(), level], {"winner": 0})
    assert free[0] == after[0]


@pytest.mark.parametrize(("args", "message"), [
    (("schnapsen", [Rating()], {"winner": 0}), "2 seats, but 1 ratings"),
    (("schmier", [Rating()] * 5, {"winners": [0], "scores": [1, 2, 3],
                                  "teams": [[0, 3], [1, 4], [2, 5]]}), "6 seats, but 5"),
    (("schnapsen", [Rating(), 1500], {"winner": 0}), "Rating objects"),
])
def test_bad_input_is_one_clear_error(args: tuple[Any, ...], message: str) -> None:
    with pytest.raises(RatingError, match=message):
        rate(*args)


def test_an_anchor_must_be_a_seat() -> None:
    with pytest.raises(RatingError, match="anchors"):
        rate("schnapsen", [Rating(), Rating()], {"winner": 0}, anchors={2})
