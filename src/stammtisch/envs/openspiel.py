"""The four games as OpenSpiel Python games: ``register_all()``, then
``pyspiel.load_game("stammtisch_schnapsen", {"match_target": 3})``.

Short names ``stammtisch_schnauz``, ``stammtisch_scat``, ``stammtisch_schnapsen``,
``stammtisch_schmier``; parameters are the game's options that have a plain
default (int, float, str, bool), ``num_players`` for Schnauz and Scat (3 by
default), and ``max_moves``.

What is reused from the PettingZoo environments (envs/base.py and the
``<game>_v0`` modules): the action ids are the indices of each game's fixed
discrete action space (the ``Codec``), and the tensors are its observation
encoding of the seat's view, documented field by field in the ``<game>_v0``
module.

Choices, stated because OpenSpiel's own games make them differently:

- **Chance.** The engines shuffle internally from one match seed, so the match
  starts at a single chance node with :data:`CHANCE_SEEDS` equally likely
  outcomes, outcome ``k`` being the match seed ``k``; every later deal follows
  from that seed and is not a chance node of its own.
- **Information state.** ``information_state_tensor`` is the same encoding as
  ``observation_tensor`` and ``information_state_string`` the same as
  ``observation_string`` (the seat's view as canonical JSON). A view holds the
  public record of the running deal (its tricks, declarations, discards) but
  not earlier deals nor the seat's own earlier choices, so this is not OpenSpiel's
  perfect recall: fine for search and reinforcement learning, not for CFR's
  exact guarantees.
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

import json
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any, cast

try:
    import numpy as np
    import pyspiel
except ImportError as error:  # pragma: no cover - depends on the installed extras
    raise ImportError("stammtisch.envs.openspiel needs open_spiel and numpy: "
                      "pip install 'stammtisch[rl]'") from error

from stammtisch.core.game import GameInfo, GameState
from stammtisch.core.options import resolve
from stammtisch.envs import scat_v0, schmier_v0, schnapsen_v0, schnauz_v0
from stammtisch.envs.base import CardGameEnv, Codec
from stammtisch.games import find_game

CHANCE_SEEDS = 1024
"""The match seeds the chance node chooses among."""
MAX_MOVES = 1000
PREFIX = "stammtisch_"
ENVS: dict[str, type[CardGameEnv]] = {
    "schnauz": schnauz_v0.raw_env, "scat": scat_v0.raw_env,
    "schnapsen": schnapsen_v0.raw_env, "schmier": schmier_v0.raw_env,
}


def _parameters(game: str) -> dict[str, Any]:
    env = ENVS[game]
    specification: dict[str, Any] = {}
    for spec in find_game(game).options:
        default = env.option_defaults.get(spec.name, spec.default)
        if isinstance(default, (bool, int, float, str)):
            specification[spec.name] = default
    specification["max_moves"] = MAX_MOVES
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
        provides_information_state_tensor=True,
        provides_observation_string=True,
        provides_observation_tensor=True,
        parameter_specification=_parameters(game))


@dataclass(frozen=True)
class Rules:
    """What a state needs of its game (kept apart: pyspiel may hand a state a copy of
    the game object without its Python attributes)."""

    info: GameInfo
    options: dict[str, Any]
    codec: Codec[Any]
    max_moves: int
    players: int

    def num_players(self) -> int:
        return self.players


class CardGame(pyspiel.Game):  # type: ignore[misc]
    """One stammtisch game under one set of options, for OpenSpiel."""

    name = ""

    def __init__(self, params: Mapping[str, Any] | None = None) -> None:
        params = dict(params or {})
        defaults = _parameters(self.name)
        unknown = sorted(set(params) - set(defaults))
        if unknown:
            raise ValueError(f"{PREFIX}{self.name}: unknown parameters {unknown}; "
                             f"known: {sorted(defaults)}")
        chosen = {**defaults, **params}
        max_moves = chosen.pop("max_moves")
        if not isinstance(max_moves, int) or max_moves < 1:
            raise ValueError(f"max_moves must be an integer >= 1, not {max_moves!r}")
        info = find_game(self.name)
        options = resolve(self.name, info.options, chosen)
        info.check(options)
        codec = ENVS[self.name].codec_class(options, info.deck(options))
        num_players = int(options.get("num_players", info.min_players))
        game_info = pyspiel.GameInfo(
            num_distinct_actions=codec.num_actions,
            max_chance_outcomes=CHANCE_SEEDS,
            num_players=num_players,
            min_utility=-float(num_players - 1),
            max_utility=1.0,
            utility_sum=0.0,
            max_game_length=max_moves)
        super().__init__(_game_type(self.name), game_info, {**chosen, "max_moves": max_moves})
        # pybind11 keeps attributes set after the base class is initialised only
        self.rules = Rules(info, options, codec, max_moves, num_players)

    def new_initial_state(self) -> CardGameState:
        return CardGameState(self)

    def from_engine(self, engine: GameState) -> CardGameState:
        """A state past the chance node over ``engine`` (a determinized deal, say)."""
        state = CardGameState(self)
        state.engine = engine
        return state

    def make_py_observer(self, iig_obs_type: Any = None,
                         params: Mapping[str, Any] | None = None) -> ViewObserver:
        if params:
            raise ValueError(f"observation parameters are not supported: {params}")
        return ViewObserver(self.rules.codec)


class CardGameState(pyspiel.State):  # type: ignore[misc]
    """The chance node that picks the match seed, then the engine's state."""

    def __init__(self, game: CardGame) -> None:
        super().__init__(game)
        self.rules = game.rules
        self.engine: GameState[Any, Any] | None = None
        self.moves = 0

    def __deepcopy__(self, memo: dict[int, Any]) -> CardGameState:
        """OpenSpiel clones a Python state by deep copy: share the rules, clone the engine."""
        other = CardGameState(self.get_game())
        other.engine = self.engine.clone() if self.engine is not None else None
        other.moves = self.moves
        return other

    def seat_view(self, player: int) -> dict[str, Any]:
        """The engine's view of ``player`` as the plain dict the codecs read."""
        assert self.engine is not None
        return cast(dict[str, Any], self.engine.view(player))

    def current_player(self) -> int:
        if self.engine is None:
            return int(pyspiel.PlayerId.CHANCE)
        if self.engine.to_act < 0 or self.moves >= self.rules.max_moves:
            return int(pyspiel.PlayerId.TERMINAL)
        return self.engine.to_act

    def _legal_actions(self, player: int) -> list[int]:
        assert self.engine is not None
        view = self.seat_view(player)
        codec = self.rules.codec
        return sorted(codec.index_of(view, action) for action in self.engine.legal())

    def chance_outcomes(self) -> list[tuple[int, float]]:
        return [(seed, 1.0 / CHANCE_SEEDS) for seed in range(CHANCE_SEEDS)]

    def _apply_action(self, action: int) -> None:
        game = self.rules
        if self.engine is None:
            self.engine = game.info.new_state(game.options, int(action), ())
            self.engine.events = None
            return
        self.engine.apply(self.engine_action(action))
        self.moves += 1

    def engine_action(self, index: int) -> int:
        """The engine's action at ``index`` for the seat to act."""
        assert self.engine is not None
        return self.rules.codec.action_of(self.seat_view(self.engine.to_act), index)

    def _action_to_string(self, player: int, action: int) -> str:
        if player == pyspiel.PlayerId.CHANCE or self.engine is None:
            return f"seed {action}"
        view = self.seat_view(player)
        return self.engine.action_text(self.rules.codec.action_of(view, action))

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


class ViewObserver:
    """OpenSpiel's PyObserver over a seat's view: the codec's tensor and the view's JSON."""

    def __init__(self, codec: Codec[Any]) -> None:
        self.codec = codec
        self.tensor = np.zeros(codec.size, np.float32)
        self.dict = {"observation": self.tensor}

    def set_from(self, state: CardGameState, player: int) -> None:
        self.tensor.fill(0)
        if state.engine is not None:
            self.codec.encode(state.seat_view(player), self.tensor)

    def string_from(self, state: CardGameState, player: int) -> str:
        if state.engine is None:
            return f"seat {player} before the deal"
        return json.dumps(state.engine.view(player), sort_keys=True, separators=(",", ":"))


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


__all__ = ["CHANCE_SEEDS", "CardGame", "CardGameState", "ViewObserver", "register_all"]
