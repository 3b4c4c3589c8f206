"""Your own bot at the table: a ``module.path:Class`` or ``path/to/file.py:Class`` spec.

Where a level name is accepted (``stammtisch arena --players``, ``stammtisch
play --bot``), a spec with a colon names a class instead. A module spec is
imported with the current directory first on ``sys.path`` (as ``python -m``
does), so ``examples.greedy_bot:GreedyBot`` works from the repository root; a
file spec loads that file. The class is called once per seat and match with
those of the keywords ``seed``, ``game``, ``seat`` and ``budget`` that its
``__init__`` names (all of them if it takes ``**kwargs``; none if it takes no
arguments). The interface the object must offer is in :mod:`stammtisch.bots.base`.

Only the command line reads such specs: the web table offers levels alone
(:func:`stammtisch.bots.registry.find_level`), never an import.
"""

from __future__ import annotations

import importlib
import importlib.util
import inspect
import os
import sys
import zlib
from collections.abc import Mapping
from pathlib import Path
from typing import Any

from stammtisch.bots.base import Bot
from stammtisch.bots.registry import make_bot
from stammtisch.core.rng import rng_for
from stammtisch.errors import StammtischError

KEYWORDS = ("seed", "game", "seat", "budget")
"""What the arena and ``stammtisch play`` may pass to a bot class, by keyword."""

_CLASSES: dict[str, type] = {}


class BotSpecError(StammtischError):
    """A bot spec that cannot be imported or constructed; one line that says why."""


def is_custom(spec: str) -> bool:
    """Whether ``spec`` names a class (``module:Class``) rather than a level."""
    return ":" in spec


def load_bot_class(spec: str) -> type:
    """The class named by ``spec``, imported once per process."""
    found = _CLASSES.get(spec)
    if found is not None:
        return found
    where, _, name = spec.strip().rpartition(":")
    if not where or not name.isidentifier():
        raise BotSpecError(f"bot {spec!r}: expected module.path:Class or path/to/file.py:Class")
    module = _load_file(spec, where) if where.endswith(".py") else _import(spec, where)
    cls = getattr(module, name, None)
    if not isinstance(cls, type):
        raise BotSpecError(f"bot {spec!r}: {where} has no class {name}")
    if not callable(getattr(cls, "choose", None)):
        raise BotSpecError(f"bot {spec!r}: {name} has no choose(view) method")
    _CLASSES[spec] = cls
    return cls


def _import(spec: str, module: str) -> Any:
    here = os.getcwd()
    if here not in sys.path:
        sys.path.insert(0, here)
    try:
        return importlib.import_module(module)
    except Exception as error:
        raise BotSpecError(f"bot {spec!r}: cannot import {module}: "
                           f"{type(error).__name__}: {error}") from None


def _load_file(spec: str, path: str) -> Any:
    file = Path(path)
    if not file.is_file():
        raise BotSpecError(f"bot {spec!r}: no file {path}")
    name = f"stammtisch_bot_{zlib.crc32(str(file.resolve()).encode()):08x}"
    module_spec = importlib.util.spec_from_file_location(name, file)
    if module_spec is None or module_spec.loader is None:
        raise BotSpecError(f"bot {spec!r}: cannot load {path} as Python")
    module = importlib.util.module_from_spec(module_spec)
    sys.modules[name] = module
    try:
        module_spec.loader.exec_module(module)
    except Exception as error:
        del sys.modules[name]
        raise BotSpecError(f"bot {spec!r}: cannot load {path}: "
                           f"{type(error).__name__}: {error}") from None
    return module


def construct(spec: str, game: str, seed: int, seat: int, budget: float | None) -> Bot:
    """An instance of the class of ``spec`` given the keywords its ``__init__`` accepts."""
    cls = load_bot_class(spec)
    offered: dict[str, Any] = {"seed": seed, "game": game, "seat": seat, "budget": budget}
    try:
        parameters = inspect.signature(cls).parameters.values()
    except (TypeError, ValueError):
        parameters = None  # a class without a readable signature is called bare
    kwargs: dict[str, Any] = {}
    if parameters is not None:
        if any(p.kind is inspect.Parameter.VAR_KEYWORD for p in parameters):
            kwargs = offered
        else:
            kwargs = {p.name: offered[p.name] for p in parameters if p.name in offered}
    try:
        bot: Bot = cls(**kwargs)
    except Exception as error:
        given = ", ".join(kwargs) or "no arguments"
        raise BotSpecError(f"bot {spec!r} could not be made with {given}: "
                           f"{type(error).__name__}: {error}") from None
    return bot


class BotError(StammtischError):
    """A class bot that raised, or answered with something other than an action text."""


class SeatedBot:
    """A class bot in one seat: its exceptions and non-text answers become a
    :class:`BotError` that names the spec and the seat (an illegal text is the
    engine's ``IllegalActionError``, which the arena reports with the bot)."""

    def __init__(self, bot: Bot, spec: str, seat: int) -> None:
        self.bot = bot
        self.name = spec
        self.seat = seat

    def choose(self, view: Mapping[str, Any]) -> str:
        try:
            choice = self.bot.choose(view)
        except Exception as error:
            raise BotError(f"bot {self.name!r} of seat {self.seat} raised "
                           f"{type(error).__name__}: {error}") from None
        if not isinstance(choice, str):
            raise BotError(f"bot {self.name!r} of seat {self.seat} returned {choice!r}, "
                           f"not an action text (one of view['legal_actions'])")
        return choice


def make_player(game: str, spec: str, match_seed: int, seat: int,
                budget: float | None = None) -> Bot:
    """The bot of ``spec`` (a level, or a class spec) for ``seat`` of the match seeded
    ``match_seed``; a class gets a seed drawn from the match seed, spec and seat, so a
    match repeats exactly when the bot uses only that seed for its randomness."""
    if not is_custom(spec):
        return make_bot(game, spec, match_seed, seat, budget)
    seed = rng_for(match_seed, "bot", spec, seat).getrandbits(63)
    return SeatedBot(construct(spec, game, seed, seat, budget), spec, seat)
