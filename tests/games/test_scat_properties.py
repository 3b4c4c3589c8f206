"""Scat: properties of seeded random matches under every option combination.

After every action: each card is in exactly one place, no view holds a card
hidden from its seat, events hold public cards only, ``undo`` restores the
previous state; at the end one winner, and ``replay(record())`` agrees.
"""

from __future__ import annotations

import itertools
import json
import random
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import stammtisch
from stammtisch.cards import SCAT_DECK, card_code
from stammtisch.core.options import resolve
from stammtisch.games.scat import OPTIONS, ScatState

CODES = {card_code(c) for c in SCAT_DECK}
ALL = (1 << 52) - 1
MAX_ACTIONS = 20_000

VARIANT_VALUES: dict[str, tuple[Any, ...]] = {
    "three_of_a_kind": (False, True),
    "three_of_a_kind_value": (30, 30.5),
    "straight_flush": (False, True),
    "straight_flush_ace_low": (True, False),
    "min_knock_score": (0, 21),
    "throw_down": (False, True),
    "knock_allowed_first_round": (True, False),
    "knocker_lowest_penalty": (2, 1),
    "empty_stock": ("reshuffle", "showdown"),
}


def card_codes(data: Any) -> set[str]:
    """Every card code inside a JSON-ready value (also inside action texts)."""
    found: set[str] = set()
    if isinstance(data, str):
        found.update(word.upper() for word in data.split() if word.upper() in CODES)
    elif isinstance(data, dict):
        for item in data.values():
            found |= card_codes(item)
    elif isinstance(data, list | tuple):
        for item in data:
            found |= card_codes(item)
    return found


def check_cards(dump: dict[str, Any]) -> None:
    places = [*dump["hands"], dump["pile"], dump["stock"]]
    seen = [code for place in places for code in place]
    assert len(seen) == 52 and set(seen) == CODES
    for seat, eliminated in enumerate(dump["eliminated"]):
        if eliminated or dump["phase"] == "over":
            continue
        size = len(dump["hands"][seat])
        acting = seat == dump["to_act"] and dump["phase"] == "discard"
        assert size == (4 if acting else 3)


def hidden_from(dump: dict[str, Any], seat: int | None) -> set[str]:
    hidden = set(dump["stock"])
    for other, cards in enumerate(dump["hands"]):
        mine = other == seat and (dump["phase"] != "throw_down" or dump["declined"] >> other & 1)
        if not mine:
            hidden |= set(cards) - set(dump["known"][other])
    return hidden


def check_views(match: stammtisch.Match, dump: dict[str, Any]) -> None:
    for seat in [None, *range(match.num_players)]:
        view = match.view(seat)
        json.dumps(view)
        assert view["last_showdown"] == dump["last_showdown"]
        rest = {k: v for k, v in view.items() if k != "last_showdown"}
        assert not card_codes(rest) & hidden_from(dump, seat), (seat, view)
        assert bool(view["legal_actions"]) == (seat is not None and seat == match.to_act)


def play_checked(seed: int, options: dict[str, Any]) -> None:
    match = stammtisch.new_match("scat", seed=seed, **options)
    rng = random.Random(seed)
    dump = match.state.dump()
    check_cards(dump)
    check_views(match, dump)
    for _ in range(MAX_ACTIONS):
        if match.result is not None:
            break
        legal = match.legal_actions()
        action = rng.choice(legal)
        public = set(dump["pile"]) | {c for known in dump["known"] for c in known}
        count = len(match.events)
        match.play(action)
        after = match.state.dump()
        assert match.undo() == action
        assert match.state.dump() == dump
        match.play(action)
        assert match.state.dump() == after
        dump = after
        check_cards(dump)
        check_views(match, dump)
        for event in match.events[count:]:
            json.dumps(event)
            if event["type"] == "showdown":
                break
            if event["type"] != "deal":
                assert card_codes(event) <= public | card_codes(action.text), event
    result = match.result
    assert result is not None
    alive = [s for s, out in enumerate(dump["eliminated"]) if not out]
    assert alive == [result["winner"]]
    replayed = stammtisch.replay(json.loads(json.dumps(match.record())))
    assert replayed.state.dump() == dump
    assert replayed.result == result


@pytest.mark.slow
@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    seed=st.integers(0, 2**32),
    num_players=st.integers(2, 9),
    lives=st.integers(1, 2),
    variant=st.fixed_dictionaries({k: st.sampled_from(v) for k, v in VARIANT_VALUES.items()}),
)
def test_random_matches_keep_the_invariants(seed: int, num_players: int, lives: int,
                                            variant: dict[str, Any]) -> None:
    play_checked(seed, {"num_players": num_players, "lives": lives, **variant})


def test_default_options_match() -> None:
    play_checked(7, {"num_players": 3})


def fast_match(seed: int, options: dict[str, Any]) -> ScatState:
    """A random match through the int-level fast path, checking the cards as it goes."""
    state = ScatState(resolve("scat", OPTIONS, options), seed)
    state.events = None
    rng = random.Random(seed)
    for _ in range(MAX_ACTIONS):
        legal = state.legal()
        if not legal:
            break
        state.apply(rng.choice(legal))
        held = 0
        total = len(state.pile) + len(state.stock)
        for card in (*state.pile, *state.stock):
            held |= 1 << card
        for cards in state.hands:
            held |= cards
            total += cards.bit_count()
        assert total == 52 and held == ALL
    assert state.result() is not None
    return state


@pytest.mark.slow
def test_every_option_combination_ends_with_one_winner() -> None:
    keys = list(VARIANT_VALUES)
    for index, values in enumerate(itertools.product(*VARIANT_VALUES.values())):
        options = dict(zip(keys, values, strict=True))
        options.update(num_players=2 + index % 8, lives=1)
        state = fast_match(index, options)
        result = state.result()
        assert result is not None
        assert [s for s in range(state.num_players) if not state.eliminated[s]] == \
            [result["winner"]]
