"""Schnauz's and Scat's switch between the compiled and the Python paths
(stammtisch.native.schnauz and .scat), the experts on either, and the play-out figures
of tools/bench_thirty_one.py."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

import stammtisch
from stammtisch.bots.scat.players import ExpertBot as ScatExpert
from stammtisch.bots.schnauz.players import ExpertBot as SchnauzExpert
from stammtisch.games.scat import ScatState
from stammtisch.games.schnauz import SchnauzState
from stammtisch.native import scat as scat_native
from stammtisch.native import schnauz as schnauz_native
from stammtisch.native.scat_core import ScatMatch
from stammtisch.native.schnauz_core import SchnauzMatch
from tools import bench_thirty_one

ROOT = Path(__file__).resolve().parents[2]
EXPERTS: dict[str, Any] = {"schnauz": SchnauzExpert, "scat": ScatExpert}


def test_the_compiled_cores_are_used_when_built() -> None:
    for facade, state_class, match_class in ((schnauz_native, SchnauzState, SchnauzMatch),
                                             (scat_native, ScatState, ScatMatch)):
        assert facade.available() and facade.missing_reason() is None
        state = stammtisch.new_match(facade.__name__.rsplit(".", 1)[1], seed=9,
                                     num_players=3).state
        assert isinstance(state, state_class)
        converted = facade.to_native(state)
        assert isinstance(converted, match_class) and converted.dump() == state.dump()
    assert SchnauzExpert().on_compiled() and ScatExpert().on_compiled()


def expert_moves(game: str, compiled: bool, moves: int = 24) -> list[str]:
    """The first moves of a 4-player match of experts with a fixed number of play-outs."""
    match = stammtisch.new_match(game, seed=5, num_players=4)
    bots = []
    for seat in range(4):
        bot = EXPERTS[game](seed=seat, budget=1000.0, rollouts=60)
        bot.compiled = compiled
        bots.append(bot)
    played: list[str] = []
    while match.to_act is not None and len(played) < moves:
        seat = match.to_act
        action = bots[seat].choose(match.view(seat))
        match.play(action)
        played.append(action)
    assert bots[0].on_compiled() is compiled
    return played


@pytest.mark.parametrize("game", ["schnauz", "scat"])
def test_the_expert_plays_alike_on_either_path(game: str) -> None:
    assert expert_moves(game, True) == expert_moves(game, False)


@pytest.mark.parametrize("game", ["schnauz", "scat"])
def test_without_the_compiled_core_it_says_so_once_and_plays_in_python(game: str) -> None:
    title = game.capitalize()
    script = (
        "import warnings\n"
        "warnings.simplefilter('default')\n"
        f"from stammtisch.native import {game} as facade\n"
        f"from stammtisch.bots.{game}.players import ExpertBot\n"
        "import stammtisch\n"
        "assert not facade.available() and not facade.available()\n"
        "assert not ExpertBot().on_compiled()\n"
        f"match = stammtisch.new_match('{game}', seed=1, num_players=3)\n"
        "bot = ExpertBot(seed=1, budget=1000.0, rollouts=20)\n"
        "match.play(bot.choose(match.view(match.to_act)))\n"
        "print(facade.missing_reason())\n"
    )
    env = dict(os.environ, STAMMTISCH_PURE_PYTHON="1",
               PYTHONPATH=os.pathsep.join([str(ROOT / "src"), str(ROOT)]))
    done = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True,
                          env=env, cwd=ROOT, timeout=120, check=False)
    assert done.returncode == 0, done.stderr
    assert done.stdout.strip() == "STAMMTISCH_PURE_PYTHON is set"
    assert done.stderr.count(f"{title} runs on its pure-Python paths") == 1


@pytest.mark.parametrize("game", ["schnauz", "scat"])
def test_the_bench_measures_both_paths(game: str) -> None:
    lines = bench_thirty_one.lines(bench_thirty_one.GAMES[game](), 0.01, 3)
    assert len(lines) == 5
    assert "x the Python" in lines[1] and lines[1].split()[1:3] == ["play-outs", "compiled"]
    for line in lines[3:]:
        assert line.split()[1:3] == ["random", "steps"] and "x the Python" in line
