"""Scat's compiled core (native/scat_core.pyx) with the pure-Python code as fallback.

:func:`available` tells whether the compiled core can be used; when it cannot (not
built, or ``STAMMTISCH_PURE_PYTHON=1``), it says so once per process and
:func:`to_native` hands back the Python state, :func:`play_out` plays on it in
Python: the same values either way (tests/native/test_differential_scat.py).

The Scat expert (bots/scat/players.py) converts its sampled worlds with
:func:`to_native` and plays them out with :func:`play_out` when the core is
available, else in Python on its own (the same values); the play-out policy's
constants come from the bots through :func:`load_rollout`, so nothing here
imports the bots above.
"""

from __future__ import annotations

import os
import warnings
from collections.abc import Sequence
from types import ModuleType
from typing import TYPE_CHECKING, Any, TypeAlias

from stammtisch.games.scat import ScatState

if TYPE_CHECKING:
    from stammtisch.native.scat_core import ScatMatch

    Match: TypeAlias = ScatState | ScatMatch
    """A Scat position on either engine."""

PURE_PYTHON_VARIABLE = "STAMMTISCH_PURE_PYTHON"

_core: ModuleType | None = None
_missing: str | None = None
_told = False


def _load() -> ModuleType | None:
    global _core, _missing
    if _core is None and _missing is None:
        if os.environ.get(PURE_PYTHON_VARIABLE, "") not in ("", "0"):
            _missing = f"{PURE_PYTHON_VARIABLE} is set"
            return None
        try:
            from stammtisch.native import scat_core
        except ImportError as error:
            _missing = f"the compiled core is not built ({error})"
        else:
            _core = scat_core
    return _core


def available() -> bool:
    """Whether the compiled core is used; when not, says why once per process."""
    global _told
    if _load() is not None:
        return True
    if not _told:
        _told = True
        warnings.warn(f"stammtisch.native: {_missing}; Scat runs on its pure-Python "
                      "paths (slower, the same play)", RuntimeWarning, stacklevel=2)
    return False


def missing_reason() -> str | None:
    """Why the compiled core is not used (None when it is)."""
    _load()
    return None if _core is not None else _missing


def to_native(state: ScatState) -> Match:
    """``state``'s compiled copy when the core is available, else ``state`` itself."""
    if available():
        match: ScatMatch = _module().ScatMatch.from_state(state)
        return match
    return state


def load_rollout(knock_values: Sequence[int], gain: float) -> None:
    """Hand the play-out policy's constants (bots/scat/policy.py's ``ROLLOUT_KNOCK``
    and ``ROLLOUT_GAIN``) to the compiled play-outs."""
    core = _module()
    if not core.rollout_loaded():
        core.load_rollout(knock_values, gain)


def play_out(world: Match, first: int, seat: int) -> float:
    """``standing(play_round(world.clone(), rollout_policy, first), seat)`` of
    bots/thirty_one.py, compiled: ``first``, then the play-out policy for everyone to
    the round's end, and ``seat``'s chance to be last standing (its constants loaded
    by :func:`load_rollout`). A Python ``world`` is converted first."""
    core = _module()
    if isinstance(world, ScatState):
        world = core.ScatMatch.from_state(world)
    value: float = core.play_out(world, first, seat)
    return value


def _module() -> Any:
    core = _load()
    if core is None:
        raise RuntimeError(f"stammtisch.native: {_missing}")
    return core


__all__ = ["PURE_PYTHON_VARIABLE", "available", "load_rollout", "missing_reason", "play_out",
           "to_native"]
