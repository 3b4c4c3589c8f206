"""Many matches of one game stepped together: arrays of observations, masks and rewards.

>>> from stammtisch.envs.vector import CardGameVectorEnv
>>> envs = CardGameVectorEnv("schnapsen", num_envs=8)
>>> observations, infos = envs.reset(seed=1)
>>> observations["observation"].shape, observations["action_mask"].shape
((8, 172), (8, 31))
>>> observations, rewards, terminations, truncations, infos = envs.step(envs.sample_legal())
>>> rewards.shape, infos["to_act"].shape
((8, 2), (8,))

Gymnasium's vector API for a turn-based game played by one policy in every seat
(self-play): each of the ``num_envs`` matches has one seat to act, and its row of
``observations`` is that seat's (``infos["to_act"]`` names it): the game's
observation (the ``<game>_v0`` module documents it) and its action mask, batched
as Gymnasium batches the PettingZoo env's ``Dict`` space. :meth:`step` takes one
index per match, for its seat to act. ``rewards`` has a column per seat (every
seat's reward of that step, zero-sum: ``reward="match"`` or ``"deal"`` as in the
PettingZoo env); ``terminations``: the match is over, or its seat chose an index
outside the mask (-1 to that seat, as PettingZoo's classic games end);
``truncations``: ``max_deals`` deals were played. A finished match is replaced by a
new one in the same step (Gymnasium's same-step autoreset): its row shows the new
match's first position. There is no ``final_obs``: a finished match has no seat to act,
and its rewards are in the step's ``rewards``.

The matches are the engines' fast path, without the match contract (no records,
events or views), each dealt from the vector env's own generator: Schnapsen's are
simulations (games/schnapsen_sim.py; compiled where stammtisch.native is built),
the other games' are seeded from it. Observations are encoded for all matches at
once (:meth:`Codec.encode_batch`: in numpy for Schnapsen). Compiled Schnapsen
matches are stepped and read in one call for all of them (native/schnapsen_batch.pyx:
the actions applied; what the observation encodes, the legal indices and the masks
written to arrays), the observation built from what was read in numpy.
"""

from __future__ import annotations

import importlib
import random
from collections import deque
from collections.abc import Callable
from itertools import chain
from operator import attrgetter, methodcaller
from typing import Any, Literal

import numpy as np
from gymnasium import spaces
from gymnasium.vector import AutoresetMode, VectorEnv
from gymnasium.vector.utils import batch_space

from stammtisch import native
from stammtisch.envs import scat_v0, schmier_v0, schnapsen_v0, schnauz_v0
from stammtisch.envs.base import PICK, CardGameEnv, centred
from stammtisch.errors import OptionError
from stammtisch.games.schnapsen import EXCHANGE, MARRIAGE, Rules
from stammtisch.games.schnapsen_sim import SimulatedMatch

RAW: dict[str, type[CardGameEnv]] = {
    "schnauz": schnauz_v0.raw_env, "scat": scat_v0.raw_env,
    "schnapsen": schnapsen_v0.raw_env, "schmier": schmier_v0.raw_env,
}
ILLEGAL_REWARD = -1.0
ANNOUNCED = min(EXCHANGE, MARRIAGE)
"""Schnapsen's actions from here on may show cards (a marriage, an exchange)."""
_LEGAL = methodcaller("legal")
_TO_ACT_DEALS = attrgetter("to_act", "deal_number")
MAX_LEGAL = 32
"""The most legal actions of a Schnapsen position (the compiled core's bound)."""


def batch_reader() -> Any:
    """native/schnapsen_batch.pyx when it is built and the compiled core is used, else
    None (then each match is read through its attributes)."""
    if not native.available():
        return None
    try:
        return importlib.import_module("stammtisch.native.schnapsen_batch")
    except ImportError:
        return None


