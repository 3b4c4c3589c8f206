"""How long a level takes to decide at its default budget: the CPU time of its
thread for every decision with a choice, over matches against club players.

    python -m tools.decision_times [--games scat,schnauz,schmier] [--level expert]
                                   [--matches 2] [--players 4] [--seed 1]

In each match (Scat and Schnauz with ``--players`` seats) one seat (rotating) is the
level under test, made exactly as a table makes it (no budget given: the level's own
default), and every other seat a club player. Prints per game the decisions timed
and their median, 90th percentile and worst CPU seconds: CPU time of the deciding
thread, so another process on the machine slows the run but not the figures.
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from collections.abc import Sequence
from typing import Any

import stammtisch
from stammtisch.bots.registry import make_bot

SEATED = ("scat", "schnauz")
"""The games whose number of players is an option."""


def decision_times(game: str, level: str, matches: int, seed: int,
                   players: int = 4) -> list[float]:
    """CPU seconds of each of ``level``'s decisions with a choice."""
    times: list[float] = []
    options: dict[str, Any] = {"num_players": players} if game in SEATED else {}
    for index in range(matches):
        match_seed = seed * 1_000_003 + index
        match = stammtisch.new_match(game, seed=match_seed, **options)
        me = index % match.num_players
        bots = [make_bot(game, level if seat == me else "club", match_seed, seat)
                for seat in range(match.num_players)]
        while (seat := match.to_act) is not None:
            view = match.view(seat)
            started = time.thread_time()
            action = bots[seat].choose(view)
            if seat == me and len(view["legal_actions"]) > 1:
                times.append(time.thread_time() - started)
            match.play(action)
    return times


def spread(times: Sequence[float]) -> str:
    """Median, 90th percentile and worst of ``times`` (seconds), as one phrase."""
    ordered = sorted(times)
    tenth = ordered[min(len(ordered) - 1, int(0.9 * len(ordered)))]
    return (f"median {statistics.median(ordered):.3f} s, 90% {tenth:.3f} s, "
            f"worst {ordered[-1]:.3f} s")


def summary(game: str, times: Sequence[float]) -> str:
    if not times:
        return f"{game:10s} no decision with a choice"
    return f"{game:10s} {len(times):5d} decisions: {spread(times)}"


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", default="scat,schnauz,schmier")
    parser.add_argument("--level", default="expert")
    parser.add_argument("--matches", type=int, default=2)
    parser.add_argument("--players", type=int, default=4)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args(argv)
    for game in args.games.split(","):
        times = decision_times(game, args.level, args.matches, args.seed, args.players)
        print(summary(game, times), flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
