"""Schnauz's compiled core (native/schnauz_core.pyx) with the pure-Python code as fallback.

:func:`available` tells whether the compiled core can be used; when it cannot (not
built, or ``STAMMTISCH_PURE_PYTHON=1``), it says so once per process and
:func:`to_native` hands back the Python state, :func:`play_out` plays on it in
Python: the same values either way (tests/native/test_differential_schnauz.py).

The Schnauz expert (bots/schnauz/players.py) converts its sampled worlds with
:func:`to_native` and plays them out with :func:`play_out` when the core is
available, else in Python on its own (the same values); the club's tables come
from the bots through :func:`load_club`, so nothing here imports the bots above.
"""

from __future__ import annotations

import os
import warnings
from collections.abc import Mapping, Sequence
from types import ModuleType
from typing import TYPE_CHECKING, Any, TypeAlias

from stammtisch.cards import CardSet
from stammtisch.games.schnauz import SchnauzState

if TYPE_CHECKING:
    from stammtisch.native.schnauz_core import SchnauzMatch

    Match: TypeAlias = SchnauzState | SchnauzMatch
    """A Schnauz position on either engine."""

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
            from stammtisch.native import schnauz_core
        except ImportError as error:
            _missing = f"the compiled core is not built ({error})"
        else:
            _core = schnauz_core
    return _core


def available() -> bool:
    """Whether the compiled core is used; when not, says why once per process."""
    global _told
    if _load() is not None:
        return True
    if not _told:
        _told = True
        warnings.warn(f"stammtisch.native: {_missing}; Schnauz runs on its pure-Python "
                      "paths (slower, the same play)", RuntimeWarning, stacklevel=2)
    return False


def missing_reason() -> str | None:
    """Why the compiled core is not used (None when it is)."""
    _load()
    return None if _core is not None else _missing


def to_native(state: SchnauzState) -> Match:
    """``state``'s compiled copy when the core is available, else ``state`` itself."""
    if available():
        match: SchnauzMatch = _module().SchnauzMatch.from_state(state)
        return match
    return state


def load_club(deck_variant: str, power: Mapping[CardSet, float],
              knocks: Sequence[Sequence[float]], keep_at: float) -> None:
    """Hand the club's tables for a deck (bots/schnauz/policy.py's ``strength``,
    ``CLUB_KNOCKS``, ``KEEP_AT``) to the compiled play-outs; once per deck is enough."""
    core = _module()
    if not core.club_loaded(deck_variant):
        core.load_club(deck_variant, power, knocks, keep_at)


def play_out(world: Match, first: int, seat: int) -> float:
    """``standing(play_round(world.clone(), club_policy, first), seat)`` of
    bots/thirty_one.py, compiled: ``first``, then the club's moves for everyone to the
    round's end, and ``seat``'s chance to be last standing (the club's tables loaded
    by :func:`load_club`). A Python ``world`` is converted first."""
    core = _module()
    if isinstance(world, SchnauzState):
        world = core.SchnauzMatch.from_state(world)
    value: float = core.play_out(world, first, seat)
    return value


def _module() -> Any:
    core = _load()
    if core is None:
        raise RuntimeError(f"stammtisch.native: {_missing}")
    return core


__all__ = ["PURE_PYTHON_VARIABLE", "available", "load_club", "missing_reason", "play_out",
           "to_native"]
