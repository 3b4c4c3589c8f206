"""Play-outs per second of the thirty-one games' experts, Python and compiled, in one run.

A play-out is what the Schnauz and Scat experts' search runs per world and action
(bots/thirty_one.py): the action on a copy of a sampled world, then the game's
play-out policy (Schnauz: ``club_policy``, Scat: ``rollout_policy``) for every
seat to the end of the round, valued by ``standing``. Both paths play the same
play-outs: the same worlds (the expert's sampler on views of random positions
under the default options with 2 to 6 players), every legal first action of each.
``python``: ``standing(play_round(world.clone(), policy, first), seat)``;
``compiled``: the compiled core's ``play_out`` on the world converted once (the
conversion counted). Also the engine's random legal actions per second: the
Python fast path, the compiled match driven from Python, and whole matches played
in C (``play_random``).

Run: ``python -m tools.bench_thirty_one [--seconds S] [--games schnauz scat]``
(CPU seconds per figure).
"""

from __future__ import annotations

import argparse
import random
import time
from collections.abc import Callable
from dataclasses import dataclass
from types import ModuleType
from typing import Any

from stammtisch.bots.thirty_one import play_round, standing
from stammtisch.core.options import resolve
from stammtisch.games import scat, schnauz
from stammtisch.native import scat as scat_native
from stammtisch.native import schnauz as schnauz_native


@dataclass(frozen=True)
class Game:
    name: str
    state: Callable[[dict[str, Any], int], Any]
    options: tuple[Any, ...]
    sample: Callable[[dict[str, Any], random.Random], Any]
    """The expert's sampler: a world of a seat's view."""
    policy: Callable[[Any], int]
    facade: ModuleType
    core: Callable[[], ModuleType]
    match: Callable[[], Any]
    load: Callable[[], None]
    """Hands the policy's tables to the compiled core."""


def _schnauz() -> Game:
    from stammtisch.bots.schnauz.determinize import determinize
    from stammtisch.bots.schnauz.players import load_club
    from stammtisch.bots.schnauz.policy import club_policy
    from stammtisch.games.schnauz_types import schnauz_view

    def core() -> ModuleType:
        from stammtisch.native import schnauz_core
        return schnauz_core

    return Game("schnauz", schnauz.SchnauzState, schnauz.OPTIONS,
                lambda view, rng: determinize(schnauz_view(view), rng), club_policy,
                schnauz_native, core, lambda: core().SchnauzMatch, lambda: load_club("A7"))


def _scat() -> Game:
    from stammtisch.bots.scat.determinize import determinize
    from stammtisch.bots.scat.players import load_rollout
    from stammtisch.bots.scat.policy import rollout_policy
    from stammtisch.games.scat_types import scat_view

    def core() -> ModuleType:
        from stammtisch.native import scat_core
        return scat_core

    return Game("scat", scat.ScatState, scat.OPTIONS,
                lambda view, rng: determinize(scat_view(view), rng), rollout_policy,
                scat_native, core, lambda: core().ScatMatch, load_rollout)


GAMES: dict[str, Callable[[], Game]] = {"schnauz": _schnauz, "scat": _scat}


def worlds(game: Game, count: int, seed: int = 5) -> list[tuple[Any, int]]:
    """The expert's sampled worlds of random positions, with the seat to act."""
    rng = random.Random(seed)
    found: list[tuple[Any, int]] = []
    while len(found) < count:
        options = resolve(game.name, game.options, {"num_players": rng.randint(2, 6)})
        state = game.state(options, rng.getrandbits(63))
        for _ in range(rng.randrange(10)):
            if not state.legal():
                break
            state.apply(rng.choice(state.legal()))
        if state.legal():
            seat = state.to_act
            found.append((game.sample(state.view(seat), rng), seat))
    return found


def python_play_outs(game: Game, sampled: list[tuple[Any, int]], seconds: float) -> float:
    count, start = 0, time.process_time()
    while True:
        for world, seat in sampled:
            for first in world.legal():
                standing(play_round(world.clone(), game.policy, first), seat)
                count += 1
        spent = time.process_time() - start
        if spent >= seconds:
            return count / spent


def compiled_play_outs(game: Game, sampled: list[tuple[Any, int]], seconds: float) -> float:
    game.load()
    core = game.core()
    match, play_out = game.match(), core.play_out
    count, start = 0, time.process_time()
    while True:
        for world, seat in sampled:
            compiled = match.from_state(world)
            for first in world.legal():
                play_out(compiled, first, seat)
                count += 1
        spent = time.process_time() - start
        if spent >= seconds:
            return count / spent


def random_steps(game: Game, make: Callable[[dict[str, Any], int], Any],
                 seconds: float) -> float:
    """Random legal actions per CPU second through ``legal()``/``apply()`` (4 players)."""
    rng = random.Random(3)
    options = resolve(game.name, game.options, {"num_players": 4})
    count, start = 0, time.process_time()
    while time.process_time() - start < seconds:
        state = make(options, rng.getrandbits(63))
        if isinstance(state, (schnauz.SchnauzState, scat.ScatState)):
            state.events = None  # as a clone on the fast path
        legal = state.legal()
        while legal:
            state.apply(rng.choice(legal))
            count += 1
            legal = state.legal()
    return count / (time.process_time() - start)


def random_steps_in_c(game: Game, seconds: float) -> float:
    """Random legal actions per CPU second of whole matches played in C (``play_random``:
    ``rng.choice``'s draws from a compiled Mersenne Twister; new deals shuffled by
    core.rng, in Python)."""
    from stammtisch.native.twister import Twister

    rng = random.Random(3)
    options = resolve(game.name, game.options, {"num_players": 4})
    make, play_random = game.match(), game.core().play_random
    count, start = 0, time.process_time()
    while time.process_time() - start < seconds:
        count += play_random(make(options, rng.getrandbits(63)), Twister(rng.getrandbits(32)))
    return count / (time.process_time() - start)


def lines(game: Game, seconds: float, count: int) -> list[str]:
    sampled = worlds(game, count)
    python = python_play_outs(game, sampled, seconds)
    steps = random_steps(game, game.state, seconds)
    found = [f"{game.name:<8} play-outs     python   {python:>10,.0f} /s",
             f"{game.name:<8} random steps  python   {steps:>10,.0f} /s"]
    if not game.facade.available():
        return found + [f"{game.name:<8} compiled: not measured: {game.facade.missing_reason()}"]
    compiled = compiled_play_outs(game, sampled, seconds)
    native_steps = random_steps(game, game.match(), seconds)
    found.insert(1, f"{game.name:<8} play-outs     compiled {compiled:>10,.0f} /s = "
                    f"{compiled / python:5.1f}x the Python")
    in_c = random_steps_in_c(game, seconds)
    found.append(f"{game.name:<8} random steps  compiled {native_steps:>10,.0f} /s = "
                 f"{native_steps / steps:5.1f}x the Python (driven from Python)")
    found.append(f"{game.name:<8} random steps  in C     {in_c:>10,.0f} /s = "
                 f"{in_c / steps:5.1f}x the Python (whole matches, play_random)")
    return found


def main() -> None:
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--seconds", type=float, default=5.0)
    parser.add_argument("--worlds", type=int, default=200)
    parser.add_argument("--games", nargs="+", choices=sorted(GAMES), default=list(GAMES))
    args = parser.parse_args()
    for name in args.games:
        for line in lines(GAMES[name](), args.seconds, args.worlds):
            print(line, flush=True)


if __name__ == "__main__":
    main()
