"""Schmier's compiled core (native/schmier_core.pyx, native/schmier_playout.pyx) with the
pure-Python code as fallback.

:func:`available` tells whether the compiled core can be used; when it cannot (not
built, or ``STAMMTISCH_PURE_PYTHON=1``), it says so once per process and
:func:`to_native` hands back the Python state, which the caller plays out in Python:
the same values either way (tests/native/test_differential_schmier.py).

The Schmier expert (bots/schmier/players.py) converts each sampled deal with
:func:`to_native` and values its actions with :func:`deal_change` when the core is
available, else with its own Python ``deal_change``. The compiled play-outs mirror the
club rules of bots/schmier and read their tables from there; nothing here imports the
bots.
"""

from __future__ import annotations

import os
import warnings
from types import ModuleType
from typing import TYPE_CHECKING, TypeAlias

from stammtisch.games.schmier import SchmierState

if TYPE_CHECKING:
    from stammtisch.native.schmier_core import NativeSchmier

    Match: TypeAlias = SchmierState | NativeSchmier
    """A Schmier position on either engine."""

PURE_PYTHON_VARIABLE = "STAMMTISCH_PURE_PYTHON"
"""Set to 1 to run the Python paths even where the compiled core is built."""

_modules: tuple[ModuleType, ModuleType] | None = None
_missing: str | None = None
_told = False


def _load() -> tuple[ModuleType, ModuleType] | None:
    global _modules, _missing
    if _modules is None and _missing is None:
        if os.environ.get(PURE_PYTHON_VARIABLE, "") not in ("", "0"):
            _missing = f"{PURE_PYTHON_VARIABLE} is set"
            return None
        try:
            from stammtisch.native import schmier_core, schmier_playout
        except ImportError as error:
            _missing = f"the compiled core is not built ({error})"
        else:
            _modules = schmier_core, schmier_playout
    return _modules


def available() -> bool:
    """Whether the compiled core is used; when not, says why once per process."""
    global _told
    if _load() is not None:
        return True
    if not _told:
        _told = True
        warnings.warn(f"stammtisch.native: {_missing}; Schmier runs on its pure-Python "
                      "paths (slower, the same play)", RuntimeWarning, stacklevel=2)
    return False


def missing_reason() -> str | None:
    """Why the compiled core is not used (None when it is)."""
    _load()
    return None if _modules is not None else _missing


def to_native(state: SchmierState) -> Match:
    """``state``'s compiled copy when the core is available, else ``state`` itself."""
    modules = _load()
    if modules is None:
        return state
    match: NativeSchmier = modules[0].NativeSchmier.from_state(state)
    return match


def deal_change(world: NativeSchmier, action: int, seat: int) -> float:
    """bots/schmier/players.py's ``deal_change(world, action, seat, club_action)`` on a
    compiled world (:func:`to_native`): the same value."""
    modules = _load()
    if modules is None:
        raise RuntimeError(f"stammtisch.native: {_missing}")
    value: float = modules[1].deal_change(world, action, seat)
    return value


__all__ = ["PURE_PYTHON_VARIABLE", "available", "deal_change", "missing_reason", "to_native"]
