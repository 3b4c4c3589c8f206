"""How many sampled deals the Schmier expert needs: its choices at smaller caps of
worlds valued against its choice at the largest, so that a shorter budget is shown
to lose nothing (or how much it loses).

    python -m tools.schmier_worlds [--positions 150] [--caps 120,250,360]
                                   [--reference 1500] [--seed 1]

Positions come from six-seat club matches: every fifth decision with a choice is
kept. At each, the expert (``max_samples`` = each cap, no clock) picks its action.
Where a cap's choice differs from the largest cap's, the two are valued by the
same ``--reference`` deals (``Deals`` of the seat's view, a fixed generator) played
to the deal's end by the club rules, as the expert values them; the difference is
the loss of that choice. A cap's figure is the mean loss per position with its
standard error, in the expert's unit (the team's score change in the deal less
the other teams' mean change). For scale, the club's choice is valued the same way:
the largest cap's gain over it is the expert's edge per position.
"""

from __future__ import annotations

import argparse
import math
import random
import statistics
import sys
from collections.abc import Mapping
from typing import Any

import stammtisch
from stammtisch.bots.registry import make_bot
from stammtisch.bots.schmier.determinize import Deals
from stammtisch.bots.schmier.players import ClubBot, ExpertBot, deal_change
from stammtisch.bots.schmier.policy import club_action
from stammtisch.bots.schmier.seen import read
from stammtisch.games.schmier import parse_action
from stammtisch.games.schmier_types import SchmierView, schmier_view

SEATS = 6
EVERY = 5


def positions(count: int, seed: int) -> list[SchmierView]:
    """Views of club players with a choice, from club matches starting at ``seed``."""
    kept: list[SchmierView] = []
    match_seed = seed
    while len(kept) < count:
        match = stammtisch.new_match("schmier", seed=match_seed)
        bots = [make_bot("schmier", "club", match_seed, s) for s in range(SEATS)]
        choices = 0
        while (to_act := match.to_act) is not None and len(kept) < count:
            view = match.view(to_act)
            if len(view["legal_actions"]) > 1:
                choices += 1
                if choices % EVERY == 0:
                    kept.append(view)
            match.play(bots[to_act].choose(view))
        match_seed += 1
    return kept


def paired_gain(view: Mapping[str, Any], action: str, baseline: str, worlds: int) -> float:
    """Mean over ``worlds`` shared deals of ``action``'s value less ``baseline``'s."""
    seen = read(schmier_view(view))
    deals = Deals(seen)
    rng = random.Random(0)
    mine, theirs = parse_action(action), parse_action(baseline)
    total = 0.0
    for _ in range(worlds):
        world = deals.build(rng)
        total += (deal_change(world, mine, seen.seat, club_action)
                  - deal_change(world, theirs, seen.seat, club_action))
    return total / worlds


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--positions", type=int, default=150)
    parser.add_argument("--caps", default="120,250,360")
    parser.add_argument("--reference", type=int, default=1500)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args(argv)
    caps = sorted(int(c) for c in args.caps.split(","))
    views = positions(args.positions, args.seed)
    rivals: list[int | str] = [*caps[:-1], "club"]
    losses: dict[int | str, list[float]] = {rival: [] for rival in rivals}
    differs = dict.fromkeys(rivals, 0)
    for index, view in enumerate(views):
        seed = args.seed * 1000 + index
        picks: dict[int | str, str] = {
            cap: ExpertBot(seed, budget=1e9, max_samples=cap).choose(view) for cap in caps}
        picks["club"] = ClubBot(seed).choose(view)
        best = picks[caps[-1]]
        for rival in rivals:
            loss = 0.0
            if picks[rival] != best:
                differs[rival] += 1
                loss = paired_gain(view, best, picks[rival], args.reference)
            losses[rival].append(loss)
        print(f"{index + 1}/{len(views)} " + " ".join(
            f"{rival}:{statistics.fmean(losses[rival]):+.4f}" for rival in rivals),
            file=sys.stderr, flush=True)
    print(f"{len(views)} positions; loss per position against cap {caps[-1]} "
          f"({args.reference} reference deals per differing choice)")
    for rival in rivals:
        values = losses[rival]
        error = statistics.stdev(values) / math.sqrt(len(values)) if len(values) > 1 else 0.0
        name = f"cap {rival:>5}" if isinstance(rival, int) else f"{rival:>9}"
        print(f"  {name}: {statistics.fmean(values):+.4f} [SE {error:.4f}], "
              f"choice differs in {differs[rival]}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
