"""The AEC environment all four games share; each game module adds its :class:`Codec`.

The environment holds a :class:`~stammtisch.core.match.Match` (options checked,
a replayable ``match.record()``); an agent ``player_k`` is seat ``k``. A game's
codec turns what a seat may know into the fixed-length observation and maps the
engine's int actions to the indices of one fixed ``Discrete`` space and back.

It does so twice, with the same values: from a seat's view (``match.view(k)``,
:meth:`Codec.encode`, the reference) and straight from the engine's state for that
seat (:meth:`Codec.encode_state`, what the envs and the OpenSpiel adapter step on:
no view is built). The state path reads only what the view shows that
seat; tests/envs/test_fast_encoding.py holds the two equal, position by position.
"""

from __future__ import annotations

import random
import sys
from abc import ABC, abstractmethod
from collections.abc import Mapping, Sequence
from typing import Any, Generic, TypeVar

try:
    import numpy as np
    from gymnasium import spaces
    from pettingzoo import AECEnv
    from pettingzoo.utils import wrappers
except ImportError as error:  # pragma: no cover - depends on the installed extras
    raise ImportError(
        "stammtisch.envs needs the optional packages pettingzoo, gymnasium and numpy: "
        "pip install 'stammtisch[rl]'") from error

from stammtisch.cards import (
    CARD_TUPLES,
    NUM_CARDS,
    Card,
    CardSet,
    card_tuple,
    codes,
    parse_card,
)
from stammtisch.core.game import View
from stammtisch.core.match import Match
from stammtisch.errors import IllegalActionError, OptionError
from stammtisch.games import find_game
from stammtisch.text.games import renderer

ViewT = TypeVar("ViewT", bound=View)
"""The view a codec reads: its game's (``SchnapsenView``, ...)."""


class LivesView(View):
    """The keys of a lives game's view (Schnauz, Scat) that :class:`LivesCodec` reads."""

    lives: list[int]
    eliminated: list[bool]


LivesViewT = TypeVar("LivesViewT", bound=LivesView)

RENDER_MODES = ("ansi", "human")
REWARD_MODES = ("match", "deal")
PICK = -1
"""A move that only picks part of a choice (Schmier's rob, card by card): the engine
acts once the choice is complete (:meth:`Codec.moves`)."""


