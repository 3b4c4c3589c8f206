"""The computer levels, per game: what terminal play, the web table and the arena offer.

A level has a name, a one-line description that names its weaknesses (players
trust a bot whose limits they know), and a factory ``make(game, seed) -> Bot``.
Adding a level, or a game-specific version of one, is one ``register`` call.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from stammtisch.bots.base import Bot
from stammtisch.bots.random_bot import RandomBot
from stammtisch.core.rng import rng_for
from stammtisch.errors import OptionError

BotFactory = Callable[[str, int, float | None], Bot]
"""``factory(game, seed, budget)``: a fresh bot for one seat of one match; ``budget``
is the most seconds per decision (``None``: the level's default)."""


@dataclass(frozen=True)
class BotLevel:
    name: str
    description: str
    """One line for people, naming the level's weaknesses."""
    make: BotFactory
    games: frozenset[str] | None = None
    """The games this level plays; ``None``: every game."""


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


def find_level(game: str, name: str) -> BotLevel:
    for level in levels(game):
        if level.name == name:
            return level
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


def _load_levels() -> None:
    """Import the game packages whose levels register themselves with this table."""
    import stammtisch.bots.scat  # noqa: F401
    import stammtisch.bots.schmier  # noqa: F401
    import stammtisch.bots.schnapsen  # noqa: F401
    import stammtisch.bots.schnauz  # noqa: F401


_load_levels()
