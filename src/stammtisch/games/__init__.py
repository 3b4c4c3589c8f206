"""The registry of games: importing a game module here makes it playable."""

from __future__ import annotations

from stammtisch.core.game import GameInfo
from stammtisch.games import scat, schmier, schnapsen, schnauz

REGISTRY: dict[str, GameInfo] = {
    info.name: info for info in (schnauz.GAME, schmier.GAME, scat.GAME, schnapsen.GAME)
}


def find_game(name: str) -> GameInfo:
    """The game called ``name`` (case-insensitive)."""
    from stammtisch.errors import OptionError

    info = REGISTRY.get(name.strip().lower()) if isinstance(name, str) else None
    if info is None:
        raise OptionError("game", ", ".join(sorted(REGISTRY)), value=name)
    return info
