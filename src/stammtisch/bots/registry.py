"""The computer levels, per game: what terminal play, the web table and the arena offer.

A level (bots/levels.py) has a name, a one-line description that names its weaknesses
(players trust a bot whose limits they know), and a factory ``make(game, seed) -> Bot``.
Each game package lists its levels in ``LEVELS``; this module imports the four
packages and registers their levels, so the packages never import it back. Adding a
level, or a game-specific version of one, is one entry there or one ``register`` call.

``openspiel-ismcts`` (OpenSpiel's information-set MCTS, every game) plays through
the OpenSpiel adapter, a layer above the bots: envs/levels.py offers it (only where
OpenSpiel is installed: ``pip install 'stammtisch[rl]'``) through the package's entry
point ``stammtisch.levels``, which this module loads once it has its own levels, so
that every program sees the same levels and the bots never import the envs.
Asked for without OpenSpiel, :func:`find_level` says which extra to install.
"""

from __future__ import annotations

from importlib.metadata import entry_points

from stammtisch.bots import scat, schmier, schnapsen, schnauz
from stammtisch.bots.base import Bot
from stammtisch.bots.levels import BotFactory, BotLevel
from stammtisch.bots.random_bot import RandomBot
from stammtisch.core.rng import rng_for
from stammtisch.errors import OptionError, StammtischError

_LEVELS: dict[str, list[BotLevel]] = {}
ANY_GAME = "*"


def register(level: BotLevel) -> None:
    """Add a level (for its games); a later registration of a name takes precedence."""
    for game in sorted(level.games) if level.games else [ANY_GAME]:
        _LEVELS.setdefault(game, []).insert(0, level)


def levels(game: str) -> list[BotLevel]:
    """The levels that play ``game``, one per name, weakest first as registered."""
    found: dict[str, BotLevel] = {}
    for level in _LEVELS.get(game, []) + _LEVELS.get(ANY_GAME, []):
        found.setdefault(level.name, level)
    order = list(LEVEL_ORDER) + sorted(set(found) - set(LEVEL_ORDER))
    return [found[name] for name in order if name in found]


LEVEL_ORDER = ("random", "beginner", "club", "expert")


NEEDS_EXTRA = {"openspiel-ismcts": ("OpenSpiel", "rl")}
"""Levels that register only where an optional extra is installed (envs/levels.py): what
they need."""


class MissingExtraError(StammtischError):
    """A level whose optional extra is not installed; the message names the extra."""


def find_level(game: str, name: str) -> BotLevel:
    for level in levels(game):
        if level.name == name:
            return level
    if name in NEEDS_EXTRA and name not in {lvl.name for lvls in _LEVELS.values()
                                            for lvl in lvls}:
        library, extra = NEEDS_EXTRA[name]
        raise MissingExtraError(f"the level {name!r} needs {library}, which is not "
                                f"installed: pip install 'stammtisch[{extra}]'")
    allowed = ", ".join(level.name for level in levels(game))
    raise OptionError("bot", allowed, value=name, game=game)


def make_bot(game: str, level: str, match_seed: int, seat: int,
             budget: float | None = None) -> Bot:
    """The bot of ``level`` for ``seat``, seeded from the match seed (sessions repeat)."""
    seed = rng_for(match_seed, "bot", level, seat).getrandbits(63)
    return find_level(game, level).make(game, seed, budget)


register(BotLevel(
    "random", "Plays any legal move at random: no plan, no memory, easy to beat.",
    lambda _game, seed, _budget: RandomBot(seed)))


for game_levels in (scat.LEVELS, schmier.LEVELS, schnapsen.LEVELS, schnauz.LEVELS):
    for level in game_levels:
        register(level)

for plugin in entry_points(group="stammtisch.levels"):
    for level in plugin.load()():
        register(level)

__all__ = ["ANY_GAME", "LEVEL_ORDER", "NEEDS_EXTRA", "BotFactory", "BotLevel",
           "MissingExtraError", "find_level", "levels", "make_bot", "register"]
