"""tools/core_strength.py: one expert seat on the compiled core and one in Python, as
the arena seats them, each counting its play-outs."""

from __future__ import annotations

import io
import json
from pathlib import Path

import pytest

from stammtisch.arena.command import ArenaConfig, run_arena
from stammtisch.bots.schmier.players import ExpertBot as SchmierExpert
from stammtisch.native import scat as scat_native
from stammtisch.native import schmier as schmier_native
from stammtisch.native import schnauz as schnauz_native
from tools import core_strength
from tools.core_strength import VARIANTS

pytestmark = pytest.mark.skipif(
    not (schnauz_native.available() and scat_native.available()
         and schmier_native.available()),
    reason="the compiled cores are not built")


def test_each_variant_plays_on_its_path_with_its_plan() -> None:
    for game in ("schnauz", "scat"):
        compiled, python = VARIANTS[game]["Compiled"], VARIANTS[game]["Python"]
        assert compiled(seed=1, budget=0.1).on_compiled()
        assert not python(seed=1, budget=0.1).on_compiled()
        shipped = python(seed=1, budget=0.1).rollouts
        clocked = VARIANTS[game]["PythonClocked"](seed=1, budget=0.1)
        assert shipped < 10_000 < clocked.rollouts
    schmier = VARIANTS["schmier"]
    assert schmier["Compiled"](seed=1, budget=0.1).compiled
    assert not schmier["Python"](seed=1, budget=0.1).compiled
    assert schmier["Python"](seed=1, budget=0.1).max_samples == (
        SchmierExpert(1, 0.1).max_samples)
    assert schmier["PythonClocked"](seed=1, budget=0.1).max_samples > 10**6


@pytest.mark.parametrize("game", ["schnauz", "scat", "schmier"])
def test_every_decision_with_a_choice_counts_its_play_outs(game: str) -> None:
    """A fixed plan, far within the clock: both paths search the same play-outs (the
    same values, so the same races), each at least the eight planned."""
    compiled = core_strength.playouts(game, VARIANTS[game]["Compiled"], 30.0, 1, 3,
                                      actions=40, worlds=8)
    python = core_strength.playouts(game, VARIANTS[game]["Python"], 30.0, 1, 3,
                                    actions=40, worlds=8)
    assert compiled == python
    assert len(compiled) >= 3 and all(count >= 8 for count in compiled)


def test_the_arena_seats_one_path_against_the_other(tmp_path: Path) -> None:
    players = ",".join(f"tools.core_strength:Schnauz{name}" for name in ("Compiled", "Python"))
    out = io.StringIO()
    config = ArenaConfig("schnauz", players, matches=2, jobs=1, budget=0.01,
                         out=str(tmp_path), max_deals=2, options={"num_players": 2})
    assert run_arena(config, out, io.StringIO()) == 0
    (written,) = tmp_path.glob("*.json")
    data = json.loads(written.read_text())
    assert "tools.core_strength:SchnauzPython" in out.getvalue()
    assert data["matches"] == 2
    assert {tuple(match["seats"]) for match in data["match_list"]} == {
        tuple(players.split(",")), tuple(reversed(players.split(",")))}
