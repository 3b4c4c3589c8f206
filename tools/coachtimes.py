"""How long the lesson coach takes to answer: every advice of the four guided deals.

    python -m tools.coachtimes [--games schnapsen,schmier] [--repeat 1] [--json OUT]

Each game's lesson (server/lessons.py: its seed, options and computer players) is
played along the coach's line (bots/lesson_line.py), and every advice the player is
given is worked out as the server does: :func:`stammtisch.bots.coach.lesson_advise` at
its default budget, in the worker process hints and the coach share (spawned here as
there), one after the other. For each advice the report gives the CPU seconds of the
worker (Linux's /proc; its interpreter's start and imports are reported apart, as the
``cold`` start the first advice of a fresh server pays) and the wall seconds from the
question to the answer. The budget is CPU time, so on one idle core the wall time is
about the CPU time; on a shared machine run it under ``nice -n 19`` and read the CPU.
"""

from __future__ import annotations

import argparse
import functools
import json
import multiprocessing
import statistics
import sys
import time
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path
from typing import Any

from tools.reviewbench import _cpu_of

TARGET = 1.0
"""Seconds within which the coach should answer on one idle core."""


def _warm() -> None:
    """What the worker imports before its first advice."""
    import stammtisch.bots.coach  # noqa: F401


def _line(game: str) -> list[dict[str, Any]]:
    """The player's views along the coach's line through the lesson's first deal."""
    from stammtisch.bots.coach import lesson_advise
    from stammtisch.bots.lesson_line import play_line
    from stammtisch.server.lessons import LESSONS

    lesson = LESSONS[game]
    views: list[dict[str, Any]] = []

    def adviser(game_name: str, view: dict[str, Any]) -> dict[str, Any] | None:
        views.append(view)
        return lesson_advise(game_name, view, budget=0.05)

    play_line(game, lesson.seed, lesson.options, lesson.opponents, adviser)
    return views


def measure(games: list[str], repeat: int) -> dict[str, Any]:
    from stammtisch.bots.coach import COACH_BUDGET, lesson_advise
    from stammtisch.server.coaching import ANSWER_WITHIN, COLD_START

    pool = ProcessPoolExecutor(max_workers=1, mp_context=multiprocessing.get_context("spawn"))
    try:
        started = time.perf_counter()
        pool.submit(_warm).result()
        figures: dict[str, Any] = {"cold": {"cpu": round(_cpu_of(pool), 2),
                                            "wall": round(time.perf_counter() - started, 2)}}
        first = _line(games[0])[0]
        for name, budget in (("first_before", COACH_BUDGET),
                             ("first_after", max(0.1, ANSWER_WITHIN - COLD_START))):
            before = _cpu_of(pool)
            pool.submit(functools.partial(lesson_advise, budget=budget), games[0],
                        first).result()
            figures[name] = {"budget": budget, "game": games[0],
                             "cpu": round(figures["cold"]["cpu"] + _cpu_of(pool) - before, 2)}
        for game in games:
            views = [view for view in _line(game) if len(view["legal_actions"]) > 1]
            cpu: list[float] = []
            wall: list[float] = []
            for _ in range(repeat):
                for view in views:
                    before, started = _cpu_of(pool), time.perf_counter()
                    pool.submit(lesson_advise, game, view).result()
                    wall.append(time.perf_counter() - started)
                    cpu.append(_cpu_of(pool) - before)
            figures[game] = {"advice": len(cpu), "cpu": _spread(cpu), "wall": _spread(wall)}
    finally:
        pool.shutdown()
    return figures


def _spread(values: list[float]) -> dict[str, float]:
    ordered = sorted(values)
    return {"median": round(statistics.median(ordered), 3),
            "p90": round(ordered[int(0.9 * (len(ordered) - 1))], 3),
            "worst": round(ordered[-1], 3)}


def lines(figures: dict[str, Any]) -> list[str]:
    cold = figures["cold"]
    out = [f"coach worker's cold start (spawn and imports): {cold['cpu']:.2f} CPU s "
           f"({cold['wall']:.2f} s wall)"]
    for name, when in (("first_before", "before"), ("first_after", "after")):
        f = figures[name]
        out.append(f"first advice of a fresh server, {when} (the start, then {f['game']}'s "
                   f"first advice at {f['budget']:g} s): {f['cpu']:.2f} CPU s (target "
                   f"{TARGET:g} s: {'met' if f['cpu'] <= TARGET else 'NOT met'})")
    for game, f in figures.items():
        if game in ("cold", "first_before", "first_after"):
            continue
        c, w = f["cpu"], f["wall"]
        out.append(f"{game:9} {f['advice']:3} advice: CPU median {c['median']:.2f} s, p90 "
                   f"{c['p90']:.2f}, worst {c['worst']:.2f} (target {TARGET:g} s: "
                   f"{'met' if c['worst'] <= TARGET else 'NOT met'}); wall median "
                   f"{w['median']:.2f}, worst {w['worst']:.2f}")
    return out


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="coachtimes", description=__doc__.split("\n")[0])
    parser.add_argument("--games", default="schnauz,scat,schnapsen,schmier")
    parser.add_argument("--repeat", type=int, default=1)
    parser.add_argument("--json", default="", metavar="OUT")
    args = parser.parse_args(argv)
    figures = measure(args.games.split(","), args.repeat)
    print("\n".join(lines(figures)))
    if args.json:
        Path(args.json).write_text(json.dumps(figures, indent=2), encoding="utf-8")
    return 0


if __name__ == "__main__":
    sys.exit(main())
