"""The match contract, checked alike for every registered game (DESIGN.md "Tests" 2).

Seeded random matches under several option sets per game; after every action:
every card is in exactly one place, no view and no event holds a card hidden
from the seat that gets it, every view shows its seat what the state holds for it
(its hand, and what ``tests/games/anatomy.py`` names besides), every view and event
has the keys and value types its TypedDict declares (games/<game>_types.py), the
seat to act alone has legal actions, ``undo`` restores the exact previous state and
views, and a clone plays on without touching its original. At the end the result
agrees with the final state and the last event, ``undo`` walks back to the deal,
``replay(record())`` reaches the same match, the record survives JSON, and a state
that records no events (the fast path) reaches the same state.

The slow tier draws matches from each game's option space, with players that
pass more or less often (to reach all-pass redeals and short-stock rules).

A game registered in ``stammtisch.games.REGISTRY`` is covered at once with its
default options; ``tests/games/anatomy.py`` says where its cards lie.
"""

from __future__ import annotations

import functools
import hashlib
import json
import random
import sys
import types
import typing
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from typing import Any, Literal, NotRequired, Required, Union, get_args, get_origin

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import stammtisch
from stammtisch.cards import card_code
from stammtisch.games import REGISTRY
from tests.games.anatomy import ABSENT, ANATOMIES

OPTION_SETS: dict[str, list[dict[str, Any]]] = {
    "schnauz": [
        {"num_players": 3, "lives": 1},
        {"num_players": 5, "lives": 1, "deck_variant": "A9", "fire_effect": "all_others_lose",
         "dealt_combo_check": "before_dealer_choice", "knocker_lowest_penalty": 2},
        {"num_players": 2, "lives": 2, "deck_variant": "A5",
         "short_stock_on_all_pass": "reshuffle", "knock_allowed_first_round": False},
    ],
    "scat": [
        {"num_players": 3},
        {"num_players": 4, "lives": 1, "throw_down": True, "three_of_a_kind": True,
         "empty_stock": "showdown", "knocker_lowest_penalty": 1},
        {"num_players": 2, "lives": 1, "straight_flush": True, "min_knock_score": 21},
    ],
    "schnapsen": [
        {"match_target": 2},
        {"match_target": 1, "deck_size": 20, "claim_mode": "manual",
         "follow_suit_mode": "always", "marriage_after_close_or_exhaustion": True},
        {"match_target": 2, "end_mode": "all_cards", "last_trick_bonus": 10,
         "first_dealer": "random"},
    ],
    "schmier": [
        {"target_score": 4},
        {"target_score": 3, "partnerships": "2x3", "stick_the_dealer": True,
         "max_discard": 1, "trump_anytime": True, "unresolved_tie": "joint_win"},
        {"target_score": 3, "min_bid": 1, "max_bid": 4, "game_point_tie": "bidder",
         "dealer_may_equal_high_bid": True, "first_dealer": "random"},
    ],
}
OPTION_SPACES: dict[str, dict[str, tuple[Any, ...]]] = {
    "schnauz": {
        "num_players": (2, 3, 4, 5, 6),
        "lives": (1, 2, 1, 3),  # mostly short matches
        "deck_variant": ("A7", "A9", "A5"),
        "knock_allowed_first_round": (True, False),
        "dealt_combo_check": ("after_dealer_choice", "before_dealer_choice"),
        "short_stock_on_all_pass": ("showdown", "reshuffle", "continue"),
        "fire_effect": ("lowest_loses", "all_others_lose"),
        "knocker_lowest_penalty": (1, 2),
    },
    "scat": {
        "num_players": (2, 3, 4, 5, 6, 7, 8, 9),
        "lives": (1, 2),
        "three_of_a_kind": (False, True),
        "three_of_a_kind_value": (30, 30.5),
        "straight_flush": (False, True),
        "straight_flush_ace_low": (True, False),
        "min_knock_score": (0, 21),
        "throw_down": (False, True),
        "knock_allowed_first_round": (True, False),
        "knocker_lowest_penalty": (2, 1),
        "empty_stock": ("reshuffle", "showdown"),
    },
    "schnapsen": {
        "match_target": (1, 2, 7),
        "deck_size": (20, 24),
        "hand_size": (5, 6),
        "follow_suit_mode": ("after_close_or_exhaustion", "always"),
        "strict_must_head": (True, False),
        "strict_must_trump": (True, False),
        "end_mode": ("first_to_66", "all_cards"),
        "claim_mode": ("automatic", "manual"),
        "schwarz_basis": ("points", "tricks"),
        "schneider_max_points": (33, 32, 0, 65),
        "first_to_66_award": ("graded", "flat"),
        "no_66_result": ("no_winner", "last_trick"),
        "closed_score_snapshot": ("end", "at_close"),
        "closer_fail_award": ("seed", "traditional"),
        "marriage_after_close_or_exhaustion": (False, True),
        "last_trick_bonus": (0, 10),
    },
    "schmier": {
        "target_score": (1, 2, 3, 4, 5, 6),
        "partnerships": ("3x2", "2x3"),
        "min_bid": (3, 1),
        "max_bid": (6, 4),
        "stick_the_dealer": (False, True),
        "dealer_may_equal_high_bid": (False, True),
        "max_discard": (0, 1, 3),
        "trump_anytime": (False, True),
        "game_point_tie": ("none", "bidder"),
        "unresolved_tie": ("play_on", "joint_win"),
    },
}
"""Values each option takes in the slow tier; ``first_dealer`` is drawn for every game
(``"random"`` or a seat). Lives and targets stay small to keep matches short."""
PASS_BIAS = (0.0, 0.5, 0.85, 0.95)
"""Chances that a random player passes (where it may) instead of a uniform choice."""
MAX_ACTIONS = 20_000
NEW_DEAL = frozenset({"deal", "showdown"})
"""Events after which the cards lie elsewhere: a step that holds one has its events
checked for their shape only (the cards they name were public before the deal ended)."""


