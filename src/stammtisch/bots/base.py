"""The bot interface: a view in, an action text out."""

from __future__ import annotations

from typing import Any, Protocol


class Bot(Protocol):
    """A computer player. It is handed the seat's view only (``Match.view(seat)``)."""

    name: str
    """Short level name shown to people (``random``, ``club`` ...)."""

    def choose(self, view: dict[str, Any]) -> str:
        """One of ``view["legal_actions"]``."""
        ...


class Analyst(Bot, Protocol):
    """A bot that can explain itself (the ``expert`` level; hints)."""

    def analyze(self, view: dict[str, Any]) -> list[tuple[str, float]]:
        """Every legal action with its estimated value (win probability or expected
        points, as the level documents), best first."""
        ...
