"""Every module under tools/ imports (a tool nobody runs for a while must not rot
unseen) and says in its header what it is for."""

from __future__ import annotations

import importlib
import os
import subprocess
import sys
from pathlib import Path

import pytest

TOOLS = Path(__file__).resolve().parents[2] / "tools"
MODULES = sorted(path.stem for path in TOOLS.glob("*.py") if path.stem != "__init__")


def test_the_tools_folder_is_found() -> None:
    assert "decision_lab" in MODULES and "traces" in MODULES


@pytest.mark.parametrize("name", MODULES)
def test_every_tool_imports_and_has_a_header(name: str) -> None:
    module = importlib.import_module(f"tools.{name}")
    assert module.__doc__ and module.__doc__.strip(), f"tools/{name}.py has no header docstring"


def test_importing_the_tools_leaves_the_bot_levels_as_they_were() -> None:
    """In a fresh interpreter (here every tool is imported already): a tool that adds a
    level for its own runs must not add it to every program that imports it."""
    script = f"""
import importlib
from stammtisch.bots.registry import levels
from stammtisch.games import REGISTRY
def names():
    return {{game: [level.name for level in levels(game)] for game in REGISTRY}}
before = names()
for name in {MODULES!r}:
    importlib.import_module("tools." + name)
assert names() == before, (before, names())
"""
    done = subprocess.run([sys.executable, "-c", script], cwd=TOOLS.parent, env=_env(),
                          capture_output=True, text=True, timeout=120, check=False)
    assert done.returncode == 0, done.stderr


def _env() -> dict[str, str]:
    src = str(TOOLS.parent / "src")
    path = os.environ.get("PYTHONPATH")
    return {**os.environ, "PYTHONPATH": src + (os.pathsep + path if path else "")}
