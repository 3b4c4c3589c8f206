"""Action sequences of every level of every game for fixed seeds: the check that a
refactoring of the bots changes nothing in how they play.

    python -m tools.traces write notes/traces.json     # before the change
    python -m tools.traces check notes/traces.json     # after it: same moves?

Each trace seats one level in every seat of a match with a fixed seed and records
its first ``MOVES`` actions. The searching levels get a fixed amount of work and a
budget far beyond it, so the clock never decides and play repeats exactly.
"""

from __future__ import annotations

import argparse
import hashlib
import json
import sys
from collections.abc import Iterable
from pathlib import Path
from typing import Any

import stammtisch
from stammtisch.bots.base import Bot
from stammtisch.bots.registry import levels
from stammtisch.bots.scat.players import ExpertBot as ScatExpert
from stammtisch.bots.schmier.players import ExpertBot as SchmierExpert
from stammtisch.bots.schnapsen.players import DEEP_TALON
from stammtisch.bots.schnapsen.players import ExpertBot as SchnapsenExpert
from stammtisch.bots.schnauz.players import ExpertBot as SchnauzExpert
from stammtisch.core.rng import rng_for

GAMES: dict[str, dict[str, Any]] = {
    "schnauz": {"num_players": 4},
    "scat": {"num_players": 4},
    "schnapsen": {},
    "schmier": {},
}
SEEDS = (1, 2)
MOVES = 120
LONG_BUDGET = 1000.0


def make(game: str, level: str, seed: int) -> Bot:
    """The level with a fixed amount of search (the clock never ends it)."""
    if level == "expert-2026":
        return SchnapsenExpert.frozen_2026(seed, LONG_BUDGET, max_worlds=24)
    if level != "expert":
        return next(lv for lv in levels(game) if lv.name == level).make(game, seed, None)
    if game == "schnauz":
        return SchnauzExpert(seed, LONG_BUDGET, rollouts=120)
    if game == "scat":
        return ScatExpert(seed, LONG_BUDGET, rollouts=120)
    if game == "schmier":
        return SchmierExpert(seed, LONG_BUDGET, max_samples=6)
    return SchnapsenExpert(seed, LONG_BUDGET, max_worlds=24, exact_talon=DEEP_TALON)


def trace(game: str, level: str, seed: int) -> list[str]:
    match = stammtisch.new_match(game, seed=seed, **GAMES[game])
    bots = [make(game, level, rng_for(seed, "trace", seat).getrandbits(63))
            for seat in range(match.num_players)]
    played: list[str] = []
    while match.to_act is not None and len(played) < MOVES:
        seat = match.to_act
        action = bots[seat].choose(match.view(seat))
        match.play(action)
        played.append(f"{seat}:{action}")
    return played


def all_traces(games: Iterable[str] = GAMES) -> dict[str, dict[str, Any]]:
    found = {}
    for game in games:
        # Hidden levels but the frozen expert need optional extras (OpenSpiel).
        for level in (lv.name for lv in levels(game)
                      if not lv.hidden or lv.name == "expert-2026"):
            for seed in SEEDS:
                moves = trace(game, level, seed)
                digest = hashlib.sha256("\n".join(moves).encode()).hexdigest()[:16]
                found[f"{game}/{level}/{seed}"] = {"sha": digest, "moves": moves}
                print(f"{game}/{level}/{seed}: {len(moves)} moves {digest}", file=sys.stderr)
    return found


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("command", choices=["write", "check"])
    parser.add_argument("file", type=Path)
    args = parser.parse_args(argv)
    found = all_traces()
    if args.command == "write":
        args.file.write_text(json.dumps(found, indent=1) + "\n")
        return 0
    before = json.loads(args.file.read_text())
    differ = 0
    for key, now in found.items():
        old = before.get(key)
        if old is None or old["sha"] != now["sha"]:
            differ += 1
            pairs = zip(old["moves"], now["moves"], strict=False) if old else []
            first = next((i for i, (a, b) in enumerate(pairs)
                          if a != b), None) if old else None
            print(f"DIFFERS {key}: first at move {first}"
                  + (f" ({old['moves'][first]} -> {now['moves'][first]})"
                     if old and first is not None else ""))
    print(f"{len(found) - differ} of {len(found)} traces the same")
    return 1 if differ else 0


if __name__ == "__main__":
    sys.exit(main())
