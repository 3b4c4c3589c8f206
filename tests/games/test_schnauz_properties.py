"""Property tests of Schnauz (DESIGN.md "Tests" 2, rules/schnauz.md, README §7).

Two halves:

- ``test_every_option_combination``: one seeded random match for every
  combination of the option values (itertools.product), played on the fast path
  (``legal``/``apply`` on ints) and checked after every action by reading the
  state's slots: card conservation, lives (§4, README §7, §8 and the
  Clarifications), dealer rotation, termination and a single winner.
- hypothesis tests through the public ``Match`` API: views leak no hidden card,
  undo restores the exact previous state, ``replay(record())`` reaches the same
  state, events and result.

Then the golden records of tests/data/ replay to their stored result and events.

Random players pass with a per-match bias so that all-pass table replacements
and the short-stock options (showdown, reshuffle, continue) are exercised too.
"""

from __future__ import annotations

import hashlib
import itertools
import json
import random
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import stammtisch
from stammtisch.cards import SCHNAUZ_DECKS, card_code, iter_cards, parse_cards, to_set
from stammtisch.games.schnauz import (
    FIRE,
    KEEP,
    KNOCK,
    PASS,
    SWAP_ALL,
    SWAP_HAND,
    SchnauzState,
    category,
    hand_key,
    is_combination,
    swap_one,
)

MAX_ACTIONS = 100_000
"""A match longer than this counts as one that does not end."""

OPTION_VALUES: dict[str, tuple[Any, ...]] = {
    "deck_variant": ("A7", "A9", "A5"),
    "lives": (1, 2, 3),
    "first_dealer": ("random", "last"),  # "last": seat num_players - 1
    "knock_allowed_first_round": (True, False),
    "dealt_combo_check": ("after_dealer_choice", "before_dealer_choice"),
    "short_stock_on_all_pass": ("showdown", "reshuffle", "continue"),
    "fire_effect": ("lowest_loses", "all_others_lose"),
    "knocker_lowest_penalty": (1, 2),
}
PLAYER_COUNTS = range(2, 7)
PASS_BIAS = (0.0, 0.5, 0.85)
"""Chance that a random player passes instead of a uniform choice."""


def combinations_for(num_players: int) -> Iterator[dict[str, Any]]:
    """Every combination of the option values for ``num_players``."""
    keys = list(OPTION_VALUES)
    for values in itertools.product(*OPTION_VALUES.values()):
        options = dict(zip(keys, values, strict=True), num_players=num_players)
        if options["first_dealer"] == "last":
            options["first_dealer"] = num_players - 1
        yield options


# --- the fast path: one match per option combination ------------------------------------

ALL_PASS_OUTCOMES: dict[str, list[set[str]]] = {
    "replace": [{"all_passed"}],  # the stock holds 3 cards or more
    "showdown": [{"short_stock"}],
    "continue": [set()],
    "reshuffle": [{"reshuffle", "all_passed"}, {"reshuffle", "short_stock"}],
}
"""What N passes in a row lead to (§6.2 step 3, SZ-D8, Clarifications)."""


