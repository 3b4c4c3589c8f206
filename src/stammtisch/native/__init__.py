"""The compiled core: Schnapsen's hot paths in Cython, with the pure-Python code as fallback.

Compiled (setup.py builds them when a C compiler and Python's headers are there):
``twister`` (CPython's Mersenne Twister in C), ``schnapsen_core`` (the engine's
fast path: :class:`NativeMatch`), ``schnapsen_playout`` (the expert's play-outs)
and ``schnapsen_solver`` (the closed-talon alpha-beta ``Search``). Each mirrors
its Python reference exactly (games/schnapsen.py, games/schnapsen_sim.py,
bots/schnapsen/policy.py, bots/schnapsen/solver.py): the same legal actions,
states, random draws, values and node counts (tests/native/test_differential.py).

:func:`available` tells whether the compiled core can be used; when it cannot
(not built, or ``STAMMTISCH_PURE_PYTHON=1``), it says so once per process and
the functions below fall back to the Python paths, with the same results.
"""

from __future__ import annotations

import os
import random
import warnings
from types import ModuleType
from typing import TYPE_CHECKING, Any

from stammtisch.games.schnapsen import Rules, SchnapsenState
from stammtisch.games.schnapsen_sim import SimulatedMatch

if TYPE_CHECKING:
    from stammtisch.native.schnapsen_core import NativeMatch

PURE_PYTHON_VARIABLE = "STAMMTISCH_PURE_PYTHON"
"""Set to 1 to run the Python paths even where the compiled core is built."""

_modules: dict[str, ModuleType] | None = None
_missing: str | None = None
_told = False


def _load() -> dict[str, ModuleType] | None:
    global _modules, _missing
    if _modules is None and _missing is None:
        if os.environ.get(PURE_PYTHON_VARIABLE, "") not in ("", "0"):
            _missing = f"{PURE_PYTHON_VARIABLE} is set"
            return None
        try:
            from stammtisch.native import (
                schnapsen_core,
                schnapsen_playout,
                schnapsen_solver,
                twister,
            )
        except ImportError as error:
            _missing = f"the compiled core is not built ({error})"
        else:
            _modules = {"core": schnapsen_core, "playout": schnapsen_playout,
                        "solver": schnapsen_solver, "twister": twister}
    return _modules


def available() -> bool:
    """Whether the compiled core is used; when not, says why once per process."""
    global _told
    if _load() is not None:
        return True
    if not _told:
        _told = True
        warnings.warn(f"stammtisch.native: {_missing}; Schnapsen runs on its pure-Python "
                      "paths (slower, the same play)", RuntimeWarning, stacklevel=2)
    return False


def missing_reason() -> str | None:
    """Why the compiled core is not used (None when it is)."""
    _load()
    return None if _modules is not None else _missing


def simulated_match(rules: Rules, rng: random.Random) -> SchnapsenState | NativeMatch:
    """A simulation's match, as ``SimulatedMatch(rules, rng)``: compiled when available."""
    if available():
        match: NativeMatch = _module("core").NativeMatch(rules, rng)
        return match
    return SimulatedMatch(rules, rng)


def to_native(state: SchnapsenState) -> SchnapsenState | NativeMatch:
    """``state``'s compiled copy when the core is available, else ``state`` itself."""
    if available():
        match: NativeMatch = _module("core").NativeMatch.from_state(state)
        return match
    return state


def search(state: SchnapsenState | NativeMatch, me: int) -> Any:
    """A ``Search(state, me)`` of bots/schnapsen/solver.py, compiled when available (the
    same ``value()``, ``node()`` and ``nodes``)."""
    if available():
        return _module("solver").Search(state, me)
    from stammtisch.bots.schnapsen.solver import Search

    return Search(state, me)  # type: ignore[arg-type]


def play_until(state: SchnapsenState | NativeMatch, rng: random.Random, stop_t: int) -> bool:
    """bots/schnapsen/policy.py's ``play_until``: compiled on a :class:`NativeMatch`."""
    if not isinstance(state, SchnapsenState) and available():
        done: bool = _module("playout").play_until(state, rng, stop_t)
        return done
    from stammtisch.bots.schnapsen.policy import play_until as python_play_until

    if not isinstance(state, SchnapsenState):
        raise TypeError("a NativeMatch needs the compiled core")
    return python_play_until(state, rng, stop_t)


def _module(name: str) -> Any:
    modules = _load()
    if modules is None:
        raise RuntimeError(f"stammtisch.native: {_missing}")
    return modules[name]


__all__ = ["PURE_PYTHON_VARIABLE", "available", "missing_reason", "play_until", "search",
           "simulated_match", "to_native"]
