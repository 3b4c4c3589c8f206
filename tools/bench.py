"""Random-play throughput of every registered game on one core, beside a peer.

``python -m tools.bench [--seconds S] [--games g1,g2] [--json FILE]
[--peer-python PYTHON] [--env-seconds S] [--rl-only]``

Two paths per game, each playing matches with uniformly random legal actions
(``rng.choice`` of one running ``random.Random``) until the time budget is
spent (a match stops after ``MAX_DEALS`` deals: random Schmier bidders never
reach the target), reporting deals, matches and actions per second:

- ``public``: ``stammtisch.new_match(game, seed=...)``, then
  ``match.play(rng.choice(match.legal_actions()))`` until the match is over: option
  checks, legality checks, undo snapshots, events and the seed's keyed shuffles.
- ``fast``, the path bots simulate on: a new engine state per match (options
  resolved once per measurement), then ``state.apply(rng.choice(state.legal()))``
  on ints, without events, until the match is over; ``rng.choice`` is inlined
  there (the same draws of ``getrandbits``, so the same actions, without its two
  Python calls per action, as a bot's play-out loop would write it). Schnapsen's
  state is a :class:`SimulatedMatch`: the same engine and rules, but its first
  dealer and every deal's order are drawn from the measurement's running
  generator (a simulation needs no replayable keyed shuffles); other games deal
  from the match seed.

Schnapsen has two more paths when its compiled core is built (stammtisch.native;
tools/bench_native.py): ``compiled``, the same random matches played wholly in C
(the compiled fast path, dealing and the draws), and ``compiled-py``, the compiled
``legal()``/``apply()`` driven by the Python loop above.

Timed, for every match: creating it, every deal's shuffle and dealing, every
choice, ``legal()`` and ``apply()``, scoring each deal and the match. Where a
game's bots expose a play-out policy (:data:`PLAYOUTS`), a third path times it
on the fast path. With ``--peer-python`` (``make bench`` passes .venv-bench's),
the PyPI package ``schnapsen`` times its random deals in the same run
(tools/bench_peer_schnapsen.py: ``engine.play_game`` with two ``RandBot``s
and one running generator: a fresh shuffle, the deal built, ``rng.choice`` of
its valid moves until the deal is decided) and the ratios to it are printed;
the target for our Schnapsen fast path is 10 times its deals per second, for the
compiled one 100 times. The
peer is timed in two halves of the budget, before and after ours, so that a
change of the machine's load during the run favours neither side. A
Schnapsen deal is complete on both sides: played from a fresh shuffle until
it is scored (ours by the richer rules: closing, exchange, a Bummerl's score).

Then, unless ``--wait-turns 0``: the median, 90th percentile and worst wait a person
has for the computer players at a table of each game, with club and with expert
computer players (tools/waitbench.py: the real bots and the real pacing; wall time).

With ``--solver-seconds S`` (default 2; 0: none) the Schnapsen solver's nodes per
second, Python and compiled, and an expert decision's worlds per second, Python and
compiled (tools/bench_native.py says how).

With ``--review FILE`` (``make bench`` passes tests/data/schnapsen-bummerl-5-6.json)
the report ends with the time the expert's review (bots/review.py, at its default
budget per decision) takes for seat 0 of that stored record; ``--review-only`` times
just that. The target for a 7-point Schnapsen Bummerl is 10 s on one core, each deal
within 2 s of the one before (tools/reviewbench.py measures the server's path).

With ``--env-seconds S`` (default 1; 0: none) the reinforcement-learning envs
(stammtisch.envs, the ``rl`` extra), per game beside the engine's two paths of the
same run: the PettingZoo env as a researcher makes it (wrapped; ``env.last()``, a
uniform choice among the action mask's indices, ``env.step``), its steps per second
and their ratio to the public path's actions (target: at least a third); and the
vector env (envs/vector.py, ``VECTOR_ENVS`` matches; a uniform choice per match
over the masks, drawn in numpy as a batched policy acts, then ``step``), its steps
(one per match) per second and their ratio to the env's (target for Schnapsen: at
least 10; the env is timed in two halves, before and after the vector env). Both cap
matches at ``MAX_DEALS`` deals. Without the extra the section says so. ``--rl-only``
runs just the engine's two paths and this section.

Seconds are the process's CPU time on both sides (``time.process_time``): on a
shared machine wall time would also count other processes' work. Compare
figures of one run with each other all the same: caches are shared too.
"""

