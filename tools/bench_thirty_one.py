"""Play-outs per second of the thirty-one games' expert, Python and compiled, in one run.

A play-out is what the Schnauz expert's search runs per world and action
(bots/thirty_one.py): the action on a copy of a sampled world, then the club's
moves for every seat to the end of the round, valued by ``standing``. Both paths
play the same play-outs: the same worlds (the expert's sampler on views of random
positions under the default options with 2 to 6 players), every legal first
action of each. ``python``: ``standing(play_round(world.clone(), club_policy,
first), seat)``; ``compiled``: ``schnauz_core.play_out`` on the world converted
once (the conversion counted). Also the engine's random legal actions per second,
the Python fast path and the compiled match driven from Python.

Run: ``python -m tools.bench_thirty_one [--seconds S]`` (CPU seconds per figure).
"""

from __future__ import annotations

import argparse
import random
import time

from stammtisch.bots.schnauz.determinize import determinize
from stammtisch.bots.schnauz.players import load_club
from stammtisch.bots.schnauz.policy import club_policy
from stammtisch.bots.thirty_one import play_round, standing
from stammtisch.core.options import resolve
from stammtisch.games.schnauz import OPTIONS, SchnauzState
from stammtisch.games.schnauz_types import schnauz_view
from stammtisch.native import schnauz as native


def worlds(count: int, seed: int = 5) -> list[tuple[SchnauzState, int]]:
    """The expert's sampled worlds of random positions, with the seat to act."""
    rng = random.Random(seed)
    found: list[tuple[SchnauzState, int]] = []
    while len(found) < count:
        options = resolve("schnauz", OPTIONS, {"num_players": rng.randint(2, 6)})
        state = SchnauzState(options, rng.getrandbits(63))
        for _ in range(rng.randrange(10)):
            if not state.legal():
                break
            state.apply(rng.choice(state.legal()))
        if state.legal():
            seat = state.to_act
            found.append((determinize(schnauz_view(state.view(seat)), rng), seat))
    return found


def python_play_outs(sampled: list[tuple[SchnauzState, int]], seconds: float) -> float:
    count, start = 0, time.process_time()
    while True:
        for world, seat in sampled:
            for first in world.legal():
                standing(play_round(world.clone(), club_policy, first), seat)
                count += 1
        spent = time.process_time() - start
        if spent >= seconds:
            return count / spent


def compiled_play_outs(sampled: list[tuple[SchnauzState, int]], seconds: float) -> float:
    from stammtisch.native import schnauz_core

    load_club("A7")
    play_out = schnauz_core.play_out
    count, start = 0, time.process_time()
    while True:
        for world, seat in sampled:
            match = schnauz_core.SchnauzMatch.from_state(world)
            for first in world.legal():
                play_out(match, first, seat)
                count += 1
        spent = time.process_time() - start
        if spent >= seconds:
            return count / spent


def random_steps(make: type, seconds: float) -> float:
    """Random legal actions per CPU second through ``legal()``/``apply()``."""
    rng = random.Random(3)
    options = resolve("schnauz", OPTIONS, {"num_players": 4})
    count, start = 0, time.process_time()
    while time.process_time() - start < seconds:
        state = make(options, rng.getrandbits(63))
        if hasattr(state, "events"):
            try:
                state.events = None
            except AttributeError:
                pass
        legal = state.legal()
        while legal:
            state.apply(rng.choice(legal))
            count += 1
            legal = state.legal()
    return count / (time.process_time() - start)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=5.0)
    parser.add_argument("--worlds", type=int, default=200)
    args = parser.parse_args()
    sampled = worlds(args.worlds)
    python = python_play_outs(sampled, args.seconds)
    print(f"schnauz play-outs python   {python:>12,.0f} /s")
    steps = random_steps(SchnauzState, args.seconds)
    print(f"schnauz random steps python   {steps:>9,.0f} /s")
    if not native.available():
        print(f"schnauz compiled: not measured: {native.missing_reason()}")
        return
    from stammtisch.native.schnauz_core import SchnauzMatch

    compiled = compiled_play_outs(sampled, args.seconds)
    print(f"schnauz play-outs compiled {compiled:>12,.0f} /s = {compiled / python:.1f}x the Python")
    native_steps = random_steps(SchnauzMatch, args.seconds)
    print(f"schnauz random steps compiled {native_steps:>9,.0f} /s = "
          f"{native_steps / steps:.1f}x the Python (driven from Python)")


if __name__ == "__main__":
    main()
