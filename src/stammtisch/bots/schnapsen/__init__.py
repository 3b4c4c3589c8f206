"""The Schnapsen computer levels (players.py): ``beginner`` and ``club`` (rules of
thumb in policy.py), ``expert`` (sampled deals from determinize.py, searched by
bots/search.py, valued by the solver in solver.py). bots/registry.py
registers them. ``expert-2026`` (hidden from the start page) is the expert frozen as it
played in December 2026: a change to the expert keeps it playing as before (a
constructor switch), and tests/data/traces.json holds its moves. ``expert-epimc`` and
``expert-pv`` (hidden too) are the expert with the information-set searches of epimc.py
(Extended PIMC) and pvpimc.py (presumed-value PIMC) in the end-game, and ``expert-ismcts``
(hidden) the expert with ismcts.py's information-set tree search, kept to be measured
against it (notes/findings.md)."""

from stammtisch.bots.levels import BotLevel
from stammtisch.bots.schnapsen.epimc import EpimcBot
from stammtisch.bots.schnapsen.ismcts import IsmctsBot
from stammtisch.bots.schnapsen.players import BeginnerBot, ClubBot, ExpertBot
from stammtisch.bots.schnapsen.pvpimc import PresumedBot

LEVELS = (
    BotLevel(
        "beginner",
        "Plays its own hand by rules of thumb: leads its aces and tens into trumps, counts "
        "nothing, never closes.",
        lambda _game, seed, _budget: BeginnerBot(seed), games=frozenset({"schnapsen"})),
    BotLevel(
        "club",
        "Counts points and trumps, closes and goes out when sure; no look-ahead, a fixed style.",
        lambda _game, seed, _budget: ClubBot(seed), games=frozenset({"schnapsen"})),
    BotLevel(
        "expert",
        "Samples the hidden cards, weighted by what the opponent's play gives away, and "
        "solves each sample exactly from the last two talon cards on, a close or an exchange "
        "with its next move; assumes the opponent sees all cards, rough early in a deal.",
        lambda _game, seed, budget: ExpertBot(seed, budget), games=frozenset({"schnapsen"})),
    BotLevel(
        "expert-2026",
        "The expert as it played in December 2026, frozen so that every change to the expert "
        "is measured against it: Python worlds, 400 at most a decision.",
        lambda _game, seed, budget: ExpertBot.frozen_2026(seed, budget),
        games=frozenset({"schnapsen"}), hidden=True),
    BotLevel(
        "expert-epimc",
        "The expert with its own next move in the end-game chosen once for all the deals it "
        "cannot tell apart (Extended PIMC, epimc.py); measured against the expert.",
        lambda _game, seed, budget: EpimcBot(seed, budget),
        games=frozenset({"schnapsen"}), hidden=True),
    BotLevel(
        "expert-pv",
        "expert-epimc with the opponent's first reply in the end-game presumed from what the "
        "opponent can know, not from our hand (presumed-value PIMC, pvpimc.py).",
        lambda _game, seed, budget: PresumedBot(seed, budget),
        games=frozenset({"schnapsen"}), hidden=True),
    BotLevel(
        "expert-ismcts",
        "The expert with the end-game searched as one tree over what it sees "
        "(information-set MCTS, ismcts.py), solved exactly once few cards remain; "
        "measured against the expert.",
        lambda _game, seed, budget: IsmctsBot(seed, budget),
        games=frozenset({"schnapsen"}), hidden=True),
)
"""This game's computer levels, weakest first (bots/registry.py registers them)."""

__all__ = ["LEVELS", "BeginnerBot", "ClubBot", "EpimcBot", "ExpertBot", "IsmctsBot",
           "PresumedBot"]
