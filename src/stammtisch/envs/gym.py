"""The four games as single-agent Gymnasium environments against the built-in levels.

>>> import gymnasium
>>> import stammtisch.envs  # registers stammtisch/Schnauz-v0 ... stammtisch/Schmier-v0
>>> env = gymnasium.make("stammtisch/Schnapsen-v0", opponents="club")
>>> observation, info = env.reset(seed=7)
>>> observation.shape == env.observation_space.shape, info["action_mask"].dtype.name
(True, 'int8')

One agent plays one seat (``seat``: a seat number, or ``"random"``: drawn at each
reset); every other seat is a computer player (``opponents``): a level's name
(``"random"``, ``"club"``, ``"expert"`` ...; ``stammtisch levels`` lists them), a
bot spec ``"module:Class"`` or a bot class (constructed as the arena constructs
it: with those of ``seed``, ``game``, ``seat`` and ``budget`` its ``__init__``
takes), or a list of those, one per other seat in seat order. ``budget`` caps an
opponent's seconds per decision (``None``: the level's own). The opponents are
seeded from the match seed, so ``reset(seed=...)`` repeats a match exactly when
the agent repeats its actions.

Observations, action indices and rewards are those of the game's PettingZoo env
(the ``<game>_v0`` module documents them field by field; ``reward``, ``max_deals``
and the game's options are its keywords): the observation is the seat's
``Box``, the action a ``Discrete`` index, and ``info["action_mask"]`` the legal
indices (int8; also :meth:`CardGameGymEnv.action_masks`, as sb3-contrib's
``MaskablePPO`` reads it). A step plays the agent's action, then the opponents'
until the agent is to act again or the match is over; its reward is the agent's
share of what happened meanwhile. ``terminated``: the match is over, or the agent
chose an index outside the mask (reward -1, ``info["illegal_action"]``, as
PettingZoo's classic games end); ``truncated``: ``max_deals`` deals were played.
"""

from __future__ import annotations

import inspect
import random
from collections.abc import Sequence
from typing import Any, Literal

import gymnasium
import numpy as np
from gymnasium import spaces

from stammtisch.bots.base import Bot
from stammtisch.bots.custom import make_player
from stammtisch.core.rng import rng_for
from stammtisch.envs import scat_v0, schmier_v0, schnapsen_v0, schnauz_v0
from stammtisch.envs.base import PICK, CardGameEnv, EnvMatch, centred, match_text
from stammtisch.errors import IllegalActionError, OptionError

RAW: dict[str, type[CardGameEnv]] = {
    "schnauz": schnauz_v0.raw_env, "scat": scat_v0.raw_env,
    "schnapsen": schnapsen_v0.raw_env, "schmier": schmier_v0.raw_env,
}

ILLEGAL_REWARD = -1.0
"""The reward of an index outside the mask, which ends the episode (as PettingZoo's
classic games end the match, envs/base.py ``wrap``)."""
Opponent = str | type
"""A level's name, a bot spec ``"module:Class"`` or a bot class."""


def make_opponent(game: str, opponent: Opponent, match_seed: int, seat: int,
                  budget: float | None) -> Bot:
    """The computer player of ``opponent`` in ``seat``, seeded from the match seed."""
    if isinstance(opponent, str):
        return make_player(game, opponent, match_seed, seat, budget)
    if not isinstance(opponent, type):
        raise OptionError("opponents", "a level's name, 'module:Class' or a bot class",
                          value=opponent, game=game)
    seed = rng_for(match_seed, "bot", opponent.__qualname__, seat).getrandbits(63)
    offered: dict[str, Any] = {"seed": seed, "game": game, "seat": seat, "budget": budget}
    parameters = inspect.signature(opponent).parameters.values()
    if any(p.kind is inspect.Parameter.VAR_KEYWORD for p in parameters):
        kwargs = offered
    else:
        kwargs = {p.name: offered[p.name] for p in parameters if p.name in offered}
    bot: Bot = opponent(**kwargs)
    return bot


