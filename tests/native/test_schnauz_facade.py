"""Schnauz's switch between the compiled and the Python paths (stammtisch.native.schnauz),
the expert on either, and the play-out figures of tools/bench_thirty_one.py."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import stammtisch
from stammtisch.bots.schnauz.players import ExpertBot, load_club
from stammtisch.games.schnauz import SchnauzState
from stammtisch.native import schnauz as schnauz_native
from stammtisch.native.schnauz_core import SchnauzMatch
from tools import bench_thirty_one

ROOT = Path(__file__).resolve().parents[2]


def test_the_compiled_core_is_used_when_built() -> None:
    assert schnauz_native.available() and schnauz_native.missing_reason() is None
    state = SchnauzState({"num_players": 3, "deck_variant": "A7", "lives": 3,
                          "first_dealer": 0, "knock_allowed_first_round": True,
                          "dealt_combo_check": "after_dealer_choice",
                          "short_stock_on_all_pass": "showdown",
                          "fire_effect": "lowest_loses", "knocker_lowest_penalty": 1}, 9)
    converted = schnauz_native.to_native(state)
    assert isinstance(converted, SchnauzMatch) and converted.dump() == state.dump()
    assert ExpertBot().on_compiled()


def expert_moves(compiled: bool, moves: int = 24) -> list[str]:
    """The first moves of a 4-player match of experts with a fixed number of play-outs."""
    match = stammtisch.new_match("schnauz", seed=5, num_players=4)
    bots = []
    for seat in range(4):
        bot = ExpertBot(seed=seat, budget=1000.0, rollouts=60)
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


def test_the_expert_plays_alike_on_either_path() -> None:
    assert expert_moves(True) == expert_moves(False)


def test_without_the_compiled_core_it_says_so_once_and_plays_in_python() -> None:
    script = (
        "import warnings\n"
        "warnings.simplefilter('default')\n"
        "from stammtisch.native import schnauz as schnauz_native\n"
        "from stammtisch.bots.schnauz.players import ExpertBot\n"
        "import stammtisch\n"
        "assert not schnauz_native.available() and not schnauz_native.available()\n"
        "assert not ExpertBot().on_compiled()\n"
        "match = stammtisch.new_match('schnauz', seed=1, num_players=3)\n"
        "bot = ExpertBot(seed=1, budget=1000.0, rollouts=20)\n"
        "match.play(bot.choose(match.view(match.to_act)))\n"
        "print(schnauz_native.missing_reason())\n"
    )
    env = dict(os.environ, STAMMTISCH_PURE_PYTHON="1",
               PYTHONPATH=os.pathsep.join([str(ROOT / "src"), str(ROOT)]))
    done = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True,
                          env=env, cwd=ROOT, timeout=120, check=False)
    assert done.returncode == 0, done.stderr
    assert done.stdout.strip() == "STAMMTISCH_PURE_PYTHON is set"
    assert done.stderr.count("Schnauz runs on its pure-Python paths") == 1


def test_the_bench_measures_both_paths() -> None:
    load_club("A7")
    sampled = bench_thirty_one.worlds(5)
    assert bench_thirty_one.python_play_outs(sampled, 0.01) > 0
    assert bench_thirty_one.compiled_play_outs(sampled, 0.01) > 0
    assert bench_thirty_one.random_steps(SchnauzMatch, 0.01) > 0
