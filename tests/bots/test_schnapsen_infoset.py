"""The Schnapsen expert's information-set searches (issue 45): Extended PIMC's trees
agree with the exact solver, a postponed choice is one move for every world that looks
the same, the presumed reply uses only what the opponent sees, and both levels play by
the table's rules."""

from __future__ import annotations

import random
from typing import Any

import pytest

import stammtisch
from stammtisch import native
from stammtisch.bots.base import Repeatable
from stammtisch.bots.registry import make_bot
from stammtisch.bots.schnapsen.determinize import sample_hidden, state_builder
from stammtisch.bots.schnapsen.epimc import (
    EpimcBot,
    Forest,
    Leaf,
    Mine,
    Node,
    Theirs,
    exact,
    runs_here,
    values_of,
)
from stammtisch.bots.schnapsen.players import ExpertBot, World
from stammtisch.bots.schnapsen.pvpimc import PresumedBot
from stammtisch.bots.schnapsen.seen import Seen, read_view
from stammtisch.games.schnapsen_types import SchnapsenView, schnapsen_view

needs_core = pytest.mark.skipif(not native.available(), reason="the compiled core is not built")


def _pimc(node: Node) -> int:
    """The tree's value with every choice made world by world (plain PIMC)."""
    if isinstance(node, Leaf):
        return node.value
    values = [_pimc(child) for child in node.children.values()]
    return max(values) if isinstance(node, Mine) else min(values)


def _end_game_views(seeds: range, per_match: int) -> list[SchnapsenView]:
    """Views with a choice where the tree search runs, from quick expert matches."""
    found: list[SchnapsenView] = []
    for seed in seeds:
        match = stammtisch.new_match("schnapsen", seed=seed)
        bots = [ExpertBot(seed * 2 + seat, 0.01) for seat in range(2)]
        taken = 0
        while match.to_act is not None:
            seat = match.to_act
            view = schnapsen_view(match.view(seat))
            if (taken < per_match and len(view["legal_actions"]) > 1
                    and runs_here(read_view(view))):
                found.append(view)
                taken += 1
            match.play(bots[seat].choose(view))
    return found


@needs_core
def test_the_trees_chosen_world_by_world_are_the_solvers_values() -> None:
    checked = 0
    for view in _end_game_views(range(2), 6):
        seen = read_view(view)
        bot = EpimcBot(1, 10.0)
        rng = random.Random(2)
        world = bot._sampler(seen)(rng)
        for action in world.state.legal():
            child = world.state.clone()
            child.apply(action)
            if child.over or child.deal_number != world.state.deal_number or not exact(child):
                continue
            tree = bot._root(world, action, rng)
            assert _pimc(tree) == native.search(child, world.me).value(child)
            checked += 1
    assert checked >= 10


def test_a_postponed_choice_is_one_move_for_the_worlds_that_look_alike() -> None:
    worth = {v: (v + 3) / 6 for v in range(-3, 4)}

    def score(v: int) -> float:
        return worth[v]

    key = (7, -1, 0b101)
    # Our next move x wins 3 in the first world and loses 3 in the second, y wins 1 in both:
    # PIMC takes x in the first world and y in the second; postponed, y in both.
    first = Mine(key, {1: Leaf(3), 2: Leaf(1)})
    second = Mine(key, {1: Leaf(-3), 2: Leaf(1)})
    other = Theirs({5: Leaf(2), 6: Leaf(-1)})
    forest = Forest({7: [first, second], 8: [other, Leaf(0)]})
    for tree in (first, second):
        forest.mine[key].append(tree)
    values = values_of(forest, score)
    assert values == {7: [1, 1], 8: [-1, 0]}
    assert [_pimc(first), _pimc(second)] == [3, 1]


@needs_core
def test_the_presumed_reply_does_not_depend_on_the_seats_hidden_cards() -> None:
    """Two worlds the opponent cannot tell apart (its hand and the public moves the same,
    the seat's hand and the talon redrawn as the opponent would) get the same reply."""
    compared = 0
    for view in _end_game_views(range(3), 8):
        seen = read_view(view)
        bot = PresumedBot(1, 10.0)
        bot._worth = {v: (v + 3) / 6 for v in range(-3, 4)}
        world = bot._sampler(seen)(random.Random(3))
        for action in world.state.legal():
            state = world.state.clone()
            state.apply(action)
            if (state.over or state.deal_number != world.state.deal_number
                    or state.to_act == world.me or not exact(state) or len(state.legal()) < 2):
                continue
            twin = _twin(state, world.me, random.Random(action))
            replies = []
            for position in (state, twin):
                bot._presumed = {}
                replies.append(bot._presumed_reply(World(position, world.me, 5), position,
                                                   (action,), random.Random(11)))
            assert replies[0] == replies[1]
            assert replies[0] in state.legal()
            compared += 1
    assert compared >= 5


def _twin(state: Any, me: int, rng: random.Random) -> Any:
    """``state`` with the seat's hand and the talon redrawn among the deals the opponent
    cannot tell from it."""
    theirs: Seen = read_view(schnapsen_view(state.view(1 - me)))
    mine, talon = sample_hidden(theirs, rng)
    return native.to_native(state_builder(theirs)(mine, talon, 0))


@needs_core
@pytest.mark.parametrize("level", ["expert-epimc", "expert-pv"])
@pytest.mark.parametrize("options", [
    {},
    {"schneider_max_points": 32, "schwarz_basis": "tricks", "no_66_result": "last_trick",
     "closer_fail_award": "traditional", "marriage_after_close_or_exhaustion": True},
    {"deck_size": 24, "hand_size": 6},
])
def test_the_new_levels_play_only_legal_actions(level: str, options: dict[str, Any]) -> None:
    match = stammtisch.new_match("schnapsen", seed=4, **options)
    bots = {seat: make_bot("schnapsen", level if seat == 0 else "expert", 4, seat,
                           budget=10.0) for seat in range(2)}
    for bot in bots.values():  # the worlds fixed, not the clock: the same play under load
        assert isinstance(bot, Repeatable)
        bot.plan_for(0.005)
    searched = 0
    while match.to_act is not None and match.view(0)["game_points"] == [0, 0]:
        seat = match.to_act
        view = match.view(seat)
        if seat == 0 and runs_here(read_view(schnapsen_view(view))):
            searched += 1
        match.play(bots[seat].choose(view))  # raises on an illegal action
    assert searched > 0
