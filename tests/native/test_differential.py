"""The compiled core against its Python reference, side by side (stammtisch.native).

Over random deals under Schnapsen's options (every combination of the choice and
yes/no options in the slow sweep, a covering sample in the fast one), the
compiled match and the Python ``SimulatedMatch`` dealt from the same generator
state must offer the same legal actions and hold the same state (every public
field, the views of both seats, ``dump()``, ``result()``) after every action,
also through clones. The compiled play-outs must choose the same actions from
the same random numbers, and the compiled solver must give the Python solver's
values and visit as many nodes on closed-talon positions.

The compiled core must be built for these tests: a missing build fails them
(``make .venv/.installed`` or ``pip install -e .`` builds it in place).
"""

from __future__ import annotations

import itertools
import random
from collections.abc import Iterator
from typing import Any

import pytest

from stammtisch.bots.schnapsen import policy as python_playout
from stammtisch.bots.schnapsen import solver as python_solver
from stammtisch.core.options import resolve
from stammtisch.games import find_game
from stammtisch.games.schnapsen import Rules, SchnapsenState
from stammtisch.games.schnapsen_sim import SimulatedMatch

try:
    from stammtisch.native import schnapsen_playout as native_playout
    from stammtisch.native import schnapsen_solver as native_solver
    from stammtisch.native.schnapsen_core import NativeMatch, play_random
    from stammtisch.native.twister import Twister
except ImportError as error:  # pragma: no cover - the build is required, see the header
    pytest.fail(f"the compiled core is not built ({error}): run `make .venv/.installed` or "
                "`pip install -e .` with a C compiler", pytrace=False)

INFO = find_game("schnapsen")
FIELDS = (
    "game_points", "dealer", "deal_number", "to_act", "over", "last_deal", "deck", "talon_pos",
    "t", "trump_card", "trump_suit", "low_trump", "closer", "strict", "hands", "lead_card",
    "leader", "declared", "claim_ok", "points", "pending", "tricks", "won", "close_points",
    "close_tricks", "marriages", "exchanges", "history", "phase", "seed", "decks", "events",
)
"""Every field of the engine's state a caller may read."""
SWITCH_VALUES: dict[str, tuple[Any, Any]] = {
    "deck_size": (20, 24),
    "hand_size": (5, 6),
    "follow_suit_mode": ("after_close_or_exhaustion", "always"),
    "strict_must_head": (False, True),
    "strict_must_trump": (False, True),
    "end_mode": ("first_to_66", "all_cards"),
    "claim_mode": ("automatic", "manual"),
    "schwarz_basis": ("points", "tricks"),
    "first_to_66_award": ("graded", "flat"),
    "no_66_result": ("no_winner", "last_trick"),
    "closed_score_snapshot": ("end", "at_close"),
    "closer_fail_award": ("seed", "traditional"),
    "marriage_after_close_or_exhaustion": (False, True),
    "last_trick_bonus": (0, 10),
}
"""The options with two values each (docs/rules/schnapsen.md §3); the ints are drawn."""
DRAWN = ("schneider_max_points", "match_target", "first_dealer")
SWITCHES = list(SWITCH_VALUES)

State = SchnapsenState | NativeMatch


def all_switch_combinations() -> Iterator[dict[str, Any]]:
    for values in itertools.product(*SWITCH_VALUES.values()):
        yield dict(zip(SWITCHES, values, strict=True))


def drawn_switches(rng: random.Random) -> dict[str, Any]:
    return {name: rng.choice(values) for name, values in SWITCH_VALUES.items()}


def test_the_sweep_knows_every_option() -> None:
    """A new option must join the sweep (or the drawn ones), never be left at its default."""
    assert {spec.name for spec in INFO.options} == set(SWITCHES) | set(DRAWN)
    for spec in INFO.options:
        if spec.name in SWITCH_VALUES:
            assert all(spec.accepts(value) for value in SWITCH_VALUES[spec.name]), spec.name