class CardGameVectorEnv(VectorEnv[Any, Any, Any]):
    """``num_envs`` matches of ``game`` (see the module docstring); keywords as the
    game's PettingZoo env takes them (``reward``, ``max_deals``, the game's options)."""

    metadata: dict[str, Any] = {"autoreset_mode": AutoresetMode.SAME_STEP}

    def __init__(self, game: str, num_envs: int, reward: str = "match",
                 max_deals: int | None | Literal["default"] = "default",
                 compiled: bool = True, **options: Any) -> None:
        if game not in RAW:
            raise OptionError("game", ", ".join(RAW), value=game)
        if not isinstance(num_envs, int) or isinstance(num_envs, bool) or num_envs < 1:
            raise OptionError("num_envs", "an integer >= 1", value=num_envs, game=game)
        if max_deals != "default":
            options["max_deals"] = max_deals
        raw = RAW[game](reward=reward, **options)
        self.game = game
        self.compiled = compiled
        self.num_envs = num_envs
        self.codec = raw.codec
        self.options = raw.options
        self.reward_mode = raw.reward_mode
        self.max_deals = raw.max_deals
        self.num_players = raw.match.num_players
        self.single_observation_space = raw.observation_spaces["player_0"]
        self.single_action_space = spaces.Discrete(self.codec.num_actions)
        self.observation_space = batch_space(self.single_observation_space, num_envs)
        self.action_space = batch_space(self.single_action_space, num_envs)
        self._start = self._starter(raw)
        self._rng = random.Random()
        self._choices = np.random.default_rng()
        self.states: list[Any] = []
        self._pending = [0] * num_envs
        self._moves: list[dict[int, int]] = []
        self._standing: list[list[float]] = []
        table = self.codec.action_table()
        self._actions: np.ndarray | None = table
        """Index -> the engine's action, where the codec has one table for all states."""
        self._indices = None if table is None else np.zeros(int(table.max()) + 1, np.int64)
        if table is not None and self._indices is not None:
            self._indices[table] = np.arange(len(table))
        self._rows = np.arange(num_envs)
        self._legal_flat = np.zeros(0, dtype=np.int64)
        self._legal_counts: np.ndarray | None = None
        """Where the codec has an action table: each row's legal indices, row by row."""
        self._watch = np.ones(num_envs, dtype=np.bool_)
        """Rows whose deal may hold a marriage or an exchange (encode_batch's ``watch``)."""
        self._observations = np.zeros((num_envs, self.codec.size), dtype=np.float32)
        self._masks = np.zeros((num_envs, self.codec.num_actions), dtype=np.int8)
        self._batch = batch_reader() if game == "schnapsen" and compiled else None
        """native/schnapsen_batch.pyx, or None: every match read through its attributes."""
        if self._batch is not None:
            self._table = np.zeros((num_envs, len(self._batch.FIELDS)), dtype=np.int64)
            self._turns = np.zeros((num_envs, 2), dtype=np.int64)
            self._legal_buffer = np.zeros(num_envs * MAX_LEGAL, dtype=np.int64)
            self._legal_counts = np.zeros(num_envs, dtype=np.int64)

    def _starter(self, raw: CardGameEnv) -> Callable[[random.Random], Any]:
        """How a new match starts: Schnapsen's simulation (compiled where built), or the
        game's state seeded from the generator, without events."""
        if self.game == "schnapsen":
            rules = Rules(self.options)
            if self.compiled:
                return lambda rng: native.simulated_match(rules, rng)
            return lambda rng: SimulatedMatch(rules, rng)
        info, options = raw.info, self.options

        def start(rng: random.Random) -> Any:
            state = info.new_state(options, rng.getrandbits(63), ())
            state.events = None
            return state
        return start

    # -- the vector API ------------------------------------------------------------

    def reset(self, *, seed: int | list[int] | None = None,
              options: dict[str, Any] | None = None) -> tuple[Any, dict[str, Any]]:
        """New matches in every row; ``seed`` seeds the generator they are dealt from
        (one int; a list seeds with its first). ``options`` is not used."""
        del options
        if isinstance(seed, list):
            seed = seed[0] if seed else None
        self._rng = random.Random(seed)
        self._choices = np.random.default_rng(seed)
        self.states = [self._start(self._rng) for _ in range(self.num_envs)]
        self._watch[:] = True
        self._pending = [0] * self.num_envs
        self._standing = [self.codec.standing_of(state) for state in self.states]
        return self._observe(), self._infos()

    def step(self, actions: Any) -> tuple[Any, np.ndarray, np.ndarray, np.ndarray,
                                          dict[str, Any]]:
        rewards = np.zeros((self.num_envs, self.num_players), dtype=np.float32)
        terminations = np.zeros(self.num_envs, dtype=np.bool_)
        truncations = np.zeros(self.num_envs, dtype=np.bool_)
        indices = np.asarray(actions, dtype=np.int64)
        if self._actions is not None and self.reward_mode == "match":
            self._step_by_table(indices, rewards, terminations)
        else:
            self._step_each(indices, rewards, terminations)
        max_deals, states, count = self.max_deals, self.states, self.num_envs
        if self._batch is not None:
            self._batch.turns(states, self._turns)
            seats, deals = self._turns.T
        else:
            seats, deals = np.fromiter(chain.from_iterable(map(_TO_ACT_DEALS, states)),
                                       np.int64, 2 * count).reshape(count, 2).T
        for row in np.flatnonzero(seats < 0).tolist():
            if self.reward_mode == "match" and not terminations[row]:
                rewards[row] = self.codec.final(states[row].result(), self.num_players)
            terminations[row] = True
            self._restart(row)
        if max_deals is not None:
            for row in np.flatnonzero((deals >= max_deals) & (seats >= 0)).tolist():
                truncations[row] = True
                self._restart(row)
        return self._observe(), rewards, terminations, truncations, self._infos()

    def _step_by_table(self, indices: np.ndarray, rewards: np.ndarray,
                       terminations: np.ndarray) -> None:
        """Each match's action, read from the codec's table (Schnapsen, Scat)."""
        inside = (indices >= 0) & (indices < self.codec.num_actions)
        fits = np.zeros(self.num_envs, dtype=np.bool_)
        fits[inside] = self._masks[inside, indices[inside]] == 1
        table = self._actions
        assert table is not None
        chosen = np.where(fits, table[np.where(inside, indices, 0)], -1)
        states = self.states
        if self._batch is not None:
            self._batch.apply_all(states, np.ascontiguousarray(chosen, dtype=np.int64))
            self._illegal_rows(fits, rewards, terminations)
            return
        moves = chosen.tolist()
        if fits.all():  # every state's apply at once, without a Python loop
            deque(map(type(states[0]).apply, states, moves), maxlen=0)
        else:
            for state, move in zip(states, moves, strict=True):
                if move >= 0:
                    state.apply(move)
        self._watch |= chosen >= ANNOUNCED
        self._illegal_rows(fits, rewards, terminations)

    def _illegal_rows(self, fits: np.ndarray, rewards: np.ndarray,
                      terminations: np.ndarray) -> None:
        for row in np.flatnonzero(~fits).tolist():
            self._illegal(row, rewards, terminations)

    def _step_each(self, indices: np.ndarray, rewards: np.ndarray,
                   terminations: np.ndarray) -> None:
        """Each match's action by its codec's moves: parts of a choice (Schmier's rob)
        and rewards per deal."""
        codec, pending, by_deal = self.codec, self._pending, self.reward_mode == "deal"
        for row, (state, index) in enumerate(zip(self.states, indices.tolist(), strict=True)):
            move = self._moves[row].get(index) if self._actions is None else (
                int(self._actions[index]) if 0 <= index < codec.num_actions
                and self._masks[row, index] else None)
            if move is None:
                self._illegal(row, rewards, terminations)
                continue
            if move == PICK:
                pending[row] = codec.pick(state, pending[row], index)
                continue
            pending[row] = 0
            state.apply(move)
            if move >= ANNOUNCED:
                self._watch[row] = True
            if by_deal:
                standing = codec.standing_of(state)
                rewards[row] = centred([now - before for now, before in zip(
                    standing, self._standing[row], strict=True)])
                self._standing[row] = standing

    def _illegal(self, row: int, rewards: np.ndarray, terminations: np.ndarray) -> None:
        """An index outside the mask: -1 to the seat that chose it, and a new match."""
        rewards[row, self.states[row].to_act] = ILLEGAL_REWARD
        terminations[row] = True
        self._restart(row)

    def sample_legal(self) -> np.ndarray:
        """A uniformly random legal index per match, drawn at once for all (a random
        policy over the masks: the legal index with the highest uniform key)."""
        if self._legal_counts is not None:  # the legal indices listed row by row
            counts = self._legal_counts
            picks = np.cumsum(counts) - counts + (
                self._choices.random(self.num_envs) * counts).astype(np.int64)
            listed: np.ndarray = self._legal_flat[picks]
            return listed
        keys = self._choices.random(self._masks.shape, dtype=np.float32)
        chosen: np.ndarray = np.argmax(np.where(self._masks, keys, -1.0), axis=1)
        return chosen

    def close_extras(self, **kwargs: Any) -> None:
        """Nothing to release: no processes, no windows."""

    # -- inside --------------------------------------------------------------------

    def _restart(self, row: int) -> None:
        state = self.states[row] = self._start(self._rng)
        self._watch[row] = True
        self._pending[row] = 0
        self._standing[row] = self.codec.standing_of(state)

    def _observe(self) -> dict[str, np.ndarray]:
        if self._batch is not None:
            return self._observe_compiled()
        observations, masks = self._observations, self._masks
        observations.fill(0.0)
        masks.fill(0)
        codec = self.codec
        watch = self._watch if self._actions is not None else None
        codec.encode_batch(self.states, self._pending, observations, watch)
        if self._indices is not None:
            legal = list(map(_LEGAL, self.states))
            counts = np.fromiter(map(len, legal), np.int64, self.num_envs)
            rows = np.repeat(self._rows, counts)
            actions = np.fromiter(chain.from_iterable(legal), np.int64, len(rows))
            self._legal_flat = self._indices[actions]
            self._legal_counts = counts
            masks[rows, self._legal_flat] = 1
        else:
            moves, width = codec.moves, codec.num_actions
            self._moves = found = [moves(state, picked) for state, picked in zip(
                self.states, self._pending, strict=True)]
            masks.put([row * width + index for row, legal in enumerate(found)
                       for index in legal], 1)
        return {"observation": observations.copy(), "action_mask": masks.copy()}

    def _observe_compiled(self) -> dict[str, np.ndarray]:
        """:meth:`_observe` of compiled Schnapsen matches: read in one call, the
        observations encoded into a fresh array (handed out as it is)."""
        assert self._batch is not None and self._indices is not None
        total = self._batch.read(self.states, self._table, self._indices, self._legal_buffer,
                                 self._legal_counts, self._masks)
        self._legal_flat = self._legal_buffer[:total]
        self._observations = observations = np.zeros(
            (self.num_envs, self.codec.size), dtype=np.float32)
        self.codec.encode_table(self._table, observations)  # type: ignore[attr-defined]
        return {"observation": observations, "action_mask": self._masks.copy()}

    def _infos(self) -> dict[str, Any]:
        start = self.codec.offsets["to_act"]
        seats = self._observations[:, start:start + self.num_players]
        return {"to_act": np.argmax(seats, axis=1)}  # the one-hot of the seat to act


__all__ = ["CardGameVectorEnv"]
