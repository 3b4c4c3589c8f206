"""The ``expert`` Schnapsen level: perfect-information Monte Carlo over sampled deals.

Rules: rules/schnapsen.md (default options beyond what the view shows).
Method: the seat's view is read into what it knows (determinize.py); deals
consistent with it are sampled one after another until the time budget or
the world cap is spent; in each, every legal action is valued by the exact
alpha-beta solver (solver.py) when the talon is closed or exhausted or down
to its last two cards, and otherwise by a play-out (playout.py, the same
random numbers for every action of a world) down to the last two talon cards,
solved exactly from there. Once the talon is exhausted the opponent's hand is
known to a counting player: one world, solved exactly. The value of an action
is the mean signed award of the deal in game points (-3..3) over the worlds:
the expert maximises the expected game points of the deal.

Known weaknesses: perfect-information Monte Carlo credits both players with
knowledge of the hidden cards inside each world (strategy fusion), play-outs
early in the deal are rough, and the opponent's choices are not read as
signals about its hand.
"""

from __future__ import annotations

import random
import time
from typing import Any

from stammtisch.bots.schnapsen.determinize import Seen, build_state, read_view, sample_hidden
from stammtisch.bots.schnapsen.playout import play_until
from stammtisch.bots.schnapsen.solver import Search, deal_value
from stammtisch.cards import Card, parse_card
from stammtisch.games.schnapsen import CLAIM, TARGET, SchnapsenState, action_text, parse_action

DEFAULT_BUDGET = 0.9
"""Seconds per decision (the issue asks for at most one)."""
MAX_WORLDS = 400
"""Sampled deals per decision at most (reached early in the end-game)."""
EXACT_TALON = 2
"""Play-outs hand over to the exact solver at this talon size."""


class ExpertBot:
    """Samples consistent deals and solves them; explains itself through :meth:`analyze`."""

    name = "expert"

    def __init__(self, seed: int | None = None, budget: float | None = None,
                 max_worlds: int = MAX_WORLDS) -> None:
        self._rng = random.Random(seed)
        self.budget = DEFAULT_BUDGET if budget is None else budget
        self.max_worlds = max_worlds
        self._trump_seen: dict[tuple[int, int], Card] = {}
        self.worlds = 0
        """Worlds evaluated for the last decision (for measurements)."""

    def choose(self, view: dict[str, Any]) -> str:
        legal: list[str] = view["legal_actions"]
        if not legal:
            raise ValueError("the bot was asked to act in a view with no legal actions")
        if len(legal) == 1:
            self._remember(view)
            return legal[0]
        return self.analyze(view)[0][0]

    def analyze(self, view: dict[str, Any]) -> list[tuple[str, float]]:
        """Every legal action with its expected game points in this deal (-3..3), best
        first; a claim is valued by the count (66 reached: the award, else a loss)."""
        legal_text: list[str] = view["legal_actions"]
        seen = read_view(view, self._remember(view))
        legal = [parse_action(a) for a in legal_text]
        values = self._values(seen, legal)
        ranked = sorted(zip(legal, values, strict=True), key=lambda pair: -pair[1])
        return [(action_text(a), round(v, 4)) for a, v in ranked]

    def _remember(self, view: dict[str, Any]) -> Card:
        key = (view["deal"], sum(view["game_points"]))
        if view["trump_card"] is not None:
            self._trump_seen[key] = parse_card(view["trump_card"])
        return self._trump_seen.get(key, -1)

    def _values(self, seen: Seen, legal: list[int]) -> list[float]:
        deadline = time.perf_counter() + self.budget
        rng = random.Random(self._rng.getrandbits(64))
        me = seen.seat
        claim = CLAIM in legal
        actions = [a for a in legal if a != CLAIM]
        totals = [0.0] * len(actions)
        free = (seen.unseen & ~seen.opp_must & ~seen.opp_not).bit_count()
        need = seen.opp_size - seen.opp_must.bit_count()
        known = need in (0, free) and (seen.strict or seen.t <= 2)
        """Only one world is possible: the opponent's hand and the talon are counted."""
        solved: dict[int, list[int]] = {}
        worlds = 0
        while worlds < self.max_worlds:
            opp, talon = sample_hidden(seen, rng)
            state = build_state(seen, opp, talon, rng.getrandbits(32))
            if seen.strict and opp in solved:
                values = solved[opp]
            else:
                found = self._world(state, me, actions, rng.getrandbits(64), deadline,
                                    worlds == 0)
                if found is None:
                    break
                values = found
                if seen.strict:
                    solved[opp] = values
            for i, v in enumerate(values):
                totals[i] += v
            worlds += 1
            if known or time.perf_counter() > deadline:
                break
        self.worlds = worlds
        means = [total / max(worlds, 1) for total in totals]
        if claim:
            winning = seen.points[me] >= TARGET
            means.append(3.0 if winning else -3.0)
            actions.append(CLAIM)
        order = {a: i for i, a in enumerate(actions)}
        return [means[order[a]] for a in legal]

    def _world(self, state: SchnapsenState, me: int, actions: list[int], seed: int,
               deadline: float, first: bool) -> list[int] | None:
        """Each action's value in one world; None when the clock ran out mid-world (never
        for the first world, so there is always an answer)."""
        search: Search | None = None
        deal = state.deal_number
        values = []
        for action in actions:
            if not first and time.perf_counter() > deadline:
                return None
            child = state.clone()
            child.apply(action)
            if child.deal_number != deal or child.over:
                values.append(deal_value(child, me, deal))
                continue
            if not child.strict and child.t > EXACT_TALON:
                if not play_until(child, random.Random(seed), EXACT_TALON):
                    values.append(deal_value(child, me, deal))
                    continue
                values.append(Search(child, me).value(child))
                continue
            search = search or Search(state, me)
            values.append(search.value(child))
        return values


__all__ = ["DEFAULT_BUDGET", "ExpertBot"]