def rules_for(switches: dict[str, Any], rng: random.Random, max_target: int) -> Rules:
    options = dict(switches, schneider_max_points=rng.choice((0, 33, rng.randrange(66))),
                   match_target=rng.randint(1, max_target),
                   first_dealer=rng.choice((0, 1, "random")))
    return Rules(resolve("schnapsen", INFO.options, options))


def fields(state: State) -> tuple[Any, ...]:
    return tuple(getattr(state, name) for name in FIELDS)


def assert_same(python: State, native: State, where: str) -> None:
    assert fields(native) == fields(python), where
    if python.to_act < 0 or python.lead_card < 0:  # deal ends, leads: the full picture
        for seat in (None, 0, 1):
            assert native.view(seat) == python.view(seat), f"{where}: view of {seat}"
        assert native.dump() == python.dump(), where
        assert native.result() == python.result(), where


def play_side_by_side(rules: Rules, seed: int, max_deals: int = 3) -> tuple[int, int]:
    """One match on both paths with random legal actions; the actions and deals played."""
    python: State = SimulatedMatch(rules, random.Random(seed))
    native: State = NativeMatch(rules, random.Random(seed) if seed % 2 else Twister(seed))
    chooser = random.Random(~seed)
    played = 0
    while python.to_act >= 0 and python.deal_number < max_deals:
        where = f"seed {seed}, action {played}"
        legal = python.legal()
        assert native.legal() == legal, where
        assert_same(python, native, where)
        if chooser.random() < 0.03:
            python, native = check_clones(python, native, chooser, where)
            continue
        action = legal[chooser.randrange(len(legal))]
        python.apply(action)
        native.apply(action)
        played += 1
    assert_same(python, native, f"seed {seed}, the end")
    return played, python.deal_number + (1 if python.over else 0)


def check_clones(python: State, native: State, chooser: random.Random,
                 where: str) -> tuple[State, State]:
    """Clones equal their originals, leave them untouched when played, play on the same."""
    before = fields(python)
    python_copy, native_copy = python.clone(), native.clone()
    assert fields(native_copy) == fields(python_copy) == before, where
    for _ in range(chooser.randrange(1, 6)):
        if python_copy.to_act < 0:
            break
        legal = python_copy.legal()
        assert native_copy.legal() == legal, where
        action = legal[chooser.randrange(len(legal))]
        python_copy.apply(action)
        native_copy.apply(action)
        assert fields(native_copy) == fields(python_copy), f"{where}: a clone"
    assert fields(python) == fields(native) == before, f"{where}: a clone changed its original"
    return python_copy, native_copy


# -- the generator ---------------------------------------------------------------

@pytest.mark.parametrize("seed", [0, 1, 7, 12345, 2**32, 2**80 + 3, -5])
def test_twister_draws_what_random_draws(seed: int) -> None:
    python, native = random.Random(seed), Twister(seed)
    for step in range(3000):
        k = step % 33
        assert native.getrandbits(k) == python.getrandbits(k), (seed, step)
        assert native.random() == python.random()
        n = 1 + step % 40
        assert native.randrange(n) == python.randrange(n)
    copy = Twister.from_random(python)
    assert [copy.getrandbits(32) for _ in range(700)] == \
        [python.getrandbits(32) for _ in range(700)]
    copy.sync_to(python)
    assert python.getstate() == copy.getstate()


def test_twister_refuses_what_it_cannot_draw() -> None:
    with pytest.raises(ValueError, match="0..32 bits"):
        Twister(1).getrandbits(33)
    with pytest.raises(ValueError, match="empty range"):
        Twister(1).randrange(0)
    with pytest.raises(TypeError, match="seeded with an int"):
        Twister("seed")  # type: ignore[arg-type]


# -- the engine's fast path ------------------------------------------------------

def test_every_option_set_to_each_value_plays_the_same() -> None:
    """Each choice and yes/no option at each value (the others drawn), many matches."""
    rng = random.Random(31)
    played = 0
    for name, values in SWITCH_VALUES.items():
        for value in values:
            for _ in range(12):
                switches = drawn_switches(rng)
                switches[name] = value
                played += play_side_by_side(rules_for(switches, rng, 7),
                                            rng.getrandbits(40))[0]
    assert played > 10_000