class Codec(ABC, Generic[ViewT]):
    """One game's observation layout and action indexing, for one set of options;
    it reads the game's view (``ViewT``)."""

    def __init__(self, options: Mapping[str, Any], deck: Sequence[Card]) -> None:
        self.options = options
        self.deck = tuple(deck)
        self.card_index = {card: i for i, card in enumerate(self.deck)}
        self.position = [-1] * NUM_CARDS
        """Card int -> its index in the deck (the fast path's ``card_index``)."""
        for i, card in enumerate(self.deck):
            self.position[card] = i
        self.fields: list[tuple[str, int]] = []
        self.offsets: dict[str, int] = {}
        self.size = 0
        self.layout()

    # -- the observation -------------------------------------------------------------

    low = 0.0
    """The least value of any observation entry (1.0 is the greatest)."""

    def field(self, name: str, size: int) -> None:
        """Declare the next ``size`` entries of the observation as ``name``."""
        self.offsets[name] = self.size
        self.fields.append((name, size))
        self.size += size

    @abstractmethod
    def layout(self) -> None:
        """Declare the fields in order (the module docstring lists them)."""

    @abstractmethod
    def encode(self, view: ViewT, out: np.ndarray[Any, Any]) -> None:
        """Write ``view`` (a seat's) into the zeroed array ``out``."""

    @abstractmethod
    def encode_state(self, state: Any, seat: int, out: np.ndarray[Any, Any],
                     pending: int = 0) -> None:
        """Write what ``seat`` may know of the engine's ``state`` into the zeroed ``out``:
        the values :meth:`encode` writes for ``state.view(seat)``. ``pending`` is the
        acting seat's choice in progress (:meth:`moves`), where the game has one."""

    def encode_batch(self, states: Sequence[Any], pending: Sequence[int],
                     out: np.ndarray[Any, Any],
                     watch: np.ndarray[Any, Any] | None = None) -> None:
        """Row ``i`` of the zeroed ``out``: :meth:`encode_state` of ``states[i]`` for its
        seat to act (none is over), with ``pending[i]`` (the vector env's step).
        ``watch`` (Schnapsen's): the rows whose deal may hold a marriage or an
        exchange, which the codec clears where it finds none (None: every row may)."""
        del watch
        for row, (state, picked) in enumerate(zip(states, pending, strict=True)):
            self.encode_state(state, state.to_act, out[row], picked)

    def mark(self, out: np.ndarray[Any, Any], base: int, cards: CardSet) -> None:
        """Mark a card set at ``out[base + deck index]``."""
        position = self.position
        for card in CARD_TUPLES.get(cards) or card_tuple(cards):
            out[base + position[card]] = 1.0

    def put(self, out: np.ndarray[Any, Any], name: str, index: int, value: float = 1.0) -> None:
        out[self.offsets[name] + index] = value

    def put_seats(self, out: np.ndarray[Any, Any], view: View) -> None:
        """The fields every game has: the seat, who is to act (if anyone), the dealer."""
        if view["seat"] is None:
            raise ValueError("a spectator's view: an observation is a seat's view")
        self.put(out, "seat", view["seat"])
        if view["to_act"] is not None:
            self.put(out, "to_act", view["to_act"])
        self.put(out, "dealer", view["dealer"])

    def cards(self, out: np.ndarray[Any, Any], name: str, codes: Sequence[str],
              block: int = 0) -> None:
        """Mark card codes in field ``name`` (in its ``block``-th deck-sized block)."""
        base = self.offsets[name] + block * len(self.deck)
        index = self.card_index
        for code in codes:
            out[base + index[parse_card(code)]] = 1.0

    def scaled(self, out: np.ndarray[Any, Any], name: str, values: Sequence[float],
               scale: float) -> None:
        """``values / scale`` clipped to [low, 1] into field ``name``."""
        base = self.offsets[name]
        for i, value in enumerate(values):
            out[base + i] = min(1.0, max(self.low, value / scale))

    # -- actions -------------------------------------------------------------------------

    num_actions: int

    @abstractmethod
    def index_of(self, view: ViewT, action: int) -> int:
        """The index of the engine's ``action``, legal in the acting seat's ``view``."""

    @abstractmethod
    def action_of(self, view: ViewT, index: int) -> int:
        """The engine's action at ``index`` in the acting seat's ``view``; ValueError
        when the index names no action there."""

    @abstractmethod
    def index_of_state(self, state: Any, action: int) -> int:
        """:meth:`index_of` from the engine's state (its acting seat's)."""

    def action_table(self) -> np.ndarray[Any, Any] | None:
        """Where an index names the same action in every state (Schnapsen, Scat): the
        engine's action of each index; else None. The vector env then masks and reads
        actions by array lookups."""
        return None

    def moves(self, state: Any, pending: int = 0) -> dict[int, int]:
        """The legal indices of the acting seat and the engine's action of each (or
        :data:`PICK` for a part of a choice), in the engine's canonical order."""
        del pending
        index_of = self.index_of_state
        return {index_of(state, action): action for action in state.legal()}

    def pick(self, state: Any, pending: int, index: int) -> int:
        """The choice in progress after the :data:`PICK` move ``index``."""
        raise ValueError(f"{type(self).__name__} has no choice made in parts ({index})")

    # -- scores and rewards ---------------------------------------------------------

    @abstractmethod
    def standing(self, view: ViewT) -> list[float]:
        """Each seat's public standing (points, team score, lives left); a deal's reward
        is the change of it."""

    @abstractmethod
    def standing_of(self, state: Any) -> list[float]:
        """:meth:`standing` from the engine's state."""

    @abstractmethod
    def final(self, result: dict[str, Any], num_players: int) -> list[float]:
        """Each seat's reward at the end of the match (they add up to zero)."""


def match_text(match: Match[Any, Any]) -> str:
    """The screen of the seat to act, as the terminal shows it (the end of the match when
    over): :mod:`stammtisch.text` describes the view."""
    look = renderer(match.game)
    seat = match.to_act
    result = match.result
    if result is not None:
        return "\n".join(look.result(result, None))
    head = f"player_{seat} to act" if seat is not None else ""
    return "\n".join([head, *look.view(match.view(seat))])


