"""Schmier computer players: ``beginner``, ``club`` and ``expert`` (rules/schmier.md).
Importing the package registers them."""

from __future__ import annotations

from stammtisch.bots.registry import BotLevel, register
from stammtisch.bots.schmier.determinize import determinize
from stammtisch.bots.schmier.players import BeginnerBot, ClubBot, ExpertBot

GAMES = frozenset({"schmier"})

register(BotLevel(
    "beginner",
    "Bids on its count of high trumps, leads high and follows low; counts nothing, "
    "ignores its partner and throws its bauers away.",
    lambda _game, seed, _budget: BeginnerBot(seed), GAMES))
register(BotLevel(
    "club",
    "Bids from hand strength, keeps its bauers and feeds its partner's sure tricks; "
    "plans one trick at a time and reads nothing into bids or plays.",
    lambda _game, seed, _budget: ClubBot(seed), GAMES))
register(BotLevel(
    "expert",
    "Plays out sampled deals (up to 0.3 s a move, less beside other computer players); "
    "assumes everyone plays club-style, reads little into bids and plays, and ignores "
    "how close the match is.",
    lambda _game, seed, budget: ExpertBot(seed, budget), GAMES))

__all__ = ["BeginnerBot", "ClubBot", "ExpertBot", "determinize"]