def option_sets(game: str) -> list[dict[str, Any]]:
    info = REGISTRY[game]
    seats = {} if info.min_players == info.max_players else {"num_players": info.min_players}
    return OPTION_SETS.get(game, [seats])


CASES = [(game, options) for game in sorted(REGISTRY) for options in option_sets(game)]
CASE_IDS = [f"{game}-{index}" for game in sorted(REGISTRY)
            for index in range(len(option_sets(game)))]


@st.composite
def drawn_options(draw: st.DrawFn, game: str) -> dict[str, Any]:
    """Options of ``game`` from its option space (its default seats if it has none)."""
    space = OPTION_SPACES.get(game)
    if space is None:
        return draw(st.sampled_from(option_sets(game)))
    options = {name: draw(st.sampled_from(values)) for name, values in space.items()}
    if game == "schmier" and options["min_bid"] > options["max_bid"]:
        options["min_bid"] = options["max_bid"]
    seats = options.get("num_players", REGISTRY[game].min_players)
    options["first_dealer"] = draw(st.one_of(st.just("random"), st.integers(0, seats - 1)))
    return options


# --- the shape of views and events ----------------------------------------------------------

def conforms(value: Any, hint: Any) -> bool:
    """Whether a JSON value has the type ``hint`` (the subset the view TypedDicts use)."""
    return checker(hint)(value)


Check = Callable[[Any], bool]


@functools.cache
def checker(hint: Any) -> Check:
    """:func:`conforms` for one ``hint``, its type read once (a contract test checks every
    view after every action: reading the hints anew each time was most of its cost)."""
    origin = get_origin(hint)
    if hint is Any:
        return lambda _value: True
    if hint is None or hint is type(None):
        return lambda value: value is None
    if origin in (Union, types.UnionType):
        options = [checker(arg) for arg in get_args(hint)]
        return lambda value: any(check(value) for check in options)
    if origin is Literal:
        allowed = get_args(hint)
        return lambda value: value in allowed
    if origin is list:
        item = checker(get_args(hint)[0])
        return lambda value: isinstance(value, list) and all(item(v) for v in value)
    if origin is dict:
        key, item = (checker(arg) for arg in get_args(hint))
        return lambda value: isinstance(value, dict) and all(
            key(k) and item(v) for k, v in value.items())
    if typing.is_typeddict(hint):
        return lambda value: not shape_errors(value, hint)
    if hint is float:
        return lambda value: isinstance(value, int | float) and not isinstance(value, bool)
    if hint is int:
        return lambda value: isinstance(value, int) and not isinstance(value, bool)
    return lambda value: isinstance(value, hint)


@dataclass(frozen=True)
class Shape:
    """A TypedDict's keys and the check of each key's value, read once."""

    keys: frozenset[str]
    required: frozenset[str]
    fields: dict[str, tuple[Any, Check]]


@functools.cache
def shape(typed: Any) -> Shape:
    hints = typing.get_type_hints(typed, include_extras=True)
    optional = {key for key, hint in hints.items() if get_origin(hint) is NotRequired}
    fields = {}
    for key, hint in hints.items():
        if get_origin(hint) in (NotRequired, Required):
            hint = get_args(hint)[0]
        fields[key] = (hint, checker(hint))
    return Shape(frozenset(hints), frozenset(hints.keys() - optional), fields)


