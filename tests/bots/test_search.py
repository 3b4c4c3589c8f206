"""bots/search.py, the experts' one loop: halving keeps the best, the default stands on
a tie and falls to a clearly better action, the early stop, the clock in CPU seconds,
and the first world always completes."""

from __future__ import annotations

import random
import time

from stammtisch.bots.search import Clock, EarlyStop, Parts, Plan, beats, scalar_parts, search

World = tuple[float, random.Random]


def noisy(means: dict[int, float], noise: float = 0.5) -> Parts[World, float]:
    """Parts whose world is a generator: an action's value is its mean plus the
    world's shared noise plus a little of its own."""

    def sample(rng: random.Random) -> World:
        return rng.gauss(0.0, noise), random.Random(rng.getrandbits(32))

    def value(world: World, action: int) -> float:
        shared, own = world
        return means[action] + shared + own.gauss(0.0, 0.05)

    return scalar_parts(sample, value)


def test_the_paired_test_needs_a_margin_of_standard_errors() -> None:
    assert beats([1.0, 1.0, 1.0], 1.5)  # no spread at all
    assert not beats([1.0], 0.0)  # one world tells nothing
    assert not beats([1.0, -1.0] * 8, 0.5)
    assert beats([1.0, 0.0] * 8, 1.5) and not beats([1.0, 0.0] * 8, 4.0)


def test_halving_keeps_the_best_and_drops_the_rest_worst_last() -> None:
    means = {a: a / 10 for a in range(8)}
    race = search(list(means), noisy(means), random.Random(1), Clock(60.0),
                  Plan(z=1.0, halving_from=4, max_worlds=40))
    assert race.ranked[0] == 7
    assert sorted(race.ranked) == sorted(means)
    counts = {a: len(v) for a, v in race.values.items()}
    assert counts[7] == 40 and min(counts.values()) == 4  # the worst four left at the first cut
    assert race.ranked[-1] == 0 and race.ranked[-2] == 1


def test_the_default_is_kept_on_a_tie() -> None:
    means = {10: 0.5, 20: 0.5, 30: 0.5}
    for seed in range(5):
        race = search([10, 20, 30], noisy(means), random.Random(seed), Clock(60.0),
                      Plan(z=1.5, max_worlds=30), default=20)
        assert race.ranked[0] == 20


def test_the_paired_test_overrules_the_default_for_a_clearly_better_action() -> None:
    means = {10: 0.5, 20: 0.3}
    race = search([10, 20], noisy(means), random.Random(3), Clock(60.0),
                  Plan(z=1.5, max_worlds=30), default=20)
    assert race.ranked == [10, 20]
    close = {10: 0.301, 20: 0.3}
    race = search([10, 20], noisy(close), random.Random(3), Clock(60.0),
                  Plan(z=1.5, max_worlds=30), default=20)
    assert race.ranked == [20, 10]  # better on average, not by the margin


def test_the_early_stop_ends_once_the_leader_is_clear() -> None:
    stop = EarlyStop(first=8, every=4, z=3.0)
    clear = {1: 0.9, 2: 0.1, 3: 0.0}
    race = search(list(clear), noisy(clear), random.Random(5), Clock(60.0),
                  Plan(z=0.0, max_worlds=100, early_stop=stop))
    assert race.worlds == 8 and race.ranked[0] == 1
    even = {1: 0.5, 2: 0.5}
    race = search(list(even), noisy(even), random.Random(5), Clock(60.0),
                  Plan(z=0.0, max_worlds=100, early_stop=stop))
    assert race.worlds == 100


def test_the_play_out_cap_counts_every_valuation() -> None:
    means = dict.fromkeys(range(5), 0.0)
    race = search(list(means), noisy(means), random.Random(2), Clock(60.0),
                  Plan(z=1.0, max_playouts=23))
    assert race.playouts == 25 and race.worlds == 5  # a world is valued whole


def busy(seconds: float) -> None:
    end = time.thread_time() + seconds
    while time.thread_time() < end:
        pass


def test_the_clock_counts_cpu_seconds_of_the_deciding_thread() -> None:
    clock = Clock(0.05)
    time.sleep(0.1)  # waiting spends no budget
    assert not clock.expired()
    busy(0.06)
    assert clock.expired() and clock.spent() >= 0.05
    assert Clock(1.0).expired(step=2.0)  # a step that would overrun


def test_the_search_honours_a_budget_in_cpu_seconds() -> None:
    def value(_world: int, action: int) -> float:
        busy(0.005)
        return float(action)

    start = time.thread_time()
    race = search([1, 2, 3], scalar_parts(lambda rng: rng.random(), value), random.Random(0),
                  Clock(0.1), Plan(z=1.0))
    spent = time.thread_time() - start
    assert 0.07 <= spent < 0.12  # stopped before a world would overrun
    assert race.worlds >= 3 and all(len(v) == race.worlds for v in race.values.values())


def test_the_first_world_always_completes() -> None:
    def value(_world: int, action: int) -> float:
        busy(0.01)
        return float(action)

    race = search([1, 2, 3], scalar_parts(lambda rng: rng.random(), value), random.Random(0),
                  Clock(0.0), Plan(z=1.0))
    assert race.worlds == 1 and [len(race.values[a]) for a in (1, 2, 3)] == [1, 1, 1]
    assert race.ranked[0] == 3
