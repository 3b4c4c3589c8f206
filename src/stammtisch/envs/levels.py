"""Every computer level: the bots' own, and those that play through the adapters here.

bots/registry.py registers the levels of the bots layer. OpenSpiel's information-set
MCTS (``openspiel-ismcts``, Schnapsen only) plays through the OpenSpiel adapter
(envs/openspiel_ismcts.py), a layer above the bots, so it registers here, and only
where OpenSpiel is installed (``pip install 'stammtisch[rl]'``); it plays in the arena
and is hidden from the start page and the web tables.

Whoever offers every level (the command line, the arena, the server) looks levels up
through this module: importing it completes the registry's table.
"""

from __future__ import annotations

import importlib.util

from stammtisch.bots.base import Bot
from stammtisch.bots.levels import BotLevel
from stammtisch.bots.registry import find_level, levels, make_bot, register

ISMCTS_PER_SECOND = 30
"""About how many ISMCTS simulations a second a Schnapsen decision runs (a 2024 laptop
core), for a ``budget`` in seconds."""


def _ismcts(_game: str, seed: int, budget: float | None) -> Bot:
    # Imported when a bot is made: open_spiel is slow to import, and may be missing.
    from stammtisch.envs.openspiel_ismcts import SIMULATIONS, ISMCTSBot

    simulations = SIMULATIONS if budget is None else max(1, round(budget * ISMCTS_PER_SECOND))
    bot: Bot = ISMCTSBot(seed, "schnapsen", simulations)
    return bot


def _register_optional_levels() -> None:
    """Register the levels of the optional extras that are installed."""
    if importlib.util.find_spec("pyspiel") is not None:
        register(BotLevel(
            "openspiel-ismcts",
            "OpenSpiel's information-set MCTS with random rollouts to the end: a research "
            "baseline for Schnapsen only, slow (200 simulations take seconds a move).",
            _ismcts, games=frozenset({"schnapsen"}), hidden=True))


_register_optional_levels()

__all__ = ["ISMCTS_PER_SECOND", "find_level", "levels", "make_bot"]