class CardGameGymEnv(gymnasium.Env[np.ndarray, np.int64]):
    """One seat of a game against computer players (see the module docstring)."""

    metadata: dict[str, Any] = {"render_modes": ["ansi", "human"], "render_fps": 4}

    def __init__(self, game: str, opponents: Opponent | Sequence[Opponent] = "random",
                 seat: int | Literal["random"] = 0, budget: float | None = None,
                 render_mode: str | None = None, reward: str = "match",
                 max_deals: int | None | Literal["default"] = "default",
                 **options: Any) -> None:
        if game not in RAW:
            raise OptionError("game", ", ".join(RAW), value=game)
        capped = {} if max_deals == "default" else {"max_deals": max_deals}
        self.raw = RAW[game](render_mode=render_mode, reward=reward, **capped, **options)
        self.game = game
        self.render_mode = render_mode
        self.codec = self.raw.codec
        self.num_players = self.raw.match.num_players
        if seat != "random" and (not isinstance(seat, int) or isinstance(seat, bool)
                                 or not 0 <= seat < self.num_players):
            raise OptionError("seat", f"a seat 0..{self.num_players - 1} or 'random'",
                              value=seat, game=game)
        others = self.num_players - 1
        chosen = [opponents] * others if isinstance(opponents, (str, type)) \
            else list(opponents)
        if len(chosen) != others:
            raise OptionError("opponents", f"one opponent or a list of {others}",
                              value=opponents, game=game)
        self.opponents = chosen
        self.seat_choice = seat
        self.budget = budget
        self.observation_space = self.raw.observation_spaces["player_0"]["observation"]
        self.action_space = spaces.Discrete(self.codec.num_actions)
        self.match = self.raw.match
        self.seat = 0 if seat == "random" else seat
        self.bots: dict[int, Bot] = {}
        self._pending = 0
        self._moves: dict[int, int] = {}
        self._standing: list[float] = []

    # -- the Gymnasium API ---------------------------------------------------------

    def reset(self, *, seed: int | None = None,
              options: dict[str, Any] | None = None) -> tuple[np.ndarray, dict[str, Any]]:
        """A new match; ``options`` (Gymnasium's per-reset dict) is not used."""
        del options
        super().reset(seed=seed)
        draw = random.Random(int(self.np_random.integers(2**63)))
        self.match = EnvMatch(self.raw.info, seed=draw.getrandbits(63),
                              options=self.raw.options)
        self.raw.match = self.match
        self.seat = draw.randrange(self.num_players) if self.seat_choice == "random" \
            else self.seat_choice
        others = [s for s in range(self.num_players) if s != self.seat]
        self.bots = {s: make_opponent(self.game, opponent, self.match.seed, s, self.budget)
                     for s, opponent in zip(others, self.opponents, strict=True)}
        self._pending = 0
        self._standing = self.codec.standing_of(self.match.state)
        self._opponents_play()
        self._standing = self.codec.standing_of(self.match.state)
        if self.render_mode == "human":
            self.render()
        return self._observe(), self._info()

    def step(self, action: Any) -> tuple[np.ndarray, float, bool, bool, dict[str, Any]]:
        index = int(action)
        move = self._moves.get(index)
        if move is None:
            if not self._moves:
                raise IllegalActionError(f"index {index} (the match is over: reset)", [])
            self._moves = {}  # as PettingZoo's classic games: the match ends at -1
            return self._observe(), ILLEGAL_REWARD, True, False, {**self._info(),
                                                                  "illegal_action": index}
        if move == PICK:
            self._pending = self.codec.pick(self.match.state, self._pending, index)
            self._moves = self.codec.moves(self.match.state, self._pending)
        else:
            self._pending = 0
            self.match.play_legal(move)
            self._opponents_play()
        state = self.match.state
        result = state.result()
        reward = 0.0
        if self.raw.reward_mode == "deal":
            standing = self.codec.standing_of(state)
            reward = centred([now - before for now, before in zip(
                standing, self._standing, strict=True)])[self.seat]
            self._standing = standing
        elif result is not None:
            reward = self.codec.final(result, self.num_players)[self.seat]
        max_deals = self.raw.max_deals
        truncated = result is None and max_deals is not None \
            and self.raw.deals_done() >= max_deals
        if self.render_mode == "human":
            self.render()
        return self._observe(), reward, result is not None, truncated, self._info()

    def render(self) -> str | None:
        if self.render_mode is None:
            return None
        text = match_text(self.match)
        if self.render_mode == "human":
            print(text)  # noqa: T201 - the "human" mode prints, as Gymnasium's text envs do
            return None
        return text

    def action_masks(self) -> np.ndarray:
        """The legal indices now (sb3-contrib's ``MaskablePPO`` calls this)."""
        mask = np.zeros(self.codec.num_actions, dtype=np.int8)
        for index in self._moves:
            mask[index] = 1
        return mask

    # -- inside --------------------------------------------------------------------

    def _opponents_play(self) -> None:
        """The computer players act until the agent is to act or the match is over (or
        ``max_deals`` deals are played)."""
        match, max_deals = self.match, self.raw.max_deals
        while (seat := match.to_act) is not None and seat != self.seat:
            if max_deals is not None and self.raw.deals_done() >= max_deals:
                break
            text = self.bots[seat].choose(match.view(seat))
            state = match.state
            action = state.parse_action(text)
            if action not in state.legal():
                raise IllegalActionError(text, [a.text for a in match.legal_actions()])
            match.play_legal(action)
        over = match.to_act != self.seat or (
            max_deals is not None and self.raw.deals_done() >= max_deals)
        self._moves = {} if over else self.codec.moves(match.state, self._pending)

    def _observe(self) -> np.ndarray:
        observation = np.zeros(self.codec.size, dtype=np.float32)
        acting = self.match.to_act == self.seat
        self.codec.encode_state(self.match.state, self.seat, observation,
                                self._pending if acting else 0)
        return observation

    def _info(self) -> dict[str, Any]:
        return {"action_mask": self.action_masks(), "seat": self.seat}


__all__ = ["CardGameGymEnv", "make_opponent"]
