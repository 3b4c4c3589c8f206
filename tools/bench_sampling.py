"""How fast the experts' samplers build sample states, per game, on one core.

``python -m tools.bench_sampling [--seconds S] [--games g1,g2]``

Views are collected along club-played matches (the seat to act, where it has a
choice); for each view the game's sampler (``bots/<game>/determinize.py``) is
asked for samples until the time per view is spent. Two figures per game:

- ``sample``: what a search pays per world: reading the view once per decision
  (as the experts do), then sampling the hidden cards and building the state.
- ``from_view``: the state alone, ``State.from_view`` with a fixed guess of the
  hidden cards, per sample (where the engine's share of the cost shows);
- ``for_view``: the same states from ``State.for_view(view)``, built once per view
  and called per guess (the public part read once), where a game offers it.
"""

from __future__ import annotations

import argparse
import importlib
import random
import sys
import time
from collections.abc import Callable
from typing import Any

import stammtisch
from stammtisch.bots.registry import make_bot

GAMES = ("scat", "schnauz", "schmier", "schnapsen")
VIEWS = 40
"""Views per game (spread over a few matches)."""


def views_of(game: str, count: int = VIEWS) -> list[dict[str, Any]]:
    """Views of the seat to act with a choice, along club-played matches."""
    found: list[dict[str, Any]] = []
    seed = 0
    while len(found) < count:
        options: dict[str, Any] = {"num_players": 4} if game in ("scat", "schnauz") else {}
        match = stammtisch.new_match(game, seed=seed, **options)
        bots = [make_bot(game, "club", seed, s) for s in range(match.num_players)]
        step = 0
        while (seat := match.to_act) is not None and len(found) < count and step < 400:
            view = match.view(seat)
            if len(view["legal_actions"]) > 1 and step % 3 == 0:
                found.append(view)
            match.play(bots[seat].choose(view))
            step += 1
        seed += 1
    return found


def sampler(game: str, view: dict[str, Any]) -> Callable[[random.Random], Any]:
    """One decision's sampler of worlds: the view read once, then a world per call."""
    module: Any = importlib.import_module(f"stammtisch.bots.{game}.determinize")
    seen_module: Any = importlib.import_module(f"stammtisch.bots.{game}.seen")
    typed: Any = view
    if game == "schnapsen":
        seen = seen_module.read_view(typed)
        build = module.state_builder(seen)
        return lambda rng: build(*module.sample_hidden(seen, rng), rng.getrandbits(32))
    seen = seen_module.read(typed)
    if game == "schmier":
        return lambda rng: module.build(seen, rng)
    return lambda rng: module.build(typed, seen, rng)


def rate(make: Callable[[random.Random], Any], seconds: float) -> tuple[int, float]:
    """Samples made in about ``seconds`` of one core, and the seconds they took."""
    rng = random.Random(1)
    count, started = 0, time.process_time()
    while True:
        for _ in range(20):
            make(rng)
        count += 20
        spent = time.process_time() - started
        if spent >= seconds:
            return count, spent


def measure(game: str, seconds: float) -> dict[str, float]:
    """Per second over the game's views: samples through the sampler, states through
    ``from_view`` alone, and through ``for_view`` (where the game has it)."""
    views = views_of(game)
    each = seconds / len(views) / 3
    made = {"sample": 0, "from_view": 0, "for_view": 0}
    spent = dict.fromkeys(made, 0.0)

    def add(path: str, figure: tuple[int, float]) -> None:
        made[path] += figure[0]
        spent[path] += figure[1]

    for view in views:
        for path, make in paths(game, view).items():
            add(path, rate(make, each))
    return {path: made[path] / spent[path] for path in made if spent[path]}


def paths(game: str, view: dict[str, Any]) -> dict[str, Callable[[random.Random], Any]]:
    """The ways to a sample state of ``view`` that :func:`measure` times."""
    make = sampler(game, view)
    state = make(random.Random(0))
    hidden = hidden_of(game, state)
    state_type = type(state)
    found = {"sample": make,
             "from_view": lambda _rng: state_type.from_view(view, hidden)}
    if hasattr(state_type, "for_view"):
        guessed = state_type.for_view(view)
        found["for_view"] = lambda _rng: guessed(hidden)
    return found


def hidden_of(game: str, state: Any) -> Any:
    """The guess a sample was built from, read back off the sample."""
    module: Any = importlib.import_module(f"stammtisch.games.{game}")
    if game == "schnapsen":
        face_down = max(state.t - 1, 0)
        return module.SchnapsenHidden(tuple(state.hands), state.deck[state.talon_pos:
                                      state.talon_pos + face_down], state.seed)
    if game == "schmier":
        return module.SchmierHidden(tuple(state.hands), tuple(state.stock), state.seed,
                                    discards=tuple(state.discards))
    hidden = module.ScatHidden if game == "scat" else module.SchnauzHidden
    return hidden(tuple(state.hands), tuple(state.stock), state.seed)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m tools.bench_sampling")
    parser.add_argument("--seconds", type=float, default=8.0, help="per game")
    parser.add_argument("--games", default=",".join(GAMES))
    args = parser.parse_args(argv)
    for game in args.games.split(","):
        if game not in GAMES:
            parser.error(f"no sampler for {game!r}: one of {', '.join(GAMES)}")
        figures = measure(game, args.seconds)
        sys.stdout.write(f"{game:10s} " + "   ".join(
            f"{path} {per_second:7.0f}/s" for path, per_second in figures.items()) + "\n")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
