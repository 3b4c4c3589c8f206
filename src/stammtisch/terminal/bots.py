"""The computer levels ``--bot`` can name; a later level is one more entry here."""

from __future__ import annotations

from collections.abc import Callable

from stammtisch.bots import Bot, RandomBot
from stammtisch.core.rng import rng_for

LEVELS: dict[str, Callable[[int], Bot]] = {
    "random": RandomBot,
}
"""Level name -> a factory taking the bot's own seed."""


def make_bot(level: str, match_seed: int, seat: int) -> Bot:
    """The bot of ``level`` for ``seat``, seeded from the match seed (sessions repeat)."""
    seed = rng_for(match_seed, "bot", level, seat).getrandbits(63)
    return LEVELS[level](seed)
