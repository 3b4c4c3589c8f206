"""Simulated Schnapsen matches: deals shuffled from a running generator, the engine's rules."""

from __future__ import annotations

import random
from typing import Any

import pytest

from stammtisch.cards import SCHNAPSEN_DECKS, Card
from stammtisch.core.options import resolve
from stammtisch.games.schnapsen import GAME, Rules, SchnapsenState
from stammtisch.games.schnapsen_sim import SimulatedMatch

VARIANTS: list[dict[str, Any]] = [
    {},
    {"deck_size": 24, "hand_size": 6, "match_target": 3, "first_dealer": 1},
    {"claim_mode": "manual", "follow_suit_mode": "always", "last_trick_bonus": 10},
    {"end_mode": "all_cards", "marriage_after_close_or_exhaustion": True,
     "strict_must_head": False, "no_66_result": "last_trick", "first_dealer": 0},
]


def options(given: dict[str, Any]) -> dict[str, Any]:
    return resolve("schnapsen", GAME.options, given)


def test_deals_are_random_shuffles_of_the_running_generator() -> None:
    for seed in range(20):
        match = SimulatedMatch(Rules(options({})), random.Random(seed))
        twin = random.Random(seed)
        assert match.dealer == twin.getrandbits(1)
        order = list(SCHNAPSEN_DECKS[20])
        twin.shuffle(order)
        assert match.deck == tuple(order)


@pytest.mark.parametrize("given", VARIANTS)
def test_a_simulated_match_plays_by_the_rules_of_the_engine(given: dict[str, Any]) -> None:
    """Replayed on a public engine state with the simulation's decks stacked, every step
    (legal actions, the whole state) and the result are the same."""
    resolved = options(given)
    for seed in range(15):
        match = SimulatedMatch(Rules(resolved), random.Random(seed))
        first_dealer = match.dealer
        pick = random.Random(1000 + seed)
        decks: list[tuple[Card, ...]] = [match.deck]
        steps: list[tuple[int, list[int], dict[str, Any]]] = []
        while match.to_act >= 0:
            legal = match.legal()
            action = pick.choice(legal)
            match.apply(action)
            steps.append((action, legal, match.dump()))
            if match.deal_number == len(decks):
                decks.append(match.deck)
        reference = SchnapsenState(resolved | {"first_dealer": first_dealer}, 0, decks)
        for action, legal, dump in steps:
            assert reference.legal() == legal
            reference.apply(action)
            assert reference.dump() == dump
        assert reference.result() == match.result() is not None


def test_a_clone_is_a_simulated_match_that_shares_the_generator() -> None:
    rng = random.Random(5)
    match = SimulatedMatch(Rules(options({"match_target": 1})), rng)
    copy = match.clone()
    assert isinstance(copy, SimulatedMatch) and copy.draw_bits == match.draw_bits
    before = match.dump()
    while copy.to_act >= 0:
        copy.apply(copy.legal()[0])
    assert match.dump() == before and copy.over and copy.events is None