PARTS = 4
"""The combinations are played in this many tests, so that the workers share them."""


@pytest.mark.slow
@pytest.mark.parametrize("part", range(PARTS))
def test_every_option_combination_plays_the_same(part: int) -> None:
    """All 2**14 combinations of the choice and yes/no options (every ``PARTS``-th from
    ``part`` on here), a match each (up to three deals), the ints drawn."""
    assert 2 ** len(SWITCHES) == 16384
    combinations = deals = 0
    for index, switches in enumerate(all_switch_combinations()):
        if index % PARTS != part:
            continue
        rng = random.Random(f"32/{index}")
        rules = rules_for(switches, rng, 2)
        seed = rng.getrandbits(40)
        deals += play_side_by_side(rules, seed, max_deals=3)[1]
        combinations += 1
    assert combinations == 16384 // PARTS
    assert deals > combinations


def test_bad_actions_and_finished_matches_are_refused() -> None:
    rules = rules_for({}, random.Random(1), 1)
    match = NativeMatch(rules, Twister(3))
    with pytest.raises(ValueError, match="not a Schnapsen action id"):
        match.apply(60)
    play_random(match, Twister(4))
    assert match.over and match.legal() == []
    with pytest.raises(ValueError, match="the match is over"):
        match.apply(0)
    with pytest.raises(TypeError, match="random.Random or a Twister"):
        NativeMatch(rules, 5)  # type: ignore[arg-type]


def test_random_play_in_c_draws_as_the_python_loop() -> None:
    """``play_random`` is tools/bench.py's fast loop (``rng.choice`` inlined) in C."""
    rules = rules_for({}, random.Random(2), 7)
    for seed in range(200):
        python_rng, native_rng = random.Random(seed), Twister(seed)
        python = SimulatedMatch(rules, python_rng)
        native = NativeMatch(rules, native_rng)
        played = 0
        while python.to_act >= 0:
            python.apply(python_rng.choice(python.legal()))
            played += 1
        assert play_random(native, native_rng) == played
        assert fields(native) == fields(python)
        assert native_rng.getstate()[1] == python_rng.getstate()[1]


def test_a_public_state_converts_both_ways() -> None:
    """A keyed public match converts to the compiled core and back, and deals on the same."""
    rng = random.Random(5)
    for seed in range(40):
        python = INFO.new_state(resolve("schnapsen", INFO.options, {}), seed, ())
        python.events = None
        assert isinstance(python, SchnapsenState)
        for _ in range(rng.randrange(30)):
            if python.to_act < 0:
                break
            python.apply(rng.choice(python.legal()))
        native = NativeMatch.from_state(python)
        assert fields(native) == fields(python)
        assert fields(native.to_state()) == fields(python)
        while python.to_act >= 0 and python.deal_number < 4:
            action = rng.choice(python.legal())
            assert native.legal() == python.legal()
            python.apply(action)
            native.apply(action)
            assert fields(native) == fields(python)


# -- the play-outs ---------------------------------------------------------------

def _playouts(count: int, max_target: int) -> int:
    rng = random.Random(41)
    compared = 0
    for seed in range(count):
        switches = drawn_switches(rng)
        rules = rules_for(switches, rng, max_target)
        python = SimulatedMatch(rules, random.Random(seed))
        native = NativeMatch(rules, random.Random(seed))
        python_rng, native_rng = random.Random(seed + 1), random.Random(seed + 1)
        while python.to_act >= 0:
            stop = rng.randrange(0, 8)
            done = python_playout.play_until(python, python_rng, stop)
            assert native_playout.play_until(native, native_rng, stop) == done
            assert python_rng.getstate() == native_rng.getstate()
            assert fields(native) == fields(python), seed
            if python.to_act < 0:
                break
            action = python_playout.playout_action(python, python_rng, 0.3)
            assert native_playout.playout_action(native, native_rng, 0.3) == action
            python.apply(action)
            native.apply(action)
            compared += 1
    return compared


def test_playouts_choose_the_same() -> None:
    assert _playouts(150, 3) > 1000


