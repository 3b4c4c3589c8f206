"""Schmier computer players: ``beginner``, ``club`` and ``expert`` (docs/rules/schmier.md).
bots/registry.py registers them."""

from __future__ import annotations

from stammtisch.bots.levels import BotLevel
from stammtisch.bots.schmier.determinize import determinize
from stammtisch.bots.schmier.players import BeginnerBot, ClubBot, ExpertBot

GAMES = frozenset({"schmier"})

LEVELS = (
    BotLevel(
        "beginner",
        "Bids on its count of high trumps, leads high and follows low; counts nothing, "
        "ignores its partner and throws its bauers away.",
        lambda _game, seed, _budget: BeginnerBot(seed), GAMES),
    BotLevel(
        "club",
        "Bids from hand strength, keeps its bauers and feeds its partner's sure tricks; "
        "plans one trick at a time and reads nothing into bids or plays.",
        lambda _game, seed, _budget: ClubBot(seed), GAMES),
    BotLevel(
        "expert",
        "Plays out sampled deals (up to 0.3 s a move, less beside other computer players); "
        "assumes everyone plays club-style, reads little into bids and plays, and ignores "
        "how close the match is.",
        lambda _game, seed, budget: ExpertBot(seed, budget), GAMES),
)
"""This game's computer levels, weakest first (bots/registry.py registers them)."""

__all__ = ["LEVELS", "BeginnerBot", "ClubBot", "ExpertBot", "determinize"]
