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

from collections.abc import Sequence
from typing import TYPE_CHECKING, Any, TypeAlias

from stammtisch.games.scat import ScatState
from stammtisch.native.loading import PURE_PYTHON_VARIABLE, CompiledCore

if TYPE_CHECKING:
    from stammtisch.native.scat_core import ScatMatch

    Match: TypeAlias = ScatState | ScatMatch
    """A Scat position on either engine."""

CORE = CompiledCore("Scat", "scat_core")


def available() -> bool:
    """Whether the compiled core is used; when not, says why once per process."""
    return CORE.available()


def missing_reason() -> str | None:
    """Why the compiled core is not used (None when it is)."""
    return CORE.missing_reason()


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
    return CORE.module()


__all__ = ["PURE_PYTHON_VARIABLE", "available", "load_rollout", "missing_reason", "play_out",
           "to_native"]
