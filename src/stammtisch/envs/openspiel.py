"""The four games as OpenSpiel Python games: ``register_all()``, then
``pyspiel.load_game("stammtisch_schnapsen", {"match_target": 3})``.

Short names ``stammtisch_schnauz``, ``stammtisch_scat``, ``stammtisch_schnapsen``,
``stammtisch_schmier``; parameters are the game's options that have a plain
default (int, float, str, bool), ``num_players`` for Schnauz and Scat (3 by
default), ``max_moves`` and ``distinct_deals``.

What is reused from the PettingZoo environments (envs/base.py and the
``<game>_v0`` modules): the action ids are the indices of each game's fixed
discrete action space (the ``Codec``), and the tensors are its observation
encoding of the seat's view, documented field by field in the ``<game>_v0``
module. As in the envs, Schmier's rob is chosen card by card (``SchmierPickCodec``:
six picks of a card to keep, the sixth plays the rob; the other seats see the rob
once it is played), so Schmier has 106 distinct actions rather than 101,159.

Choices, stated because OpenSpiel's own games make them differently:

- **Chance.** The engines shuffle internally from one match seed, so the match
  starts at a single chance node with ``distinct_deals`` equally likely outcomes
  (a parameter, :data:`DISTINCT_DEALS` by default), outcome ``k`` being the match
  seed ``k``; every later deal follows from that seed and is not a chance node of
  its own.
- **Information state.** ``information_state_string`` is the seat's whole
  history, in order: what it saw after every action (its view as canonical JSON,
  written again only when it changed, with the action's number) and each action it
  played (each card it picked toward a rob), so it has OpenSpiel's perfect recall.
  A state made from an engine state (``CardGame.from_engine``) has no history
  before it, and a resampled one keeps only the resampling seat's (the others'
  begin there). There is no information-state *tensor*
  (``provides_information_state_tensor`` is false): a match has no bound on its
  length, so no fixed size holds its history. ``observation_tensor`` and
  ``observation_string`` are the seat's present view, which holds the public record
  of the running deal but not earlier deals: the input for reinforcement learning.
- **Resampling.** ``resample_from_infostate(player, sampler)`` draws the cards the
  seat has not seen with the game's own sampler (``GameInfo.sample``), uniformly
  among the deals its view allows, so OpenSpiel's ISMCTS runs on all four games.
- **Length.** ``max_game_length`` is the parameter ``max_moves`` (default
  1000 player actions): no game's rules bound a match's length, so a match
  still running after ``max_moves`` actions ends there as a draw (every return
  0). Under random play with the defaults, 20 matches each of Schnauz, Scat
  and Schnapsen took at most 240 actions; Schmier's random matches often run
  past it (of 10 seeds: 458 to 6130 actions, three not over after 100,000,
  random bidding sets the teams back), so Schmier's are mostly cut.
- **Returns** are the environments' match rewards (envs/base.py): +1 to each
  winner, the losers sharing the winners' total as a loss; zero-sum.
"""

from __future__ import annotations

import copy
import json
import random
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any, cast

try:
    import numpy as np
    import pyspiel
except ImportError as error:  # pragma: no cover - depends on the installed extras
    raise ImportError("stammtisch.envs.openspiel needs open_spiel and numpy: "
                      "pip install 'stammtisch[rl]'") from error

from stammtisch.cards import card_code, codes
from stammtisch.core.game import GameInfo, GameState
from stammtisch.core.options import resolve
from stammtisch.envs import scat_v0, schmier_v0, schnapsen_v0, schnauz_v0
from stammtisch.envs.base import PICK, CardGameEnv, Codec
from stammtisch.games import find_game

DISTINCT_DEALS = 1024
"""The default of the parameter ``distinct_deals``: how many match seeds the chance
node chooses among."""
MAX_MOVES = 1000
PREFIX = "stammtisch_"
ENVS: dict[str, type[CardGameEnv]] = {
    "schnauz": schnauz_v0.raw_env, "scat": scat_v0.raw_env,
    "schnapsen": schnapsen_v0.raw_env, "schmier": schmier_v0.raw_env,
}
CODECS: dict[str, type[Codec[Any]]] = {
    "schnauz": schnauz_v0.SchnauzCodec, "scat": scat_v0.ScatCodec,
    "schnapsen": schnapsen_v0.SchnapsenCodec, "schmier": schmier_v0.SchmierPickCodec,
}
"""The codec of each game here: the envs' own (Schmier's rob card by card)."""


