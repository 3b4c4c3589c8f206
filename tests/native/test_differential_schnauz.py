"""Schnauz's compiled core against its Python reference, side by side (stammtisch.native).

Over random matches under every combination of Schnauz's choice and yes/no options
(with 2 to 6 players and few lives, so deals, eliminations and the match's end come
often), the compiled ``SchnauzMatch`` and the Python ``SchnauzState`` must offer the
same legal actions and hold the same state (``dump()``, ``result()`` and the fields
the bots read) after every action, also through clones; the compiled club must
choose ``club_policy``'s move in every position, and the compiled play-out must give
``standing(play_round(...))`` of the Python one on the expert's sampled worlds.

The compiled core must be built for these tests: a missing build fails them
(``make .venv/.installed`` or ``pip install -e .`` builds it in place).
"""

from __future__ import annotations

import itertools
import random
from typing import Any

import pytest

from stammtisch.bots.schnauz.determinize import determinize
from stammtisch.bots.schnauz.players import load_club
from stammtisch.bots.schnauz.policy import club_policy
from stammtisch.bots.thirty_one import play_round, standing
from stammtisch.core.options import resolve
from stammtisch.errors import OptionError
from stammtisch.games.schnauz import OPTIONS, SchnauzState
from stammtisch.games.schnauz_types import schnauz_view
from stammtisch.native import schnauz as facade

try:
    from stammtisch.native import schnauz_core
    from stammtisch.native.schnauz_core import SchnauzMatch, play_random
    from stammtisch.native.twister import Twister
except ImportError as error:  # pragma: no cover - the build is required, see the header
    pytest.fail(f"the compiled core is not built ({error}): run `make .venv/.installed` or "
                "`pip install -e .` with a C compiler", pytrace=False)

SWITCHES: dict[str, tuple[Any, ...]] = {
    "deck_variant": ("A7", "A9", "A5"),
    "knock_allowed_first_round": (True, False),
    "dealt_combo_check": ("after_dealer_choice", "before_dealer_choice"),
    "short_stock_on_all_pass": ("showdown", "reshuffle", "continue"),
    "fire_effect": ("lowest_loses", "all_others_lose"),
    "knocker_lowest_penalty": (1, 2),
}
"""Every value of each choice and yes/no option (the rest are counts and seats)."""
COMBINATIONS = [dict(zip(SWITCHES, values, strict=True))
                for values in itertools.product(*SWITCHES.values())]
FIELDS = ("num_players", "seed", "deck_variant", "phase", "deal_number", "dealer", "to_act",
          "lives", "eliminated", "eliminated_order", "active", "hands", "table", "stock",
          "out_of_play", "public", "knocker", "final_turns_left", "passes", "turned",
          "reshuffles", "showdown", "halt_between_deals", "knock_first_round")


def options(switches: dict[str, Any], rng: random.Random) -> dict[str, Any]:
    chosen = {**switches, "num_players": rng.randint(2, 6), "lives": rng.randint(1, 2),
              "first_dealer": "random"}
    return resolve("schnauz", OPTIONS, chosen)


def same(python: SchnauzState, native: SchnauzMatch) -> None:
    for field in FIELDS:
        assert getattr(native, field) == getattr(python, field), field
    assert native.legal() == python.legal()
    assert native.dump() == python.dump()
    assert native.result() == python.result()


def test_the_switches_cover_every_option() -> None:
    counts = {"num_players", "lives", "first_dealer"}
    assert set(SWITCHES) | counts == {spec.name for spec in OPTIONS}
    for name, values in SWITCHES.items():
        for value in values:
            assert resolve("schnauz", OPTIONS, {"num_players": 3, name: value})[name] == value
    for name in SWITCHES:
        with pytest.raises(OptionError):
            resolve("schnauz", OPTIONS, {"num_players": 3, name: "none of these"})


@pytest.mark.parametrize("index", range(len(COMBINATIONS)))
def test_random_matches_step_by_step(index: int) -> None:
    rng = random.Random(index)
    for _ in range(2):
        python = SchnauzState(options(COMBINATIONS[index], rng), rng.getrandbits(63))
        native = SchnauzMatch(python.options, python.seed)
        for step in range(400):
            same(python, native)
            legal = python.legal()
            if not legal:
                break
            # mostly passes, so all-pass rounds, short stocks and reshuffles come up
            action = 2 if rng.random() < 0.5 and 2 in legal else rng.choice(legal)
            if step % 37 == 5:
                twin = native.clone()
                twin.apply(legal[0])
                same(python, native)
            python.apply(action)
            native.apply(action)
        same(python, native)


def test_a_state_converted_mid_match_plays_on_alike() -> None:
    rng = random.Random(7)
    for combination in COMBINATIONS[::5]:
        python = SchnauzState(options(combination, rng), rng.getrandbits(63))
        for _ in range(rng.randrange(30)):
            if not python.legal():
                break
            python.apply(rng.choice(python.legal()))
        native = SchnauzMatch.from_state(python)
        for _ in range(100):
            same(python, native)
            if not python.legal():
                break
            action = rng.choice(python.legal())
            python.apply(action)
            native.apply(action)


@pytest.mark.parametrize("variant", ["A7", "A9", "A5"])
def test_the_compiled_club_moves_as_club_policy(variant: str) -> None:
    load_club(variant)
    rng = random.Random(variant)
    for combination in COMBINATIONS:
        if combination["deck_variant"] != variant:
            continue
        python = SchnauzState(options(combination, rng), rng.getrandbits(63))
        native = SchnauzMatch.from_state(python)
        for _ in range(150):
            if not python.legal():
                break
            move = club_policy(python)
            assert native.club_move() == move
            # now and then another move, so positions stray from the club's line
            action = rng.choice(python.legal()) if rng.random() < 0.3 else move
            python.apply(action)
            native.apply(action)


def worlds(count: int, seed: int) -> list[tuple[SchnauzState, int]]:
    """The expert's sampled worlds (halting between deals) from random positions."""
    rng = random.Random(seed)
    found: list[tuple[SchnauzState, int]] = []
    while len(found) < count:
        combination = rng.choice(COMBINATIONS)
        state = SchnauzState(options(combination, rng), rng.getrandbits(63))
        for _ in range(rng.randrange(12)):
            if not state.legal():
                break
            state.apply(rng.choice(state.legal()))
        if not state.legal():
            continue
        seat = state.to_act
        found.append((determinize(schnauz_view(state.view(seat)), rng), seat))
    return found


def test_compiled_play_outs_value_as_the_python_ones() -> None:
    for world, seat in worlds(150, 11):
        assert world.halt_between_deals
        load_club(world.deck_variant)
        native = SchnauzMatch.from_state(world)
        for first in world.legal():
            expected = standing(play_round(world.clone(), club_policy, first), seat)
            assert schnauz_core.play_out(native, first, seat) == expected
            assert facade.play_out(world, first, seat) == expected
            assert facade.play_out(native, first, seat) == expected


def test_random_play_in_c_draws_as_the_python_loop() -> None:
    """``play_random`` is the loop ``apply(rng.choice(legal()))`` in C, with a Twister's draws."""
    rng = random.Random(5)
    for combination in COMBINATIONS[::3]:
        python = SchnauzState(options(combination, rng), rng.getrandbits(63))
        native = SchnauzMatch.from_state(python)
        seed = rng.getrandbits(32)
        python_rng = random.Random(seed)
        played = 0
        while python.legal() and played < 500:
            python.apply(python_rng.choice(python.legal()))
            played += 1
        assert play_random(native, Twister(seed), 500) == played
        same(python, native)
