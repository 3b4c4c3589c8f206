"""What a game module provides to the match contract.

A game is a :class:`GameInfo` (name, seats, options, deck, state factory) and a
state class following :class:`GameState`. The state is the fast path: actions
are ints, ``legal()`` and ``apply()`` work on ints and bitmasks, and
``clone()`` is cheap. Bots and benchmarks use it directly; the
:class:`~stammtisch.core.match.Match` wraps it with text actions, undo,
events and records for everybody else.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any, Generic, Literal, NotRequired, Protocol, Self, TypedDict

from typing_extensions import TypeVar  # a TypeVar's default (PEP 696) before Python 3.13

from stammtisch.cards import Card
from stammtisch.core.options import OptionSpec

Event = dict[str, Any]
"""One public happening, JSON-ready: ``{"type": "deal", ...}``. Never hidden cards.
Each game declares its events as TypedDicts beside it (``games/<game>_types.py``)."""


class ActionEvent(TypedDict):
    """A seat played an action (every game records one per action)."""

    type: Literal["action"]
    seat: int
    action: str


class View(TypedDict):
    """The keys every game's view has (``Match.view(seat)``), JSON-ready.

    Each game's view extends it with its own keys: ``SchnauzView``, ``ScatView``,
    ``SchnapsenView``, ``SchmierView`` in ``games/<game>_types.py``.
    """

    game: str
    seat: int | None
    """The seat this view is for; ``None``: a spectator."""
    options: dict[str, Any]
    """The match's resolved options."""
    phase: str
    deal: int
    """The deal's number, 0 first."""
    dealer: int
    to_act: int | None
    """The seat to act, ``None`` once the match is over."""
    hand: NotRequired[list[str]]
    """The seat's own cards (card codes), where that seat may see them."""
    legal_actions: list[str]
    """The canonical action texts, only for the seat to act (else empty)."""
    result: NotRequired[dict[str, Any]]
    """The match result, once the match is over."""


def of_game(view: Mapping[str, Any], game: str) -> Mapping[str, Any]:
    """``view``, once it is one of ``game``'s: where a view enters a game's typed reader
    from the generic contract (``Bot.choose``, ``Match.view``; ``scat_view`` and its
    siblings). Only the game is checked here; the contract test
    (tests/games/test_contract.py) checks every key and value type."""
    if view.get("game") != game:
        raise ValueError(f"not a {game} view: game {view.get('game')!r}")
    return view


ViewT_co = TypeVar("ViewT_co", covariant=True, default=View)
"""A game's view (``SchnauzView``...): what :meth:`GameState.view` gives."""
ResultT_co = TypeVar("ResultT_co", covariant=True, default=Mapping[str, Any])
"""A game's result (``SchnauzResult``...): what :meth:`GameState.result` gives."""


class GameState(Protocol[ViewT_co, ResultT_co]):
    """The int-level state of one match of one game (``GameState`` alone: of any game)."""

    num_players: int
    to_act: int
    """Seat to act, or -1 once the match is over."""
    events: list[Event] | None
    """Where :meth:`apply` appends events. A new state records them from its first
    deal on (a list); set it to ``None`` for the fast path. Clones record none."""

    def legal(self) -> list[int]:
        """Legal action ids in canonical order (empty when the match is over)."""
        ...

    def apply(self, action: int) -> None:
        """Play ``action``, which must be legal: it is not checked (fast path)."""
        ...

    def clone(self) -> Self: ...

    def action_text(self, action: int) -> str:
        """Canonical notation of an action id."""
        ...

    def parse_action(self, text: str) -> int:
        """Action id of a text; raises NotationError if it names no action."""
        ...

    def view(self, seat: int | None) -> ViewT_co:
        """What ``seat`` may know (``None``: a spectator), JSON-ready."""
        ...

    def dump(self) -> dict[str, Any]:
        """The full state, hidden cards included, JSON-ready (tests and debugging)."""
        ...

    def result(self) -> ResultT_co | None:
        """``None`` while the match runs, then its JSON-ready result."""
        ...



Sampler = Callable[[Mapping[str, Any], random.Random], GameState]
"""``sample(view, rng)``: a full state consistent with a seat's view, the cards it hides
drawn with ``rng`` (OpenSpiel's ``resample_from_infostate``)."""


ViewT = TypeVar("ViewT", default=Any)
ResultT = TypeVar("ResultT", default=Any)


@dataclass(frozen=True)
class GameInfo(Generic[ViewT, ResultT]):
    """A registered game: how to set it up and what it accepts. Its states give
    ``ViewT`` views and ``ResultT`` results (each game's ``GAME`` says which; a
    ``GameInfo`` found by name says neither)."""

    name: str
    title: str
    min_players: int
    max_players: int
    options: tuple[OptionSpec, ...]
    new_state: Callable[[Mapping[str, Any], int, Sequence[tuple[Card, ...]]],
                        GameState[ViewT, ResultT]]
    """``new_state(options, seed, decks)`` with resolved options and int decks."""
    deck: Callable[[Mapping[str, Any]], tuple[Card, ...]]
    """The game's deck under the given options, in canonical order."""
    check: Callable[[Mapping[str, Any]], None]
    """Checks between options (a first dealer beyond the seats); raises OptionError."""
    sample: Callable[[Mapping[str, Any], random.Random], GameState[ViewT, ResultT]]
    """The game's plain sampler of a view's hidden cards: uniform among the deals the
    view allows (the bots layer what they read from the others' play on top)."""
    summary: str = ""


_State = TypeVar("_State")


def copy_slots(state: _State, lists: tuple[str, ...]) -> _State:
    """A copy of a ``__slots__`` state for search: the named list slots are copied,
    every other slot is shared (ints, tuples and values never mutated in place), and
    the copy records no events."""
    other: _State = object.__new__(type(state))
    for name in type(state).__slots__:  # type: ignore[attr-defined]
        setattr(other, name, getattr(state, name))
    for name in lists:
        setattr(other, name, getattr(state, name)[:])
    other.events = None  # type: ignore[attr-defined]
    return other
