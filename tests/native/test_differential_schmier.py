"""Schmier's compiled core against its Python reference, side by side (stammtisch.native).

Over random matches under every combination of Schmier's choice and yes/no options
(the numbers drawn), the compiled :class:`NativeSchmier` and the Python
``SchmierState`` of the same options and seed must offer the same legal actions and
hold the same state (every public field, ``dump()``, the views of every seat,
``result()``) after every action, also through clones, conversions and stacked decks.
The compiled club play-outs must choose the club's actions and give the Python
``deal_change`` values exactly, and the expert must rank the same on either path.

The compiled core must be built for these tests: a missing build fails them
(``make .venv/.installed`` or ``pip install -e .`` builds it in place).
"""

from __future__ import annotations

import itertools
import math
import random
from collections.abc import Iterator
from typing import Any

import pytest

import stammtisch
from stammtisch.bots.schmier.players import ExpertBot, deal_change
from stammtisch.bots.schmier.policy import club_action, finish_deal
from stammtisch.cards import SCHMIER_DECK
from stammtisch.core.options import resolve
from stammtisch.games import find_game
from stammtisch.games.schmier import ROB, TRUMPS, SchmierState

try:
    from stammtisch.native import schmier_playout as playout
    from stammtisch.native.schmier_core import NativeSchmier
except ImportError as error:  # pragma: no cover - the build is required, see the header
    pytest.fail(f"the compiled core is not built ({error}): run `make .venv/.installed` or "
                "`pip install -e .` with a C compiler", pytrace=False)

INFO = find_game("schmier")
FIELDS = (
    "num_players", "seed", "decks", "num_teams", "target", "min_bid", "max_bid", "stick",
    "dealer_equal", "max_discard", "trump_anytime", "tie_to_bidder", "joint_win", "scores",
    "dealer", "deal_number", "played_deals", "phase", "to_act", "hands", "stock", "discards",
    "exchanged", "auction", "high_bid", "bidder", "trump", "trick", "leader", "tricks",
    "captured", "high_seat", "low_seat", "winners", "last_deal", "options",
    "halt_between_deals",
)
"""Every field of the engine's state a caller may read."""
SWITCH_VALUES: dict[str, tuple[Any, ...]] = {
    "partnerships": ("3x2", "2x3"),
    "stick_the_dealer": (False, True),
    "dealer_may_equal_high_bid": (False, True),
    "trump_anytime": (False, True),
    "game_point_tie": ("none", "bidder"),
    "unresolved_tie": ("play_on", "joint_win"),
}
"""The options with a few values each (docs/rules/schmier.md §3); the ints are drawn."""
DRAWN = ("target_score", "first_dealer", "min_bid", "max_bid", "max_discard")
SMALL_ROB = 3000
"""Rob turns with more legal discards than this compare a sample of them (the Python
list of 100,000 takes a tenth of a second)."""

State = SchmierState | NativeSchmier


def all_switch_combinations() -> Iterator[dict[str, Any]]:
    for values in itertools.product(*SWITCH_VALUES.values()):
        yield dict(zip(SWITCH_VALUES, values, strict=True))


def options_for(switches: dict[str, Any], rng: random.Random) -> dict[str, Any]:
    low = rng.randint(1, 6)
    options = dict(switches, target_score=rng.choice((1, 3, rng.randint(4, 15))),
                   first_dealer=rng.choice((0, 5, "random")), min_bid=low,
                   max_bid=rng.randint(low, 6), max_discard=rng.randint(0, 3))
    return resolve("schmier", INFO.options, options)


def test_the_sweep_knows_every_option() -> None:
    """A new option must join the sweep (or the drawn ones), never be left at its default."""
    assert {spec.name for spec in INFO.options} == set(SWITCH_VALUES) | set(DRAWN)
    for spec in INFO.options:
        if spec.name in SWITCH_VALUES:
            assert all(spec.accepts(value) for value in SWITCH_VALUES[spec.name]), spec.name


def fields(state: State) -> tuple[Any, ...]:
    return tuple(getattr(state, name) for name in FIELDS)


def rob_count(state: SchmierState) -> int:
    hand = state.hands[state.to_act]
    trumps = hand & TRUMPS[state.trump]
    if trumps.bit_count() <= 6:
        return math.comb((hand & ~trumps).bit_count(), hand.bit_count() - 6)
    return math.comb(14, trumps.bit_count() - 6)  # an upper bound: 15 trumps, 5 kept


def assert_same(python: SchmierState, native: State, where: str, full: bool) -> None:
    assert fields(native) == fields(python), where
    if full:
        assert native.dump() == python.dump(), where
        assert native.result() == python.result(), where
        for seat in (None, *range(6)):
            assert native.view(seat) == python.view(seat), f"{where}: view of {seat}"


def pick(python: SchmierState, legal: list[int] | None, chooser: random.Random) -> int:
    """The club's action mostly (whole deals get played), else a random legal one."""
    if legal is None or chooser.random() < 0.6:
        return club_action(python)
    return chooser.choice(legal)


def play_side_by_side(options: dict[str, Any], seed: int, max_actions: int = 400) -> int:
    """One match on both engines; the actions played."""
    decks: tuple[tuple[int, ...], ...] = ()
    chooser = random.Random(~seed)
    if seed % 3 == 0:
        stacked = list(SCHMIER_DECK)
        chooser.shuffle(stacked)
        decks = (tuple(stacked),)
    python = SchmierState(options, seed, decks)
    native = NativeSchmier(options, seed, decks)
    played = 0
    while python.to_act >= 0 and played < max_actions:
        where = f"seed {seed}, action {played}, {python.phase}"
        legal: list[int] | None = None
        if python.phase != ROB or rob_count(python) <= SMALL_ROB:
            legal = python.legal()
            assert native.legal() == legal, where
        elif chooser.random() < 0.1:
            assert native.legal()[::997] == python.legal()[::997], where
        assert_same(python, native, where, full=python.phase == ROB or not python.trick)
        assert playout.club_action(native) == club_action(python), where
        if chooser.random() < 0.1:
            native = native.clone()
        elif chooser.random() < 0.05:
            native = NativeSchmier.from_state(python)
        elif chooser.random() < 0.02:
            python = python.clone()
            native = NativeSchmier.from_state(python)
            python.halt_between_deals = native.halt_between_deals = True
        action = pick(python, legal, chooser)
        python.apply(action)
        native.apply(action)
        played += 1
    assert_same(python, native, f"seed {seed}, the end", full=True)
    return played


