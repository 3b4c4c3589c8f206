"""The Schnapsen expert's information-set MCTS (issue 45, ismcts.py): only the table's
legal moves under every option set, the same answer from the same seed and iteration
cap, the budget kept, and every legal move ranked."""

from __future__ import annotations

import random
from typing import Any

import pytest

import stammtisch
from stammtisch import native
from stammtisch.bots.base import Repeatable
from stammtisch.bots.registry import make_bot
from stammtisch.bots.schnapsen import ismcts
from stammtisch.bots.schnapsen.ismcts import Deal, IsmctsBot, Node, runs_ismcts
from stammtisch.bots.schnapsen.players import ExpertBot
from stammtisch.bots.schnapsen.seen import read_view
from stammtisch.bots.search import Clock
from stammtisch.games.schnapsen import parse_action
from stammtisch.games.schnapsen_types import SchnapsenView, schnapsen_view

needs_core = pytest.mark.skipif(not native.available(), reason="the compiled core is not built")

OPTION_SETS: list[dict[str, Any]] = [
    {},
    {"schneider_max_points": 32, "schwarz_basis": "tricks", "no_66_result": "last_trick",
     "closer_fail_award": "traditional", "marriage_after_close_or_exhaustion": True},
    {"deck_size": 24, "hand_size": 6},
]


def _searched_here(view: SchnapsenView) -> bool:
    legal = [parse_action(a) for a in view["legal_actions"]]
    return len(legal) > 1 and runs_ismcts(read_view(view), legal)


def _tree_views(seeds: range, per_match: int) -> list[SchnapsenView]:
    """Views with a choice where the tree search runs, from quick expert matches (the
    worlds fixed, not the clock: the same views under load)."""
    found: list[SchnapsenView] = []
    for seed in seeds:
        match = stammtisch.new_match("schnapsen", seed=seed)
        bots = [ExpertBot(seed * 2 + seat, 10.0) for seat in range(2)]
        for bot in bots:
            bot.plan_for(0.01)
        taken = 0
        while match.to_act is not None and taken < per_match:
            seat = match.to_act
            view = schnapsen_view(match.view(seat))
            if _searched_here(view):
                found.append(view)
                taken += 1
            match.play(bots[seat].choose(view))
    return found


@needs_core
@pytest.mark.parametrize("everywhere", [False, True])
@pytest.mark.parametrize("options", OPTION_SETS)
def test_the_tree_plays_only_legal_actions(options: dict[str, Any], everywhere: bool) -> None:
    match = stammtisch.new_match("schnapsen", seed=4, **options)
    ismcts = IsmctsBot(4, 10.0, everywhere=everywhere)
    expert = make_bot("schnapsen", "expert", 5, 1, budget=10.0)
    for bot in (ismcts, expert):  # the work fixed, not the clock: the same play under load
        assert isinstance(bot, Repeatable)
        bot.plan_for(0.005)
    searched = 0
    while match.to_act is not None and match.view(0)["game_points"] == [0, 0]:
        seat = match.to_act
        view = match.view(seat)
        if seat == 0:
            ismcts.iterations = 0
            match.play(ismcts.choose(view))  # raises on an illegal action
            searched += ismcts.iterations > 0
        else:
            match.play(expert.choose(view))
    assert searched > 0


@needs_core
def test_the_level_is_registered_and_plays() -> None:
    bot = make_bot("schnapsen", "expert-ismcts", 3, 0, budget=0.005)
    assert isinstance(bot, IsmctsBot)
    match = stammtisch.new_match("schnapsen", seed=3)
    while match.to_act == 0:
        match.play(bot.choose(match.view(0)))
    assert match.view(0)["history"] or match.to_act == 1


@needs_core
def test_the_same_seed_and_iteration_cap_give_the_same_answer() -> None:
    views = _tree_views(range(3), 3)
    assert len(views) >= 6
    for view in views:
        answers = []
        for _ in range(2):
            bot = IsmctsBot(7, 60.0, max_iterations=300)
            answers.append(bot.evaluate(view))
            assert bot.iterations == 300
        assert answers[0] == answers[1]
        assert {a for a, _, _ in answers[0]} == {parse_action(a) for a in view["legal_actions"]}


@needs_core
def test_every_legal_action_is_ranked_and_the_search_stops_on_the_clock(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """The clock is the test's (a CPU-time bound failed on a loaded machine): it runs out
    at its 40th look, and the tree stops at that look, once each action has been tried."""
    looks: list[int] = []

    class RunsOut(Clock):
        def expired(self, step: float = 0.0) -> bool:
            looks.append(1)
            return len(looks) >= 40

    monkeypatch.setattr(ismcts, "Clock", RunsOut)
    for view in _tree_views(range(3, 6), 2):
        looks.clear()
        bot = IsmctsBot(1, 60.0)
        analysis = bot.analyze(view)
        assert sorted(a for a, _ in analysis) == sorted(view["legal_actions"])
        assert all(0 <= v <= 1 for _, v in analysis)
        assert bot.iterations == len(view["legal_actions"]) + 39


@needs_core
def test_in_a_closed_talon_a_small_position_is_valued_by_the_solver() -> None:
    """With every closed position small enough to solve, each root move's award in a
    deal is the exact solver's value of that move in it, whichever iteration it is."""
    closed = [v for v in _tree_views(range(12), 8) if read_view(v).closer >= 0]
    assert closed
    bot = IsmctsBot(2, 60.0, solve_cards=52)
    rng = random.Random(5)
    for view in closed[:4]:
        deal = Deal(bot._sampler(read_view(view))(rng))
        state, me = deal.world.state, deal.world.me
        solved = {}
        for move in state.legal():
            child = state.clone()
            child.apply(move)
            solved[move] = (native.deal_value(child, me, state.deal_number)
                            if child.over or child.deal_number != state.deal_number
                            else native.search(state, me).value(child))
        root = Node()
        for _ in range(3 * len(solved)):
            first, award = bot._iterate(root, deal, lambda v: (v + 3) / 6, rng)
            assert award == solved[first]
        assert {m for m, e in root.edges.items() if e.visits} == set(solved)
