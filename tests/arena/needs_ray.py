"""The Ray tests need the ``ray`` extra: without it they skip, saying so, except under CI
(the environment variable ``CI`` set), where a missing extra fails the run."""

from __future__ import annotations

import importlib
import os

import pytest


def require_ray() -> None:
    """Skip the calling test when Ray cannot be imported (fail under CI)."""
    try:
        importlib.import_module("ray")
    except ImportError as error:
        why = (f"the ray extra is not installed ({error}); "
               "pip install -e '.[dev,rl,ray]' (make test does)")
        if os.environ.get("CI"):
            pytest.fail(why, pytrace=False)
        pytest.skip(why)