def parameters(game: str) -> dict[str, Any]:
    """The OpenSpiel parameters of ``game`` and their defaults."""
    env = ENVS[game]
    specification: dict[str, Any] = {}
    for spec in find_game(game).options:
        default = env.option_defaults.get(spec.name, spec.default)
        if isinstance(default, (bool, int, float, str)):
            specification[spec.name] = default
    specification["max_moves"] = MAX_MOVES
    specification["distinct_deals"] = DISTINCT_DEALS
    return specification


def _game_type(game: str) -> Any:
    info = find_game(game)
    return pyspiel.GameType(
        short_name=PREFIX + game,
        long_name=f"stammtisch {info.title}",
        dynamics=pyspiel.GameType.Dynamics.SEQUENTIAL,
        chance_mode=pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC,
        information=pyspiel.GameType.Information.IMPERFECT_INFORMATION,
        utility=pyspiel.GameType.Utility.ZERO_SUM,
        reward_model=pyspiel.GameType.RewardModel.TERMINAL,
        max_num_players=info.max_players,
        min_num_players=info.min_players,
        provides_information_state_string=True,
        provides_information_state_tensor=False,
        provides_observation_string=True,
        provides_observation_tensor=True,
        parameter_specification=parameters(game))


@dataclass(frozen=True)
class Rules:
    """What a state needs of its game (kept apart: pyspiel may hand a state a copy of
    the game object without its Python attributes)."""

    info: GameInfo
    options: dict[str, Any]
    codec: Codec[Any]
    max_moves: int
    players: int
    distinct_deals: int

    def num_players(self) -> int:
        return self.players

    def __deepcopy__(self, memo: dict[int, Any]) -> Rules:
        return self  # never changed: clones share it


class CardGame(pyspiel.Game):  # type: ignore[misc]
    """One stammtisch game under one set of options, for OpenSpiel."""

    name = ""

    def __init__(self, params: Mapping[str, Any] | None = None) -> None:
        params = dict(params or {})
        defaults = parameters(self.name)
        unknown = sorted(set(params) - set(defaults))
        if unknown:
            raise ValueError(f"{PREFIX}{self.name}: unknown parameters {unknown}; "
                             f"known: {sorted(defaults)}")
        chosen = {**defaults, **params}
        max_moves = chosen.pop("max_moves")
        distinct_deals = chosen.pop("distinct_deals")
        for key, value in (("max_moves", max_moves), ("distinct_deals", distinct_deals)):
            if not isinstance(value, int) or isinstance(value, bool) or value < 1:
                raise ValueError(f"{key} must be an integer >= 1, not {value!r}")
        info = find_game(self.name)
        options = resolve(self.name, info.options, chosen)
        info.check(options)
        codec = CODECS[self.name](options, info.deck(options))
        num_players = int(options.get("num_players", info.min_players))
        game_info = pyspiel.GameInfo(
            num_distinct_actions=codec.num_actions,
            max_chance_outcomes=distinct_deals,
            num_players=num_players,
            min_utility=-float(num_players - 1),
            max_utility=1.0,
            utility_sum=0.0,
            max_game_length=max_moves)
        super().__init__(_game_type(self.name), game_info,
                         {**chosen, "max_moves": max_moves, "distinct_deals": distinct_deals})
        # pybind11 keeps attributes set after the base class is initialised only
        self.rules = Rules(info, options, codec, max_moves, num_players, distinct_deals)

    def new_initial_state(self) -> CardGameState:
        return CardGameState(self)

    def from_engine(self, engine: GameState) -> CardGameState:
        """A state past the chance node over ``engine`` (a determinized deal, say); it
        has no history before ``engine``."""
        return CardGameState(self, Position(engine))

    def make_py_observer(self, iig_obs_type: Any = None,
                         params: Mapping[str, Any] | None = None) -> ViewObserver | RecallObserver:
        if params:
            raise ValueError(f"observation parameters are not supported: {params}")
        if iig_obs_type is not None and iig_obs_type.perfect_recall:
            return RecallObserver()
        return ViewObserver(self.rules.codec)


