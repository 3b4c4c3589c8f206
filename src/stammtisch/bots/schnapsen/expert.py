"""The ``expert`` Schnapsen level: perfect-information Monte Carlo over sampled deals.

Rules: rules/schnapsen.md, under the table's options (the view carries them).
Method: the seat's view is read into what it knows (determinize.py); deals
consistent with it are sampled one after another until the time budget or
the world cap is spent, or until the sampled worlds clearly separate the
best action from every other (stopping.py); in each, every legal action is valued by the exact
alpha-beta solver (solver.py) when the talon is closed or exhausted or down
to its last two cards, and otherwise by a play-out (playout.py, the same
random numbers for every action of a world) into the strict phase, solved
exactly from there. Once the talon is exhausted the opponent's hand is known
to a counting player: one world, solved exactly. The value of an action
in a world is the signed award of the deal in game points (-3..3; the solver
maximises it), turned into the chance to win the match from the current score
(bummerl.py); the expert maximises the mean of that chance over the worlds,
then the expected game points.

Known weaknesses: perfect-information Monte Carlo credits both players with
knowledge of the hidden cards inside each world (strategy fusion), play-outs
early in the deal are rough, and the opponent's choices are not read as
signals about its hand.
"""

from __future__ import annotations

import random
import time
from typing import Any

from stammtisch.bots.schnapsen.bummerl import deal_worth
from stammtisch.bots.schnapsen.determinize import Seen, build_state, read_view, sample_hidden
from stammtisch.bots.schnapsen.playout import play_until
from stammtisch.bots.schnapsen.solver import Search, deal_value
from stammtisch.bots.schnapsen.stopping import CHECK_EVERY, MIN_WORLDS, separated
from stammtisch.games.schnapsen import SchnapsenState, action_text, parse_action

DEFAULT_BUDGET = 0.9
"""Seconds per decision (the issue asks for at most one)."""
MAX_WORLDS = 400
"""Sampled deals per decision at most (reached early in the end-game)."""
EXACT_TALON = 0
"""Play-outs hand over to the exact solver at this talon size (0: the strict phase; 2
measured worse at 0.1 s: worlds five times dearer, so too few of them). From two
talon cards on the whole rest of the deal is solved."""


class ExpertBot:
    """Samples consistent deals and solves them; explains itself through :meth:`analyze`."""

    name = "expert"

    def __init__(self, seed: int | None = None, budget: float | None = None,
                 max_worlds: int = MAX_WORLDS, exact_talon: int = EXACT_TALON,
                 early_stop: bool = True) -> None:
        self._rng = random.Random(seed)
        self.budget = DEFAULT_BUDGET if budget is None else budget
        self.max_worlds = max_worlds
        self.exact_talon = exact_talon
        self.early_stop = early_stop
        """Whether :meth:`choose` may stop sampling once the best action is clear."""
        self.worlds = 0
        """Worlds evaluated for the last decision (for measurements)."""

    def choose(self, view: dict[str, Any]) -> str:
        legal: list[str] = view["legal_actions"]
        if not legal:
            raise ValueError("the bot was asked to act in a view with no legal actions")
        if len(legal) == 1:
            return legal[0]
        return action_text(self.evaluate(view, self.early_stop)[0][0])

    def analyze(self, view: dict[str, Any]) -> list[tuple[str, float]]:
        """Every legal action with its estimated chance to win the match (0..1), best
        first (as :meth:`evaluate` ranks them, on the whole budget: every action's
        figure as precise as the budget allows, not only the winner's)."""
        return [(action_text(a), round(worth, 4)) for a, worth, _ in self.evaluate(view)]

    def evaluate(self, view: dict[str, Any],
                 early_stop: bool = False) -> list[tuple[int, float, float]]:
        """Every legal action id with its match-winning chance and its expected game
        points in this deal (-3..3), best first (more points break a tie of chances).
        With ``early_stop`` sampling ends as soon as the best action is clear."""
        seen = read_view(view)
        legal = [parse_action(a) for a in view["legal_actions"]]
        mine, theirs = view["game_points"][seen.seat], view["game_points"][seen.opp]
        target = view["match_target"]
        worth = {v: deal_worth(v, mine, theirs, target) for v in range(-3, 4)}
        return _ranked(legal, self._values(seen, legal, worth if early_stop else None), worth)

    def _values(self, seen: Seen, actions: list[int],
                stop_worth: dict[int, float] | None) -> list[list[int]]:
        """For each sampled world, each action's signed award. With ``stop_worth`` (the
        match chance of each award) sampling stops once the leader is clear."""
        deadline = time.perf_counter() + self.budget
        rng = random.Random(self._rng.getrandbits(64))
        me = seen.seat
        rows: list[list[int]] = []
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
            rows.append(values)
            worlds += 1
            if known or time.perf_counter() > deadline:
                break
            if (stop_worth is not None and worlds >= MIN_WORLDS
                    and worlds % CHECK_EVERY == 0
                    and separated(_ranked(actions, rows, stop_worth)[0][0], actions, rows,
                                  stop_worth)):
                break
        self.worlds = worlds
        return rows

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
            if not child.strict and child.t > self.exact_talon and state.t > 2:
                if not play_until(child, random.Random(seed), self.exact_talon):
                    values.append(deal_value(child, me, deal))
                    continue
                values.append(Search(child, me).value(child))
                continue
            search = search or Search(state, me)
            values.append(search.value(child))
        return values


def _ranked(actions: list[int], rows: list[list[int]],
            worth: dict[int, float]) -> list[tuple[int, float, float]]:
    """Each action with its mean match chance and mean award over the worlds ``rows``,
    best first (more points break a tie of chances; the earlier action a full tie)."""
    ranked = []
    for i, action in enumerate(actions):
        awards = [row[i] for row in rows]
        ranked.append((action, sum(worth[v] for v in awards) / len(rows),
                       sum(awards) / len(rows)))
    ranked.sort(key=lambda row: (-row[1], -row[2]))
    return ranked


__all__ = ["DEFAULT_BUDGET", "ExpertBot"]
