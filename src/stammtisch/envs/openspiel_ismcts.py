"""OpenSpiel's information-set MCTS as a stammtisch Schnapsen bot.

Seat it in the arena with ``stammtisch arena schnapsen --players
stammtisch.envs.openspiel_ismcts:ISMCTSBot,club``. Each decision builds the
OpenSpiel game (envs/openspiel.py) under the options the view shows, and runs
``open_spiel.python.algorithms.ismcts.ISMCTSBot`` (UCT, random rollouts to the
end of the match) from a root drawn from the seat's information set.

How it sees only its information set: the root and every resampled world come
from the game's own sampler (``GameInfo.sample``: games/schnapsen.py), which deals
the unseen cards uniformly among the deals consistent with the seat's view
(``ISMCTSBot.set_resampler``). The tree is keyed by the view (the information
state string), so worlds drawn from one view share their nodes.
"""

from __future__ import annotations

import random
from collections.abc import Mapping
from typing import Any

import numpy as np
from open_spiel.python.algorithms import ismcts, mcts

from stammtisch.envs.openspiel import GAME_CLASSES, CardGame, CardGameState
from stammtisch.games import find_game
from stammtisch.games.schnapsen_types import SchnapsenView, schnapsen_view

SIMULATIONS = 200


class ISMCTSBot:
    """OpenSpiel's ISMCTS playing Schnapsen through the bot interface (bots/base.py)."""

    name = "openspiel-ismcts"

    def __init__(self, seed: int = 0, game: str = "schnapsen",
                 simulations: int = SIMULATIONS) -> None:
        if game != "schnapsen":
            raise ValueError(f"openspiel-ismcts plays schnapsen only, not {game!r}")
        self.sample = find_game(game).sample
        self.rng = random.Random(seed)
        self.simulations = simulations

    def choose(self, view: Mapping[str, Any]) -> str:
        legal = view["legal_actions"]
        if len(legal) == 1:
            return str(legal[0])
        seat_view = schnapsen_view(view)
        game = GAME_CLASSES["schnapsen"]({"match_target": seat_view["match_target"]})
        root = self.world(game, seat_view)
        random_state = np.random.RandomState(self.rng.getrandbits(31))
        bot = ismcts.ISMCTSBot(
            game, mcts.RandomRolloutEvaluator(1, random_state), uct_c=2.0,
            max_simulations=self.simulations, random_state=random_state)
        bot.set_resampler(lambda state, player: self.world(
            game, state.engine.view(player)))
        index = bot.step(root)
        assert root.engine is not None
        return str(root.engine.action_text(root.engine_action(index)))

    def world(self, game: CardGame, view: SchnapsenView) -> CardGameState:
        """One deal consistent with ``view``, as an OpenSpiel state."""
        return game.from_engine(self.sample(view, self.rng))


__all__ = ["ISMCTSBot"]
