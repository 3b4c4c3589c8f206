"""Whether a level's ``analyze`` values can be trusted: its estimated chance to win the
match, against how often matches from such positions were won (a reliability table).

    python -m tools.calibration [--game schnapsen] [--level expert] [--against club]
                                [--matches 100] [--budget 0.2] [--seed 1]

The level under test plays every match against ``--against``, in seat 0 and seat 1 in
turn. At each of its decisions with a choice it plays the first action of its own
``analyze(view)`` and that action's value (its chance to win the match) is kept with
the match's outcome, and the CPU time of its thread for the decision. Estimates are
grouped in tenths; each row gives the decisions in it, their mean estimate, the share
of them whose match was won and a 95% Wilson interval of that share. Decisions of one
match share its outcome, so the intervals are narrower than the evidence: read a row
as off only when it is off by far more.
"""

from __future__ import annotations

import argparse
import math
import sys
import time
from collections.abc import Sequence
from dataclasses import dataclass

import stammtisch
from stammtisch.bots.registry import make_bot
from tools.decision_times import spread

BINS = 10


@dataclass(frozen=True)
class Row:
    low: float
    count: int
    estimate: float
    won: float
    interval: tuple[float, float]


def wilson(wins: int, count: int, z: float = 1.96) -> tuple[float, float]:
    if not count:
        return (0.0, 1.0)
    share = wins / count
    centre = (share + z * z / (2 * count)) / (1 + z * z / count)
    half = z * math.sqrt(share * (1 - share) / count + z * z / (4 * count * count)) \
        / (1 + z * z / count)
    return (max(0.0, centre - half), min(1.0, centre + half))


def collect(game: str, level: str, against: str, matches: int, budget: float,
            seed: int, times: list[float] | None = None) -> list[tuple[float, bool]]:
    """(estimate, match won) for every decision with a choice of ``level``; each
    decision's CPU seconds appended to ``times`` if given."""
    found: list[tuple[float, bool]] = []
    for index in range(matches):
        match_seed = seed * 1_000_003 + index
        me = index % 2
        match = stammtisch.new_match(game, seed=match_seed)
        bots = [make_bot(game, level if seat == me else against, match_seed, seat, budget)
                for seat in range(match.num_players)]
        analyze = getattr(bots[me], "analyze", None)
        if analyze is None:
            raise SystemExit(f"{level} has no analyze(): nothing to calibrate")
        estimates: list[float] = []
        while match.to_act is not None:
            seat = match.to_act
            view = match.view(seat)
            if seat == me and len(view["legal_actions"]) > 1:
                started = time.thread_time()
                action, value = analyze(view)[0]
                if times is not None:
                    times.append(time.thread_time() - started)
                estimates.append(value)
            else:
                action = bots[seat].choose(view)
            match.play(action)
        result = match.result
        won = result is not None and result["winner"] == me
        found += [(estimate, won) for estimate in estimates]
        print(f"\rmatch {index + 1}/{matches}", end="", file=sys.stderr)
    print(file=sys.stderr)
    return found


def table(found: Sequence[tuple[float, bool]]) -> list[Row]:
    rows = []
    for k in range(BINS):
        low, high = k / BINS, (k + 1) / BINS
        inside = [(e, w) for e, w in found if low <= e < high or (k == BINS - 1 and e == 1.0)]
        if not inside:
            continue
        wins = sum(w for _, w in inside)
        rows.append(Row(low, len(inside), sum(e for e, _ in inside) / len(inside),
                        wins / len(inside), wilson(wins, len(inside))))
    return rows


def brier(found: Sequence[tuple[float, bool]]) -> float:
    return sum((e - w) ** 2 for e, w in found) / len(found)


def lines(found: Sequence[tuple[float, bool]]) -> list[str]:
    out = ["estimate   decisions  mean estimate  won    95% interval"]
    for row in table(found):
        out.append(f"{row.low:.1f}-{row.low + 1 / BINS:.1f}  {row.count:9d}  "
                   f"{row.estimate:13.3f}  {row.won:.3f}  "
                   f"{row.interval[0]:.3f}-{row.interval[1]:.3f}")
    gap = sum(r.count * abs(r.estimate - r.won) for r in table(found)) / len(found)
    out.append(f"{len(found)} decisions; Brier score {brier(found):.4f}; "
               f"mean gap between estimate and share won {gap:.3f}")
    return out


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--game", default="schnapsen")
    parser.add_argument("--level", default="expert")
    parser.add_argument("--against", default="club")
    parser.add_argument("--matches", type=int, default=100)
    parser.add_argument("--budget", type=float, default=0.2)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args(argv)
    times: list[float] = []
    found = collect(args.game, args.level, args.against, args.matches, args.budget,
                    args.seed, times)
    if not found:
        print("no decisions with a choice were played")
        return 1
    print(f"{args.level} against {args.against}, {args.matches} matches of {args.game}, "
          f"{args.budget} s a decision")
    print("\n".join(lines(found)))
    print(f"time per decision (CPU of its thread): {spread(times)}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
