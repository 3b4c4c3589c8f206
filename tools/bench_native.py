"""The compiled core's figures for tools/bench.py: its fast path, the solver, the expert.

- ``compiled``: Schnapsen matches of uniformly random legal actions played wholly
  in C (``schnapsen_core.play_random``: the fast path's ``legal()``/``apply()``,
  dealing and ``rng.choice``'s draws from one running Mersenne Twister), as the
  compiled play-outs run; ``compiled-py``: the same matches driven from Python
  (tools/bench.py's fast loop on a ``NativeMatch``), as a Python caller sees it.
- Solver nodes per second: the Python and the compiled ``Search`` on the same
  closed-talon positions of default-option deals (random play until the talon is
  closed, exhausted or down to two cards), each position solved for both seats
  with a fresh table, until the budget is spent.
- An expert decision's worlds per second: ``ExpertBot`` with ``compiled=False``
  and ``compiled=True`` (the same expert, its worlds evaluated in Python or on the
  compiled core; both with play-outs into the strict phase) deciding the same
  open-talon positions with sampling unstopped and uncapped, worlds over CPU
  seconds; ``deep``: the compiled expert solving from two talon cards, as it
  plays on a budget of 0.5 s or more.
"""

from __future__ import annotations

import random
import time
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from typing import Any

import stammtisch
from stammtisch import native
from stammtisch.core.options import resolve
from stammtisch.games import find_game
from stammtisch.games.schnapsen import Rules
from stammtisch.games.schnapsen_sim import SimulatedMatch
from stammtisch.games.schnapsen_types import SchnapsenView, schnapsen_view

Run = Callable[[int, random.Random], tuple[int, int]]
COMPILED_PATHS = ("compiled", "compiled-py")


def compiled_runner(path: str, max_deals: int,
                    python_loop: Callable[[Callable[[int, random.Random], Any]], Run]) -> Run:
    """The run of a compiled path (``python_loop``: tools/bench.py's fast loop)."""
    from stammtisch.native.schnapsen_core import NativeMatch, play_random
    from stammtisch.native.twister import Twister

    rules = _default_rules()
    if path == "compiled-py":
        return python_loop(lambda _seed, rng: NativeMatch(rules, rng))
    twister: Twister | None = None

    def run(_seed: int, rng: random.Random) -> tuple[int, int]:
        nonlocal twister
        twister = twister or Twister.from_random(rng)
        match = NativeMatch(rules, twister)
        played = play_random(match, twister, max_deals)
        return played, match.deal_number + 1
    return run


def _default_rules() -> Rules:
    return Rules(resolve("schnapsen", find_game("schnapsen").options, {}))


def closed_talon_positions(seed: int) -> Iterator[SimulatedMatch]:
    """Endless closed-talon positions of default-option deals (see the header)."""
    rules = _default_rules()
    rng = random.Random(seed)
    while True:
        state = SimulatedMatch(rules, random.Random(rng.getrandbits(32)))
        while not state.over and state.deal_number == 0:
            if state.strict or state.t <= 2:
                yield state
                break
            legal = state.legal()
            plays = [a for a in legal if a != 53] or legal
            state.apply(rng.choice(legal if rng.random() < 0.08 else plays))


@dataclass(frozen=True)
class Rate:
    what: str
    count: int
    seconds: float

    @property
    def per_second(self) -> float:
        return self.count / self.seconds


def solver_rates(seconds: float) -> list[Rate]:
    """Nodes per CPU second of the Python and (when built) the compiled solver."""
    from stammtisch.bots.schnapsen.solver import Search

    makers: list[tuple[str, Callable[[Any, int], Any]]] = [("python", Search)]
    if native.available():
        from stammtisch.native.schnapsen_solver import Search as CompiledSearch

        makers.append(("compiled", lambda state, me: CompiledSearch(state, me)))
    rates = []
    for name, make in makers:
        nodes = 0
        start = time.process_time()
        for state in closed_talon_positions(11):
            position = native.to_native(state) if name == "compiled" else state
            for me in (0, 1):
                search = make(position, me)
                search.value(position)
                nodes += search.nodes
            if time.process_time() - start >= seconds:
                break
        rates.append(Rate(name, nodes, time.process_time() - start))
    return rates


def expert_positions(count: int) -> list[SchnapsenView]:
    """Views of Schnapsen decisions with the talon open (play-outs into the solver)."""
    views: list[SchnapsenView] = []
    rng = random.Random(21)
    seed = 0
    while len(views) < count:
        match = stammtisch.new_match("schnapsen", seed=seed)
        seed += 1
        for _ in range(rng.randrange(4)):
            match.play(rng.choice(match.legal_actions()))
        view = schnapsen_view(match.view(match.to_act))
        if view["talon_size"] > 2 and not view["closed"] and len(view["legal_actions"]) > 1:
            views.append(view)
    return views


def world_rates(seconds: float, positions: int = 4) -> list[Rate]:
    """Worlds per CPU second of an expert decision, Python and compiled."""
    from stammtisch.bots.schnapsen.players import DEEP_TALON, EXACT_TALON, ExpertBot

    views = expert_positions(positions)
    rates = []
    kinds = [("python", False, EXACT_TALON)]
    if native.available():
        kinds += [("compiled", True, EXACT_TALON), ("deep", True, DEEP_TALON)]
    for name, compiled, solve_from in kinds:
        worlds = 0
        spent = 0.0
        for view in views:
            bot = ExpertBot(seed=3, budget=seconds / positions, max_worlds=10 ** 9,
                            early_stop=False, compiled=compiled, exact_talon=solve_from)
            start = time.process_time()
            bot.evaluate(view)
            spent += time.process_time() - start
            worlds += bot.worlds
        rates.append(Rate(name, worlds, spent))
    return rates


def rate_lines(title: str, unit: str, rates: list[Rate]) -> list[str]:
    lines = []
    for rate in rates:
        line = f"{title} {rate.what:<9} {rate.per_second:>12,.0f} {unit}/s"
        if rate.what == "compiled" and rates[0].what == "python":
            line += f" = {rate.per_second / rates[0].per_second:5.1f}x the Python"
        elif rate.what == "deep":
            line += " (compiled, solved from two talon cards: the default from 0.5 s)"
        lines.append(line)
    if not native.available():
        lines.append(f"{title} compiled: not measured: {native.missing_reason()}")
    return lines


__all__ = ["COMPILED_PATHS", "Rate", "compiled_runner", "rate_lines", "solver_rates",
           "world_rates"]