@pytest.mark.slow
def test_playouts_choose_the_same_over_many_matches() -> None:
    assert _playouts(1500, 7) > 15_000


# -- the solver ------------------------------------------------------------------

def closed_talon_positions(count: int, seed: int) -> Iterator[SimulatedMatch]:
    """Positions of default-option deals with the talon closed, exhausted or down to its
    last two cards, reached by random play (closing now and then)."""
    rules = Rules(resolve("schnapsen", INFO.options, {}))
    rng = random.Random(seed)
    found = 0
    while found < count:
        state = SimulatedMatch(rules, random.Random(rng.getrandbits(32)))
        deal = state.deal_number
        while state.deal_number == deal and not state.over:
            if state.strict or state.t <= 2:
                found += 1
                yield state.clone()
                if found >= count or rng.random() < 0.5:
                    break
            legal = state.legal()
            plays = [a for a in legal if a != 53] or legal
            state.apply(rng.choice(legal if rng.random() < 0.08 else plays))


def _solve_side_by_side(count: int, seed: int) -> int:
    positions = 0
    for state in closed_talon_positions(count, seed):
        native = NativeMatch.from_state(state)
        for me in (0, 1):
            python = python_solver.Search(state, me)
            compiled = native_solver.Search(native, me)
            value = python.value(state)
            assert compiled.value(native) == value
            assert compiled.nodes == python.nodes
            # the table reused for each child, as the expert reuses it
            for action in state.legal():
                child = state.clone()
                child.apply(action)
                if child.deal_number != state.deal_number:
                    continue
                native_child = native.clone()
                native_child.apply(action)
                assert compiled.value(native_child) == python.value(child)
                alpha = seed % 3 - 2
                assert compiled.value(native_child, alpha, alpha + 2) == \
                    python.value(child, alpha, alpha + 2)
                assert compiled.nodes == python.nodes
        positions += 1
    return positions


def test_solver_values_are_the_same() -> None:
    assert _solve_side_by_side(150, 1) == 150


@pytest.mark.slow
def test_solver_values_are_the_same_on_thousands_of_positions() -> None:
    assert _solve_side_by_side(2000, 2) == 2000


def test_solver_refuses_what_is_not_a_position() -> None:
    state = next(closed_talon_positions(1, 3))
    search = native_solver.Search(state, 0)
    with pytest.raises(ValueError, match="both hands are empty"):
        search.node(0, 0, 0, 0, 0, 0, 0, 0, 0, -1, 0, 0, -1, -3, 3)
    with pytest.raises(ValueError, match="not a position"):
        search.node(1, 2, 0, 0, 0, 0, 0, 0, 2, -1, 0, 0, -1, -3, 3)
    with pytest.raises(ValueError, match="a seat is 0 or 1"):
        native_solver.Search(state, 2)


# -- the expert's worlds ---------------------------------------------------------

@pytest.mark.parametrize("solve_from", [0, 2])
def test_the_expert_ranks_the_same_with_compiled_worlds(solve_from: int) -> None:
    """The expert values every sampled world on the compiled core as on the Python
    engine, from play-outs to the strict phase and from play-outs to two talon cards:
    the same figures for every action, the same ranking, as many worlds."""
    from stammtisch.bots.schnapsen.players import ExpertBot
    from tools.bench_native import expert_positions

    views = expert_positions(3)
    rng = random.Random(8)
    match = SchnapsenState(resolve("schnapsen", INFO.options, {}), 4)
    while match.to_act >= 0 and not match.strict:  # and one in the strict phase
        match.apply(rng.choice(match.legal()))
    views.append(match.view(match.to_act))
    for view in views:
        python = ExpertBot(seed=2, budget=1000, max_worlds=30, early_stop=False,
                           compiled=False, exact_talon=solve_from)
        compiled = ExpertBot(seed=2, budget=1000, max_worlds=30, early_stop=False,
                             exact_talon=solve_from)
        assert compiled.compiled and not python.compiled
        assert compiled.evaluate(view) == python.evaluate(view)
        assert compiled.worlds == python.worlds > 0
