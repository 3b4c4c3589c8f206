"""The golden Schmier records of tests/data/schmier-*.json: how they were played, and
how to rewrite them, only on purpose::

    python -m tests.games.schmier_golden           # compare only, write nothing
    python -m tests.games.schmier_golden --write   # rewrite tests/data/schmier-*.json

test_schmier_rules.py replays each and expects the stored result and events digest.
"""

from __future__ import annotations

import hashlib
import json
import random
import sys
from pathlib import Path
from typing import Any

import stammtisch
from stammtisch.games import schmier

DATA = Path(__file__).resolve().parents[1] / "data"
GOLDEN: dict[str, dict[str, Any]] = {
    "default": {"seed": 10, "options": {}},
    "2x3-variants": {"seed": 12, "options": {
        "partnerships": "2x3", "target_score": 11, "stick_the_dealer": True,
        "dealer_may_equal_high_bid": True, "max_discard": 2, "trump_anytime": True,
        "game_point_tie": "bidder"}},
}


def events_digest(events: list[dict[str, Any]]) -> str:
    return hashlib.sha256(json.dumps(events, sort_keys=True).encode()).hexdigest()


def golden_match(seed: int, options: dict[str, Any]) -> dict[str, Any]:
    """A seeded match of careful random players (they pass 80% of the time)."""
    match = stammtisch.new_match("schmier", seed=seed, **options)
    rng = random.Random(seed)
    while match.to_act is not None:
        state = match.state
        legal = state.legal()
        action = schmier.PASS if schmier.PASS in legal and rng.random() < 0.8 \
            else rng.choice(legal)
        match.play(state.action_text(action))
    return {"record": match.record(), "result": match.result,
            "events_digest": events_digest(match.events)}


def main(argv: list[str]) -> int:
    changed = 0
    for name, spec in GOLDEN.items():
        path = DATA / f"schmier-{name}.json"
        golden = golden_match(spec["seed"], spec["options"])
        same = path.exists() and json.loads(path.read_text()) == golden
        print(f"{path.name}: {'unchanged' if same else 'differs'}")
        if not same:
            changed += 1
            if "--write" in argv:
                path.write_text(json.dumps(golden, indent=1) + "\n")
                print(f"{path.name}: written ({len(golden['record']['actions'])} actions)")
    return 1 if changed and "--write" not in argv else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