class Position:
    """Everything of a state that changes as it is played. OpenSpiel clones a Python
    state by deep-copying its attributes: this one clones the engine and shares the
    rest, which is never changed in place."""

    __slots__ = ("engine", "first", "moves", "pending", "played", "recall", "start")

    def __init__(self, engine: GameState[Any, Any] | None = None) -> None:
        self.engine = engine
        self.start = engine.clone() if engine is not None else None
        """The engine as dealt, before ``played``: where a seat's history is replayed."""
        self.played: tuple[tuple[int, int], ...] = ()
        """Each action since ``start`` and the seat that played it: an engine action, or
        ``-1 - card`` for a card picked toward a choice made in parts."""
        self.pending = 0
        """The cards picked so far toward the acting seat's choice (Schmier's rob)."""
        self.first = 0
        """The number of the first action after ``start`` (0 unless resampled)."""
        self.moves = 0
        self.recall: dict[int, Recall] = {}
        """Each seat's history as far as it was asked for."""

    def __deepcopy__(self, memo: dict[int, Any]) -> Position:
        other = Position()
        other.engine = self.engine.clone() if self.engine is not None else None
        other.start = self.start
        other.played = self.played
        other.first = self.first
        other.moves = self.moves
        other.pending = self.pending
        other.recall = dict(self.recall)
        return other


class CardGameState(pyspiel.State):  # type: ignore[misc]
    """The chance node that picks the match seed, then the engine's state."""

    def __init__(self, game: CardGame, position: Position | None = None) -> None:
        super().__init__(game)
        self.rules = game.rules
        self.position = position or Position()

    def __deepcopy__(self, memo: dict[int, Any]) -> CardGameState:
        return CardGameState(self.get_game(), copy.deepcopy(self.position))

    @property
    def engine(self) -> GameState[Any, Any] | None:
        """The engine's state, ``None`` before the chance node."""
        return self.position.engine

    @property
    def moves(self) -> int:
        """The players' actions so far (the chance node's not counted)."""
        return self.position.moves

    def seat_view(self, player: int) -> dict[str, Any]:
        """The engine's view of ``player`` as the plain dict the codecs read."""
        assert self.engine is not None
        return cast(dict[str, Any], self.engine.view(player))

    def current_player(self) -> int:
        engine = self.position.engine
        if engine is None:
            return int(pyspiel.PlayerId.CHANCE)
        if engine.to_act < 0 or self.position.moves >= self.rules.max_moves:
            return int(pyspiel.PlayerId.TERMINAL)
        return engine.to_act

    def _legal_actions(self, player: int) -> list[int]:
        return sorted(self.legal_moves())

    def legal_moves(self) -> dict[int, int]:
        """The acting seat's legal indices and the engine's action of each (``PICK``: a
        card picked toward a choice made in parts)."""
        assert self.engine is not None
        return self.rules.codec.moves(self.engine, self.position.pending)

    def chance_outcomes(self) -> list[tuple[int, float]]:
        deals = self.rules.distinct_deals
        return [(seed, 1.0 / deals) for seed in range(deals)]

    def _apply_action(self, action: int) -> None:
        game, position = self.rules, self.position
        if position.engine is None:
            engine = game.info.new_state(game.options, int(action), ())
            engine.events = None
            self.position = Position(engine)
            return
        seat = position.engine.to_act
        move = self.legal_moves()[action]
        position.moves += 1
        if move == PICK:
            picked = self.rules.codec.pick(position.engine, position.pending, action)
            card = (picked & ~position.pending).bit_length() - 1
            position.pending = picked
            position.played += ((seat, -1 - card),)
            return
        position.pending = 0
        position.engine.apply(move)
        position.played += ((seat, move),)

    def resample_from_infostate(self, player: int,
                                probability_sampler: Callable[[], float]) -> CardGameState:
        """A state ``player`` cannot tell from this one: the cards it has not seen drawn
        by the game's sampler, seeded from ``probability_sampler`` (a uniform [0, 1)
        draw, OpenSpiel's ``UniformProbabilitySampler``)."""
        if self.engine is None:
            return self.clone()  # type: ignore[no-any-return]
        if self.position.pending and player != self.engine.to_act:
            raise NotImplementedError("resampling for another seat than the one picking "
                                      "its rob card by card")
        rng = random.Random(int(probability_sampler() * 2**53))
        engine = self.rules.info.sample(self.engine.view(player), rng)
        engine.events = None
        world = Position(engine)
        world.moves = self.position.moves
        world.pending = self.position.pending
        # the seat's own history carries over; the others' begin at the resampled deal
        world.first = self.position.first + len(self.position.played)
        history = self.history_of(player)
        world.recall = {player: Recall(0, engine.clone(), history.text, history.last)}
        return CardGameState(self.get_game(), world)

    def history_of(self, player: int) -> Recall:
        """What ``player`` saw and did so far (extended from the last time it was asked)."""
        position = self.position
        known = position.recall.get(player)
        if known is not None and known.steps == len(position.played):
            return known
        if known is None:
            assert position.start is not None
            view = position.start.view(player)
            known = Recall(0, position.start, _entry("saw", position.first, view), view)
        engine = known.engine.clone()
        entries = [known.text]
        last = known.last
        for step in range(known.steps, len(position.played)):
            seat, action = position.played[step]
            number = position.first + step
            if action < 0:  # a card picked: only its seat sees it
                if seat == player:
                    entries.append("," + _entry("picked", number, card_code(-1 - action)))
                continue
            if seat == player:
                entries.append("," + _entry("played", number, engine.action_text(action)))
            engine.apply(action)
            view = engine.view(player)
            if view != last:
                entries.append("," + _entry("saw", number + 1, view))
                last = view
        known = Recall(len(position.played), engine, "".join(entries), last)
        position.recall[player] = known
        return known

    def engine_action(self, index: int) -> int:
        """The engine's action at ``index`` for the seat to act (``PICK``: a card picked
        toward a choice made in parts)."""
        return self.legal_moves()[index]

    def _action_to_string(self, player: int, action: int) -> str:
        if player == pyspiel.PlayerId.CHANCE or self.engine is None:
            return f"seed {action}"
        if player == self.engine.to_act:
            move = self.legal_moves().get(action)
            if move == PICK:
                picked = self.rules.codec.pick(self.engine, self.position.pending, action)
                return " ".join(["pick", *codes(picked)])
            if move is not None:
                return self.engine.action_text(move)
        return f"action {action}"

    def is_terminal(self) -> bool:
        return self.current_player() == int(pyspiel.PlayerId.TERMINAL)

    def returns(self) -> list[float]:
        n = self.rules.num_players()
        result = self.engine.result() if self.engine is not None else None
        if result is None:
            return [0.0] * n
        return self.rules.codec.final(result, n)

    def __str__(self) -> str:
        if self.engine is None:
            return "before the deal"
        return json.dumps(self.engine.dump(), sort_keys=True)


