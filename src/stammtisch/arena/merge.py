"""Pool the results of several arena runs of one lineup into one table and one file.

Strong bots are slow: a thousand 1 s matches are hours of a core, so they are
played in pieces (several machines, several sessions, a run stopped with
Ctrl-C) and pooled here, as if one run had played them all. The runs must
agree on game, lineup, options, budget and deal limit, and differ in arena seed
(the same seed plays the same matches again, which would count them twice).
Figures are computed afresh from the match list, so intervals and Elo are those
of the pooled matches. A pooled file can be pooled again with further runs.
Files written before the match list carried each seat's per-deal figure pool
without that figure.
"""

from __future__ import annotations

import json
import sys
from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import Any, TextIO

from stammtisch.arena.lineup import ArenaError, Lineup, find_arena_game
from stammtisch.arena.outcome import ranks, win_shares
from stammtisch.arena.report import (
    file_stem,
    metric_of,
    results_json,
    table_lines,
    write_files,
)
from stammtisch.arena.runner import Outcome
from stammtisch.arena.schedule import MatchPlan
from stammtisch.arena.summary import incomplete_groups, summarize

AGREED = ("game", "lineup", "units", "teams", "options", "budget", "max_deals")
"""What every pooled run must share."""
_MATCH_KEYS = ("group", "rotation", "seed", "seats", "result", "deals", "actions", "seconds")


def load_run(path: Path) -> dict[str, Any]:
    """An arena result file, checked for what pooling reads."""
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
    except OSError as error:
        raise ArenaError(f"cannot read {path}: {error.strerror or error}") from None
    except (UnicodeDecodeError, json.JSONDecodeError) as error:
        raise ArenaError(f"{path} is not JSON: {error}") from None
    if not isinstance(data, dict):
        raise ArenaError(f"{path} is not an arena result file (not a JSON object)")
    missing = [key for key in (*AGREED, "match_list") if key not in data]
    if "seed" not in data and "seeds" not in data:
        missing.append("seed")
    if missing:
        raise ArenaError(f"{path} is not an arena result file: no {', '.join(missing)}")
    matches = data["match_list"]
    if not isinstance(matches, list) or not matches:
        raise ArenaError(f"{path} holds no matches")
    for number, match in enumerate(matches):
        if not isinstance(match, dict) or any(key not in match for key in _MATCH_KEYS):
            raise ArenaError(f"{path}: match {number} of its match_list is incomplete "
                             f"(each needs {', '.join(_MATCH_KEYS)})")
    return data


def _lineup(data: Mapping[str, Any], path: Path) -> Lineup:
    try:
        info = find_arena_game(str(data["game"]))
        units = tuple(tuple(int(seat) for seat in unit) for unit in data["units"])
        teams = (None if data["teams"] is None
                 else tuple(tuple(int(seat) for seat in team) for team in data["teams"]))
        levels = tuple(str(level) for level in data["lineup"])
        options = dict(data["options"])
    except (TypeError, ValueError) as error:
        raise ArenaError(f"{path}: a malformed lineup ({error})") from None
    if len(levels) != len(units):
        raise ArenaError(f"{path}: {len(levels)} levels for {len(units)} seats or teams")
    return Lineup(info.name, options, levels, units, teams)


def _per_deal(figures: Any, seats: int) -> tuple[float | None, ...]:
    if figures is None:
        return (None,) * seats
    if (not isinstance(figures, list) or len(figures) != seats or not all(
            value is None or isinstance(value, int | float) for value in figures)):
        raise ValueError(f"a per-deal figure (a number or null) for each of its {seats} "
                         f"seats is needed, not {figures!r}")
    return tuple(figures)


def _outcomes(data: Mapping[str, Any], lineup: Lineup, path: Path, first_group: int,
              first_index: int, with_figures: bool) -> list[Outcome]:
    seats = lineup.num_seats
    outcomes = []
    for number, match in enumerate(data["match_list"]):
        rotation = match["rotation"]
        if (not isinstance(rotation, int) or not 0 <= rotation < len(lineup.units)
                or match["seats"] != list(lineup.seat_levels(rotation))):
            raise ArenaError(f"{path}: match {number} does not seat the lineup "
                             f"{','.join(lineup.levels)} in rotation {rotation}")
        result = match["result"]
        try:
            plan = MatchPlan(
                index=first_index + number, group=first_group + int(match["group"]),
                rotation=rotation, seed=int(match["seed"]),
                seat_levels=lineup.seat_levels(rotation),
                entry_of_seat=lineup.entry_of_seat(rotation), decks=())
            outcomes.append(Outcome(
                plan, result, int(match["deals"]), int(match["actions"]),
                float(match["seconds"]), tuple(win_shares(result, seats, lineup.teams)),
                tuple(ranks(result, seats, lineup.teams)),
                _per_deal(match.get("per_deal") if with_figures else None, seats)))
        except (TypeError, ValueError, KeyError, IndexError, AttributeError) as error:
            raise ArenaError(f"{path}: match {number} is malformed ({error})") from None
    return outcomes


