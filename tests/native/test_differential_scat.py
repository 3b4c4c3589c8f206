"""Scat's compiled core against its Python reference, side by side (stammtisch.native).

Over random matches under every combination of Scat's choice and yes/no options
(with 2 to 9 players, a few knock minimums and few lives, so deals, reshuffles,
eliminations and the match's end come often), the compiled ``ScatMatch`` and the
Python ``ScatState`` must offer the same legal actions and hold the same state
(``dump()``, ``result()`` and the fields the bots read) after every action, also
through clones; the compiled play-out policy must choose ``rollout_policy``'s move
in every position, and the compiled play-out must give ``standing(play_round(...))``
of the Python one on the expert's sampled worlds.

The compiled core must be built for these tests: a missing build fails them
(``make .venv/.installed`` or ``pip install -e .`` builds it in place).
"""

from __future__ import annotations

import itertools
import random
from typing import Any

import pytest

from stammtisch.bots.scat.determinize import determinize
from stammtisch.bots.scat.players import load_rollout
from stammtisch.bots.scat.policy import rollout_policy
from stammtisch.bots.thirty_one import play_round, standing
from stammtisch.core.options import resolve
from stammtisch.errors import OptionError
from stammtisch.games.scat import DECLINE, KNOCK, OPTIONS, ScatState
from stammtisch.games.scat_types import scat_view
from stammtisch.native import scat as facade

try:
    from stammtisch.native import scat_core
    from stammtisch.native.scat_core import ScatMatch, play_random
    from stammtisch.native.twister import Twister
except ImportError as error:  # pragma: no cover - the build is required, see the header
    pytest.fail(f"the compiled core is not built ({error}): run `make .venv/.installed` or "
                "`pip install -e .` with a C compiler", pytrace=False)

SWITCHES: dict[str, tuple[Any, ...]] = {
    "three_of_a_kind": (False, True),
    "three_of_a_kind_value": (30, 30.5),
    "straight_flush": (False, True),
    "straight_flush_ace_low": (True, False),
    "throw_down": (False, True),
    "knock_allowed_first_round": (True, False),
    "knocker_lowest_penalty": (2, 1),
    "empty_stock": ("reshuffle", "showdown"),
}
"""Every value of each choice and yes/no option (the rest are counts and seats)."""
COMBINATIONS = [dict(zip(SWITCHES, values, strict=True))
                for values in itertools.product(*SWITCHES.values())]
MIN_KNOCKS = (0, 20, 27)
FIELDS = ("num_players", "seed", "phase", "deal_number", "dealer", "to_act", "lives",
          "eliminated", "eliminated_order", "active", "hands", "known", "pile", "stock",
          "taken", "knocker", "turned", "declined", "reshuffles", "last_showdown",
          "halt_between_deals")


def options(switches: dict[str, Any], rng: random.Random) -> dict[str, Any]:
    chosen = {**switches, "num_players": rng.randint(2, 9), "lives": rng.randint(1, 2),
              "first_dealer": "random", "min_knock_score": rng.choice(MIN_KNOCKS)}
    return resolve("scat", OPTIONS, chosen)


def same(python: ScatState, native: ScatMatch) -> None:
    for field in FIELDS:
        assert getattr(native, field) == getattr(python, field), field
    assert native.legal() == python.legal()
    assert native.dump() == python.dump()
    assert native.result() == python.result()


def pick(legal: list[int], rng: random.Random) -> int:
    """A random legal action, seldom a knock or a throw-down (longer rounds)."""
    if len(legal) > 1 and rng.random() < 0.8:
        calmer = [a for a in legal if a not in (KNOCK, 0)] or legal
        return DECLINE if DECLINE in legal else rng.choice(calmer)
    return rng.choice(legal)


def test_the_switches_cover_every_option() -> None:
    counts = {"num_players", "lives", "first_dealer", "min_knock_score"}
    assert set(SWITCHES) | counts == {spec.name for spec in OPTIONS}
    for name, values in SWITCHES.items():
        for value in values:
            assert resolve("scat", OPTIONS, {"num_players": 3, name: value})[name] == value
        with pytest.raises(OptionError):
            resolve("scat", OPTIONS, {"num_players": 3, name: "none of these"})


@pytest.mark.parametrize("index", range(0, len(COMBINATIONS), 2))
def test_random_matches_step_by_step(index: int) -> None:
    rng = random.Random(index)
    for combination in COMBINATIONS[index:index + 2]:
        python = ScatState(options(combination, rng), rng.getrandbits(63))
        native = ScatMatch(python.options, python.seed)
        for step in range(300):
            same(python, native)
            legal = python.legal()
            if not legal:
                break
            action = pick(legal, rng)
            if step % 37 == 5:
                twin = native.clone()
                twin.apply(legal[0])
                same(python, native)
            python.apply(action)
            native.apply(action)
        same(python, native)


def test_a_state_converted_mid_match_plays_on_alike() -> None:
    rng = random.Random(7)
    for combination in COMBINATIONS[::7]:
        python = ScatState(options(combination, rng), rng.getrandbits(63))
        for _ in range(rng.randrange(40)):
            if not python.legal():
                break
            python.apply(pick(python.legal(), rng))
        native = ScatMatch.from_state(python)
        for _ in range(100):
            same(python, native)
            if not python.legal():
                break
            action = pick(python.legal(), rng)
            python.apply(action)
            native.apply(action)


def test_the_compiled_policy_moves_as_rollout_policy() -> None:
    load_rollout()
    rng = random.Random(3)
    for combination in COMBINATIONS:
        python = ScatState(options(combination, rng), rng.getrandbits(63))
        native = ScatMatch.from_state(python)
        for _ in range(120):
            if not python.legal():
                break
            move = rollout_policy(python)
            assert native.rollout_move() == move
            # now and then another move, so positions stray from the policy's line
            action = pick(python.legal(), rng) if rng.random() < 0.3 else move
            python.apply(action)
            native.apply(action)


def worlds(count: int, seed: int) -> list[tuple[ScatState, int]]:
    """The expert's sampled worlds (halting between deals) from random positions."""
    rng = random.Random(seed)
    found: list[tuple[ScatState, int]] = []
    while len(found) < count:
        state = ScatState(options(rng.choice(COMBINATIONS), rng), rng.getrandbits(63))
        for _ in range(rng.randrange(16)):
            if not state.legal():
                break
            state.apply(pick(state.legal(), rng))
        if not state.legal():
            continue
        seat = state.to_act
        found.append((determinize(scat_view(state.view(seat)), rng), seat))
    return found


def test_compiled_play_outs_value_as_the_python_ones() -> None:
    load_rollout()
    for world, seat in worlds(150, 11):
        assert world.halt_between_deals
        native = ScatMatch.from_state(world)
        for first in world.legal():
            expected = standing(play_round(world.clone(), rollout_policy, first), seat)
            assert scat_core.play_out(native, first, seat) == expected
            assert facade.play_out(world, first, seat) == expected


def test_random_play_in_c_draws_as_the_python_loop() -> None:
    """``play_random`` is the loop ``apply(rng.choice(legal()))`` in C, with a Twister's draws."""
    rng = random.Random(5)
    for combination in COMBINATIONS[::3]:
        python = ScatState(options(combination, rng), rng.getrandbits(63))
        native = ScatMatch.from_state(python)
        seed = rng.getrandbits(32)
        python_rng = random.Random(seed)
        played = 0
        while python.legal() and played < 500:
            python.apply(python_rng.choice(python.legal()))
            played += 1
        assert play_random(native, Twister(seed), 500) == played
        same(python, native)
