"""OpenSpiel's information-set MCTS as a stammtisch bot, for all four games.

Seat it in the arena with ``stammtisch arena scat --players
openspiel-ismcts,club,club`` (the level ``openspiel-ismcts``, envs/levels.py) or as
``stammtisch.envs.openspiel_ismcts:ISMCTSBot``. Each decision builds the OpenSpiel game
(envs/openspiel.py) under the options the view shows and runs
``open_spiel.python.algorithms.ismcts.ISMCTSBot`` (UCT over information states) from
a root drawn from the seat's information set.

How it sees only its information set: the root and every world the search resamples
come from the game's own sampler (``GameInfo.sample``, through the state's
``resample_from_infostate``), which deals the unseen cards uniformly among the deals
consistent with the seat's view. The leaves are valued by random play-outs on the
engine itself (:class:`EngineRollout`) to the end of the deal, by the change of
standing they bring (random play-outs to the end of a whole match are mostly noise:
see notes/findings.md).
"""

from __future__ import annotations

import random
from collections.abc import Mapping
from functools import lru_cache
from typing import Any

import numpy as np
from open_spiel.python.algorithms import ismcts, mcts

from stammtisch.envs.base import PICK
from stammtisch.envs.openspiel import GAME_CLASSES, CardGame, CardGameState, parameters
from stammtisch.games import find_game

SIMULATIONS = 200
DEAL_SCALE = {"schnauz": 1.0, "scat": 1.0, "schnapsen": 3.0, "schmier": 10.0}
"""A large change of standing in one deal: lives, game points, score."""


class EngineRollout(mcts.Evaluator):  # type: ignore[misc]
    """A leaf's value: one random play-out on the engine's fast path (no views, no
    action indices past a choice in progress), to the end of the match or the state's
    ``max_moves``; with ``horizon="deal"`` only to the end of the deal, valued by each
    seat's change of standing (its lives, game points or score) less the seats' mean,
    over :data:`DEAL_SCALE` or the largest of them if greater, so zero-sum within
    [-1, 1] (a match's end still counts as +1 to the winners)."""

    def __init__(self, rng: random.Random, horizon: str = "deal") -> None:
        if horizon not in ("deal", "match"):
            raise ValueError(f"horizon is 'deal' or 'match', not {horizon!r}")
        self.rng = rng
        self.horizon = horizon

    def evaluate(self, state: CardGameState) -> np.ndarray[Any, Any]:
        engine = state.engine
        if engine is None:
            return np.zeros(state.num_players())
        engine = engine.clone()
        moves, limit, choice = state.moves, state.rules.max_moves, self.rng.choice
        codec, pending = state.rules.codec, state.position.pending
        while pending and moves < limit:  # a choice made in parts: finish it first
            legal = codec.moves(engine, pending)
            index = choice(list(legal))
            moves += 1
            if legal[index] == PICK:
                pending = codec.pick(engine, pending, index)
            else:
                engine.apply(legal[index])
                pending = 0
        deal = self.horizon == "deal"
        before = now = codec.standing_of(engine) if deal else []
        while engine.to_act >= 0 and moves < limit:
            engine.apply(choice(engine.legal()))
            moves += 1
            if deal:
                now = codec.standing_of(engine)
                if now != before:
                    break
        result = engine.result()
        if result is not None:
            return np.array(codec.final(result, state.rules.num_players()))
        if now == before:
            return np.zeros(state.num_players())
        gains = np.array(now) - np.array(before)
        centred = gains - gains.mean()
        value: np.ndarray[Any, Any] = centred / max(DEAL_SCALE[state.rules.info.name],
                                                    float(np.abs(centred).max()))
        return value

    def prior(self, state: CardGameState) -> list[tuple[int, float]]:
        legal = state.legal_actions()
        return [(action, 1.0 / len(legal)) for action in legal]


@lru_cache(maxsize=16)
def _game(game: str, options: tuple[tuple[str, Any], ...]) -> CardGame:
    return GAME_CLASSES[game](dict(options))


class ISMCTSBot:
    """OpenSpiel's ISMCTS playing any of the four games through the bot interface
    (bots/base.py)."""

    name = "openspiel-ismcts"

    def __init__(self, seed: int = 0, game: str = "schnapsen",
                 simulations: int = SIMULATIONS, horizon: str = "deal") -> None:
        if game not in GAME_CLASSES:
            raise ValueError(f"openspiel-ismcts plays {', '.join(GAME_CLASSES)}, not {game!r}")
        self.game = game
        self.sample = find_game(game).sample
        self.rng = random.Random(seed)
        self.simulations = simulations
        self.horizon = horizon

    def choose(self, view: Mapping[str, Any]) -> str:
        legal = view["legal_actions"]
        if len(legal) == 1:
            return str(legal[0])
        known = parameters(self.game)
        game = _game(self.game, tuple(sorted(
            (key, value) for key, value in view["options"].items() if key in known)))
        root = game.from_engine(self.sample(view, self.rng))
        assert root.engine is not None
        root.engine.events = None
        while True:  # a choice made in parts (Schmier's rob) is searched pick by pick
            random_state = np.random.RandomState(self.rng.getrandbits(31))
            bot = ismcts.ISMCTSBot(game, EngineRollout(self.rng, self.horizon), uct_c=2.0,
                                   max_simulations=self.simulations,
                                   random_state=random_state)
            bot.set_resampler(self.resample)
            index = bot.step(root)
            move = root.engine_action(index)
            if move != PICK:
                return str(root.engine.action_text(move))
            root.apply_action(index)

    def resample(self, state: CardGameState, player: int) -> CardGameState:
        """``state.resample_from_infostate`` drawing from this bot's seeded generator."""
        return state.resample_from_infostate(player, self.rng.random)


__all__ = ["DEAL_SCALE", "EngineRollout", "ISMCTSBot"]
