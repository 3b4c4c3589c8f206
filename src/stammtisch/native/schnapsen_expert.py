"""The Schnapsen expert with each sampled world evaluated on the compiled core.

Rules and method: bots/schnapsen/expert.py's, unchanged; only ``_world`` (each
legal action's value in one sampled deal: a play-out into the strict phase and
the exact solver, or the solver at once) runs on :class:`NativeMatch`, the
compiled play-out and the compiled ``Search``, which give the same values from
the same seeds, so the expert ranks the same worlds the same way and simply
gets through more of them in its time. Without the compiled core it is the
Python expert.
"""

from __future__ import annotations

import time
from typing import TYPE_CHECKING

from stammtisch.bots.schnapsen.expert import ExpertBot
from stammtisch.games.schnapsen import SchnapsenState
from stammtisch.native import available

if TYPE_CHECKING:
    from stammtisch.native.schnapsen_core import NativeMatch


class NativeExpertBot(ExpertBot):
    """:class:`ExpertBot` whose worlds are evaluated in compiled code when it is built."""

    def _world(self, state: SchnapsenState, me: int, actions: list[int], seed: int,
               deadline: float, first: bool) -> list[int] | None:
        if not available():
            return super()._world(state, me, actions, seed, deadline, first)
        from stammtisch.native.schnapsen_core import NativeMatch
        from stammtisch.native.schnapsen_playout import play_until
        from stammtisch.native.schnapsen_solver import Search
        from stammtisch.native.twister import Twister

        world = NativeMatch.from_state(state)
        search: Search | None = None
        deal = world.deal_number
        values = []
        for action in actions:
            if not first and time.perf_counter() > deadline:
                return None
            child = world.clone()
            child.apply(action)
            if child.deal_number != deal or child.over:
                values.append(_deal_value(child, me, deal))
                continue
            if not child.strict and child.t > self.exact_talon and world.t > 2:
                if not play_until(child, Twister(seed), self.exact_talon):
                    values.append(_deal_value(child, me, deal))
                    continue
                values.append(Search(child, me).value(child))
                continue
            search = search or Search(world, me)
            values.append(search.value(child))
        return values


def _deal_value(match: NativeMatch, me: int, deal: int) -> int:
    """solver.deal_value: the signed award for ``me`` of the finished deal ``deal``."""
    last = match.last_deal
    if last is None or last["deal"] != deal:
        raise ValueError(f"deal {deal} is not the match's last finished deal")
    if last["winner"] is None:
        return 0
    award: int = last["game_points"]
    return award if last["winner"] == me else -award

__all__ = ["NativeExpertBot"]
