"""The env tests need the ``rl`` extra: without it they skip, saying so, except under CI
(the environment variable ``CI`` set), where a missing extra fails the run."""

from __future__ import annotations

import os

import pytest


def require_rl() -> None:
    """Skip the calling test module when pettingzoo cannot be imported (fail under CI)."""
    try:
        import gymnasium  # noqa: F401
        import numpy  # noqa: F401
        import pettingzoo  # noqa: F401
    except ImportError as error:
        why = (f"the rl extra is not installed ({error}); "
               "pip install -e '.[dev,rl]' (make test does)")
        if os.environ.get("CI"):
            pytest.fail(why, pytrace=False)
        pytest.skip(why, allow_module_level=True)