@dataclass(frozen=True)
class Recall:
    """A seat's history up to the state's ``steps``-th action since its start: its
    entries in order (``text``, the JSON list without its closing bracket), the engine
    after them (to go on from) and the last view it saw."""

    steps: int
    engine: GameState[Any, Any]
    text: str
    last: Any


def _entry(kind: str, number: int, what: Any) -> str:
    return json.dumps([kind, number, what], sort_keys=True, separators=(",", ":"))


class RecallObserver:
    """OpenSpiel's PyObserver for the information state: the seat's history as JSON
    (a list of ``["saw", action number, view]`` and ``["played", action number, text]``);
    no tensor."""

    def __init__(self) -> None:
        self.tensor = np.zeros(0, np.float32)
        self.dict: dict[str, Any] = {}

    def set_from(self, state: CardGameState, player: int) -> None:
        raise NotImplementedError("no information-state tensor: see envs/openspiel.py")

    def string_from(self, state: CardGameState, player: int) -> str:
        if state.engine is None:
            return f"seat {player} before the deal"
        return "[" + state.history_of(player).text + "]"


class ViewObserver:
    """OpenSpiel's PyObserver over a seat's view: the codec's tensor and the view's JSON."""

    def __init__(self, codec: Codec[Any]) -> None:
        self.codec = codec
        self.tensor = np.zeros(codec.size, np.float32)
        self.dict = {"observation": self.tensor}

    def set_from(self, state: CardGameState, player: int) -> None:
        self.tensor.fill(0)
        engine = state.engine
        if engine is not None:
            pending = state.position.pending if engine.to_act == player else 0
            self.codec.encode_state(engine, player, self.tensor, pending)

    def string_from(self, state: CardGameState, player: int) -> str:
        engine = state.engine
        if engine is None:
            return f"seat {player} before the deal"
        text = json.dumps(engine.view(player), sort_keys=True, separators=(",", ":"))
        if state.position.pending and engine.to_act == player:
            text += " picked " + " ".join(codes(state.position.pending))
        return text


def _game_class(game: str) -> type[CardGame]:
    return type(f"{game.capitalize()}Game", (CardGame,), {"name": game})


GAME_CLASSES = {game: _game_class(game) for game in ENVS}


def register_all() -> list[str]:
    """Register the four games with pyspiel (again is harmless); their short names."""
    registered = set(pyspiel.registered_names())
    for game, cls in GAME_CLASSES.items():
        if PREFIX + game not in registered:
            pyspiel.register_game(_game_type(game), cls)
    return [PREFIX + game for game in GAME_CLASSES]


__all__ = ["DISTINCT_DEALS", "CardGame", "CardGameState", "RecallObserver", "ViewObserver",
           "parameters", "register_all"]
