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
engine itself (:class:`EngineRollout`) to the end of the match, cut as a draw after
the game's ``max_moves``.
"""

from __future__ import annotations

import random
from collections.abc import Mapping
from functools import lru_cache
from typing import Any

import numpy as np
from open_spiel.python.algorithms import ismcts, mcts

from stammtisch.envs.openspiel import GAME_CLASSES, CardGame, CardGameState, parameters
from stammtisch.games import find_game

SIMULATIONS = 200


class EngineRollout(mcts.Evaluator):  # type: ignore[misc]
    """A leaf's value: one random play-out on the engine's fast path (no views, no
    action indices), to the end of the match or the state's ``max_moves``."""

    def __init__(self, rng: random.Random) -> None:
        self.rng = rng

    def evaluate(self, state: CardGameState) -> np.ndarray[Any, Any]:
        engine = state.engine
        if engine is None:
            return np.zeros(state.num_players())
        engine = engine.clone()
        moves, limit, choice = state.moves, state.rules.max_moves, self.rng.choice
        while engine.to_act >= 0 and moves < limit:
            engine.apply(choice(engine.legal()))
            moves += 1
        result = engine.result()
        if result is None:
            return np.zeros(state.num_players())
        return np.array(state.rules.codec.final(result, state.rules.num_players()))

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
                 simulations: int = SIMULATIONS) -> None:
        if game not in GAME_CLASSES:
            raise ValueError(f"openspiel-ismcts plays {', '.join(GAME_CLASSES)}, not {game!r}")
        self.game = game
        self.sample = find_game(game).sample
        self.rng = random.Random(seed)
        self.simulations = simulations

    def choose(self, view: Mapping[str, Any]) -> str:
        legal = view["legal_actions"]
        if len(legal) == 1:
            return str(legal[0])
        known = parameters(self.game)
        game = _game(self.game, tuple(sorted(
            (key, value) for key, value in view["options"].items() if key in known)))
        root = game.from_engine(self.sample(view, self.rng))
        root.engine.events = None  # type: ignore[union-attr]
        random_state = np.random.RandomState(self.rng.getrandbits(31))
        bot = ismcts.ISMCTSBot(game, EngineRollout(self.rng), uct_c=2.0,
                               max_simulations=self.simulations, random_state=random_state)
        bot.set_resampler(self.resample)
        index = bot.step(root)
        assert root.engine is not None
        return str(root.engine.action_text(root.engine_action(index)))

    def resample(self, state: CardGameState, player: int) -> CardGameState:
        """``state.resample_from_infostate`` drawing from this bot's seeded generator."""
        return state.resample_from_infostate(player, self.rng.random)


__all__ = ["EngineRollout", "ISMCTSBot"]
