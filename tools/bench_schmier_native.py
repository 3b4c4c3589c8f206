"""Schmier's compiled core against the Python fast path, measured in one run.

    python -m tools.bench_schmier_native [--seconds 2] [--positions 40]

- Play-outs per CPU second: the expert's ``deal_change`` (an action applied to a
  copy of a sample deal, the deal played to its end by the club rules) in Python
  on ``SchmierState`` and compiled on ``NativeSchmier``, over the same (deal,
  action) pairs in the same order: sample deals of views from club matches (every
  phase), each legal action (the exchange's and rob's club candidates).
- Random steps per CPU second: uniformly random legal actions (the club's discard
  in the rob, whose legal list can hold 100,000), ``legal()`` and ``apply()``
  called from Python on either engine.
- Expert decisions per CPU second: ``ExpertBot`` with ``compiled=False`` and
  ``compiled=True`` (the same choices) on the same views, a fixed number of samples.
"""

from __future__ import annotations

import argparse
import random
import sys
import time
from collections.abc import Callable
from typing import Any

import stammtisch
from stammtisch.bots.schmier.determinize import Deals
from stammtisch.bots.schmier.players import CANDIDATES, ClubBot, ExpertBot, deal_change
from stammtisch.bots.schmier.policy import club_action, discard_candidates
from stammtisch.bots.schmier.seen import read
from stammtisch.core.options import resolve
from stammtisch.games.schmier import EXCHANGE, OPTIONS, ROB, SchmierState
from stammtisch.games.schmier_types import SchmierView, schmier_view
from stammtisch.native import schmier as native
from tools.bench_native import Rate, rate_lines

TARGET = 20.0
"""The compiled play-outs should run this many times as fast as the Python ones."""


def views(count: int, seed: int = 5) -> list[SchmierView]:
    """Views of decisions with a choice from club matches (their first three deals)."""
    found: list[SchmierView] = []
    rng = random.Random(seed)
    club = ClubBot()
    match_seed = 0
    while len(found) < count:
        match = stammtisch.new_match("schmier", seed=match_seed)
        match_seed += 1
        while match.to_act is not None and len(found) < count:
            view = schmier_view(match.view(match.to_act))
            if view["deal"] > 2:
                break
            if len(view["legal_actions"]) > 1 and rng.random() < 0.15:
                found.append(view)
            match.play(club.choose(view))
    return found


Pair = tuple[SchmierState, Any, int, int]


def playout_pairs(positions: list[SchmierView], worlds: int) -> list[Pair]:
    """(Python deal, its compiled copy, action, seat) as the expert would value them."""
    pairs: list[Pair] = []
    for number, view in enumerate(positions):
        seen = read(view)
        deals = Deals(seen)
        rng = random.Random(number)
        actions = list(seen.legal)
        if seen.phase in (EXCHANGE, ROB):
            actions = discard_candidates(deals.build(random.Random(0)), actions, CANDIDATES)
        for _ in range(worlds):
            world = deals.build(rng)
            twin = native.to_native(world)
            pairs += [(world, twin, action, seen.seat) for action in actions]
    return pairs


def playout_rates(seconds: float, positions: int) -> list[Rate]:
    pairs = playout_pairs(views(positions), 4)
    runs: list[tuple[str, Callable[[Pair], float]]] = [
        ("python", lambda p: deal_change(p[0], p[2], p[3], club_action))]
    if native.available():
        runs.append(("compiled", lambda p: native.deal_change(p[1], p[2], p[3])))
    rates = []
    for name, run in runs:
        done = 0
        start = time.process_time()
        while time.process_time() - start < seconds:
            for pair in pairs:
                run(pair)
            done += len(pairs)
        rates.append(Rate(name, done, time.process_time() - start))
    return rates


def step_rates(seconds: float) -> list[Rate]:
    options = resolve("schmier", OPTIONS, {})
    makers: list[tuple[str, Callable[[int], Any], Callable[[Any], int]]] = [
        ("python", lambda seed: _quiet(SchmierState(options, seed)), club_action)]
    if native.available():
        from stammtisch.native import schmier_playout
        from stammtisch.native.schmier_core import NativeSchmier

        makers.append(("compiled", lambda seed: NativeSchmier(options, seed),
                       schmier_playout.club_action))
    rates = []
    for name, make, club in makers:
        rng = random.Random(1)
        steps = seed = 0
        start = time.process_time()
        while time.process_time() - start < seconds:
            state = make(seed)
            seed += 1
            while state.to_act >= 0 and state.deal_number < 20:
                if state.phase == ROB:
                    state.apply(club(state))
                else:
                    state.apply(rng.choice(state.legal()))
                steps += 1
        rates.append(Rate(name, steps, time.process_time() - start))
    return rates


def _quiet(state: SchmierState) -> SchmierState:
    state.events = None
    return state


def expert_rates(positions: int, samples: int) -> list[Rate]:
    found = views(positions, seed=9)
    kinds = [("python", False)] + ([("compiled", True)] if native.available() else [])
    rates = []
    for name, compiled in kinds:
        start = time.process_time()
        for view in found:
            ExpertBot(3, 1000.0, max_samples=samples, compiled=compiled).analyze(view)
        rates.append(Rate(name, len(found), time.process_time() - start))
    return rates


def report(seconds: float, positions: int) -> list[str]:
    playouts = playout_rates(seconds, positions)
    lines = rate_lines("schmier play-outs", "play-outs", playouts)
    if len(playouts) == 2:
        ratio = playouts[1].per_second / playouts[0].per_second
        lines[1] += f"  (target >= {TARGET:.0f}x: {'met' if ratio >= TARGET else 'MISSED'})"
    lines += rate_lines("schmier steps    ", "steps", step_rates(seconds))
    lines += rate_lines("schmier expert   ", "decisions", expert_rates(max(2, positions // 4),
                                                                        360))
    return lines


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--seconds", type=float, default=2.0)
    parser.add_argument("--positions", type=int, default=40)
    args = parser.parse_args(argv)
    for line in report(args.seconds, args.positions):
        print(line)
    return 0


if __name__ == "__main__":
    sys.exit(main())
