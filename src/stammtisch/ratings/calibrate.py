"""``stammtisch ratings calibrate``: the computer levels rated against each other, so that
their ratings can anchor everyone else's (levels.json, read by :mod:`.levels`).

For each game the arena (:mod:`stammtisch.arena`) plays lineups of the levels a table
offers (not the hidden ones): every pair in Schnapsen, all levels at one table in Schnauz
and Scat (one seat each), every three of them in Schmier (one level per team). A game's
``matches`` are shared out evenly among its lineups, each lineup's rounded up to whole
seat rotations, all from the arena's seed, so the deals and seats are the same on every
run and with any number of jobs (the experts' search stops by the clock, so their moves
may still differ). Every level starts at 1500 ± 350 and the finished matches are rated
in turn with :func:`~.rate.rate`, rotation group by rotation group (the lineups
interleaved), so the levels' mean stays near 1500, where a new player starts. A level
sitting in several seats of a match (a Schmier team) takes its first seat's new rating.
Matches stopped at ``max_deals`` are not rated.

The arena's outcomes hold no events, so here each seat out in Schnauz or Scat has a place
of its own, even when two went out in one deal.
"""

from __future__ import annotations

import json
import os
import sys
from collections.abc import Sequence
from dataclasses import dataclass, field
from itertools import combinations
from pathlib import Path
from typing import Any, TextIO

import stammtisch
from stammtisch.arena.command import run_problem
from stammtisch.arena.lineup import read_lineup
from stammtisch.arena.progress import Progress
from stammtisch.arena.runner import Outcome, Table, run_matches
from stammtisch.arena.schedule import rounded_matches, schedule
from stammtisch.bots.registry import levels
from stammtisch.games import REGISTRY
from stammtisch.ratings.levels import LEVELS_FILE
from stammtisch.ratings.rate import rate
from stammtisch.ratings.rating import Rating, RatingError
from stammtisch.ratings.standings import STANDINGS

DEFAULT_OUT = Path(__file__).with_name(LEVELS_FILE)
"""The file shipped with the package (in a checkout: src/stammtisch/ratings/)."""
DEFAULT_MATCHES = 24
DEFAULT_MAX_DEALS = 200
INTERRUPTED = 130


@dataclass
class CalibrationConfig:
    games: tuple[str, ...] = tuple(sorted(STANDINGS))
    levels: tuple[str, ...] | None = None
    """The levels to rate (each must play every game asked for); ``None``: every level a
    table offers."""
    matches: int = DEFAULT_MATCHES
    """Matches per game, shared out among its lineups (each rounded up to whole seat
    rotations)."""
    jobs: int = field(default_factory=lambda: os.cpu_count() or 1)
    seed: int = 1
    budget: float | None = None
    max_deals: int = DEFAULT_MAX_DEALS
    out: Path = DEFAULT_OUT


class Interrupted(Exception):
    """Ctrl-C stopped the arena before every match was played."""


def shown_levels(game: str) -> tuple[str, ...]:
    """The levels a table offers for ``game``, weakest first."""
    return tuple(level.name for level in levels(game) if not level.hidden)


def lineups(game: str, names: Sequence[str]) -> list[tuple[str, ...]]:
    """The lineups that rate ``names`` against each other at ``game``."""
    info = REGISTRY[game]
    if any(spec.name == "num_players" for spec in info.options) \
            and info.min_players <= len(names) <= info.max_players:
        return [tuple(names)]
    teams = stammtisch.new_match(game, seed=0).view(None).get("teams")
    size = len(teams) if teams else info.min_players
    if len(names) < size:
        raise RatingError(f"{game} needs {size} levels to calibrate, not "
                          f"{len(names)} ({', '.join(names)})")
    return list(combinations(names, size))


def _check(config: CalibrationConfig) -> None:
    problem = run_problem(config.matches, config.jobs, config.budget, config.max_deals)
    if problem is not None:
        raise RatingError(problem)
    if not config.out.parent.is_dir():
        raise RatingError(f"--out {config.out}: no folder {config.out.parent}")
    for game in config.games:
        if game not in STANDINGS:
            raise RatingError(f"no rating for the game {game!r}; the rated games are "
                              f"{', '.join(sorted(STANDINGS))}")
        for name in config.levels or ():
            if name not in shown_levels(game):
                raise RatingError(f"the level {name!r} does not play {game}; its levels are "
                                  f"{', '.join(shown_levels(game))}")
        lineups(game, config.levels or shown_levels(game))  # enough levels for a table


