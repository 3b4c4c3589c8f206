"""Every computer level: the bots' own, and those that play through the adapters here.

bots/registry.py registers the levels of the bots layer. OpenSpiel's information-set
MCTS (``openspiel-ismcts``, all four games) plays through the OpenSpiel adapter
(envs/openspiel_ismcts.py), a layer above the bots, so it registers here, and only
where OpenSpiel is installed (``pip install 'stammtisch[rl]'``); it plays in the arena
and is hidden from the start page and the web tables.

The registry finds it through the package's entry point ``stammtisch.levels``
(pyproject.toml), the standard way for a layer above to plug in: every program sees the
same levels, whatever it imported first, and the bots never import the envs.
"""

from __future__ import annotations

import importlib.util

from stammtisch.bots.base import Bot
from stammtisch.bots.levels import BotLevel

ISMCTS_PER_SECOND = {"schnauz": 300, "scat": 350, "schnapsen": 350, "schmier": 150}
"""About how many ISMCTS simulations a second a decision runs per game (a 2024 laptop
core), for a ``budget`` in seconds."""


def _ismcts(game: str, seed: int, budget: float | None) -> Bot:
    # Imported when a bot is made: open_spiel is slow to import, and may be missing.
    from stammtisch.envs.openspiel_ismcts import SIMULATIONS, ISMCTSBot

    simulations = SIMULATIONS if budget is None \
        else max(1, round(budget * ISMCTS_PER_SECOND[game]))
    bot: Bot = ISMCTSBot(seed, game, simulations)
    return bot


def optional_levels() -> tuple[BotLevel, ...]:
    """The levels of the optional extras that are installed (the entry point
    ``stammtisch.levels`` the registry loads)."""
    if importlib.util.find_spec("pyspiel") is None:
        return ()
    return (BotLevel(
        "openspiel-ismcts",
        "OpenSpiel's information-set MCTS with random play-outs to the end of the deal: "
        "a research baseline, slow (200 simulations take a second a move).",
        _ismcts, games=frozenset(ISMCTS_PER_SECOND), hidden=True),)
