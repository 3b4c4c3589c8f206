"""stammtisch.native's switch between compiled and Python paths, and its figures in make bench."""

from __future__ import annotations

import os
import random
import subprocess
import sys
from pathlib import Path

from stammtisch import native
from stammtisch.bots.schnapsen.solver import Search as PythonSearch
from stammtisch.games import find_game
from stammtisch.games.schnapsen_sim import SimulatedMatch
from stammtisch.native.schnapsen_core import NativeMatch
from tools import bench_native
from tools.bench import Figure, measure, peer_lines

ROOT = Path(__file__).resolve().parents[2]


def test_the_compiled_core_is_used_when_built() -> None:
    assert native.available() and native.missing_reason() is None
    rules = bench_native._default_rules()
    match = native.simulated_match(rules, random.Random(4))
    assert isinstance(match, NativeMatch)
    twin = SimulatedMatch(rules, random.Random(4))
    assert native.play_until(match, random.Random(5), 0) == \
        native.play_until(twin, random.Random(5), 0)
    assert match.dump() == twin.dump()
    converted = native.to_native(twin)
    assert isinstance(converted, NativeMatch) and converted.dump() == twin.dump()
    if twin.to_act >= 0 and twin.deal_number == 0:
        assert native.search(converted, 0).value(converted) == PythonSearch(twin, 0).value(twin)


def test_the_expert_world_steps_give_the_same_on_either_engine() -> None:
    """play_out, search and deal_value take either engine, compiled on a NativeMatch."""
    rules = bench_native._default_rules()
    ended = solved = 0
    for seed in range(60):
        python = SimulatedMatch(rules, random.Random(seed))
        compiled = native.to_native(SimulatedMatch(rules, random.Random(seed)))
        assert isinstance(compiled, NativeMatch)
        deal = python.deal_number
        done = native.play_out(python, seed, 0)
        assert native.play_out(compiled, seed, 0) == done
        assert compiled.dump() == python.dump()
        if done:
            assert isinstance(native.search(python, 1), PythonSearch)
            assert native.search(compiled, 1).value(compiled) == \
                native.search(python, 1).value(python)
            solved += 1
        else:
            assert native.deal_value(compiled, 1, deal) == native.deal_value(python, 1, deal)
            ended += 1
    assert ended and solved


def test_without_the_compiled_core_it_says_so_once_and_plays_in_python() -> None:
    script = (
        "import random, warnings\n"
        "warnings.simplefilter('default')\n"
        "from stammtisch import native\n"
        "from stammtisch.games.schnapsen_sim import SimulatedMatch\n"
        "from tools.bench_native import _default_rules\n"
        "assert not native.available() and not native.available()\n"
        "match = native.simulated_match(_default_rules(), random.Random(1))\n"
        "assert isinstance(match, SimulatedMatch)\n"
        "from stammtisch.bots.schnapsen.players import ExpertBot\n"
        "assert not ExpertBot().compiled\n"
        "try:\n"
        "    ExpertBot(compiled=True)\n"
        "except ValueError as error:\n"
        "    assert 'need the compiled core' in str(error), error\n"
        "else:\n"
        "    raise AssertionError('compiled worlds without the compiled core')\n"
        "print(native.missing_reason())\n"
    )
    env = dict(os.environ, STAMMTISCH_PURE_PYTHON="1",
               PYTHONPATH=os.pathsep.join([str(ROOT / "src"), str(ROOT)]))
    done = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True,
                          env=env, cwd=ROOT, timeout=120, check=False)
    assert done.returncode == 0, done.stderr
    assert done.stdout.strip() == "STAMMTISCH_PURE_PYTHON is set"
    assert done.stderr.count("Schnapsen runs on its pure-Python paths") == 1


def test_the_compiled_paths_play_whole_deals() -> None:
    for path in bench_native.COMPILED_PATHS:
        figure = measure(find_game("schnapsen"), path, 0.01)
        assert figure.matches >= 1 and figure.deals >= figure.matches and figure.actions > 0


def test_the_compiled_path_has_its_own_target() -> None:
    figures = [Figure("schnapsen", "compiled", 10, 40, 600, 0.0002),
               Figure("schnapsen", "compiled-py", 10, 40, 600, 0.002)]
    lines = peer_lines({"version": "0.0.5", "deals_per_second": 1000.0}, figures)
    assert "200,000 deals/s = 200.0x the peer  (target >= 100x: met)" in lines[1]
    assert lines[2].endswith("=  20.0x the peer")


def test_solver_and_expert_rates_are_measured_on_both_paths() -> None:
    solver, worlds = bench_native.solver_rates(0.05), bench_native.world_rates(0.3, positions=2)
    assert [rate.what for rate in solver] == ["python", "compiled"]
    assert [rate.what for rate in worlds] == ["python", "compiled", "deep"]
    for rates in (solver, worlds):
        assert all(rate.count > 0 and rate.seconds > 0 for rate in rates)
        lines = bench_native.rate_lines("x", "nodes", rates)
        assert "x the Python" in lines[1]
    assert "two talon cards" in bench_native.rate_lines("x", "worlds", worlds)[2]
