"""The env tests need the ``rl`` extra: without it they skip, saying so, except under CI
(the environment variable ``CI`` set), where a missing extra fails the run."""

from __future__ import annotations

import importlib
import os

import pytest

PETTINGZOO = ("gymnasium", "numpy", "pettingzoo")
OPENSPIEL = ("numpy", "pyspiel")


def require_rl(modules: tuple[str, ...] = PETTINGZOO) -> None:
    """Skip the calling test module when one of ``modules`` cannot be imported (fail
    under CI)."""
    try:
        for module in modules:
            importlib.import_module(module)
    except ImportError as error:
        why = (f"the rl extra is not installed ({error}); "
               "pip install -e '.[dev,rl]' (make test does)")
        if os.environ.get("CI"):
            pytest.fail(why, pytrace=False)
        pytest.skip(why, allow_module_level=True)
