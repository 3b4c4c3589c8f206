"""stammtisch: Schnauz, Scat, Schnapsen and Schmier with exact rules.

>>> import stammtisch
>>> m = stammtisch.new_match("schnauz", num_players=2, seed=3, first_dealer=1)
>>> m.to_act, [a.text for a in m.legal_actions()]
(1, ['keep', 'swap'])
>>> replayed = stammtisch.replay(m.record())
>>> replayed.view(0) == m.view(0)
True
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, Literal, overload

from stammtisch.core.action import Action
from stammtisch.core.game import GameInfo
from stammtisch.core.match import DeckInput, Match
from stammtisch.core.record import read_record
from stammtisch.errors import (
    IllegalActionError,
    NotationError,
    OptionError,
    RecordError,
    StammtischError,
)
from stammtisch.games import REGISTRY, find_game
from stammtisch.games.scat_types import ScatResult, ScatView
from stammtisch.games.schmier_types import SchmierResult, SchmierView
from stammtisch.games.schnapsen_types import SchnapsenResult, SchnapsenView
from stammtisch.games.schnauz_types import SchnauzResult, SchnauzView

__all__ = [
    "Action", "GameInfo", "IllegalActionError", "Match", "NotationError", "OptionError",
    "RecordError", "StammtischError", "games", "new_match", "replay",
]


def games() -> list[GameInfo]:
    """The registered games with their seats and options."""
    return list(REGISTRY.values())


@overload
def new_match(game: Literal["schnauz"], *, seed: int,
              decks: Sequence[DeckInput] | None = None,
              **options: Any) -> Match[SchnauzView, SchnauzResult]: ...
@overload
def new_match(game: Literal["scat"], *, seed: int,
              decks: Sequence[DeckInput] | None = None,
              **options: Any) -> Match[ScatView, ScatResult]: ...
@overload
def new_match(game: Literal["schnapsen"], *, seed: int,
              decks: Sequence[DeckInput] | None = None,
              **options: Any) -> Match[SchnapsenView, SchnapsenResult]: ...
@overload
def new_match(game: Literal["schmier"], *, seed: int,
              decks: Sequence[DeckInput] | None = None,
              **options: Any) -> Match[SchmierView, SchmierResult]: ...
@overload
def new_match(game: str, *, seed: int, decks: Sequence[DeckInput] | None = None,
              **options: Any) -> Match[Any, Any]: ...

def new_match(game: str, *, seed: int, decks: Sequence[DeckInput] | None = None,
              **options: Any) -> Match[Any, Any]:
    """Start a match of ``game``; options as keywords, validated.

    A game named by its literal lowercase name gives the type checker that game's
    view and result (``new_match("schnapsen", ...).view(0)`` is a ``SchnapsenView``);
    any other name gives ``Match[Any, Any]``.

    :raises OptionError: for an unknown game or option, or a value not allowed.
    """
    return Match(find_game(game), seed=seed, decks=decks, options=options)


def replay(record: Any) -> Match[Any, Any]:
    """Rebuild a match from its record (docs/rules/NOTATION.md), action by action.

    :raises RecordError: naming the field, or the index of an action that cannot
        be read or is not legal at its point (with the legal actions there).
    """
    fields = read_record(record)
    try:
        match = new_match(fields.game, seed=fields.seed, decks=fields.decks, **fields.options)
    except StammtischError as error:
        raise RecordError(f"bad record header: {error}") from None
    for index, text in enumerate(fields.actions):
        try:
            match.play(text)
        except StammtischError as error:
            raise RecordError(f"action {index} ({text!r}): {error}", index=index) from None
    return match
