"""Random-play throughput of every registered game, on one core.

``python -m stammtisch.bench [--seconds S] [--games g1,g2] [--json FILE]``

Two paths per game: the public one (``Match.legal_actions()`` and
``Match.play()``, with legality checks, undo snapshots and events) and the fast
one bots use (``state.legal()`` and ``state.apply()`` on ints, no events).
Each runs whole matches with uniformly random legal actions until the time
budget is spent, and reports complete matches and actions per second.
Compare figures of one run with each other: the machines are shared and noisy.
"""

from __future__ import annotations

import argparse
import json
import random
import sys
import time
from collections.abc import Callable
from dataclasses import asdict, dataclass
from typing import Any

import stammtisch
from stammtisch.core.game import GameInfo
from stammtisch.core.options import resolve
from stammtisch.games import find_game

BENCH_PLAYERS = 4
"""Players at the table for games whose player count is an option."""


@dataclass(frozen=True)
class Figure:
    game: str
    path: str
    matches: int
    actions: int
    seconds: float

    @property
    def matches_per_second(self) -> float:
        return self.matches / self.seconds

    @property
    def actions_per_second(self) -> float:
        return self.actions / self.seconds

    @property
    def microseconds_per_action(self) -> float:
        return 1e6 * self.seconds / self.actions


def bench_options(info: GameInfo) -> dict[str, Any]:
    names = {spec.name for spec in info.options}
    return {"num_players": BENCH_PLAYERS} if "num_players" in names else {}


def _public_match(info: GameInfo, seed: int, rng: random.Random) -> int:
    match = stammtisch.new_match(info.name, seed=seed, **bench_options(info))
    played = 0
    while match.to_act is not None:
        match.play(rng.choice(match.legal_actions()))
        played += 1
    return played


def _fast_match(info: GameInfo, seed: int, rng: random.Random) -> int:
    state = info.new_state(
        resolve(info.name, info.options, bench_options(info)), seed, ())
    state.events = None
    played = 0
    choice = rng.choice
    while state.to_act >= 0:
        state.apply(choice(state.legal()))
        played += 1
    return played


def measure(info: GameInfo, path: str, seconds: float) -> Figure:
    run: Callable[[GameInfo, int, random.Random], int] = (
        _public_match if path == "public" else _fast_match)
    rng = random.Random(12345)
    matches = actions = 0
    start = time.perf_counter()
    elapsed = 0.0
    while elapsed < seconds or matches == 0:
        actions += run(info, matches, rng)
        matches += 1
        elapsed = time.perf_counter() - start
    return Figure(info.name, path, matches, actions, elapsed)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="stammtisch-bench", description=__doc__.split("\n")[0])
    parser.add_argument("--seconds", type=float, default=3.0, help="budget per game and path")
    parser.add_argument("--games", default="", help="comma-separated games (default: all)")
    parser.add_argument("--json", default="", help="also write the figures to this file")
    args = parser.parse_args(argv)
    chosen = [g for g in args.games.split(",") if g] or [g.name for g in stammtisch.games()]
    figures = []
    print(f"{'game':<10} {'path':<7} {'matches/s':>10} {'actions/s':>11} {'µs/action':>10}"
          f" {'actions/match':>14}")
    for name in chosen:
        info = find_game(name)
        for path in ("public", "fast"):
            figure = measure(info, path, args.seconds)
            figures.append(figure)
            print(f"{figure.game:<10} {figure.path:<7} {figure.matches_per_second:>10.1f}"
                  f" {figure.actions_per_second:>11.0f} {figure.microseconds_per_action:>10.2f}"
                  f" {figure.actions / figure.matches:>14.1f}")
            sys.stdout.flush()
    if args.json:
        with open(args.json, "w", encoding="utf-8") as out:
            json.dump([asdict(f) | {"matches_per_second": f.matches_per_second,
                                    "actions_per_second": f.actions_per_second}
                       for f in figures], out, indent=2)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
