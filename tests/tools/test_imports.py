"""Every module under tools/ imports (a tool nobody runs for a while must not rot
unseen) and says in its header what it is for."""

from __future__ import annotations

import importlib
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
