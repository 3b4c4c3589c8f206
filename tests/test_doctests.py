"""The docstring examples of src/stammtisch run with the suite, and a module whose
optional extra is missing is skipped, naming the extra, rather than failing to import."""

from __future__ import annotations

import os
import re
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
PACKAGE = ROOT / "src" / "stammtisch"
EXTRAS = ["pettingzoo", "gymnasium", "numpy", "pyspiel", "open_spiel", "redis", "ray", "matplotlib"]
"""The packages of every optional extra (pyproject.toml)."""


def with_examples() -> set[str]:
    """The modules of src/stammtisch whose docstrings hold an example, as paths."""
    return {path.relative_to(ROOT).as_posix() for path in PACKAGE.rglob("*.py")
            if re.search(r"^\s*>>> ", path.read_text(encoding="utf-8"), re.MULTILINE)}


@pytest.mark.slow
def test_without_the_extras_each_example_runs_or_its_module_names_the_extra(tmp_path: Path) -> None:
    (tmp_path / "sitecustomize.py").write_text(  # as if the extras were not installed
        f"import sys\nsys.modules.update(dict.fromkeys({EXTRAS!r}))\n", encoding="utf-8")
    env = {**os.environ, "PYTHONPATH": os.pathsep.join(
        filter(None, [str(tmp_path), os.environ.get("PYTHONPATH")]))}
    run = subprocess.run(
        [sys.executable, "-m", "pytest", "-n", "0", "-p", "no:cacheprovider", "-q", "-rA",
         "src/stammtisch"], cwd=ROOT, env=env, capture_output=True, text=True, timeout=300)
    assert run.returncode == 0, run.stdout + run.stderr
    passed = set(re.findall(r"^PASSED (\S+?)::", run.stdout, re.MULTILINE))
    skipped = re.findall(r"^SKIPPED \[\d+\] \S+: needs (.+): pip install 'stammtisch\[(\w+)\]'",
                         run.stdout, re.MULTILINE)
    needs_rl = {path for path in with_examples() if path.startswith("src/stammtisch/envs/")}
    assert passed == with_examples() - needs_rl, run.stdout
    assert {extra for _, extra in skipped} == {"rl", "cluster"}, run.stdout