class Referee:
    """Follows a match from its events and checks it against the rules.

    Turns (§5.6, §6.1, §6.2): the dealer decides first, then seats act
    clockwise; one knock per round, after which every other seat acts exactly
    once; N passes in a row (no knock) replace the table, or with a short stock
    do what ``short_stock_on_all_pass`` says. Lives are kept independently
    (README §7: a loss takes a life, or eliminates from 0) and each showdown's
    losses follow §8 and the Clarifications. Dealers follow §4.5; cards are dealt
    from the dealer's left, ending with the dealer (§5.2).
    """

    def __init__(self, options: dict[str, Any]) -> None:
        n = options["num_players"]
        self.options = options
        self.lives = [options["lives"]] * n
        self.eliminated = [False] * n
        self.dealer: int | None = None
        self.expected = -1
        """The seat that must act next."""
        self.choosing = False
        """The dealer's keep/swap is due."""
        self.knocker: int | None = None
        self.turned: set[int] = set()
        """Seats with a completed play-phase turn this deal (Clarifications, §6.1)."""
        self.after_knock = 0
        self.passes = 0
        self.all_passed = False
        """The last action completed N passes in a row."""

    def active_count(self) -> int:
        return self.eliminated.count(False)

    def next_active(self, seat: int) -> int:
        n = len(self.lives)
        seat = (seat + 1) % n
        while self.eliminated[seat]:
            seat = (seat + 1) % n
        return seat

    def follow(self, events: list[dict[str, Any]], stock_before: int = 0) -> None:
        """Check the events of one action (or of the first deal)."""
        self.all_passed = False
        seen: set[str] = set()
        for event in events:
            kind = event["type"]
            if kind == "deal":
                self.check_deal(event)
            elif kind == "action":
                self.check_action(event)
            elif kind == "table":
                seen.add(event["why"])
                assert (event["why"] == "all_passed") == self.all_passed, "table replaced"
            elif kind == "reshuffle":
                seen.add("reshuffle")
            elif kind == "showdown":
                seen.add(event["reason"])
                self.check_showdown(event)
        outcome = seen & {"all_passed", "reshuffle", "short_stock"}
        if self.all_passed:  # §6.2 step 3 and SZ-D8
            rule = self.options["short_stock_on_all_pass"] if stock_before < 3 else "replace"
            assert outcome in ALL_PASS_OUTCOMES[rule], f"all passed ({rule}): saw {outcome}"
        else:
            assert not outcome, f"{outcome} without an all-pass"

    def check_deal(self, event: dict[str, Any]) -> None:
        if self.dealer is not None:
            assert event["dealer"] == self.next_active(self.dealer), "next dealer (§4.5)"
        else:
            assert self.options["first_dealer"] in ("random", event["dealer"]), "first dealer"
        self.dealer = event["dealer"]
        order, seat = [], event["dealer"]
        for _ in range(self.active_count()):
            seat = self.next_active(seat)
            order.append(seat)
        assert event["players"] == order, "deal order (§5.2)"
        self.expected, self.choosing = self.dealer, True
        self.knocker, self.after_knock, self.passes = None, 0, 0
        self.turned = set()

    def check_action(self, event: dict[str, Any]) -> None:
        seat, action = event["seat"], event["action"]
        assert seat == self.expected, f"seat {seat} acted, not seat {self.expected}"
        self.expected = self.next_active(seat)
        if self.choosing:
            assert action in ("keep", "swap"), "the dealer decides first (§5.4)"
            self.choosing = False
            return
        assert action not in ("keep", "swap")
        if action != "knock":
            self.turned.add(seat)
        if self.knocker is not None:
            assert action != "knock", "a second knock (§6.1)"
            self.after_knock += 1
            assert self.after_knock < self.active_count(), "the knocker acted again (§6.2)"
        elif action == "knock":
            self.knocker, self.passes = seat, 0
        elif action == "pass":
            self.passes += 1
            if self.passes == self.active_count():
                self.all_passed, self.passes = True, 0
        else:
            self.passes = 0

    def legal(self, state: SchnauzState) -> list[int]:
        """The legal actions now, in canonical order (§6.1, NOTATION.md)."""
        if self.choosing:
            return [KEEP, SWAP_HAND]
        hand, table = state.hands[self.expected], state.table
        actions = [swap_one(h, t) for h in iter_cards(hand) for t in iter_cards(table)]
        actions += [SWAP_ALL, PASS]
        everybody = len(self.turned) == self.active_count()
        if self.knocker is None and (self.options["knock_allowed_first_round"] or everybody):
            actions.append(KNOCK)
        return actions

    def check_showdown(self, event: dict[str, Any]) -> None:
        hands = {int(s): parse_cards(" ".join(c)) for s, c in event["hands"].items()}
        assert sorted(hands) == [s for s, out in enumerate(self.eliminated) if not out]
        assert event["knocker"] == self.knocker
        if event["reason"] == "knock":
            assert self.after_knock == self.active_count() - 1, "final turns (§6.2 step 2)"
        lowest = min(hands, key=lambda s: hand_key(hands[s]))
        assert event["lowest"] == lowest, "the single lowest hand (§7.1)"
        combination = any(is_combination(h) for h in hands.values())
        assert (event["reason"] == "combination") == combination, (
            "a Fire/Schnauz ends the round at once; no other round shows one (§5.5, §6.2)")
        fire = [s for s, h in hands.items() if category(h) == FIRE]
        if self.options["fire_effect"] == "all_others_lose" and combination and fire:
            losses = {s: 1 for s in hands if s != fire[0]}
        elif lowest == self.knocker:
            losses = {lowest: self.options["knocker_lowest_penalty"]}
        else:
            losses = {lowest: 1}
        assert event["lives_lost"] == {str(s): k for s, k in losses.items()}, "losses (§8)"
        for seat, count in losses.items():
            for _ in range(count):
                if self.eliminated[seat]:
                    break
                if self.lives[seat] > 0:
                    self.lives[seat] -= 1
                else:
                    self.eliminated[seat] = True
        self.expected = -1


