"""Quick Schnapsen duels between two bot levels until the arena lands.

Every match seed is played twice with the seats swapped (the same deals, the
hands exchanged), so the luck of the deal cancels. Prints Bummerls won by the
first level with a 95% Wilson interval, and game points per deal.

    .venv/bin/python scripts/schnapsen_duel.py expert club --bummerls 100 --budget 0.1
"""

from __future__ import annotations

import argparse
import math
import sys
import time
from concurrent.futures import ProcessPoolExecutor

import stammtisch
import stammtisch.bots.schnapsen  # noqa: F401  (registers the levels)
from stammtisch.bots.registry import make_bot


def wilson(wins: float, n: int, z: float = 1.96) -> tuple[float, float]:
    if n == 0:
        return 0.0, 1.0
    p = wins / n
    centre = (p + z * z / (2 * n)) / (1 + z * z / n)
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / (1 + z * z / n)
    return centre - half, centre + half


def play(args: tuple[str, str, int, int, float | None]) -> tuple[int, int, int, int]:
    """One match; returns (first level won, its game points, other's game points, deals)."""
    first, second, seed, first_seat, budget = args
    match = stammtisch.new_match("schnapsen", seed=seed)
    levels = {first_seat: first, 1 - first_seat: second}
    bots = {seat: make_bot("schnapsen", levels[seat], seed, seat, budget) for seat in (0, 1)}
    while match.to_act is not None:
        seat = match.to_act
        match.play(bots[seat].choose(match.view(seat)))
    result = match.result
    assert result is not None
    points = result["game_points"]
    return (int(result["winner"] == first_seat), points[first_seat], points[1 - first_seat],
            result["deals"])


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("first")
    parser.add_argument("second")
    parser.add_argument("--bummerls", type=int, default=100, help="matches, an even number")
    parser.add_argument("--budget", type=float, default=None)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--jobs", type=int, default=1)
    args = parser.parse_args()
    tasks = [(args.first, args.second, args.seed * 100_000 + i // 2, i % 2, args.budget)
             for i in range(args.bummerls)]
    start = time.perf_counter()
    with ProcessPoolExecutor(args.jobs) as pool:
        results = list(pool.map(play, tasks))
    wins = sum(r[0] for r in results)
    low, high = wilson(wins, len(results))
    deals = sum(r[3] for r in results)
    share = wins / len(results)
    mine = sum(r[1] for r in results) / deals
    theirs = sum(r[2] for r in results) / deals
    sys.stdout.write(
        f"{args.first} vs {args.second}, budget {args.budget}: {wins}/{len(results)} Bummerls "
        f"= {share:.1%} [95% {low:.1%}, {high:.1%}]; game points per deal {mine:.3f} vs "
        f"{theirs:.3f} ({time.perf_counter() - start:.0f} s)\n")

if __name__ == "__main__":
    main()
