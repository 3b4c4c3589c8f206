"""Every level of every game plays the recorded moves for fixed seeds
(tests/data/traces.json, written by ``python -m tools.traces write``): a
refactoring of the bots must not change how they play. A deliberate change of
play rewrites the file and says why in its commit."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from tools.traces import GAMES, all_traces

RECORDED = Path(__file__).parent.parent / "data" / "traces.json"


@pytest.mark.slow
@pytest.mark.parametrize("game", GAMES)
def test_levels_play_the_recorded_moves(game: str) -> None:
    recorded = {key: trace for key, trace in json.loads(RECORDED.read_text()).items()
                if key.startswith(f"{game}/")}
    played = all_traces([game])
    assert played.keys() == recorded.keys()
    for key, now in played.items():
        assert now["moves"] == recorded[key]["moves"], key
