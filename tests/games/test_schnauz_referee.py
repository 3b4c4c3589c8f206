"""Schnauz: a referee that recomputes every match under every option combination
(DESIGN.md "Tests" 2, docs/rules/schnauz.md, docs/rules/README.md §7).

``test_every_option_combination`` plays one seeded random match for every
combination of the option values (itertools.product) on the fast path
(``legal``/``apply`` on ints), and after every action a :class:`Referee` that
follows the events with its own small rules code checks the seat to act, the
legal actions, all-pass replacements and short stocks, every showdown's losses,
lives (§4, README §7, §8 and the Clarifications), dealer rotation, hand and table
sizes, termination and a single winner. Random players pass with a per-match
bias so that all-pass table replacements and the short-stock options (showdown,
reshuffle, continue) are exercised too.

What every game must keep (card conservation, hidden cards, undo, replay, clones,
the fast path) the contract test checks (test_contract.py).
"""

from __future__ import annotations

import itertools
import random
from collections.abc import Iterator
from typing import Any

import pytest

from stammtisch.cards import SCHNAUZ_DECKS, iter_cards, parse_cards, to_set
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
    (docs/rules/README.md §7: a loss takes a life, or eliminates from 0) and each showdown's
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
        """The legal actions now, in canonical order (§6.1, docs/rules/NOTATION.md)."""
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

    Returns the number of actions.
    """
    state = SchnauzState(options, seed)
    events = state.events
    assert events is not None, "a new state records the events of its first deal"
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
        state.apply(action)
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
