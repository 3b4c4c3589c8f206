"""Schnauz computer players: ``beginner``, ``club`` and ``expert`` (docs/rules/schnauz.md)."""

from __future__ import annotations

from stammtisch.bots.levels import BotLevel
from stammtisch.bots.schnauz.determinize import determinize
from stammtisch.bots.schnauz.players import BeginnerBot, ClubBot, ExpertBot

GAMES = frozenset({"schnauz"})

LEVELS = (
    BotLevel(
        "beginner",
        "Swaps toward its best hand and knocks at 27; ignores the odds and feeds its neighbour.",
        lambda _game, seed, _budget: BeginnerBot(seed), GAMES),
    BotLevel(
        "club",
        "Knocks on the odds and starves its neighbour, but never remembers discards or reads "
        "a knock.",
        lambda _game, seed, _budget: ClubBot(seed), GAMES),
    BotLevel(
        "expert",
        "Plays out deals sampled to fit every swap and pass it saw this deal "
        "(up to 0.3 s a move, less beside other computer players); "
        "assumes everyone plays club-style and looks only one move ahead.",
        lambda _game, seed, budget: ExpertBot(seed, budget), GAMES),
)
"""This game's computer levels, weakest first (bots/registry.py registers them)."""

__all__ = ["LEVELS", "BeginnerBot", "ClubBot", "ExpertBot", "determinize"]
