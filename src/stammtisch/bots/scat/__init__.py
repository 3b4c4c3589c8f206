"""Scat computer players: ``beginner``, ``club`` and ``expert`` (docs/rules/scat.md)."""

from __future__ import annotations

from stammtisch.bots.levels import BotLevel
from stammtisch.bots.scat.determinize import determinize
from stammtisch.bots.scat.players import BeginnerBot, ClubBot, ExpertBot

GAMES = frozenset({"scat"})

LEVELS = (
    BotLevel(
        "beginner",
        "Takes the discard when it helps and knocks at 27; never counts, feeds its neighbour.",
        lambda _game, seed, _budget: BeginnerBot(seed), GAMES),
    BotLevel(
        "club",
        "Keeps to one suit and knocks on the odds, but forgets discards and never reads a knock.",
        lambda _game, seed, _budget: ClubBot(seed), GAMES),
    BotLevel(
        "expert",
        "Plays out deals sampled to fit every draw and discard it saw this deal "
        "(up to 0.3 s a move, less beside other computer players); "
        "assumes everyone plays club-style and looks only one move ahead.",
        lambda _game, seed, budget: ExpertBot(seed, budget), GAMES),
)
"""This game's computer levels, weakest first (bots/registry.py registers them)."""

__all__ = ["LEVELS", "BeginnerBot", "ClubBot", "ExpertBot", "determinize"]