from __future__ import annotations

import argparse
import importlib
import json
import random
import subprocess
import sys
import time
from collections.abc import Callable
from dataclasses import asdict, dataclass
from functools import partial
from pathlib import Path
from typing import Any

import stammtisch
from stammtisch import native
from stammtisch.core.game import GameInfo, GameState
from stammtisch.core.options import resolve
from stammtisch.games import find_game
from stammtisch.games.schnapsen import Rules
from stammtisch.games.schnapsen_sim import SimulatedMatch
from tools import bench_native, waitbench

BENCH_PLAYERS = 4
"""Players at the table for games whose player count is an option."""
MAX_DEALS = 100
PEER_SCRIPT = Path(__file__).resolve().with_name("bench_peer_schnapsen.py")
PEER_TARGET = 10.0
"""Our Schnapsen fast path should deal this many times faster than the peer."""
COMPILED_PEER_TARGET = 100.0
"""Our compiled Schnapsen fast path should deal this many times faster than the peer."""

PLAYOUTS: dict[str, tuple[str, str, bool]] = {
    "schnapsen": ("stammtisch.bots.schnapsen.policy", "playout_action", True),
    "schnauz": ("stammtisch.bots.schnauz.policy", "club_policy", False),
    "scat": ("stammtisch.bots.scat.policy", "rollout_policy", False),
    "schmier": ("stammtisch.bots.schmier.policy", "club_action", False),
}
"""Game -> (module, function, whether it takes an rng): the bots' play-out policies,
``policy(state[, rng]) -> action``, measured where they can be imported."""

Policy = Callable[[GameState, random.Random], int]


@dataclass(frozen=True)
class Figure:
    game: str
    path: str
    matches: int
    deals: int
    actions: int
    seconds: float

    @property
    def deals_per_second(self) -> float:
        return self.deals / self.seconds

    @property
    def matches_per_second(self) -> float:
        return self.matches / self.seconds

    @property
    def actions_per_second(self) -> float:
        return self.actions / self.seconds

    @property
    def microseconds_per_action(self) -> float:
        return 1e6 * self.seconds / self.actions


def bench_options(info: GameInfo) -> dict[str, Any]:
    names = {spec.name for spec in info.options}
    return {"num_players": BENCH_PLAYERS} if "num_players" in names else {}


def _deal_number(state: GameState) -> int:
    number: int = getattr(state, "deal_number", 0)
    return number


def _public_match(info: GameInfo, seed: int, rng: random.Random) -> tuple[int, int]:
    match = stammtisch.new_match(info.name, seed=seed, **bench_options(info))
    played = 0
    while match.to_act is not None:
        match.play(rng.choice(match.legal_actions()))
        played += 1
        if not played & 255 and _deal_number(match.state) >= MAX_DEALS:
            break
    return played, _deal_number(match.state) + 1


Start = Callable[[int, random.Random], GameState]
"""``start(seed, rng)``: a new match for the fast paths, without events."""
Run = Callable[[int, random.Random], tuple[int, int]]
"""``run(seed, rng)``: play one match; its actions and deals."""


def fast_start(info: GameInfo) -> Start:
    """How the fast paths start a match, options resolved once for the whole measurement.

    Schnapsen starts a :class:`SimulatedMatch`: its first dealer and every deal's
    order are drawn from the measurement's running generator, as the peer draws
    its deals. Other games start from the match seed (core.rng's keyed shuffles).
    """
    options = resolve(info.name, info.options, bench_options(info))
    if info.name == "schnapsen":
        rules = Rules(options)
        return lambda _seed, rng: SimulatedMatch(rules, rng)

    def keyed(seed: int, _rng: random.Random) -> GameState:
        state = info.new_state(options, seed, ())
        state.events = None
        return state
    return keyed


