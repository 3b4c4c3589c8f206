"""The match contract shared by all four games (DESIGN.md).

:class:`Match` wraps a game's int-level state with what people and programs
need at the edges: text actions checked for legality, undo, public events,
per-seat views and a replayable record.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any, Generic

from typing_extensions import TypeVar  # a TypeVar's default (PEP 696) before Python 3.13

from stammtisch.cards import Card, card_code, parse_card
from stammtisch.core.action import Action
from stammtisch.core.game import Event, GameInfo, GameState
from stammtisch.core.options import resolve
from stammtisch.errors import IllegalActionError, NotationError, OptionError, StammtischError

DeckInput = Sequence[str | Card] | str

ViewT_co = TypeVar("ViewT_co", covariant=True, default=Any)
"""What :meth:`Match.view` gives: the game's view (``SchnauzView``...) where the type
checker knows the game (``Match(schnauz.GAME, ...)``, ``new_match("schnauz", ...)``).
A bare ``Match`` is any game's (``Match[Any, Any]``), so a function written for every
game takes each game's typed match; covariant, so ``Match[View]`` does too."""
ResultT_co = TypeVar("ResultT_co", covariant=True, default=Any)
"""What :attr:`Match.result` gives once the match is over (``SchnapsenResult``...)."""


def read_decks(info: GameInfo, options: Mapping[str, Any],
               decks: Sequence[DeckInput] | None) -> tuple[tuple[Card, ...], ...]:
    """Stacked decks as int tuples; each must be a permutation of the game's deck."""
    if decks is None:
        return ()
    if isinstance(decks, str) or not isinstance(decks, Sequence):
        raise OptionError("decks", "a list of decks, each a list of card codes")
    full = info.deck(options)
    result = []
    for index, raw in enumerate(decks):
        items = raw.split() if isinstance(raw, str) else raw
        if not isinstance(items, Sequence):
            raise OptionError("decks", f"deck {index} must be a list of card codes")
        cards = tuple(parse_card(c) if isinstance(c, str) else c for c in items)
        if any(not isinstance(c, int) or isinstance(c, bool) for c in cards) \
                or sorted(cards) != sorted(full):
            raise OptionError(
                "decks", f"deck {index} must be a permutation of the {len(full)} cards "
                f"of this {info.name} deck ({' '.join(card_code(c) for c in full)})",
            )
        result.append(cards)
    return tuple(result)


