"""What a computer level is: a name, a description for people, and a factory of bots.

A leaf the game packages build their levels from (each exports ``LEVELS``); the
table of every level, and finding one, is bots/registry.py, which imports them.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from stammtisch.bots.base import Bot

BotFactory = Callable[[str, int, float | None], Bot]
"""``factory(game, seed, budget)``: a fresh bot for one seat of one match; ``budget``
is the most seconds per decision (``None``: the level's default)."""


@dataclass(frozen=True)
class BotLevel:
    name: str
    description: str
    """One line for people, naming the level's weaknesses."""
    make: BotFactory
    games: frozenset[str] | None = None
    """The games this level plays; ``None``: every game."""
    hidden: bool = False
    """Plays in the arena and the terminal, but the start page and the web tables do not
    offer it (a research bot too slow for a table, say)."""


__all__ = ["BotFactory", "BotLevel"]