def _fast_runner(start: Start) -> Run:
    def run(seed: int, rng: random.Random) -> tuple[int, int]:
        state = start(seed, rng)
        played = 0
        bits, legal, apply = rng.getrandbits, state.legal, state.apply
        while state.to_act >= 0:
            # rng.choice(actions) inlined: the same draws, the same action
            actions = legal()
            count = len(actions)
            width = count.bit_length()
            index = bits(width)
            while index >= count:
                index = bits(width)
            apply(actions[index])
            played += 1
            if not played & 255 and _deal_number(state) >= MAX_DEALS:
                break
        return played, _deal_number(state) + 1
    return run


def playout_policy(game: str) -> Policy | None:
    """The bots' play-out policy of ``game`` as ``policy(state, rng)``, if there is one."""
    if game not in PLAYOUTS:
        return None
    module, name, with_rng = PLAYOUTS[game]
    try:
        function = getattr(importlib.import_module(module), name)
    except (ImportError, AttributeError):
        return None
    if with_rng:
        return function  # type: ignore[no-any-return]
    return lambda state, _rng: function(state)


def _playout_runner(start: Start, policy: Policy) -> Run:
    def run(seed: int, rng: random.Random) -> tuple[int, int]:
        state = start(seed, rng)
        played = 0
        while state.to_act >= 0:
            state.apply(policy(state, rng))
            played += 1
            if not played & 255 and _deal_number(state) >= MAX_DEALS:
                break
        return played, _deal_number(state) + 1
    return run


def measure(info: GameInfo, path: str, seconds: float) -> Figure:
    run: Run
    if path == "public":
        run = partial(_public_match, info)
    elif path == "fast":
        run = _fast_runner(fast_start(info))
    elif path in bench_native.COMPILED_PATHS:
        run = bench_native.compiled_runner(path, MAX_DEALS, _fast_runner)
    else:
        policy = playout_policy(info.name)
        if policy is None:
            raise ValueError(f"{info.name} has no bot play-out policy")
        run = _playout_runner(fast_start(info), policy)
    rng = random.Random(12345)
    matches = deals = actions = 0
    start = time.process_time()
    elapsed = 0.0
    while elapsed < seconds or matches == 0:
        played, dealt = run(matches, rng)
        actions += played
        deals += dealt
        matches += 1
        elapsed = time.process_time() - start
    return Figure(info.name, path, matches, deals, actions, elapsed)


def measure_peer(python: str, seconds: float) -> dict[str, Any]:
    """The peer's figures, or ``{"error": why}`` when it cannot be run."""
    try:
        done = subprocess.run([python, str(PEER_SCRIPT), "--seconds", str(seconds)],
                              capture_output=True, text=True, timeout=seconds + 120, check=False)
    except (OSError, subprocess.TimeoutExpired) as error:
        return {"error": str(error)}
    if done.returncode != 0:
        lines = done.stderr.strip().splitlines()
        return {"error": lines[-1] if lines else f"exit status {done.returncode}"}
    figures: dict[str, Any] = json.loads(done.stdout)
    return figures


def combine_peer(runs: list[dict[str, Any]]) -> dict[str, Any]:
    """One peer figure from its runs: all their deals over all their seconds (or an error)."""
    for run in runs:
        if "error" in run:
            return run
    deals = sum(int(run["deals"]) for run in runs)
    seconds = sum(float(run["seconds"]) for run in runs)
    return {"package": runs[0]["package"], "version": runs[0]["version"], "deals": deals,
            "seconds": seconds, "deals_per_second": deals / seconds,
            "runs": [float(run["deals_per_second"]) for run in runs]}


