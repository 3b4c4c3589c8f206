"""What the Schnapsen expert's information-set searches cost where they run: worlds per
decision and CPU seconds at one budget, and how often each chooses otherwise than the
expert.

    python -m tools.infoset_cost [--positions 60] [--budget 0.2] [--seed 1]

Positions are the decisions with a choice where the tree search runs (epimc.runs_here),
collected from matches of the expert against itself at 0.01 s. At each, the expert,
``expert-epimc`` and ``expert-pv`` decide on the same view with the same budget and the
early stop on (as at a table); printed per level: the median worlds, the median and
worst CPU seconds, and the decisions whose move differs from the expert's.
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time

import stammtisch
from stammtisch.bots.schnapsen.epimc import EpimcBot, runs_here
from stammtisch.bots.schnapsen.players import ExpertBot
from stammtisch.bots.schnapsen.pvpimc import PresumedBot
from stammtisch.bots.schnapsen.seen import read_view
from stammtisch.games.schnapsen_types import SchnapsenView, schnapsen_view

LEVELS: dict[str, type[ExpertBot]] = {
    "expert": ExpertBot, "expert-epimc": EpimcBot, "expert-pv": PresumedBot}


def positions(count: int, seed: int) -> list[SchnapsenView]:
    """``count`` views where the tree search runs, from quick expert matches."""
    found: list[SchnapsenView] = []
    index = 0
    while len(found) < count:
        match_seed = seed * 1_000_003 + index
        index += 1
        match = stammtisch.new_match("schnapsen", seed=match_seed)
        bots = [ExpertBot(match_seed + seat, 0.01) for seat in range(2)]
        while match.to_act is not None and len(found) < count:
            seat = match.to_act
            view = schnapsen_view(match.view(seat))
            if len(view["legal_actions"]) > 1 and runs_here(read_view(view)):
                found.append(view)
            match.play(bots[seat].choose(view))
    return found


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--positions", type=int, default=60)
    parser.add_argument("--budget", type=float, default=0.2)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args(argv)
    views = positions(args.positions, args.seed)
    worlds: dict[str, list[int]] = {name: [] for name in LEVELS}
    seconds: dict[str, list[float]] = {name: [] for name in LEVELS}
    differ = dict.fromkeys(LEVELS, 0)
    for number, view in enumerate(views):
        chosen = {}
        for name, level in LEVELS.items():
            bot = level(args.seed + number, args.budget)
            started = time.thread_time()
            chosen[name] = bot.choose(view)
            seconds[name].append(time.thread_time() - started)
            worlds[name].append(bot.worlds)
            differ[name] += chosen[name] != chosen["expert"]
        print(f"\rposition {number + 1}/{len(views)}", end="", file=sys.stderr)
    print(file=sys.stderr)
    print(f"{len(views)} positions, budget {args.budget} s")
    print("level          worlds (median)  CPU s median  CPU s worst  differs from expert")
    for name in LEVELS:
        print(f"{name:<14} {statistics.median(worlds[name]):>15.0f} "
              f"{statistics.median(seconds[name]):>13.3f} {max(seconds[name]):>12.3f} "
              f"{differ[name]:>8} of {len(views)}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
