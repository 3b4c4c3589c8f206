"""How soon a finished match's review is seen: the server's review path timed deal by deal.

    python -m tools.reviewbench [FILE] [--seat S] [--json OUT] [--only before|after]

The record in FILE (default: the 7-point Schnapsen Bummerl of tests/data) is stored
as a finished match in a fresh SQLite database, and its review is begun as the end of
a match begins it (server/reviews.py's ``Reviews.begin``), in the spawned worker
process the server uses. The page's polling is played by asking the review's status
every :data:`POLL` seconds; each deal counts as seen when the first answer holding it
judged comes back.

Two runs, one after the other in this process, so that the machine's load is the same
for both as nearly as can be:

- ``before``: the expert as reviews used it before issue 44 (every decision thought
  about for the whole budget, :func:`stammtisch.bots.analysis.rank`); its deals
  were seen only with the whole review, so its "seen" times are the end's.
- ``after``: bots/review.py's :func:`~stammtisch.bots.review.rank` (Schnapsen's expert
  stops once its best action is clear), each deal served as soon as it is judged.

Each run reports the wall seconds from the match's end to each deal seen and to the
whole review, the largest gap between two deals, and the CPU seconds of the worker
(its process, the interpreter's start and imports included) and of this process (the
server's part). On a busy machine the wall time stretches but the CPU time does not:
the expert's budget is CPU time, so on one idle core the wall time is about the sum of
the two CPU figures. Run it under ``nice -n 19`` on a shared machine.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import multiprocessing
import os
import sys
import tempfile
import time
from collections.abc import Callable, Sequence
from concurrent.futures import Executor, ProcessPoolExecutor
from pathlib import Path
from typing import Any

DEFAULT_FILE = "tests/data/schnapsen-bummerl-5-6.json"
POLL = 0.3
"""Seconds between two status requests, as the review page polls (web/js/review.js)."""
TARGET_WALL = 10.0
TARGET_GAP = 2.0


def _whole_budget(game: str, view: dict[str, Any], *, seed: int = 0,
                  budget: float | None = None,
                  played: str | None = None,  # noqa: ARG001 - a review's ranker is told it
                  ) -> list[tuple[str, float]] | None:
    """A review's ranking as before issue 44: as a hint's, on the whole budget."""
    from stammtisch.bots import analysis

    return analysis.rank(game, view, seed=seed, budget=budget)


def _old_expert() -> None:
    """The worker's initializer of the ``before`` run: reviews rank as hints do."""
    from stammtisch.bots import review

    review.rank = _whole_budget


def _pool(old: bool) -> Callable[[], Executor]:
    def make() -> Executor:
        return ProcessPoolExecutor(max_workers=1,
                                   mp_context=multiprocessing.get_context("spawn"),
                                   initializer=_old_expert if old else None)
    return make


def _stored(store: Any, record: dict[str, Any], result: Any, table_id: str) -> None:
    seats = [{"kind": "human", "name": "A"}, {"kind": "bot", "level": "expert"}]
    store.create(table_id, record["game"], seats, {**record, "actions": []})
    store.save(table_id, record, result, 1)


