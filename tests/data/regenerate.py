"""Regenerate the golden Schnauz records in tests/data/ -- only on purpose.

The golden records pin whole matches: the record, the result and a digest of
the public events (sha256 of ``json.dumps(events, sort_keys=True)``).
tests/games/test_schnauz_rules.py replays each and expects the same result and
digest, so any change to the rules engine, the shuffles or the events shows up.

When such a change is intended (a rules fix, a new event field), check what
changed, then rewrite the files and review the diff before committing::

    .venv/bin/python tests/data/regenerate.py           # compare only, write nothing
    .venv/bin/python tests/data/regenerate.py --write   # rewrite tests/data/schnauz-*.json

The matches are played through the public API by seeded RandomBots, one per
seat, each seeing only its seat's view.
"""

from __future__ import annotations

import hashlib
import json
import sys
from pathlib import Path
from typing import Any

import stammtisch
from stammtisch.bots import RandomBot

DATA = Path(__file__).resolve().parent

GOLDEN: dict[str, dict[str, Any]] = {
    "3p-default": {"seed": 11, "options": {"num_players": 3}},
    "5p-a9-variants": {"seed": 23, "options": {
        "num_players": 5, "deck_variant": "A9", "lives": 1,
        "short_stock_on_all_pass": "reshuffle", "fire_effect": "all_others_lose",
        "knocker_lowest_penalty": 2,
    }},
}


def events_digest(events: list[dict[str, Any]]) -> str:
    return hashlib.sha256(json.dumps(events, sort_keys=True).encode()).hexdigest()


def play(seed: int, options: dict[str, Any]) -> dict[str, Any]:
    """One match of seeded RandomBots, as the golden file stores it."""
    match = stammtisch.new_match("schnauz", seed=seed, **options)
    bots = [RandomBot(seed * 100 + seat) for seat in range(match.num_players)]
    while (seat := match.to_act) is not None:
        match.play(bots[seat].choose(match.view(seat)))
    return {"record": match.record(), "result": match.result,
            "events_digest": events_digest(match.events)}


def main(argv: list[str]) -> int:
    write = "--write" in argv
    changed = 0
    for name, spec in GOLDEN.items():
        path = DATA / f"schnauz-{name}.json"
        golden = play(spec["seed"], spec["options"])
        old = json.loads(path.read_text()) if path.exists() else None
        if old == golden:
            print(f"{path.name}: unchanged")
            continue
        changed += 1
        if write:
            path.write_text(json.dumps(golden, indent=1) + "\n")
            print(f"{path.name}: written ({len(golden['record']['actions'])} actions)")
        else:
            print(f"{path.name}: differs (run with --write to rewrite it)")
    return 1 if changed and not write else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
