"""Search for guided deals (server/lessons.py) whose coach's line gives the player the
decisions the game is about (bots/lesson_line.py counts them; the tests ask the same).

    .venv/bin/python tools/lesson_seeds.py schnauz \\
        --options '{"num_players": 3, "first_dealer": 0}' --seeds 1-200

A seed is first tried on a short budget, and kept only if the line holds on a half,
the coach's own and a double budget too (the expert stops on the clock, so a slower
machine sees a shorter search).
"""

from __future__ import annotations

import argparse
import json
from functools import partial

from stammtisch.bots.coach import COACH_BUDGET, lesson_advise
from stammtisch.bots.lesson_line import WANTED, count, play_line


def holds(game: str, seed: int, options: dict[str, object], budget: float) -> dict[str, int] | None:
    line = play_line(game, seed, options, "beginner", partial(lesson_advise, budget=budget))
    counted = count(line, game)
    ok = all(counted[key] >= least for key, least in WANTED[game].items())
    return counted if ok else None


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("game", choices=sorted(WANTED))
    parser.add_argument("--options", default="{}")
    parser.add_argument("--seeds", default="1-100")
    args = parser.parse_args()
    options = json.loads(args.options)
    first, last = (int(x) for x in args.seeds.split("-"))
    for seed in range(first, last + 1):
        if holds(args.game, seed, options, 0.15) is None:
            continue
        found = [holds(args.game, seed, options, COACH_BUDGET * f) for f in (0.5, 1, 2)]
        print(seed, "robust" if all(found) else "fragile", found, flush=True)


if __name__ == "__main__":
    main()