def peer_lines(peer: dict[str, Any], figures: list[Figure]) -> list[str]:
    if "error" in peer:
        return [f"peer schnapsen (PyPI): not measured: {peer['error']}"]
    rate = float(peer["deals_per_second"])
    runs = " and ".join(f"{run:,.0f}" for run in peer.get("runs", ()))
    lines = [f"peer: schnapsen {peer['version']} (PyPI, VU course platform), two RandBots, "
             f"one deal to 66 per game: {rate:,.0f} deals/s"
             + (f" (timed before and after ours: {runs})" if runs else "")]
    for figure in figures:
        if figure.game != "schnapsen":
            continue
        ratio = figure.deals_per_second / rate
        goal = {"fast": PEER_TARGET, "compiled": COMPILED_PEER_TARGET}.get(figure.path)
        target = f"  (target >= {goal:g}x: {'met' if ratio >= goal else 'NOT met'})" \
            if goal else ""
        lines.append(f"ours: schnapsen {figure.path:<11} {figure.deals_per_second:>10,.0f} deals/s"
                     f" = {ratio:5.1f}x the peer{target}")
    return lines


def measure_review(path: str) -> dict[str, Any]:
    """The review of seat 0 of the record in ``path`` (a record, or a test file holding
    one under ``"record"``), timed in CPU and wall seconds."""
    from stammtisch.bots.review import REVIEW_BUDGET, review

    with open(path, encoding="utf-8") as file:
        data = json.load(file)
    record = data.get("record", data) if isinstance(data, dict) else data
    cpu, wall = time.process_time(), time.perf_counter()
    done = review(record, 0)
    return {"file": path, "game": done["game"], "decisions": len(done["decisions"]),
            "deals": sum(1 for deal in done["deals"] if deal["decisions"]),
            "budget": REVIEW_BUDGET, "cpu_seconds": round(time.process_time() - cpu, 2),
            "wall_seconds": round(time.perf_counter() - wall, 2)}


