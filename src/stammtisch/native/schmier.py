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

from typing import TYPE_CHECKING, TypeAlias

from stammtisch.games.schmier import SchmierState
from stammtisch.native.loading import PURE_PYTHON_VARIABLE, CompiledCore

if TYPE_CHECKING:
    from stammtisch.native.schmier_core import NativeSchmier

    Match: TypeAlias = SchmierState | NativeSchmier
    """A Schmier position on either engine."""

CORE = CompiledCore("Schmier", "schmier_core", "schmier_playout")


def available() -> bool:
    """Whether the compiled core is used; when not, says why once per process."""
    return CORE.available()


def missing_reason() -> str | None:
    """Why the compiled core is not used (None when it is)."""
    return CORE.missing_reason()


def to_native(state: SchmierState) -> Match:
    """``state``'s compiled copy when the core is available, else ``state`` itself."""
    modules = CORE.modules()
    if modules is None:
        return state
    match: NativeSchmier = modules[0].NativeSchmier.from_state(state)
    return match


def deal_change(world: NativeSchmier, action: int, seat: int) -> float:
    """bots/schmier/players.py's ``deal_change(world, action, seat, club_action)`` on a
    compiled world (:func:`to_native`): the same value."""
    value: float = CORE.module(1).deal_change(world, action, seat)
    return value


__all__ = ["PURE_PYTHON_VARIABLE", "available", "deal_change", "missing_reason", "to_native"]