def zero_sum_win(winners: Sequence[int], num_players: int) -> list[float]:
    """+1 for each winner, the losers share the winners' total as a loss."""
    won = set(winners)
    if not won or len(won) == num_players:
        return [0.0] * num_players
    loss = -len(won) / (num_players - len(won))
    return [1.0 if seat in won else loss for seat in range(num_players)]


def centred(changes: Sequence[float]) -> list[float]:
    """Changes less their mean: a zero-sum reward from every seat's gain."""
    mean = sum(changes) / len(changes)
    return [change - mean for change in changes]


class LivesCodec(Codec[LivesViewT]):
    """The standing and result of the lives games (Schnauz, Scat): lives, and one more
    while still in; the last one standing wins."""

    def standing(self, view: LivesViewT) -> list[float]:
        return [lives + (0.0 if out else 1.0)
                for lives, out in zip(view["lives"], view["eliminated"], strict=True)]

    def standing_of(self, state: Any) -> list[float]:
        return [lives + (0.0 if out else 1.0)
                for lives, out in zip(state.lives, state.eliminated, strict=True)]

    def final(self, result: dict[str, Any], num_players: int) -> list[float]:
        return zero_sum_win([result["winner"]], num_players)

    def put_lives(self, state: Any, out: np.ndarray[Any, Any]) -> None:
        """``lives`` and ``eliminated`` of a lives game's state."""
        lives = self.options["lives"]
        base = self.offsets["lives"]
        for seat, left in enumerate(state.lives):
            if left:
                out[base + seat] = left / lives
        base = self.offsets["eliminated"]
        for seat, out_of_match in enumerate(state.eliminated):
            if out_of_match:
                out[base + seat] = 1.0


class EnvMatch(Match[Any, Any]):
    """The env's match: the env plays action ids it took from the engine's legal ones
    (:meth:`Codec.moves`), so it skips what :meth:`Match.play` adds for text actions
    (parsing, a second legality check, an undo copy); the record, the events and the
    views are the match's as ever."""

    def play_legal(self, action: int) -> None:
        """Play ``action``, one of ``state.legal()`` (unchecked)."""
        self._state.apply(action)
        self._played.append(action)


