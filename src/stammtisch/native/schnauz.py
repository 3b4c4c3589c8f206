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

from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING, Any, TypeAlias

from stammtisch.cards import CardSet
from stammtisch.games.schnauz import SchnauzState
from stammtisch.native.loading import PURE_PYTHON_VARIABLE, CompiledCore

if TYPE_CHECKING:
    from stammtisch.native.schnauz_core import SchnauzMatch

    Match: TypeAlias = SchnauzState | SchnauzMatch
    """A Schnauz position on either engine."""

CORE = CompiledCore("Schnauz", "schnauz_core")


def available() -> bool:
    """Whether the compiled core is used; when not, says why once per process."""
    return CORE.available()


def missing_reason() -> str | None:
    """Why the compiled core is not used (None when it is)."""
    return CORE.missing_reason()


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
    return CORE.module()


__all__ = ["PURE_PYTHON_VARIABLE", "available", "load_club", "missing_reason", "play_out",
           "to_native"]
