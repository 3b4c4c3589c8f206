"""The compiled core: Schnapsen's hot paths in Cython, with the pure-Python code as fallback.

Compiled (setup.py builds them when a C compiler and Python's headers are there):
``twister`` (CPython's Mersenne Twister in C), ``schnapsen_core`` (the engine's
fast path: :class:`NativeMatch`), ``schnapsen_playout`` (the expert's play-outs)
and ``schnapsen_solver`` (the closed-talon alpha-beta ``Search``). Each mirrors
its Python reference exactly (games/schnapsen.py, games/schnapsen_sim.py,
games/schnapsen_playout.py, games/schnapsen_solver.py): the same legal actions,
states, random draws, values and node counts (tests/native/test_differential.py).
The references are all in the games layer below, so the fallbacks here import
nothing from the bots above.

:func:`available` tells whether the compiled core can be used; when it cannot
(not built, or ``STAMMTISCH_PURE_PYTHON=1``), it says so once per process and
the functions below fall back to the Python paths, with the same results.

The Schnapsen expert (bots/schnapsen/players.py) evaluates each sampled world
through :func:`to_native`, :func:`play_out`, :func:`search` and
:func:`deal_value`, which take either engine and run compiled on a
:class:`NativeMatch`: one world evaluation for both paths.
"""

from __future__ import annotations

import os
import random
import warnings
from types import ModuleType
from typing import TYPE_CHECKING, Any, Protocol, TypeAlias

from stammtisch.games.schnapsen import Rules, SchnapsenState
from stammtisch.games.schnapsen_playout import play_until as python_play_until
from stammtisch.games.schnapsen_sim import SimulatedMatch
from stammtisch.games.schnapsen_solver import Search as PythonSearch
from stammtisch.games.schnapsen_solver import deal_value as python_deal_value

if TYPE_CHECKING:
    from stammtisch.native.schnapsen_core import NativeMatch

    Match: TypeAlias = SchnapsenState | NativeMatch
    """A Schnapsen position on either engine."""

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


def simulated_match(rules: Rules, rng: random.Random) -> Match:
    """A simulation's match, as ``SimulatedMatch(rules, rng)``: compiled when available."""
    if available():
        match: NativeMatch = _module("core").NativeMatch(rules, rng)
        return match
    return SimulatedMatch(rules, rng)


def to_native(state: SchnapsenState) -> Match:
    """``state``'s compiled copy when the core is available, else ``state`` itself."""
    if available():
        match: NativeMatch = _module("core").NativeMatch.from_state(state)
        return match
    return state


class Solver(Protocol):
    """The closed-talon solver of one deal (games/schnapsen_solver.py's ``Search``, or
    its compiled twin): ``value`` of a position of that deal, ``nodes`` visited."""

    nodes: int

    def value(self, state: Any, alpha: int = -3, beta: int = 3) -> int: ...


def search(state: Match, me: int) -> Solver:
    """A ``Search(state, me)`` of games/schnapsen_solver.py: compiled on a
    :class:`NativeMatch` (the same ``value()``, ``node()`` and ``nodes``)."""
    if isinstance(state, SchnapsenState):
        return PythonSearch(state, me)
    solver: Solver = _module("solver").Search(state, me)
    return solver


def play_until(state: Match, rng: random.Random, stop_t: int) -> bool:
    """games/schnapsen_playout.py's ``play_until``: compiled on a :class:`NativeMatch`."""
    if not isinstance(state, SchnapsenState) and available():
        done: bool = _module("playout").play_until(state, rng, stop_t)
        return done
    if not isinstance(state, SchnapsenState):
        raise TypeError("a NativeMatch needs the compiled core")
    return python_play_until(state, rng, stop_t)


def play_out(state: Match, seed: int, stop_t: int) -> bool:
    """games/schnapsen_playout.py's ``play_until(state, random.Random(seed), stop_t)``:
    on a :class:`NativeMatch` compiled, with a compiled generator of the same draws."""
    if isinstance(state, SchnapsenState):
        return python_play_until(state, random.Random(seed), stop_t)
    done: bool = _module("playout").play_until(state, _module("twister").Twister(seed), stop_t)
    return done


def deal_value(state: Match, me: int, deal: int) -> int:
    """games/schnapsen_solver.py's ``deal_value``: the signed award for ``me`` of the
    deal ``deal`` that ``state`` (either engine) has just finished."""
    if isinstance(state, SchnapsenState):
        return python_deal_value(state, me, deal)
    last = state.last_deal
    if last is None or last["deal"] != deal:
        raise ValueError(f"deal {deal} is not the match's last finished deal")
    if last["winner"] is None:
        return 0
    award: int = last["game_points"]
    return award if last["winner"] == me else -award


def _module(name: str) -> Any:
    modules = _load()
    if modules is None:
        raise RuntimeError(f"stammtisch.native: {_missing}")
    return modules[name]


__all__ = ["PURE_PYTHON_VARIABLE", "Solver", "available", "deal_value", "missing_reason",
           "play_out", "play_until", "search", "simulated_match", "to_native"]