def review_line(figure: dict[str, Any]) -> str:
    return (f"review: {figure['game']} {figure['file']}, seat 0: {figure['decisions']} "
            f"decisions in {figure['deals']} deals at {figure['budget']:g} s each: "
            f"{figure['cpu_seconds']:.1f} CPU s ({figure['wall_seconds']:.1f} s wall; "
            f"target 10 s for a 7-point Bummerl; tools/reviewbench.py times the server's "
            f"path deal by deal)")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="stammtisch-bench", description=__doc__.split("\n")[0])
    parser.add_argument("--seconds", type=float, default=3.0, help="budget per game and path")
    parser.add_argument("--games", default="", help="comma-separated games (default: all)")
    parser.add_argument("--json", default="", help="also write the figures to this file")
    parser.add_argument("--peer-python", default="",
                        help="a python with the PyPI package schnapsen (make bench: .venv-bench)")
    parser.add_argument("--review", default="", metavar="FILE",
                        help="also time the expert's review of this stored record")
    parser.add_argument("--review-only", action="store_true",
                        help="time only the review of --review FILE")
    parser.add_argument("--env-seconds", type=float, default=1.0,
                        help="budget per game of the env's and the vector env's random "
                        "agents (0: none)")
    parser.add_argument("--rl-only", action="store_true",
                        help="only the engine's public and fast paths and the envs")
    parser.add_argument("--solver-seconds", type=float, default=2.0,
                        help="budget of the Schnapsen solver's and expert's rates (0: none)")
    parser.add_argument("--wait-turns", type=int, default=30,
                        help="a person's turns timed at a table per game and level (0: none)")
    parser.add_argument("--wait-levels", default="club,expert",
                        help="comma-separated computer levels of the timed tables")
    args = parser.parse_args(argv)
    if args.review_only:
        if not args.review:
            parser.error("--review-only needs --review FILE")
        reviewed = measure_review(args.review)
        print(review_line(reviewed))
        if args.json:
            with open(args.json, "w", encoding="utf-8") as out:
                json.dump({"review": reviewed}, out, indent=2)
        return 0
    chosen = [g for g in args.games.split(",") if g] or [g.name for g in stammtisch.games()]
    figures = []
    peer_runs = [measure_peer(args.peer_python, args.seconds / 2)] if args.peer_python else []
    print(f"{'game':<10} {'path':<11} {'deals/s':>9} {'matches/s':>10} {'actions/s':>10}"
          f" {'µs/action':>10} {'actions/deal':>13}")
    for name in chosen:
        info = find_game(name)
        paths = ["public", "fast"] + (["playout"] if playout_policy(name) else [])
        if args.rl_only:
            paths = ["public", "fast"]
        elif name == "schnapsen" and native.available():
            paths += bench_native.COMPILED_PATHS
        for path in paths:
            figure = measure(info, path, args.seconds)
            figures.append(figure)
            print(f"{figure.game:<10} {figure.path:<11} {figure.deals_per_second:>9.0f}"
                  f" {figure.matches_per_second:>10.1f} {figure.actions_per_second:>10.0f}"
                  f" {figure.microseconds_per_action:>10.2f}"
                  f" {figure.actions / figure.deals:>13.1f}")
            sys.stdout.flush()
    print(f"(per CPU second of one process; playout: the bots' play-out policy on the fast"
          f" path; {BENCH_PLAYERS} players where the game lets us choose; a match stops after"
          f" {MAX_DEALS} deals)")
    if args.rl_only:
        print("\n".join(env_lines(chosen, figures, args.env_seconds or 1.0)))
        return 0
    peer: dict[str, Any] = {}
    if args.peer_python:
        if "error" not in peer_runs[0]:
            peer_runs.append(measure_peer(args.peer_python, args.seconds / 2))
        peer = combine_peer(peer_runs)
        print("\n".join(peer_lines(peer, figures)))
    searched = "schnapsen" in chosen and args.solver_seconds > 0
    if searched:
        print("\n".join(bench_native.rate_lines(
            "solver (closed talon)", "nodes", bench_native.solver_rates(args.solver_seconds))))
        print("\n".join(bench_native.rate_lines(
            "expert decision      ", "worlds", bench_native.world_rates(args.solver_seconds))))
    envs = env_lines(chosen, figures, args.env_seconds) if args.env_seconds > 0 else []
    if envs:
        print("\n".join(envs))
    reviewed = measure_review(args.review) if args.review else {}
    if reviewed:
        print(review_line(reviewed))
    waits = table_waits(chosen, args.wait_levels, args.wait_turns)
    if args.json:
        with open(args.json, "w", encoding="utf-8") as out:
            json.dump({"figures": [asdict(f) | {"deals_per_second": f.deals_per_second,
                                                "matches_per_second": f.matches_per_second,
                                                "actions_per_second": f.actions_per_second}
                                   for f in figures],
                       "peer": peer, "review": reviewed,
                       "waits": [asdict(w) | {"median": w.median, "p90": w.p90,
                                              "worst": w.worst} for w in waits]},
                      out, indent=2)
    return 0


VECTOR_ENVS = 1024
"""Matches the vector env steps together."""


def measure_env(game: str, seconds: float) -> tuple[int, float] | None:
    """Steps and CPU seconds of a random agent through the game's PettingZoo env
    (None without the ``rl`` extra). Matches stop after ``MAX_DEALS`` deals."""
    try:
        envs = importlib.import_module(f"stammtisch.envs.{game}_v0")
        import numpy as np
    except ImportError:
        return None
    env = envs.env(max_deals=MAX_DEALS, **bench_options(find_game(game)))
    rng = random.Random(12345)
    steps, seed = 0, 0
    start = time.process_time()
    while time.process_time() - start < seconds or steps == 0:
        env.reset(seed=seed)
        seed += 1
        for _ in env.agent_iter():
            observation, _reward, terminated, truncated, _info = env.last()
            if terminated or truncated:
                env.step(None)
                continue
            env.step(rng.choice(np.flatnonzero(observation["action_mask"]).tolist()))
            steps += 1
            if not steps & 63 and time.process_time() - start >= seconds:
                break
    return steps, time.process_time() - start