def calibrate_game(game: str, config: CalibrationConfig,
                   err: TextIO | None = None) -> dict[str, Any]:
    """The levels of ``game`` played against each other and rated: the game's section of
    levels.json. :class:`Interrupted` when Ctrl-C stops the arena."""
    names = config.levels or shown_levels(game)
    played: list[tuple[int, int, int, Outcome]] = []
    """(rotation group, lineup, rotation, outcome): the order in which they are rated."""
    tables = lineups(game, names)
    each = -(-config.matches // len(tables))
    for index, players in enumerate(tables):
        lineup = read_lineup(game, ",".join(players))
        plans = schedule(lineup, rounded_matches(lineup, each), config.seed)
        progress = Progress(len(plans), f"calibrate {game} {','.join(players)}",
                            err if err is not None else sys.stderr)
        done = run_matches(Table(lineup, config.budget, config.max_deals), plans,
                           min(config.jobs, len(plans)), progress.step)
        progress.close()
        if done.interrupted:
            raise Interrupted(f"{game}: {len(done.outcomes)} of {len(plans)} matches of "
                              f"{','.join(players)} finished")
        played += [(outcome.plan.group, index, outcome.plan.rotation, outcome)
                   for outcome in done.outcomes]
    ratings = {name: Rating() for name in names}
    unfinished = 0
    for *_order, outcome in sorted(played, key=lambda item: item[:3]):
        if outcome.result is None:
            unfinished += 1
            continue
        seats = outcome.plan.seat_levels
        after = rate(game, [ratings[name] for name in seats], outcome.result)
        for name in dict.fromkeys(seats):
            ratings[name] = after[seats.index(name)]
    return {
        "lineups": [",".join(players) for players in tables],
        "matches": len(played) - unfinished,
        "unfinished": unfinished,
        "levels": {name: ratings[name].to_row() for name in names},
    }


def calibrate(config: CalibrationConfig, err: TextIO | None = None) -> dict[str, Any]:
    """The whole calibration as levels.json holds it."""
    _check(config)
    return {
        "about": "Ratings of the computer levels, written by `stammtisch ratings "
                 "calibrate` (src/stammtisch/ratings/calibrate.py says how).",
        "settings": {"matches_per_game": config.matches, "seed": config.seed,
                     "budget": config.budget, "max_deals": config.max_deals},
        "games": {game: calibrate_game(game, config, err) for game in config.games},
    }


def table_lines(data: dict[str, Any]) -> list[str]:
    lines = []
    for game, section in data["games"].items():
        lines.append(f"{game}: {section['matches']} matches rated"
                     + (f", {section['unfinished']} unfinished" if section["unfinished"]
                        else ""))
        for name, row in section["levels"].items():
            rating = Rating.from_row(row)
            lines.append(f"  {name:<10} {rating.display(spread=True):>12}  "
                         f"({rating.games} matches)")
    return lines


def run_calibration(config: CalibrationConfig, stdout: TextIO | None = None,
                    stderr: TextIO | None = None) -> int:
    """Calibrate, print the table, write ``config.out``; the exit status (130 when
    interrupted, and then nothing is written)."""
    out, err = stdout or sys.stdout, stderr or sys.stderr
    try:
        data = calibrate(config, err)
    except Interrupted as stop:
        err.write(f"interrupted: {stop}; nothing written\n")
        return INTERRUPTED
    out.write("\n".join(table_lines(data)) + "\n")
    try:
        config.out.write_text(json.dumps(data, indent=1) + "\n", encoding="utf-8")
    except OSError as error:
        raise RatingError(f"cannot write {config.out}: {error.strerror or error}") from None
    out.write(f"wrote {config.out}\n")
    return 0


__all__ = ["DEFAULT_MATCHES", "DEFAULT_OUT", "CalibrationConfig", "Interrupted",
           "calibrate", "calibrate_game", "lineups", "run_calibration", "shown_levels"]
