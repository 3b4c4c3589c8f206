"""stammtisch.native.schmier's switch between the compiled and the Python Schmier paths,
and its figures (tools/bench_schmier_native.py)."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

import stammtisch
from stammtisch.bots.schmier.players import ExpertBot
from stammtisch.core.options import resolve
from stammtisch.games.schmier import OPTIONS, SchmierState
from stammtisch.native import schmier as native
from stammtisch.native.schmier_core import NativeSchmier
from tools import bench_schmier_native

ROOT = Path(__file__).resolve().parents[2]
DECIDE = (
    "import json, sys, warnings\n"
    "warnings.simplefilter('default')\n"
    "import stammtisch\n"
    "from stammtisch.bots.schmier.players import ExpertBot\n"
    "from stammtisch.core.options import resolve\n"
    "from stammtisch.games.schmier import OPTIONS, SchmierState\n"
    "from stammtisch.native import schmier\n"
    "assert not schmier.available() and not schmier.available()\n"
    "state = SchmierState(resolve('schmier', OPTIONS, {}), 1)\n"
    "assert schmier.to_native(state) is state\n"
    "assert not ExpertBot().compiled\n"
    "try:\n"
    "    ExpertBot(compiled=True)\n"
    "except ValueError as error:\n"
    "    assert 'need the compiled core' in str(error), error\n"
    "else:\n"
    "    raise AssertionError('compiled play-outs without the compiled core')\n"
    "match = stammtisch.new_match('schmier', seed=3)\n"
    "ranked = ExpertBot(2, 1000.0, max_samples=16).analyze(match.view(match.to_act))\n"
    "print(json.dumps([schmier.missing_reason(), ranked]))\n"
)
BLOCK_BUILD = "import sys\nsys.modules['stammtisch.native.schmier_core'] = None\n"


def run_python(script: str, **env: str) -> subprocess.CompletedProcess[str]:
    environment = {key: value for key, value in os.environ.items()
                   if key != native.PURE_PYTHON_VARIABLE}
    environment.update(env, PYTHONPATH=os.pathsep.join([str(ROOT / "src"), str(ROOT)]))
    return subprocess.run([sys.executable, "-c", script], capture_output=True, text=True,
                          env=environment, cwd=ROOT, timeout=300, check=False)


def compiled_ranking() -> list[list[object]]:
    match = stammtisch.new_match("schmier", seed=3)
    ranked = ExpertBot(2, 1000.0, max_samples=16, compiled=True).analyze(
        match.view(match.to_act))
    return [[text, value] for text, value in ranked]


def test_the_compiled_core_is_used_when_built() -> None:
    assert native.available() and native.missing_reason() is None
    state = SchmierState(resolve("schmier", OPTIONS, {}), 1)
    match = native.to_native(state)
    assert isinstance(match, NativeSchmier) and match.dump() == state.dump()
    assert ExpertBot().compiled


@pytest.mark.parametrize(("prelude", "env", "reason"), [
    ("", {"STAMMTISCH_PURE_PYTHON": "1"}, "STAMMTISCH_PURE_PYTHON is set"),
    (BLOCK_BUILD, {}, "the compiled core is not built"),
], ids=["pure-python", "not-built"])
def test_without_the_compiled_core_it_says_so_once_and_plays_alike(
        prelude: str, env: dict[str, str], reason: str) -> None:
    done = run_python(prelude + DECIDE, **env)
    assert done.returncode == 0, done.stderr
    missing, ranked = json.loads(done.stdout)
    assert missing.startswith(reason)
    assert done.stderr.count("Schmier runs on its pure-Python paths") == 1
    assert ranked == compiled_ranking()


def test_the_figures_compare_both_paths() -> None:
    lines = bench_schmier_native.report(0.02, 4)
    assert [line.split()[2] for line in lines] == ["python", "compiled"] * 3
    assert "x the Python  (target >= 20x:" in lines[1]
    assert all("x the Python" in line for line in lines[1::2])