@pytest.mark.parametrize("switches", list(all_switch_combinations()),
                         ids=lambda s: "-".join(str(v) for v in s.values()))
def test_both_engines_play_alike_under_every_option_combination(
        switches: dict[str, Any]) -> None:
    rng = random.Random(str(switches))
    played = sum(play_side_by_side(options_for(switches, rng), seed)
                 for seed in range(rng.randrange(1000), 1000 + 3000, 1000))
    assert played > 0


def test_whole_matches_agree_to_their_result() -> None:
    finished = 0
    for seed in range(12):
        options = resolve("schmier", INFO.options, {"target_score": 5 + seed % 4,
                                                    "partnerships": ("3x2", "2x3")[seed % 2]})
        python = SchmierState(options, seed)
        native = NativeSchmier(options, seed)
        while python.to_act >= 0:
            action = club_action(python)
            assert playout.club_action(native) == action
            python.apply(action)
            native.apply(action)
        assert fields(native) == fields(python) and native.result() == python.result()
        finished += python.result() is not None
    assert finished == 12


def test_the_play_outs_give_the_python_values() -> None:
    """deal_change on both engines from every kind of position, each legal action (the
    dealer's throwing-in pass and a deal's last card included)."""
    compared = ended = 0
    for seed in range(120):
        options = options_for(dict(zip(SWITCH_VALUES, (v[seed % len(v)] for v in
                                                       SWITCH_VALUES.values()),
                                       strict=True)), random.Random(seed))
        python = SchmierState(options, seed)
        chooser = random.Random(seed)
        for _ in range(chooser.randrange(60)):
            if python.to_act < 0:
                break
            python.apply(club_action(python) if chooser.random() < 0.8
                         else chooser.choice(python.legal()))
        if python.to_act < 0:
            continue
        native = NativeSchmier.from_state(python)
        actions = [club_action(python)] if python.phase == ROB else python.legal()[:12]
        for action in actions:
            expected = deal_change(python, action, python.to_act, club_action)
            assert playout.deal_change(native, action, python.to_act) == expected, seed
            compared += 1
            after = python.clone()
            deal = after.deal_number
            after.apply(action)
            ended += after.deal_number != deal
        state, twin = python.clone(), NativeSchmier.from_state(python)
        finish_deal(state, club_action)
        playout.finish_deal(twin)
        assert fields(twin) == fields(state)
    assert compared > 200 and ended > 0


def test_a_throwing_in_pass_is_valued_as_in_python() -> None:
    """The dealer's pass after five passes throws the deal in: on both paths nothing more
    is played and it is worth nothing; the dealer's bids are valued alike."""
    options = resolve("schmier", INFO.options, {"first_dealer": 2})
    for seed in range(10):
        python = SchmierState(options, seed)
        while python.to_act != python.dealer:
            python.apply(0)
        native = NativeSchmier.from_state(python)
        assert playout.deal_change(native, 0, python.to_act) == 0.0, seed
        for action in python.legal():
            expected = deal_change(python, action, python.to_act, club_action)
            assert playout.deal_change(native, action, python.to_act) == expected, seed


def test_the_expert_ranks_alike_on_either_path() -> None:
    checked = 0
    for seed in range(6):
        match = stammtisch.new_match("schmier", seed=seed)
        rng = random.Random(seed)
        for _ in range(rng.randrange(40)):
            if match.to_act is None:
                break
            match.play(rng.choice(match.legal_actions()))
        if match.to_act is None:
            continue
        view = match.view(match.to_act)
        python = ExpertBot(seed, 1000.0, max_samples=24, compiled=False).analyze(view)
        compiled = ExpertBot(seed, 1000.0, max_samples=24, compiled=True).analyze(view)
        assert compiled == python, seed
        checked += 1
    assert checked >= 4


def test_the_largest_rob_is_listed_alike() -> None:
    """The dealer holds 23 cards, none a trump (a stacked deck; nobody exchanges):
    100,947 legal discards."""
    plain = [c for c in SCHMIER_DECK if not TRUMPS[0] >> c & 1]
    rest = [c for c in SCHMIER_DECK if TRUMPS[0] >> c & 1] + plain[23:]
    deck = [0] * len(SCHMIER_DECK)
    dealers = [i for i in range(len(deck)) if i >= 36 or i % 6 == 5]  # seat 0 deals
    for i, card in zip(dealers, plain, strict=False):
        deck[i] = card
    others = iter(rest)
    for i in range(len(deck)):
        if i not in dealers:
            deck[i] = next(others)
    options = resolve("schmier", INFO.options, {"first_dealer": 0})
    python = SchmierState(options, 1, (tuple(deck),))
    python.auction, python.high_bid, python.bidder = [(1, 3)], 3, 1
    python.phase, python.to_act = "trump", 1
    python.apply(4)  # clubs
    while python.phase != ROB:
        python.apply(python.legal()[0])
    native = NativeSchmier.from_state(python)
    legal = python.legal()
    assert len(legal) == math.comb(23, 6)
    assert native.legal() == legal