def measure_vector(game: str, seconds: float,
                   compiled: bool = True) -> tuple[int, float] | None:
    """Steps (one per match) and CPU seconds of the vector env of ``VECTOR_ENVS`` matches
    under a random policy over the masks (None without the ``rl`` extra); ``compiled``
    False: its matches in Python even where the compiled core is built."""
    try:
        from stammtisch.envs.vector import CardGameVectorEnv
    except ImportError:
        return None
    envs = CardGameVectorEnv(game, VECTOR_ENVS, max_deals=MAX_DEALS, compiled=compiled,
                             **bench_options(find_game(game)))
    envs.reset(seed=12345)
    steps = 0
    start = time.process_time()
    while time.process_time() - start < seconds or steps == 0:
        envs.step(envs.sample_legal())
        steps += VECTOR_ENVS
    return steps, time.process_time() - start


def env_lines(games: list[str], figures: list[Figure], seconds: float) -> list[str]:
    """The env's and the vector env's step rates per game beside the engine's paths of
    the same run, with the ratios the targets name."""
    public = {f.game: f for f in figures if f.path == "public"}
    fast = {f.game: f for f in figures if f.path == "fast"}
    lines = ["", "RL envs (stammtisch.envs): a random agent over the action masks; env: the"
             " wrapped PettingZoo env, env.last() + env.step() per action; vector: "
             f"{VECTOR_ENVS} matches a step, one step per match",
             f"{'game':<10} {'fast/s':>9} {'public/s':>9} {'env/s':>9} {'vector/s':>10}"
             f" {'env/public':>11} {'vector/env':>11} {'µs/env step':>12}"]
    for game in games:
        # The env in two halves, before and after the vector env, as the peer is timed:
        # a change of the machine's load during the run favours neither.
        before = measure_env(game, seconds / 2)
        vector = measure_vector(game, seconds)
        after = measure_env(game, seconds / 2)
        if before is None or vector is None or after is None:
            return ["RL envs: not measured: the rl extra is not installed"
                    " (pip install 'stammtisch[rl]')"]
        env_rate = (before[0] + after[0]) / (before[1] + after[1])
        vector_rate = vector[0] / vector[1]
        fast_rate = fast[game].actions_per_second if game in fast else float("nan")
        public_rate = public[game].actions_per_second if game in public else float("nan")
        lines.append(f"{game:<10} {fast_rate:>9,.0f} {public_rate:>9,.0f} {env_rate:>9,.0f}"
                     f" {vector_rate:>10,.0f} {env_rate / public_rate:>11.2f}"
                     f" {vector_rate / env_rate:>11.1f} {1e6 / env_rate:>12.1f}")
        sys.stdout.flush()
    if "schnapsen" in games and native.available():  # the one vector env the core speeds
        python = measure_vector("schnapsen", seconds, compiled=False)
        if python is not None:
            lines.append(f"(schnapsen's vector env on the Python path, without the compiled"
                         f" core: {python[0] / python[1]:,.0f}/s)")
    lines.append("(targets: env/public >= 0.33 for every game; vector/env >= 10 for Schnapsen;"
                 " public: Match with text actions, fast: state.legal()/apply() on ints)")
    return lines


def table_waits(games: list[str], levels: str, turns: int) -> list[waitbench.Waits]:
    """A person's waits at a table of each game (tools/waitbench.py), printed."""
    if turns <= 0:
        return []
    found = []
    print()
    for level in [name for name in levels.split(",") if name]:
        for game in games:
            found.append(waitbench.measure(game, level, turns))
    print("\n".join(waitbench.lines(found)))
    print("(wall time of the thinking, pauses on a virtual clock; a wait: from the person's"
          " action to their next turn)")
    return found


if __name__ == "__main__":
    raise SystemExit(main())