def check_cards(state: SchnauzState, full: int, size: int) -> None:
    """Every card of the deck is in exactly one place; hands hold 3 cards each.

    The places together hold ``size`` cards and cover the ``size`` cards of the
    deck, so no card is in two places or twice in the stock.
    """
    union = state.table | state.out_of_play | to_set(state.stock)
    count = state.table.bit_count() + state.out_of_play.bit_count() + len(state.stock)
    running = state.to_act >= 0
    for seat, hand in enumerate(state.hands):
        union |= hand
        held = hand.bit_count()
        count += held
        if running:
            assert held == (0 if state.eliminated[seat] else 3), f"seat {seat} holds {held}"
    assert union == full, "cards missing or foreign"
    assert count == size, "a card in two places"
    if running:
        assert state.table.bit_count() == (3 if state.phase == "play" else 0)


def check_lives(state: SchnauzState, referee: Referee, before: list[int],
                was_out: list[bool]) -> None:
    for seat, lives in enumerate(state.lives):
        assert lives >= 0, "lives below 0"
        assert lives <= before[seat], "lives grew"
        if state.eliminated[seat]:
            assert lives == 0, "eliminated with lives left"
        assert was_out[seat] <= state.eliminated[seat], "an eliminated seat came back"
    assert state.lives == referee.lives
    assert state.eliminated == referee.eliminated
    assert state.active == [s for s, out in enumerate(state.eliminated) if not out]


def play_checked(options: dict[str, Any], seed: int) -> int:
    """Play one random match on the fast path, checking after every action.

    Returns the number of actions. For every fourth seed a twin state without
    events plays the same actions; the two must end equal (events must not
    change the play).
    """
    state = SchnauzState(options, seed)
    events = state.events
    assert events is not None, "a new state records the events of its first deal"
    twin = SchnauzState(options, seed) if seed % 4 == 0 else None
    if twin is not None:
        twin.events = None
    referee = Referee(options)
    deck = SCHNAUZ_DECKS[options["deck_variant"]]
    full = to_set(deck)
    rng = random.Random(seed)
    bias = PASS_BIAS[seed % len(PASS_BIAS)]
    referee.follow(events)
    events.clear()
    check_cards(state, full, len(deck))
    count = 0
    while state.to_act >= 0:
        assert count < MAX_ACTIONS, f"no end after {MAX_ACTIONS} actions"
        legal = state.legal()
        assert state.to_act == referee.expected, "the seat to act"
        assert legal == referee.legal(state), f"legal actions before action {count}"
        action = PASS if PASS in legal and rng.random() < bias else rng.choice(legal)
        before, was_out, stock_before = state.lives[:], state.eliminated[:], len(state.stock)
        if count % 32 == 0:  # a clone is independent of its original
            snapshot = state.dump()
            other = state.clone()
            other.apply(rng.choice(legal))
            assert state.dump() == snapshot, "applying to a clone changed the original"
        state.apply(action)
        if twin is not None:
            twin.apply(action)
        count += 1
        try:
            referee.follow(events, stock_before)
            check_cards(state, full, len(deck))
            check_lives(state, referee, before, was_out)
        except AssertionError as error:
            raise AssertionError(f"after action {count - 1} ({state.action_text(action)}): "
                                 f"{error}; events {events}") from None
        events.clear()
    assert state.legal() == []
    if twin is not None:
        assert twin.dump() == state.dump(), "the fast path (no events) diverged"
    result = state.result()
    assert result is not None
    assert state.eliminated.count(False) == 1
    assert result["winner"] == state.eliminated.index(False)
    assert sorted(result["eliminated_order"]) == sorted(
        s for s in range(state.num_players) if s != result["winner"])
    return count