def _seeds(data: Mapping[str, Any]) -> list[Any]:
    """The arena seeds of a run's file; several for a file this module wrote."""
    return list(data["seeds"]) if "seeds" in data else [data["seed"]]


def merge_runs(paths: Sequence[Path], err: TextIO) -> tuple[Lineup, list[Outcome],
                                                            dict[str, Any]]:
    """The pooled lineup, outcomes (groups and indexes renumbered run after run) and
    settings of the runs in ``paths``."""
    if not paths:
        raise ArenaError("name at least one arena result file")
    runs = [load_run(path) for path in paths]
    first, first_path = runs[0], paths[0]
    for data, path in zip(runs[1:], paths[1:], strict=True):
        for key in AGREED:
            if data[key] != first[key]:
                raise ArenaError(f"{path} and {first_path} differ in {key} "
                                 f"({data[key]!r} against {first[key]!r}); only runs of one "
                                 "lineup under the same settings can be pooled")
    seeds: dict[Any, Path] = {}
    for data, path in zip(runs, paths, strict=True):
        for seed in _seeds(data):
            if seed in seeds:
                raise ArenaError(f"{path} and {seeds[seed]} have the same arena seed "
                                 f"{seed}: their matches would be counted twice")
            seeds[seed] = path
    lineup = _lineup(first, first_path)
    with_figures = all("per_deal" in match for data in runs for match in data["match_list"])
    if not with_figures:
        err.write("note: some files hold no per-deal figure per match (written by an older "
                  "arena), so the pooled table leaves that figure out\n")
    outcomes: list[Outcome] = []
    group = 0
    for data, path in zip(runs, paths, strict=True):
        found = _outcomes(data, lineup, path, group, len(outcomes), with_figures)
        outcomes += found
        group = max(outcome.plan.group for outcome in outcomes) + 1
    settings = {
        "merged_from": [{"file": str(path), "seeds": _seeds(data),
                         "matches": len(data["match_list"]),
                         "interrupted": bool(data.get("interrupted", False))}
                        for data, path in zip(runs, paths, strict=True)],
        "seeds": list(seeds),
        "budget": first["budget"], "max_deals": first["max_deals"],
        "seconds": round(sum(float(data.get("seconds", 0.0)) for data in runs), 3),
        "planned": sum(int(data.get("planned", len(data["match_list"]))) for data in runs),
        "interrupted": any(bool(data.get("interrupted", False)) for data in runs),
    }
    return lineup, outcomes, settings


def run_merge(paths: Sequence[str], out_dir: str, stdout: TextIO | None = None,
              stderr: TextIO | None = None) -> int:
    """Print the pooled table of the runs in ``paths`` and write it under ``out_dir``."""
    out, err = stdout or sys.stdout, stderr or sys.stderr
    lineup, outcomes, settings = merge_runs([Path(path) for path in paths], err)
    if incomplete_groups(lineup, outcomes):
        err.write("note: some rotation groups are incomplete (an interrupted run), so the "
                  "seats are not shared evenly\n")
    figures = summarize(lineup, outcomes)
    out.write(f"Pooled {len(paths)} run(s), arena seeds "
              f"{', '.join(str(seed) for seed in settings['seeds'])}\n")
    out.write("\n".join(table_lines(lineup, outcomes, figures)) + "\n")
    seeds = "_".join(str(seed) for seed in settings["seeds"])
    stem = file_stem(out_dir, lineup, f"merged-seeds{seeds}")
    title = (f"{lineup.game}: {','.join(lineup.levels)}, {len(outcomes)} matches, "
             f"{len(paths)} runs pooled")
    written = write_files(stem, results_json(lineup, outcomes, figures, settings), title,
                          figures, metric_of(outcomes), err)
    out.write(f"Wrote {' and '.join(written)}\n")
    return 0