def _cpu_of(pool: Executor | None) -> float:
    """The CPU seconds the worker processes of ``pool`` have used so far (Linux's
    /proc; 0 elsewhere)."""
    processes = getattr(pool, "_processes", None) or {}
    total = 0.0
    for pid in processes:
        try:
            fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
        except OSError:
            continue
        total += (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")
    return total


def _deals_seen(answer: dict[str, Any]) -> set[int]:
    review = answer.get("review") or {}
    return {deal["deal"] for deal in review.get("deals", [])
            if deal["decisions"] and not deal.get("pending")}


async def _run(store: Any, table_id: str, seat: int, old: bool) -> dict[str, Any]:
    from stammtisch.server.reviews import Reviews

    reviews = Reviews(pool=_pool(old))
    seen: dict[int, float] = {}
    seen_cpu: dict[int, float] = {}
    cpu, wall = time.process_time(), time.perf_counter()
    reviews.begin(store, table_id, [seat])
    try:
        while True:
            await asyncio.sleep(POLL)
            try:
                answer = await reviews.status(store, table_id, seat, "")
            except Exception as error:  # noqa: BLE001 - not begun yet: a 404 to the page
                if getattr(error, "status", None) != 404:
                    raise
                continue
            now = round(time.perf_counter() - wall, 2)
            spent = round(_cpu_of(reviews._pool) + time.process_time() - cpu, 2)
            for deal in sorted(_deals_seen(answer) - set(seen)):
                seen[deal], seen_cpu[deal] = now, spent
            if answer["status"] == "done":
                break
        if reviews._pool is None:
            raise RuntimeError("the review ran without its worker")
        worker_cpu = await asyncio.wrap_future(reviews._pool.submit(time.process_time))
    finally:
        reviews.close()
    done = answer["review"]
    times = [seen[deal] for deal in sorted(seen)]
    cpu_times = [seen_cpu[deal] for deal in sorted(seen)]
    if old:  # the page had nothing before the whole review
        times = [now for _ in times]
        cpu_times = [spent for _ in times]
    gaps = [b - a for a, b in zip([0.0, *times], times, strict=False)]
    cpu_gaps = [b - a for a, b in zip([0.0, *cpu_times], cpu_times, strict=False)]
    return {"expert": "whole budget (before)" if old else "until clear (after)",
            "decisions": len(done["decisions"]), "deals": len(times),
            "mistakes": sum(1 for d in done["decisions"] if d["mistake"]),
            "wall_seconds": now, "deal_seen": times, "largest_gap": round(max(gaps), 2),
            "deal_seen_cpu": cpu_times, "largest_cpu_gap": round(max(cpu_gaps), 2),
            "worker_cpu_seconds": round(worker_cpu, 2),
            "server_cpu_seconds": round(time.process_time() - cpu, 2)}


def measure(path: str, seat: int, runs: Sequence[str]) -> dict[str, Any]:
    from stammtisch.server.store import Store

    data = json.loads(Path(path).read_text(encoding="utf-8"))
    record = data.get("record", data)
    figures: dict[str, Any] = {"file": path, "seat": seat}
    with tempfile.TemporaryDirectory() as folder:
        store = Store(f"sqlite:///{Path(folder) / 'reviewbench.db'}")
        try:
            for run in runs:
                table_id = f"bench-{run}"
                _stored(store, record, data.get("result"), table_id)
                figures[run] = asyncio.run(_run(store, table_id, seat, run == "before"))
        finally:
            store.dispose()
    return figures


def lines(figures: dict[str, Any]) -> list[str]:
    out = [f"review of {figures['file']}, seat {figures['seat']}:"]
    for run in ("before", "after"):
        if run not in figures:
            continue
        f = figures[run]
        idle = f["worker_cpu_seconds"] + f["server_cpu_seconds"]
        met = "met" if idle <= TARGET_WALL and f["largest_cpu_gap"] <= TARGET_GAP \
            else "NOT met"
        out += [
            f"  {run}, {f['expert']}: {f['decisions']} decisions in {f['deals']} deals, "
            f"{f['mistakes']} mistakes",
            f"    wall: done after {f['wall_seconds']:.1f} s, deals seen at "
            f"{', '.join(f'{t:.1f}' for t in f['deal_seen'])} s "
            f"(largest gap {f['largest_gap']:.1f} s)",
            f"    CPU: {f['worker_cpu_seconds']:.1f} s worker + {f['server_cpu_seconds']:.1f} s "
            f"server = {idle:.1f} s, deals seen at "
            f"{', '.join(f'{t:.1f}' for t in f['deal_seen_cpu'])} s "
            f"(largest gap {f['largest_cpu_gap']:.1f} s)",
            f"    on one idle core (CPU time): target {TARGET_WALL:g} s, each deal within "
            f"{TARGET_GAP:g} s of the one before: {met}"]
    return out


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="reviewbench", description=__doc__.split("\n")[0])
    parser.add_argument("file", nargs="?", default=DEFAULT_FILE)
    parser.add_argument("--seat", type=int, default=0)
    parser.add_argument("--only", choices=("before", "after"))
    parser.add_argument("--json", default="", metavar="OUT")
    args = parser.parse_args(argv)
    runs = [args.only] if args.only else ["before", "after"]
    figures = measure(args.file, args.seat, runs)
    print("\n".join(lines(figures)))
    if args.json:
        Path(args.json).write_text(json.dumps(figures, indent=2), encoding="utf-8")
    return 0


if __name__ == "__main__":
    sys.exit(main())