@pytest.mark.slow
@pytest.mark.parametrize("num_players", PLAYER_COUNTS)
def test_every_option_combination(num_players: int) -> None:
    """One seeded random match per option combination, every invariant after every action."""
    failures = []
    for index, options in enumerate(combinations_for(num_players)):
        seed = 1000 * num_players + index
        try:
            play_checked(options, seed)
        except Exception as error:  # collect, then report them all
            failures.append(f"seed={seed} options={options}: {type(error).__name__} {error}")
    assert not failures, f"{len(failures)} failing matches, first: {failures[0]}"


@pytest.mark.parametrize("deck_variant", OPTION_VALUES["deck_variant"])
def test_players_who_only_pass_still_finish_the_match(deck_variant: str) -> None:
    """With the default short stock rule a deal of passes ends in a showdown (SZ-D8).

    (With "reshuffle" or "continue" a table that only passes never ends its deal:
    the rules allow that, so a program that hosts such players needs a limit.)
    """
    for num_players, lives in itertools.product(PLAYER_COUNTS, (1, 3)):
        options = stammtisch.new_match("schnauz", seed=0, num_players=num_players,
                                       deck_variant=deck_variant, lives=lives).options
        state = SchnauzState(options, num_players)
        count = 0
        while state.to_act >= 0 and count < MAX_ACTIONS:
            legal = state.legal()
            state.apply(PASS if PASS in legal else legal[0])
            count += 1
        result = state.result()
        assert result is not None, f"{num_players} players, {lives} lives: no end"
        assert result["deals"] >= num_players - 1


# --- the public API, with hypothesis ---------------------------------------------------

CARD_CODES = frozenset(card_code(c) for c in iter_cards((1 << 53) - 1))

Setup = tuple[dict[str, Any], int, float]


@st.composite
def setups(draw: st.DrawFn) -> Setup:
    """Options (lives mostly 1 or 2, to keep matches short), a seed and a pass bias."""
    n = draw(st.integers(2, 6))
    options: dict[str, Any] = {"num_players": n}
    for key, values in OPTION_VALUES.items():
        options[key] = draw(st.sampled_from(values))
    options["lives"] = draw(st.sampled_from((1, 2, 1, 3)))
    options["first_dealer"] = draw(st.one_of(st.just("random"), st.integers(0, n - 1)))
    return options, draw(st.integers(0, 2**32)), draw(st.sampled_from(PASS_BIAS))


def choose(match: stammtisch.Match, rng: random.Random, bias: float) -> str:
    legal = [a.text for a in match.legal_actions()]
    return "pass" if "pass" in legal and rng.random() < bias else rng.choice(legal)


def card_words(value: Any) -> Iterator[str]:
    """Every card code anywhere in a JSON value (keys too; inside action texts too)."""
    if isinstance(value, str):
        yield from (word for word in value.split() if word in CARD_CODES)
    elif isinstance(value, dict):
        for key, item in value.items():
            yield from card_words(key)
            yield from card_words(item)
    elif isinstance(value, list):
        for item in value:
            yield from card_words(item)


def check_view(match: stammtisch.Match, seat: int | None, dump: dict[str, Any]) -> None:
    """``seat`` sees its own hand and public cards only; never a stock card."""
    view = match.view(seat)
    json.dumps(view)
    over = dump["phase"] == "over"
    hands: list[list[str]] = dump["hands"]
    seen = dict(view)
    showdown = seen.get("last_showdown")
    if showdown is not None and showdown["deal"] < dump["deal"]:
        del seen["last_showdown"]  # an earlier deal: its cards were revealed then
    own = set(hands[seat]) if seat is not None else set()
    allowed = own | set(dump["public"])
    if over:  # the final showdown revealed every hand
        allowed.update(card for hand in hands for card in hand)
    stock = set(dump["stock"])
    for card in card_words(seen):
        assert card not in stock, f"seat {seat} sees stock card {card}"
        assert card in allowed, f"seat {seat} sees hidden card {card}"
    if seat is not None and not dump["eliminated"][seat] and not over:
        assert view["hand"] == hands[seat]
    else:
        assert "hand" not in view
    if seat is not None and seat == match.to_act:
        assert view["legal_actions"] == [a.text for a in match.legal_actions()] != []
    else:
        assert view["legal_actions"] == []


