"""One arena run from settings to files: schedule, play, summarise, print, write.

The files go to ``out`` as ``<game>-<lineup>-seed<S>.json`` and ``.png``; the
table goes to ``stdout``, progress and notes to ``stderr``. With ``records``, each
match's record is saved in that directory, and ``index.json`` there names the levels
in each match's seats and its result. Interrupted (Ctrl-C, or a ``kill``'s SIGTERM),
it reports and writes the matches that finished, says so, and exits with status 130.
"""

from __future__ import annotations

import json
import os
import signal
import sys
import threading
import time
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from pathlib import Path
from types import FrameType
from typing import Any, TextIO

from stammtisch.arena.lineup import ArenaError, read_lineup
from stammtisch.arena.progress import Progress
from stammtisch.arena.report import (
    file_stem,
    metric_of,
    results_json,
    table_lines,
    write_files,
)
from stammtisch.arena.runner import Executor, Outcome, Played, Table, record_name, run_matches
from stammtisch.arena.schedule import MatchPlan, rounded_matches, schedule
from stammtisch.arena.summary import incomplete_groups, summarize

DEFAULT_MAX_DEALS = 1000
INTERRUPTED = 130
"""The exit status of an interrupted run (the shell's for Ctrl-C)."""
DEFAULT_OUT = "arena-results"


@dataclass
class ArenaConfig:
    game: str
    players: str
    matches: int
    jobs: int = field(default_factory=lambda: os.cpu_count() or 1)
    seed: int = 1
    budget: float | None = None
    out: str = DEFAULT_OUT
    max_deals: int = DEFAULT_MAX_DEALS
    options: dict[str, Any] = field(default_factory=dict)
    ray: str | None = None
    """Play on Ray: a cluster's address, ``auto``, or ``""`` for a local cluster of
    ``jobs`` CPUs started for the run; ``None``: in local processes."""
    records: str | None = None
    """A directory for each match's record (made if missing); ``None``: none saved."""


def run_problem(matches: int, jobs: int, budget: float | None, max_deals: int) -> str | None:
    """What is wrong with a run's --matches, --jobs, --budget and --max-deals (the arena's
    and the ratings' calibration alike), or None."""
    if matches < 1:
        return f"--matches must be at least 1, not {matches}"
    if jobs < 1:
        return f"--jobs must be at least 1, not {jobs}"
    if budget is not None and not budget > 0:
        return f"--budget must be a positive number of seconds, not {budget}"
    if max_deals < 1:
        return f"--max-deals must be at least 1, not {max_deals}"
    return None


def check(config: ArenaConfig) -> None:
    problem = run_problem(config.matches, config.jobs, config.budget, config.max_deals)
    if problem is not None:
        raise ArenaError(problem)
    if config.ray is not None and "=" in config.ray:
        raise ArenaError(f"--ray {config.ray}: that is a game option, not a Ray address; "
                         "write the options before --ray, or --ray=ADDRESS")


def run_arena(config: ArenaConfig, stdout: TextIO | None = None,
              stderr: TextIO | None = None) -> int:
    """Play the arena of ``config``; returns the exit status (0, or ``INTERRUPTED``)."""
    out, err = stdout or sys.stdout, stderr or sys.stderr
    check(config)
    lineup = read_lineup(config.game, config.players, config.options)
    count = rounded_matches(lineup, config.matches)
    if count != config.matches:
        err.write(f"note: playing {count} matches, whole rotation groups of "
                  f"{len(lineup.units)} so that every bot sits in every seat equally often\n")
    plans = schedule(lineup, count, config.seed)
    if config.records is not None:
        Path(config.records).mkdir(parents=True, exist_ok=True)
    table = Table(lineup, config.budget, config.max_deals, config.records)
    played, elapsed = _play(config, table, plans, err)
    outcomes = played.outcomes
    if config.records is not None:
        _write_index(config.records, lineup.game, outcomes)
    if played.interrupted:
        err.write(f"interrupted: {len(outcomes)} of {count} matches finished"
                  + ("; some rotation groups are incomplete, so the seats are not shared evenly"
                     if incomplete_groups(lineup, outcomes) else "") + "\n")
        if not outcomes:
            return INTERRUPTED
    figures = summarize(lineup, outcomes)
    out.write("\n".join(table_lines(lineup, outcomes, figures)) + "\n")
    stem = file_stem(config.out, lineup, f"seed{config.seed}")
    settings = {"seed": config.seed, "jobs": config.jobs, "budget": config.budget,
                "max_deals": config.max_deals, "seconds": round(elapsed, 3),
                "planned": count, "interrupted": played.interrupted, "ray": config.ray}
    title = (f"{lineup.game}: {','.join(lineup.levels)}, {len(outcomes)} matches, "
             f"seed {config.seed}")
    written = write_files(stem, results_json(lineup, outcomes, figures, settings), title,
                          figures, metric_of(outcomes), err)
    out.write(f"Played in {elapsed:.1f} s {_where(config, count)}; "
              f"wrote {' and '.join(written)}\n")
    return INTERRUPTED if played.interrupted else 0


def _write_index(records: str, game: str, outcomes: list[Outcome]) -> None:
    """``index.json`` beside the records: each match's file, seat levels and result."""
    index = [{"file": record_name(game, outcome.plan), "seed": outcome.plan.seed,
              "seats": list(outcome.plan.seat_levels), "result": outcome.result}
             for outcome in outcomes]
    Path(records, "index.json").write_text(json.dumps(index, indent=1) + "\n",
                                           encoding="utf-8")


def _play(config: ArenaConfig, table: Table, plans: list[MatchPlan],
          err: TextIO) -> tuple[Played, float]:
    """What was played and in how many seconds (a Ray cluster's start not counted)."""
    played, elapsed = Played([], True), 0.0
    try:
        with (_terminate_as_interrupt(), _executor(config, len(plans)) as play,
              _terminate_as_interrupt()):  # again: starting Ray puts its own handler in place
            progress = Progress(len(plans), f"arena {table.lineup.game}", err)
            start = time.perf_counter()
            played = play(table, plans, progress.step)
            elapsed = time.perf_counter() - start
            progress.close()
    except KeyboardInterrupt:
        pass  # while a Ray cluster started, or stopped after the run
    return played, elapsed


@contextmanager
def _executor(config: ArenaConfig, count: int) -> Iterator[Executor]:
    if config.ray is None:
        jobs = min(config.jobs, count)
        yield lambda table, plans, step: run_matches(table, plans, jobs, step)
        return
    from stammtisch.arena.ray_runner import ray_cluster

    with ray_cluster(config.ray, config.jobs) as play:
        yield play


def _where(config: ArenaConfig, count: int) -> str:
    if config.ray is None:
        return f"with {min(config.jobs, count)} job(s)"
    if config.ray == "":
        return f"on a local Ray cluster of {config.jobs} CPU(s)"
    return f"on the Ray cluster at {config.ray}"


@contextmanager
def _terminate_as_interrupt() -> Iterator[None]:
    """SIGTERM (a ``kill``, a batch system's time limit) stops the run as Ctrl-C does."""
    if threading.current_thread() is not threading.main_thread():
        yield
        return

    stopping = False

    def interrupt(_signal: int, _frame: FrameType | None) -> None:
        # Once: timeout(1) and a kill of the process group send it to this process twice,
        # and a second interrupt would cut short the keeping of what finished.
        nonlocal stopping
        if not stopping:
            stopping = True
            raise KeyboardInterrupt

    previous = signal.signal(signal.SIGTERM, interrupt)
    try:
        yield
    finally:
        signal.signal(signal.SIGTERM, previous)