class CardGameEnv(AECEnv):  # type: ignore[misc]
    """An AEC environment over one stammtisch game (see the game's ``*_v0`` module).

    Keyword arguments are the game's options, plus ``render_mode`` (``"ansi"``:
    :meth:`render` returns the game as text, the terminal's screen from
    :mod:`stammtisch.text`; ``"human"`` prints it),
    ``reward`` (``"match"``: +1 to the winners at the end, zero-sum; ``"deal"``:
    each scored deal's change of standing less the seats' mean, zero-sum) and
    ``max_deals`` (truncate the match after that many deals; None: never).
    """

    metadata: dict[str, Any] = {"render_modes": list(RENDER_MODES), "name": "",
                                "is_parallelizable": False}
    game = ""
    codec_class: type[Codec[Any]]
    option_defaults: dict[str, Any] = {}

    def __init__(self, render_mode: str | None = None, reward: str = "match",
                 max_deals: int | None = None, **options: Any) -> None:
        super().__init__()
        if render_mode is not None and render_mode not in RENDER_MODES:
            raise OptionError("render_mode", "None, 'ansi' or 'human'", value=render_mode,
                              game=self.game)
        if reward not in REWARD_MODES:
            raise OptionError("reward", "'match' or 'deal'", value=reward, game=self.game)
        if max_deals is not None and (not isinstance(max_deals, int)
                                      or isinstance(max_deals, bool) or max_deals < 1):
            raise OptionError("max_deals", "None or an integer >= 1", value=max_deals,
                              game=self.game)
        self.render_mode = render_mode
        self.reward_mode = reward
        self.max_deals = max_deals
        self.info = find_game(self.game)
        self.match = EnvMatch(self.info, seed=0, options={**self.option_defaults, **options})
        self.options = dict(self.match.options)
        self.codec = self.codec_class(self.options, self.info.deck(self.options))
        self.possible_agents = [f"player_{k}" for k in range(self.match.num_players)]
        self.agents = self.possible_agents[:]
        self._seat = {agent: k for k, agent in enumerate(self.possible_agents)}
        self.observation_spaces = {agent: spaces.Dict({
            "observation": spaces.Box(low=self.codec.low, high=1.0, shape=(self.codec.size,),
                                      dtype=np.float32),
            "action_mask": spaces.Box(low=0, high=1, shape=(self.codec.num_actions,),
                                      dtype=np.int8),
        }) for agent in self.possible_agents}
        self.action_spaces = {agent: spaces.Discrete(self.codec.num_actions)
                              for agent in self.possible_agents}
        self._rng = random.Random()
        self._standing: list[float] = []
        self._pending = 0
        self._moves: dict[int, int] | None = None
        """The acting seat's legal indices and their actions, until the next step."""

    def __str__(self) -> str:
        return str(self.metadata["name"])

    def observation_space(self, agent: str) -> spaces.Space[Any]:
        return self.observation_spaces[agent]

    def action_space(self, agent: str) -> spaces.Space[Any]:
        return self.action_spaces[agent]

    # -- the AEC API -----------------------------------------------------------------

    def reset(self, seed: int | None = None, options: dict[str, Any] | None = None) -> None:
        """A new match; ``seed`` makes it and every later unseeded reset reproducible.
        ``options`` (PettingZoo's per-reset dict) is not used: game options are
        fixed when the environment is made."""
        del options
        if seed is not None:
            self._rng = random.Random(seed)
        self.match = EnvMatch(self.info, seed=self._rng.getrandbits(63), options=self.options)
        self.agents = self.possible_agents[:]
        self.rewards = dict.fromkeys(self.agents, 0.0)
        self._cumulative_rewards = dict.fromkeys(self.agents, 0.0)
        self.terminations = dict.fromkeys(self.agents, False)
        self.truncations = dict.fromkeys(self.agents, False)
        self.infos: dict[str, dict[str, Any]] = {agent: {} for agent in self.agents}
        self._pending = 0
        self._moves = None
        self._standing = self._current_standing()
        self.agent_selection = self.possible_agents[self.match.to_act or 0]

    def observe(self, agent: str) -> dict[str, np.ndarray[Any, Any]]:
        seat = self._seat[agent]
        state = self.match.state
        acting = state.to_act == seat
        observation = np.zeros(self.codec.size, dtype=np.float32)
        self.codec.encode_state(state, seat, observation, self._pending if acting else 0)
        mask = np.zeros(self.codec.num_actions, dtype=np.int8)
        if acting:
            for index in self._legal_moves():
                mask[index] = 1
        return {"observation": observation, "action_mask": mask}

    def step(self, action: int | None) -> None:
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        if action is None:
            raise IllegalActionError("None (only a finished agent steps with None)",
                                     [self.action_text(i) for i in self.legal_indices()])
        index = int(action)
        move = self._legal_moves().get(index)
        if move is None:
            raise self._illegal(index)
        self._moves = None
        self._cumulative_rewards[agent] = 0.0
        self.rewards = dict.fromkeys(self.agents, 0.0)
        if move == PICK:
            self._pending = self.codec.pick(self.match.state, self._pending, index)
        else:
            self._play(move)
        self._accumulate_rewards()
        self._deads_step_first()
        if self.render_mode == "human":
            self.render()

    def _play(self, move: int) -> None:
        """The engine's action ``move``, its rewards and the match's end."""
        self._pending = 0
        self.match.play_legal(move)
        state = self.match.state
        result = state.result()
        if self.reward_mode == "deal":
            standing = self.codec.standing_of(state)
            for agent_name, gain in zip(self.agents, centred(
                    [now - before for now, before in zip(standing, self._standing,
                                                         strict=True)]), strict=True):
                self.rewards[agent_name] = gain
            self._standing = standing
        elif result is not None:
            for agent_name, reward in zip(self.agents, self.codec.final(
                    result, len(self.agents)), strict=True):
                self.rewards[agent_name] = reward
        if result is not None:
            self.terminations = dict.fromkeys(self.agents, True)
        elif self.max_deals is not None and self.deals_done() >= self.max_deals:
            self.truncations = dict.fromkeys(self.agents, True)
        else:
            self.agent_selection = self.possible_agents[state.to_act]

    def render(self) -> str | None:
        if self.render_mode is None:
            return None
        text = self.text()
        if self.render_mode == "human":
            sys.stdout.write(text + "\n")
            return None
        return text

    def close(self) -> None:
        """Nothing to release: no window, no process."""

    # -- for bot writers ------------------------------------------------------------------

    def legal_indices(self) -> list[int]:
        """The action indices legal for the agent to act now, ascending."""
        if self.match.to_act is None:
            return []
        return sorted(self._legal_moves())

    def action_text(self, index: int) -> str:
        """The action at ``index`` for the agent to act, in the game's notation (a part
        of a choice: ``pick`` and the cards picked so far)."""
        move = self._legal_moves().get(index) if self.match.to_act is not None else None
        if move is None:
            raise self._illegal(index)
        if move == PICK:
            picked = self.codec.pick(self.match.state, self._pending, index)
            return " ".join(["pick", *codes(picked)])
        return self.match.state.action_text(move)

    def text(self) -> str:
        """The screen of the seat to act, as the terminal shows it (the end of the match when
        over): :mod:`stammtisch.text` describes the view."""
        return match_text(self.match)

    # -- inside ------------------------------------------------------------------------

    def _legal_moves(self) -> dict[int, int]:
        moves = self._moves
        if moves is None:
            moves = self._moves = self.codec.moves(self.match.state, self._pending) \
                if self.match.to_act is not None else {}
        return moves

    def _illegal(self, index: int) -> IllegalActionError:
        state = self.match.state
        return IllegalActionError(f"index {index}", [
            f"{i}: pick" if move == PICK else f"{i}: {state.action_text(move)}"
            for i, move in self._legal_moves().items()])

    def deals_done(self) -> int:
        """Deals finished so far (a thrown-in Schmier deal counts)."""
        return int(getattr(self.match.state, "deal_number", 0))

    def _current_standing(self) -> list[float]:
        return self.codec.standing_of(self.match.state)