def check_result(match: stammtisch.Match) -> None:
    result = match.result
    assert result is not None and match.to_act is None and match.legal_actions() == []
    dump = match.state.dump()
    assert dump["eliminated"].count(False) == 1
    assert result["winner"] == dump["eliminated"].index(False)
    assert match.events[-1] == {"type": "match_over", "winner": result["winner"]}


@pytest.mark.slow
@settings(max_examples=120, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(setups())
def test_views_hold_no_hidden_card(setup: Setup) -> None:
    """Views after every action; the public events too, within a deal."""
    options, seed, bias = setup
    match = stammtisch.new_match("schnauz", seed=seed, **options)
    rng = random.Random(seed)
    seats: list[int | None] = [None, *range(match.num_players)]
    seen = 0
    while True:
        dump = match.state.dump()
        for seat in seats:
            check_view(match, seat, dump)
        events = match.events[seen:]
        seen += len(events)
        if all(e["type"] not in ("deal", "showdown") for e in events):
            for card in card_words(events):
                assert card in dump["public"], f"event {events} shows hidden card {card}"
        if match.to_act is None:
            break
        match.play(choose(match, rng, bias))
    check_result(match)


def snapshot(match: stammtisch.Match) -> str:
    """The full state, every view, the action list and the newest events, as text."""
    events = match.events
    return json.dumps({
        "dump": match.state.dump(),
        "views": [match.view(s) for s in (None, *range(match.num_players))],
        "actions": match.actions,
        "events": [len(events), events[-8:]],
        "result": match.result,
    }, sort_keys=True)


@pytest.mark.slow
@settings(max_examples=80, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(setups())
def test_undo_restores_the_previous_state(setup: Setup) -> None:
    options, seed, bias = setup
    match = stammtisch.new_match("schnauz", seed=seed, **options)
    rng = random.Random(seed)
    history = [snapshot(match)]
    while match.to_act is not None:
        action = match.play(choose(match, rng, bias))
        after = snapshot(match)
        assert match.undo() == action
        assert snapshot(match) == history[-1], f"undo of action {len(history) - 1} ({action})"
        match.play(action)
        assert snapshot(match) == after, f"replaying action {len(history) - 1} ({action})"
        history.append(after)
    check_result(match)
    while len(history) > 1:  # and back to the start, one action at a time
        history.pop()
        match.undo()
        assert snapshot(match) == history[-1]
    with pytest.raises(stammtisch.StammtischError, match="nothing to undo"):
        match.undo()


@pytest.mark.slow
@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(setups(), st.integers(0, 400))
def test_replay_of_the_record_reaches_the_same_state(setup: Setup, cut: int) -> None:
    options, seed, bias = setup
    match = stammtisch.new_match("schnauz", seed=seed, **options)
    rng = random.Random(seed)
    partial = None
    while match.to_act is not None:
        if len(match.actions) == cut:
            partial = (match.record(), snapshot(match))
        match.play(choose(match, rng, bias))
    check_result(match)
    record = match.record()
    text = json.dumps(record)
    assert json.loads(text) == record
    again = stammtisch.replay(json.loads(text))
    assert again.record() == record
    assert again.result == match.result
    assert again.events == match.events
    assert snapshot(again) == snapshot(match)
    if partial is not None:  # a record of a running match replays to its point too
        assert snapshot(stammtisch.replay(json.loads(json.dumps(partial[0])))) == partial[1]


# --- golden records (tests/data/regenerate.py writes them, only on purpose) -------------

GOLDEN_FILES = sorted((Path(__file__).resolve().parents[1] / "data").glob("schnauz-*.json"))


def test_there_are_golden_records() -> None:
    assert len(GOLDEN_FILES) >= 2


@pytest.mark.parametrize("path", GOLDEN_FILES, ids=lambda path: path.stem)
def test_golden_record_replays_to_its_result(path: Path) -> None:
    golden = json.loads(path.read_text())
    match = stammtisch.replay(golden["record"])
    assert match.result == golden["result"]
    digest = hashlib.sha256(json.dumps(match.events, sort_keys=True).encode()).hexdigest()
    assert digest == golden["events_digest"], "the events changed; see tests/data/regenerate.py"
    assert match.record() == golden["record"]
    check_result(match)