def shape_errors(value: Any, typed: Any) -> list[str]:
    """What keeps ``value`` from being a ``typed`` (a TypedDict): keys, then value types."""
    if not isinstance(value, dict):
        return [f"not a dict: {value!r}"]
    known = shape(typed)
    errors = [f"missing {key}" for key in known.required - value.keys()]
    errors += [f"undeclared {key}" for key in value.keys() - known.keys]
    for key in value.keys() & known.keys:
        hint, check = known.fields[key]
        if not check(value[key]):
            errors.append(f"{key}={value[key]!r} is no {hint}")
    return errors


def view_type(match: stammtisch.Match) -> Any:
    hint = typing.get_type_hints(type(match.state).view)["return"]
    assert typing.is_typeddict(hint), f"{match.game}: view() must return its TypedDict"
    return hint


def event_types(match: stammtisch.Match) -> dict[str, Any]:
    module = sys.modules[view_type(match).__module__]
    declared: dict[str, Any] = module.EVENT_TYPES
    return declared


# --- cards ----------------------------------------------------------------------------------

def card_words(value: Any, codes: frozenset[str]) -> Iterator[str]:
    """Every card code anywhere in a JSON value (keys and action texts too)."""
    if isinstance(value, str):
        yield from (word for word in value.split() if word in codes)
    elif isinstance(value, dict):
        for key, item in value.items():
            yield from card_words(key, codes)
            yield from card_words(item, codes)
    elif isinstance(value, list):
        for item in value:
            yield from card_words(item, codes)


class Checker:
    """Checks one match after every step against the contract."""

    def __init__(self, match: stammtisch.Match) -> None:
        self.match = match
        self.anatomy = ANATOMIES.get(match.game)
        assert self.anatomy is not None, f"tests/games/anatomy.py lacks {match.game!r}"
        self.deck = sorted(card_code(c) for c in match.info.deck(match.options))
        self.codes = frozenset(self.deck)
        self.view_type = view_type(match)
        self.event_types = event_types(match)
        self.seen_events = 0

    def check(self) -> None:
        match, anatomy = self.match, self.anatomy
        assert anatomy is not None
        dump = match.state.dump()
        cards = sorted(c for place in anatomy.places(dump) for c in place)
        assert cards == self.deck, "a card missing, foreign or in two places"
        events = match.events
        for seat in [None, *range(match.num_players)]:
            view = match.view(seat)
            assert json.loads(json.dumps(view)) == view
            assert not shape_errors(view, self.view_type), shape_errors(view, self.view_type)
            assert view["game"] == match.game and view["seat"] == seat
            assert view["options"] == match.options
            assert view["to_act"] == match.to_act
            if seat is not None and seat == match.to_act:
                assert view["legal_actions"] == [a.text for a in match.legal_actions()] != []
            else:
                assert view["legal_actions"] == []
            if seat is None:
                assert "hand" not in view
            for key, value in anatomy.own(dump, seat).items():
                assert view.get(key, ABSENT) == value, f"seat {seat}: {key} {view.get(key)}"
            assert (match.result is None) == ("result" not in view)
            hidden = anatomy.hidden(dump, seat, events)
            shown = dict(view)
            showdown = view.get("last_showdown")
            if showdown and (match.to_act is None or showdown.get("deal", -1) < view["deal"]):
                del shown["last_showdown"]  # an earlier deal's or the last: shown back then
            leak = set(card_words(shown, self.codes)) & hidden
            assert not leak, f"seat {seat} sees hidden cards {leak}"
        public_hidden = anatomy.hidden(dump, None, events)
        new = events[self.seen_events:]
        same_deal = all(event["type"] not in NEW_DEAL for event in new)
        for event in new:
            assert json.loads(json.dumps(event)) == event
            typed = self.event_types.get(event["type"])
            assert typed is not None, f"undeclared event {event}"
            assert not shape_errors(event, typed), (event, shape_errors(event, typed))
            if same_deal:
                leak = set(card_words(event, self.codes)) & public_hidden
                assert not leak, f"event {event} shows hidden cards {leak}"
        self.seen_events = len(events)


def snapshot(match: stammtisch.Match, *, whole: bool = False) -> str:
    """The full state, every view, the result, and the actions and events as text:
    all of them if ``whole``, else their number and the newest events (undo and redo
    only touch the end; a step stays as cheap late in a long match as early)."""
    events = match.events
    return json.dumps({
        "dump": match.state.dump(),
        "views": [match.view(s) for s in (None, *range(match.num_players))],
        "actions": match.actions if whole else match.undoable,
        "events": events if whole else [len(events), events[-12:]],
        "result": match.result,
    }, sort_keys=True)


