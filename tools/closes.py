"""How often a Schnapsen level's closes fail, and how long its decisions take.

    python -m tools.closes [--level expert] [--against expert-2026] [--matches 40]
                           [--budget 0.2] [--seed 1] [option=value ...]

Plays ``--matches`` Bummerls of ``--level`` against ``--against``, the level in seat 0
and seat 1 in turn, under the given table options. For each side it counts the deals
it closed and the closes that failed (the closer did not reach 66: the opponent won
the deal, or nobody did), with a 95% Wilson interval; for ``--level`` it also gives
the CPU seconds of its decisions with a choice (median, 90th percentile, worst) and
the matches it won. Ctrl-C (or SIGTERM) stops early and reports the matches that
finished.
"""

from __future__ import annotations

import argparse
import signal
import sys
import time
from dataclasses import dataclass, field
from types import FrameType
from typing import Any

import stammtisch
from stammtisch.bots.registry import make_bot
from tools.calibration import wilson
from tools.decision_times import spread


@dataclass
class Side:
    """One level's tally over the run."""

    closes: int = 0
    failed: int = 0
    matches: int = 0
    won: int = 0
    seconds: list[float] = field(default_factory=list)

    def add(self, other: Side) -> None:
        self.closes += other.closes
        self.failed += other.failed
        self.matches += other.matches
        self.won += other.won
        self.seconds += other.seconds

    def close_line(self, name: str) -> str:
        if not self.closes:
            return f"{name}: no closes"
        low, high = wilson(self.failed, self.closes)
        return (f"{name}: {self.closes} closes, {self.failed} failed = "
                f"{self.failed / self.closes:.1%} [{low:.1%}, {high:.1%}]")


def parse_options(pairs: list[str]) -> dict[str, Any]:
    """``key=value`` words as table options (ints and booleans read as such)."""
    options: dict[str, Any] = {}
    for pair in pairs:
        key, sep, text = pair.partition("=")
        if not sep or not key:
            raise SystemExit(f"an option is key=value, not {pair!r}")
        value: Any = text
        if text.lower() in ("true", "false"):
            value = text.lower() == "true"
        elif text.lstrip("-").isdigit():
            value = int(text)
        options[key] = value
    return options


def play(level: str, against: str, matches: int, budget: float, seed: int,
         options: dict[str, Any]) -> tuple[Side, Side]:
    """The tallies of ``level`` and ``against`` over ``matches`` Bummerls (the ones
    that finished, when interrupted)."""
    totals = (Side(), Side())
    try:
        for index in range(matches):
            for total, side in zip(totals, _match(level, against, index, budget, seed,
                                                  options), strict=True):
                total.add(side)
            print(f"\rmatch {index + 1}/{matches}", end="", file=sys.stderr)
    except KeyboardInterrupt:
        print("\ninterrupted: the finished matches", end="", file=sys.stderr)
    print(file=sys.stderr)
    return totals


def _match(level: str, against: str, index: int, budget: float, seed: int,
           options: dict[str, Any]) -> tuple[Side, Side]:
    """The tallies of one Bummerl, ``level`` in seat ``index % 2``."""
    sides = (Side(), Side())
    match_seed = seed * 1_000_003 + index
    me = index % 2
    match = stammtisch.new_match("schnapsen", seed=match_seed, **options)
    names = [level if seat == me else against for seat in range(2)]
    bots = [make_bot("schnapsen", names[seat], match_seed, seat, budget)
            for seat in range(2)]
    counted: set[int] = set()
    while match.to_act is not None:
        seat = match.to_act
        view = match.view(seat)
        started = time.thread_time()
        action = bots[seat].choose(view)
        if seat == me and len(view["legal_actions"]) > 1:
            sides[0].seconds.append(time.thread_time() - started)
        match.play(action)
        last = match.view(0)["last_deal"]
        if last is not None and last["deal"] not in counted:
            counted.add(last["deal"])
            closer = last["closer"]
            if closer is not None:
                side = sides[0 if closer == me else 1]
                side.closes += 1
                side.failed += last["winner"] != closer
    result = match.result
    for number, side in enumerate(sides):
        side.matches += 1
        seat = me if number == 0 else 1 - me
        side.won += result is not None and result["winner"] == seat
    return sides


def _stop(_signum: int, _frame: FrameType | None) -> None:
    raise KeyboardInterrupt


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--level", default="expert")
    parser.add_argument("--against", default="expert-2026")
    parser.add_argument("--matches", type=int, default=40)
    parser.add_argument("--budget", type=float, default=0.2)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("options", nargs="*", help="table options as key=value")
    args = parser.parse_args(argv)
    options = parse_options(args.options)
    signal.signal(signal.SIGTERM, _stop)
    mine, theirs = play(args.level, args.against, args.matches, args.budget, args.seed,
                        options)
    low, high = wilson(mine.won, mine.matches)
    if not mine.matches:
        print("no match finished")
        return 1
    print(f"{args.level} against {args.against}, {mine.matches} Bummerls, "
          f"{args.budget} s a decision, options {options or 'default'}")
    print(f"{args.level} won {mine.won}/{mine.matches} = {mine.won / mine.matches:.1%} "
          f"[{low:.1%}, {high:.1%}]")
    print(mine.close_line(args.level))
    print(theirs.close_line(args.against))
    if mine.seconds:
        print(f"{args.level} decisions with a choice: {len(mine.seconds)}; CPU time "
              f"{spread(mine.seconds)}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
