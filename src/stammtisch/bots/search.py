"""The experts' search, one loop for every game: determinized Monte Carlo.

Method: a *world* is one complete deal consistent with what the seat saw, sampled
by the game. In every world each action still in the race is valued (the game
plays it and finishes the deal, or solves it), all of them on the same world
(common random numbers), so two actions are compared by their paired
differences. The club's move (``default``) stays in the race and stays first
unless the best action beats it by ``Plan.z`` standard errors of the paired
difference (:func:`beats`): a small search cannot tell close moves apart, and
then the rules decide. With ``Plan.halving_from`` the worse half of the race
drops out after that many worlds, and again after twice, four times as many
(successive halving), so close choices get the worlds. With ``Plan.early_stop``
the search ends once the leader beats every other action clearly.

A game supplies only what differs (:class:`Parts`): how to sample a world, how
to value an action in it, and how a list of values ranks. The budget is seconds
of one core (:class:`Clock`); the first world always completes, a later one the
clock interrupts is dropped.

Known weaknesses: only the first action is searched (everything after it is the
game's play-out or solver), and every world is weighted alike.
"""

from __future__ import annotations

import math
import random
import time
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, Generic, TypeVar

World = TypeVar("World")
Value = TypeVar("Value")


class Clock:
    """A decision's budget in seconds of one core: the CPU time of the deciding
    thread, so other threads and processes on the machine do not eat it.
    ``expired()`` once ``seconds`` are spent, or (``step`` given) once a further
    step of that length would overrun."""

    def __init__(self, seconds: float) -> None:
        self.started = time.thread_time()
        self.deadline = self.started + seconds

    def spent(self) -> float:
        return time.thread_time() - self.started

    def expired(self, step: float = 0.0) -> bool:
        return time.thread_time() + step >= self.deadline


def seeded(seed: int, view: Mapping[str, Any]) -> random.Random:
    """The generator for one decision: the same seed and view give the same choice,
    whatever was asked before (hints do not change later play)."""
    return random.Random(f"{seed}/{view!r}")


def mean(values: Sequence[float]) -> float:
    return sum(values) / len(values)


def beats(diffs: Sequence[float], z: float) -> bool:
    """The paired test: whether the mean of ``diffs`` (one action's value less
    another's, world by world) is above zero by more than ``z`` standard errors."""
    n = len(diffs)
    if n < 2:
        return False
    average = sum(diffs) / n
    spread = sum((x - average) ** 2 for x in diffs) / (n - 1)
    return average > z * math.sqrt(spread / n)


@dataclass(frozen=True)
class EarlyStop:
    """Stop once the leader beats every other action by ``z`` standard errors (an
    action worth exactly the same in every world so far counts as beaten), tested
    after ``first`` worlds and then every ``every`` worlds."""

    first: int
    every: int
    z: float


@dataclass(frozen=True)
class Plan:
    """How much to search and how sure to be; the games differ only here."""

    z: float
    """Standard errors by which the best action must beat the default to replace it."""
    halving_from: int | None = None
    """Worlds before the first halving of the race (then twice as many; None: none)."""
    early_stop: EarlyStop | None = None
    max_worlds: int | None = None
    max_playouts: int | None = None
    """Action valuations at most (the sum of the race's size over the worlds)."""


def _mean_key(values: Sequence[float]) -> tuple[float, ...]:
    return (mean(values),)


@dataclass(frozen=True)
class Parts(Generic[World, Value]):
    """What a game supplies: ``sample(rng)`` a world, ``value(world, action)`` an
    action's value in it, ``rank(values)`` the key that orders actions by their
    values over the worlds (larger is better), ``score(value)`` the number the
    paired test compares."""

    sample: Callable[[random.Random], World]
    value: Callable[[World, int], Value]
    rank: Callable[[Sequence[Value]], tuple[float, ...]]
    score: Callable[[Value], float]


def scalar_parts(sample: Callable[[random.Random], World],
                 value: Callable[[World, int], float]) -> Parts[World, float]:
    """Parts for a game whose value is a number and whose actions rank by its mean."""
    return Parts(sample, value, _mean_key, float)


@dataclass
class Race(Generic[Value]):
    """The search's answer: every action, best first (the race's survivors, then the
    actions it dropped, the latest dropped first), with its values world by world."""

    ranked: list[int]
    values: dict[int, list[Value]]
    worlds: int = 0
    playouts: int = field(default=0)


def search(actions: Sequence[int], parts: Parts[World, Value], rng: random.Random,
           clock: Clock, plan: Plan, default: int | None = None) -> Race[Value]:
    """Every action of ``actions`` ranked by the worlds sampled within ``clock`` and
    ``plan``; ``default`` (the club's move) first unless an action beats it."""
    racing = list(actions)
    values: dict[int, list[Value]] = {a: [] for a in actions}
    dropped: list[int] = []
    worlds = playouts = 0
    next_cut = plan.halving_from
    per_world = 0.0

    def key(action: int) -> tuple[float, ...]:
        return parts.rank(values[action])

    def more(count: int, cap: int | None) -> bool:
        return cap is None or count < cap

    while worlds == 0 or (more(worlds, plan.max_worlds) and more(playouts, plan.max_playouts)
                          and not clock.expired(per_world)):
        world = parts.sample(rng)
        found: list[Value] = []
        for action in racing:
            if worlds and clock.expired():
                break
            found.append(parts.value(world, action))
        if len(found) < len(racing):
            break  # out of time within a world: that world is dropped
        for action, value in zip(racing, found, strict=True):
            values[action].append(value)
        worlds += 1
        playouts += len(racing)
        per_world = clock.spent() / worlds
        if worlds == next_cut and len(racing) > 2:
            racing.sort(key=lambda a: (a == default, key(a)), reverse=True)
            keep = max(2, (len(racing) + 1) // 2)
            dropped = racing[keep:] + dropped
            racing = racing[:keep]
            next_cut *= 2
        stop = plan.early_stop
        if (stop is not None and worlds >= stop.first and worlds % stop.every == 0
                and _clear(racing, values, key, parts.score, stop.z)):
            break
    racing.sort(key=key, reverse=True)
    if (default in racing and racing[0] != default
            and not beats(_diffs(values[racing[0]], values[default], parts.score), plan.z)):
        racing.remove(default)
        racing.insert(0, default)
    return Race(racing + dropped, values, worlds, playouts)


def _diffs(best: Sequence[Value], other: Sequence[Value],
           score: Callable[[Value], float]) -> list[float]:
    return [score(b) - score(o) for b, o in zip(best, other, strict=True)]


def separated(leader: Sequence[float], others: Iterable[Sequence[float]], z: float) -> bool:
    """Whether the action scored ``leader`` (world by world) beats each of ``others``
    (scored on the same worlds) by ``z`` standard errors of the paired difference, or
    is worth exactly the same as it in every world."""
    for other in others:
        margins = [a - b for a, b in zip(leader, other, strict=True)]
        if any(margins) and not beats(margins, z):
            return False
    return True


def _clear(racing: list[int], values: dict[int, list[Value]],
           key: Callable[[int], tuple[float, ...]], score: Callable[[Value], float],
           z: float) -> bool:
    """Whether the leader of ``racing`` is :func:`separated` from the rest."""
    leader = sorted(racing, key=key, reverse=True)[0]
    scores = {a: [score(v) for v in values[a]] for a in racing}
    return separated(scores[leader], (scores[a] for a in racing if a != leader), z)


__all__ = ["Clock", "EarlyStop", "Parts", "Plan", "Race", "beats", "mean", "scalar_parts",
           "search", "seeded", "separated"]
