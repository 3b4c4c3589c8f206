"""The Schnapsen computer levels (players.py): ``beginner`` and ``club`` (rules of
thumb in policy.py), ``expert`` (sampled deals from determinize.py, searched by
bots/search.py, valued by the solver in solver.py). Importing the package
registers them."""

from stammtisch.bots.registry import BotLevel, register
from stammtisch.bots.schnapsen.players import BeginnerBot, ClubBot, ExpertBot

register(BotLevel(
    "beginner",
    "Plays its own hand by rules of thumb: leads its aces and tens into trumps, counts "
    "nothing, never closes.",
    lambda _game, seed, _budget: BeginnerBot(seed), games=frozenset({"schnapsen"})))
register(BotLevel(
    "club",
    "Counts points and trumps, closes and goes out when sure; no look-ahead, a fixed style.",
    lambda _game, seed, _budget: ClubBot(seed), games=frozenset({"schnapsen"})))
register(BotLevel(
    "expert",
    "Samples the hidden cards and solves the end-game exactly; assumes the opponent "
    "sees all cards, reads nothing into its play, rough early in a deal.",
    lambda _game, seed, budget: ExpertBot(seed, budget), games=frozenset({"schnapsen"})))

__all__ = ["BeginnerBot", "ClubBot", "ExpertBot"]