class Match(Generic[ViewT_co, ResultT_co]):
    """One match of one game, played through actions in notation.

    >>> import stammtisch
    >>> m = stammtisch.new_match("schnauz", num_players=3, seed=1, first_dealer=2)
    >>> [a.text for a in m.legal_actions()]
    ['keep', 'swap']
    >>> m.play("keep")
    Action('keep')
    >>> m.to_act
    0
    """

    def __init__(self, info: GameInfo[ViewT_co, ResultT_co], *, seed: int,
                 decks: Sequence[DeckInput] | None = None, options: Mapping[str, Any]) -> None:
        if not isinstance(seed, int) or isinstance(seed, bool):
            raise OptionError("seed", "an integer", value=seed, game=info.name)
        self.info = info
        self.seed = seed
        self.options = resolve(info.name, info.options, options)
        info.check(self.options)
        self._decks = read_decks(info, self.options, decks)
        self._state = info.new_state(self.options, seed, self._decks)
        if self._state.events is None:
            self._state.events = []
        self._events: list[Event] = self._state.events
        self._played: list[int] = []
        self._undo: list[tuple[GameState[ViewT_co, ResultT_co], int]] = []

    @property
    def game(self) -> str:
        return self.info.name

    @property
    def state(self) -> GameState[Any, Any]:
        """The int-level state (fast path for bots, which know their game's state
        class); do not mutate it."""
        return self._state

    @property
    def to_act(self) -> int | None:
        """The seat that must act now, ``None`` when the match is over."""
        seat = self._state.to_act
        return None if seat < 0 else seat

    def legal_actions(self) -> list[Action]:
        """The legal actions in canonical order."""
        state = self._state
        return [Action(state.action_text(a), a) for a in state.legal()]

    def parse(self, action: Action | str) -> Action:
        """The action meant by ``action``, in canonical notation (legal or not)."""
        text = action.text if isinstance(action, Action) else action
        if not isinstance(text, str):
            raise NotationError(f"an action is text, not {text!r}", text=repr(text))
        try:
            ident = self._state.parse_action(text)
        except NotationError as error:
            legal = ", ".join(a.text for a in self.legal_actions()) or "none"
            raise NotationError(f"{error}; legal actions: {legal}", text=text) from None
        return Action(self._state.action_text(ident), ident)

    def play(self, action: Action | str) -> Action:
        """Play an action or its text; raises IllegalActionError if it is not legal now."""
        wanted = self.parse(action)
        legal = self._state.legal()
        if wanted.id not in legal:
            raise IllegalActionError(wanted.text, [self._state.action_text(a) for a in legal])
        self._undo.append((self._state.clone(), len(self._events)))
        self._state.apply(wanted.id)
        self._played.append(wanted.id)
        return wanted

    def undo(self) -> Action:
        """Take back the last action and return it."""
        if not self._undo:
            raise StammtischError("nothing to undo: no action has been played" if not self._played
                                  else "nothing to undo: earlier actions can no longer be "
                                  "taken back")
        state, events = self._undo.pop()
        del self._events[events:]
        state.events = self._events
        self._state = state
        return Action(state.action_text(self._played[-1]), self._played.pop())

    @property
    def undoable(self) -> int:
        """How many of the last actions :meth:`undo` can still take back."""
        return len(self._undo)

    def keep_undo(self, last: int) -> None:
        """Keep the means to take back only the ``last`` actions. A long-running host
        (the web server) calls it where older actions may never be taken back, so
        that a match does not hold a copy of its state for every action played."""
        if last < 0:
            raise ValueError(f"keep_undo needs a count of actions, not {last}")
        del self._undo[:max(0, len(self._undo) - last)]

    def view(self, seat: int | None) -> ViewT_co:
        """What ``seat`` may know; ``None`` is a spectator."""
        if seat is not None and (not isinstance(seat, int) or isinstance(seat, bool)
                                 or not 0 <= seat < self.num_players):
            raise StammtischError(f"no seat {seat!r} at this table of {self.num_players}")
        return self._state.view(seat)

    @property
    def num_players(self) -> int:
        return self._state.num_players

    @property
    def events(self) -> list[Event]:
        """Public events so far (deals, actions, tables, showdowns, lives)."""
        return list(self._events)

    @property
    def actions(self) -> list[str]:
        """Every action played so far, in canonical text."""
        return [self._state.action_text(a) for a in self._played]

    @property
    def event_count(self) -> int:
        """How many public events there are so far (``len(events)`` without the copy)."""
        return len(self._events)

    def events_since(self, start: int) -> list[Event]:
        """The public events from index ``start`` on: a host that sends the log piece by
        piece pays for the new events only."""
        return self._events[start:]

    @property
    def action_count(self) -> int:
        """How many actions were played (``len(actions)`` without writing them out)."""
        return len(self._played)

    def actions_since(self, start: int) -> list[str]:
        """The actions from index ``start`` on, in canonical text."""
        return [self._state.action_text(a) for a in self._played[start:]]

    @property
    def result(self) -> ResultT_co | None:
        return self._state.result()

    def record(self) -> dict[str, Any]:
        """The JSON-ready game record of docs/rules/NOTATION.md."""
        record: dict[str, Any] = {
            "game": self.game,
            "options": dict(self.options),
            "seed": self.seed,
        }
        if self._decks:
            record["decks"] = [[card_code(c) for c in deck] for deck in self._decks]
        record["actions"] = self.actions
        return record

    def __repr__(self) -> str:
        return f"<Match {self.game} seed={self.seed} actions={len(self._played)}>"
