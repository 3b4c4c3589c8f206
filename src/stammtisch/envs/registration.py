"""The games' Gymnasium ids, registered when :mod:`stammtisch.envs` is imported.

``gymnasium.make("stammtisch/Schnapsen-v0", opponents="club")`` and the same for
``Schnauz``, ``Scat`` and ``Schmier`` (envs/gym.py: the keywords). The ids point at
their class by an entry-point string, so registering imports Gymnasium alone: the
environments' modules load when one is made.
"""

from __future__ import annotations

import gymnasium

GAMES = ("schnauz", "scat", "schnapsen", "schmier")
IDS = {game: f"stammtisch/{game.capitalize()}-v0" for game in GAMES}
"""The Gymnasium id of each game's environment."""
ENTRY_POINT = "stammtisch.envs.gym:CardGameGymEnv"


def register_envs() -> None:
    """Register each game's id with Gymnasium (once)."""
    for game, env_id in IDS.items():
        if env_id not in gymnasium.registry:
            gymnasium.register(env_id, entry_point=ENTRY_POINT, kwargs={"game": game})


__all__ = ["ENTRY_POINT", "IDS", "register_envs"]