def digest(text: str) -> bytes:
    return hashlib.sha256(text.encode()).digest()


def choose(match: stammtisch.Match, rng: random.Random, pass_bias: float) -> str:
    legal = [action.text for action in match.legal_actions()]
    if pass_bias and "pass" in legal and rng.random() < pass_bias:
        return "pass"
    return rng.choice(legal)


def play_checked(game: str, options: dict[str, Any], seed: int, *, cut: int = -1,
                 pass_bias: float = 0.0) -> None:
    """A seeded random match checked after every action; undo and replay checked too."""
    match = stammtisch.new_match(game, seed=seed, **options)
    rng = random.Random(seed)
    checker = Checker(match)
    clone_rng = random.Random(-seed)  # apart, so that the match plays as without clones
    checker.check()
    before = snapshot(match)
    history = [digest(before)]
    partial = None
    for count in range(MAX_ACTIONS):
        if match.to_act is None:
            break
        if count == cut:
            partial = (match.record(), snapshot(match, whole=True))
        if count % 16 == 0:
            check_clone(match, clone_rng)
        action = match.play(choose(match, rng, pass_bias))
        after = snapshot(match)
        assert match.undo() == action
        assert snapshot(match) == before, f"undo of action {count} ({action})"
        match.play(action)
        assert snapshot(match) == after, f"replaying action {count} ({action})"
        checker.check()
        history.append(digest(after))
        before = after
    assert match.to_act is None and match.result is not None, f"no end in {MAX_ACTIONS}"
    assert match.legal_actions() == []
    check_result(match)
    check_fast_path(match)
    record = match.record()
    assert json.loads(json.dumps(record)) == record
    again = stammtisch.replay(json.loads(json.dumps(record)))
    assert again.record() == record
    assert snapshot(again, whole=True) == snapshot(match, whole=True)
    if partial is not None:  # a record of a running match replays to its point too
        replayed = stammtisch.replay(json.loads(json.dumps(partial[0])))
        assert snapshot(replayed, whole=True) == partial[1]
    while len(history) > 1:  # and undo walks back to the start, one action at a time
        history.pop()
        match.undo()
        assert digest(snapshot(match)) == history[-1], f"undo back to action {len(history) - 1}"
    with pytest.raises(stammtisch.StammtischError, match="nothing to undo"):
        match.undo()


def check_clone(match: stammtisch.Match, rng: random.Random) -> None:
    """Playing on a clone leaves its original as it was."""
    before = match.state.dump()
    clone = match.state.clone()
    clone.apply(rng.choice(clone.legal()))
    assert match.state.dump() == before, "applying to a clone changed the original"


def check_result(match: stammtisch.Match) -> None:
    """The result agrees with the final state, and the last event announces it."""
    result, anatomy = match.result, ANATOMIES[match.game]
    assert result is not None
    errors = anatomy.result_errors(match.state.dump(), result, match.options)
    assert not errors, errors
    last = match.events[-1]
    assert last["type"] == "match_over", last
    assert all(result[key] == value for key, value in last.items() if key != "type"), last


def check_fast_path(match: stammtisch.Match) -> None:
    """A state that records no events plays the same actions to the same state."""
    state = match.info.new_state(match.options, match.seed, ())
    state.events = None
    for text in match.actions:
        state.apply(state.parse_action(text))
    assert state.dump() == match.state.dump(), "the fast path (no events) diverged"


def test_every_registered_game_is_described() -> None:
    assert sorted(ANATOMIES) == sorted(REGISTRY)


@pytest.mark.parametrize(("game", "options"), CASES, ids=CASE_IDS)
def test_a_seeded_match_keeps_the_contract(game: str, options: dict[str, Any]) -> None:
    play_checked(game, options, seed=7, cut=5)


@pytest.mark.slow
@pytest.mark.parametrize("game", sorted(REGISTRY))
# Ten whole matches a game, every step checked, keep the suite within CI's 15 minutes; the
# referee sweeps (test_<game>_referee.py) cover every option combination on the fast path.
@settings(max_examples=10, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(data=st.data(), seed=st.integers(0, 2**32), cut=st.integers(0, 400),
       pass_bias=st.sampled_from(PASS_BIAS))
def test_random_matches_keep_the_contract(game: str, data: st.DataObject, seed: int, cut: int,
                                          pass_bias: float) -> None:
    options = data.draw(drawn_options(game), label="options")
    play_checked(game, options, seed, cut=cut, pass_bias=pass_bias)