_FORWARDED = ("agent_selection", "agents", "possible_agents", "num_agents", "rewards",
              "_cumulative_rewards", "terminations", "truncations", "infos")
"""What ``env.last()`` and ``agent_iter`` read on every step, through every wrapper."""
_GUARDED = frozenset({"rewards", "terminations", "truncations", "infos", "agent_selection",
                      "num_agents", "agents"})
"""What ``OrderEnforcingWrapper`` refuses before the first reset."""


def _forwarded(name: str, guarded: bool) -> property:
    def get(self: Any) -> Any:
        if guarded and not self._has_reset:
            raise AttributeError(f"{name} cannot be accessed before reset")
        return getattr(self._raw, name)
    return property(get)


class _TerminateIllegal(wrappers.TerminateIllegalWrapper):  # type: ignore[misc]
    def __init__(self, env: CardGameEnv, illegal_reward: float) -> None:
        super().__init__(env, illegal_reward)
        self._raw = env


class _AssertOutOfBounds(wrappers.AssertOutOfBoundsWrapper):  # type: ignore[misc]
    def __init__(self, env: Any) -> None:
        super().__init__(env)
        self._raw = env.unwrapped

    def step(self, action: Any) -> None:
        if type(action) is int and 0 <= action < self._raw.codec.num_actions:
            self.env.step(action)  # in the space: what Discrete.contains would find
        else:
            super().step(action)


class _OrderEnforcing(wrappers.OrderEnforcingWrapper):  # type: ignore[misc]
    def __init__(self, env: Any) -> None:
        super().__init__(env)
        self._raw = env.unwrapped

    def __str__(self) -> str:
        return str(self.env)


for _wrapper in (_TerminateIllegal, _AssertOutOfBounds, _OrderEnforcing):
    # PettingZoo's wrappers forward these by ``__getattr__``, after a failed lookup on
    # each layer; none of them changes them, so a property reads the env's own.
    for _name in _FORWARDED:
        setattr(_wrapper, _name, _forwarded(_name, _wrapper is _OrderEnforcing
                                            and _name in _GUARDED))


def wrap(env: CardGameEnv) -> Any:
    """PettingZoo's wrappers for its classic games: an illegal index ends the match with
    -1 for the agent that chose it, an index outside the space is an error, and the AEC
    order (reset first, no step after the end) is enforced. (Their subclasses here only
    forward the attributes every step reads by properties.)"""
    wrapped: Any = _TerminateIllegal(env, illegal_reward=-1)
    wrapped = _AssertOutOfBounds(wrapped)
    return _OrderEnforcing(wrapped)
