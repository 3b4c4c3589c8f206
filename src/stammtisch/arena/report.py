"""The arena's results as a table for people and as JSON for programs."""

from __future__ import annotations

import json
import re
import textwrap
from collections.abc import Sequence
from dataclasses import asdict
from pathlib import Path
from typing import Any, TextIO

from stammtisch.arena.chart import draw_chart
from stammtisch.arena.lineup import Lineup
from stammtisch.arena.outcome import METRICS, metric_name
from stammtisch.arena.runner import Outcome
from stammtisch.arena.stats import ELO_MEAN
from stammtisch.arena.summary import BotFigures, pair_tally, pairwise_scores

METHOD = (
    "Seats rotate in groups that share the match seed and stacked decks (two players: "
    "every deal twice with the hands swapped). Win share: matches won (a k-way joint win "
    "counts 1/k) over matches played, 95% Wilson interval. Per-deal figure: mean over "
    "matches and seats, 95% normal interval. Elo: Bradley-Terry maximum likelihood on "
    "pairwise finishing order (ahead 1, tie 1/2, partners not compared), one virtual draw "
    f"per pair, mean {ELO_MEAN:.0f}."
)


def metric_of(outcomes: Sequence[Outcome]) -> str | None:
    for outcome in outcomes:
        if outcome.result is not None:
            return metric_name(list(outcome.result))
    return None


def table_lines(lineup: Lineup, outcomes: Sequence[Outcome],
                figures: Sequence[BotFigures]) -> list[str]:
    unfinished = sum(outcome.result is None for outcome in outcomes)
    metric = metric_of(outcomes)
    unit = "team" if lineup.units != tuple((s,) for s in range(lineup.num_seats)) else "seat"
    lines = [f"{lineup.game}: {len(outcomes)} matches, lineup {','.join(lineup.levels)} "
             f"(one level per {unit})"
             + (f"; {unfinished} unfinished (stopped at the deal limit, or in a deal "
                f"that did not end)" if unfinished else "")]
    width = max([12, *(len(bot.bot) for bot in figures)])
    head = f"{'bot':<{width}} {'won':>7} {'share':>6} {'95% interval':>15} {'fair':>5}"
    if metric:
        head += f"  {metric + ' (95%)':<34}"
    lines.append(head + f" {'Elo':>6}")
    for bot in figures:
        low, high = bot.share_interval
        line = (f"{bot.bot:<{width}} {bot.wins:>7g} {bot.share:>6.1%} {low:>7.1%}-{high:<7.1%}"
                f" {bot.fair_share:>5.0%}")
        if metric:
            if bot.per_deal is not None and bot.per_deal_interval is not None:
                a, b = bot.per_deal_interval
                line += f"  {bot.per_deal:>7.3f} [{a:.3f}, {b:.3f}]".ljust(36)
            else:
                line += "  " + "-".ljust(34)
        lines.append(line + f" {bot.elo:>6.0f}")
    pairs = pair_tally(lineup, outcomes)
    if pairs:
        lines.append(f"Swapped pairs (same decks, seats swapped), of {sum(pairs.values())}: "
                     + ", ".join(f"{key} {count}" for key, count in pairs.items()))
    lines += textwrap.wrap("Method: " + METHOD, 100)
    return lines


def results_json(lineup: Lineup, outcomes: Sequence[Outcome], figures: Sequence[BotFigures],
                 settings: dict[str, Any]) -> dict[str, Any]:
    metric = metric_of(outcomes)
    better = next((more for name, more in METRICS.values() if name == metric), None)
    return {
        "game": lineup.game,
        "lineup": list(lineup.levels),
        "units": [list(unit) for unit in lineup.units],
        "teams": None if lineup.teams is None else [list(t) for t in lineup.teams],
        "options": lineup.options,
        **settings,
        "matches": len(outcomes),
        "unfinished": sum(outcome.result is None for outcome in outcomes),
        "per_deal_metric": metric,
        "per_deal_higher_is_better": better,
        "method": METHOD,
        "bots": [asdict(bot) for bot in figures],
        "swapped_pairs": pair_tally(lineup, outcomes),
        "pairwise": [{"a": a, "b": b, "score": score, "games": games}
                     for (a, b), (score, games) in pairwise_scores(lineup, outcomes).items()],
        "match_list": [{
            "index": o.plan.index, "group": o.plan.group, "rotation": o.plan.rotation,
            "seed": o.plan.seed, "seats": list(o.plan.seat_levels), "result": o.result,
            "deals": o.deals, "actions": o.actions, "seconds": round(o.seconds, 4),
            "per_deal": list(o.per_deal),
        } for o in outcomes],
    }


def write_json(path: Path, data: dict[str, Any]) -> None:
    path.write_text(json.dumps(data, indent=1) + "\n", encoding="utf-8")


def file_stem(directory: str, lineup: Lineup, tag: str) -> Path:
    """Where a run's files go: ``<directory>/<game>-<levels>-<tag>`` (add the suffix); a
    class spec's path separators and colon become dots (``examples.greedy_bot.GreedyBot``)."""
    levels = "_".join(re.sub(r"[^\w.#-]+", ".", level).strip(".") for level in lineup.levels)
    return Path(directory) / f"{lineup.game}-{levels}-{tag}"


def write_files(stem: Path, data: dict[str, Any], title: str, figures: Sequence[BotFigures],
                metric: str | None, err: TextIO) -> list[str]:
    """``<stem>.json`` and, where matplotlib is installed, ``<stem>.png``; the paths written."""
    stem.parent.mkdir(parents=True, exist_ok=True)
    json_path, png_path = stem.with_name(stem.name + ".json"), stem.with_name(stem.name + ".png")
    write_json(json_path, data)
    written = [str(json_path)]
    try:
        draw_chart(png_path, title, figures, metric)
        written.append(str(png_path))
    except ImportError:
        err.write("note: no chart: matplotlib is missing (pip install 'stammtisch[arena]')\n")
    return written
