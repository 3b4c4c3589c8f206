"""Decision quality of the Schnauz and Scat experts against a perfect-hand oracle: a
lab for trying expert changes in minutes instead of hours of arena matches.

    python -m tools.decision_lab collect scat --matches 100 --every 3 --out lab/scat.pkl
    python -m tools.decision_lab evaluate lab/scat.pkl --rollouts 350 base truehands
    python -m tools.decision_lab evaluate lab/scat.pkl --rollouts 350,1400 base
    python -m tools.decision_lab knocks lab/scat.pkl --rollouts 2000 base truehands

``collect`` plays four-player club matches in which one seat (rotating) is an expert
limited to one play-out: it plays the club's moves but keeps the expert's memory of
the deal. At every ``every``-th of its decisions with a choice it stores the view,
a copy of the bot, the true state and the club bots.

A variant swaps parts of the expert (its sampler, play-out policy or value; see
:class:`Variant`). ``evaluate`` asks each variant of the expert for its move in every
stored position.
Where it differs from the club's move, both are valued by the oracle: the seat's
chance to be last standing after the round (an even race from everybody's lives,
worked out exactly) when it plays that move on the true state and real club bots
play the rest of the round, the seat included, over ``ORACLE_ROLLOUTS`` stock orders
shared by both moves. A variant's figure is its mean gain over the club's move per
decision, with a standard error; values are cached next to the positions file.
With several runs (variants, or play-out counts as ``--rollouts 350,1400``) each
later run is also compared with the first position by position (the paired
difference and its standard error, which is far smaller than either's own).

What it has shown so far, with the caveats of the method: notes/findings.md.
"""

from __future__ import annotations

import argparse
import copy
import dataclasses
import importlib
import math
import pickle
import random
import statistics
import sys
import time
from collections.abc import Callable
from dataclasses import dataclass
from functools import cache
from pathlib import Path
from typing import Any

import stammtisch
from stammtisch.bots.registry import make_bot
from stammtisch.bots.scat.determinize import Sampler
from stammtisch.bots.scat.policy import KNOCK_FLOOR

ORACLE_ROLLOUTS = 64
GAMES = ("schnauz", "scat")
PLAYERS = 4


def expert_class(game: str) -> Any:
    return importlib.import_module(f"stammtisch.bots.{game}.players").ExpertBot


@cache
def _outlasts(mine: int, others: tuple[int, ...]) -> float:
    """The chance to be last standing with ``mine`` life units against ``others``
    (sorted, none zero) when each deal takes a unit from one of those left at random."""
    if not mine:
        return 0.0
    if not others:
        return 1.0
    total = _outlasts(mine - 1, others)
    for index, units in enumerate(others):
        rest = others[:index] + ((units - 1,) if units > 1 else ()) + others[index + 1:]
        total += _outlasts(mine, tuple(sorted(rest)))
    return total / (1 + len(others))


def last_standing(state: Any, seat: int) -> float:
    """The oracle's value of a position: the seat's chance in an even race from the lives."""
    units = [0 if state.eliminated[s] else state.lives[s] + 1 for s in range(len(state.lives))]
    mine = units.pop(seat)
    return _outlasts(mine, tuple(sorted(u for u in units if u)))


def collect(game: str, matches: int, seed: int, every: int) -> list[dict[str, Any]]:
    expert = expert_class(game)
    positions: list[dict[str, Any]] = []
    for index in range(matches):
        match_seed = seed + index
        match = stammtisch.new_match(game, num_players=PLAYERS, seed=match_seed)
        bots = [make_bot(game, "club", match_seed, s) for s in range(PLAYERS)]
        seat = index % PLAYERS
        learner: Any = expert(match_seed, rollouts=1)
        club: Any = type(bots[(seat + 1) % PLAYERS])
        bots[seat] = learner
        choices = 0
        while (to_act := match.to_act) is not None:
            view = match.view(to_act)
            if to_act == seat and len(view["legal_actions"]) > 1:
                choices += 1
                if choices % every == 0:
                    state = match.state.clone()
                    state.events = None
                    # the club's move, made as the expert makes its default
                    default = club(learner.seed).choose(copy.deepcopy(view))
                    positions.append({
                        "view": copy.deepcopy(view), "bot": copy.deepcopy(bots[seat]),
                        "state": state, "clubs": copy.deepcopy(bots), "seat": seat,
                        "match": match_seed, "default": default})
            match.play(bots[to_act].choose(view))
    return positions


def oracle_value(game: str, position: dict[str, Any], action: str) -> float:
    """``action`` on the true state, the round finished by club bots; every action of a
    position sees the same stock orders (the generator is keyed by the position)."""
    seat, total = position["seat"], 0.0
    for rollout in range(ORACLE_ROLLOUTS):
        state = position["state"].clone()
        state.events, state.halt_between_deals = None, True
        rng = random.Random(f"{position['match']}/{position['view']['deal']}/"
                            f"{len(repr(position['view']))}/{rollout}")
        stock = list(state.stock)
        rng.shuffle(stock)
        state.stock, state.seed = tuple(stock), rng.getrandbits(63)
        clubs = copy.deepcopy(position["clubs"])
        clubs[seat] = make_bot(game, "club", position["match"] + 7919 * rollout, seat)
        deal = state.deal_number
        state.apply(state.parse_action(action))
        while state.deal_number == deal and state.to_act >= 0:
            state.apply(state.parse_action(clubs[state.to_act].choose(state.view(state.to_act))))
        total += last_standing(state, seat)
    return total / ORACLE_ROLLOUTS


CURRENT: dict[str, Any] = {}
"""The position being evaluated (for variants that peek, such as ``truehands``)."""


@dataclass(frozen=True)
class Variant:
    """A change to try: ``swap(bot)`` replaces parts of one expert (its sampler ``build``
    and the sampler's settings ``sampler``, its play-out ``policy``, its ``value``)."""

    swap: Callable[[Any], None] = lambda _bot: None


def truehands(bot: Any) -> None:
    """The expert samples the true hidden hands (the stock still shuffled)."""

    def sample(rng: random.Random) -> Any:
        state = CURRENT["state"].clone()
        state.events, state.halt_between_deals = None, True
        stock = list(state.stock)
        rng.shuffle(stock)
        state.stock, state.seed = tuple(stock), rng.getrandbits(63)
        return state

    bot.build = lambda _view, _seen, rng, *_args: sample(rng)


def exact_race(bot: Any) -> None:
    """The expert values a round's end by the oracle's exact race odds, not by the
    square of the life units."""
    bot.value = last_standing


def scat_sampler(**changes: Any) -> Variant:
    """Scat: the expert's sampler settings (bots/scat/determinize.py ``Sampler``) with
    ``changes``; ``reading`` changes are given as the :class:`Reading` fields to change."""

    def swap(bot: Any) -> None:
        if not isinstance(getattr(bot, "sampler", None), Sampler):
            raise ValueError(f"{type(bot).__module__}.{type(bot).__name__} takes no Scat "
                             "sampler: this variant is for the Scat expert")
        reading = changes.get("reading", {})
        rest = {key: value for key, value in changes.items() if key != "reading"}
        bot.sampler = dataclasses.replace(
            bot.sampler, reading=dataclasses.replace(bot.sampler.reading, **reading), **rest)

    return Variant(swap=swap)


def _approx_takes(_hand: int, gain: float, move: Any, _value: Any) -> bool:
    """Scat: a player's draw read by rule of thumb instead of the club's count (as before
    the count): he took the top card when it raised his hand, and left it when it would
    have raised his hand by less than four points."""
    return gain > 0 if move.took else gain >= 4


VARIANTS: dict[str, Variant] = {
    "base": Variant(),
    "truehands": Variant(swap=truehands),
    "exactrace": Variant(swap=exact_race),
    "approxdraws": scat_sampler(reading={"takes": _approx_takes}),
    "readpicks0": scat_sampler(read_share=0.0),
    "readpicks25": scat_sampler(read_share=0.25),
    "readpicks50": scat_sampler(read_share=0.5),
    "oldest8": scat_sampler(reading={"oldest": 8}),
}
"""Add a variant here: the parts it swaps in the expert."""


def evaluate(game: str, positions: list[dict[str, Any]], cache: dict[tuple[int, str], float],
             rollouts: int, variant: str) -> list[float]:
    """Prints the variant's gain over the club's move and returns it per position."""
    gains, overrules, started = [], 0, time.process_time()
    trying = VARIANTS[variant]
    for index, position in enumerate(positions):
        CURRENT.update(position)
        bot = copy.deepcopy(position["bot"])
        trying.swap(bot)
        bot.rollouts, bot.budget = rollouts, 1000.0  # the play-out count decides, not the clock
        choice, default = bot.choose(copy.deepcopy(position["view"])), position["default"]
        if choice == default:
            gains.append(0.0)
            continue
        overrules += 1
        for action in (choice, default):
            if (index, action) not in cache:
                cache[index, action] = oracle_value(game, position, action)
        gains.append(cache[index, choice] - cache[index, default])
    n = len(gains)
    mean = sum(gains) / n
    spread = math.sqrt(sum((g - mean) ** 2 for g in gains) / max(1, n - 1))
    sys.stdout.write(f"{variant:12s} {n} decisions, {overrules} overrule the club, gain per "
                     f"decision {1000 * mean:+.2f}e-3 (SE {1000 * spread / math.sqrt(n):.2f}e-3), "
                     f"{time.process_time() - started:.0f} s\n")
    return gains


def paired(name: str, gains: list[float], first: str, baseline: list[float]) -> str:
    """``name``'s gain less ``first``'s, position by position, with its standard error."""
    differences = [g - b for g, b in zip(gains, baseline, strict=True)]
    error = statistics.stdev(differences) / math.sqrt(len(differences))
    return (f"{name} less {first}: {1000 * statistics.fmean(differences):+.2f}e-3 "
            f"(SE {1000 * error:.2f}e-3) per decision\n")


def knock_choices(positions: list[dict[str, Any]]) -> list[int]:
    """The stored Scat positions where the seat may knock with a hand the club would
    count the odds for (``KNOCK_FLOOR``)."""
    return [index for index, position in enumerate(positions)
            if "knock" in position["view"]["legal_actions"]
            and position["view"]["hand_value"] >= KNOCK_FLOOR]


def narrowed(view: dict[str, Any], actions: list[str]) -> dict[str, Any]:
    """A copy of ``view`` in which only ``actions`` are legal."""
    copied = copy.deepcopy(view)
    copied["legal_actions"] = actions
    return copied


def without_knock(view: dict[str, Any]) -> dict[str, Any]:
    return narrowed(view, [a for a in view["legal_actions"] if a != "knock"])


def knocks(game: str, positions: list[dict[str, Any]], cache: dict[tuple[int, str], float],
           rollouts: int, variant: str) -> None:
    """Knock or draw on :func:`knock_choices`: the oracle's value of knocking less that of
    the club's draw, against the variant's own estimate of the same (a search over those
    two moves only); prints the estimate's bias and correlation, and the oracle's value of
    knocking where the estimate says so, of the club's choice and of the better move."""
    club: Any = importlib.import_module(f"stammtisch.bots.{game}.players").ClubBot
    truth, guess, chosen, by_club, best = [], [], 0.0, 0.0, 0.0
    trying = VARIANTS[variant]
    for index in knock_choices(positions):
        position = positions[index]
        CURRENT.update(position)
        draw = club(0).choose(without_knock(position["view"]))
        for action in ("knock", draw):
            if (index, action) not in cache:
                cache[index, action] = oracle_value(game, position, action)
        knock_value, draw_value = cache[index, "knock"], cache[index, draw]
        bot = copy.deepcopy(position["bot"])
        trying.swap(bot)
        bot.rollouts, bot.budget = rollouts, 1000.0
        estimate = dict(bot.analyze(narrowed(position["view"], ["knock", draw])))
        truth.append(knock_value - draw_value)
        guess.append(estimate["knock"] - estimate[draw])
        chosen += knock_value if guess[-1] > 0 else draw_value
        by_club += knock_value if position["default"] == "knock" else draw_value
        best += max(knock_value, draw_value)
    n = len(truth)
    if n < 2:
        sys.stdout.write(f"{variant:12s} {n} knock choices: too few\n")
        return
    try:
        agreement = statistics.correlation(truth, guess)
    except statistics.StatisticsError:  # one of them constant
        agreement = 0.0
    sys.stdout.write(
        f"{variant:12s} {n} knock choices: knock less draw "
        f"{1000 * statistics.fmean(truth):+.1f}e-3 by the oracle, "
        f"{1000 * statistics.fmean(guess):+.1f}e-3 by the search (correlation "
        f"{agreement:.2f}); knocking where the search says so "
        f"{chosen / n:.4f}, as the club {by_club / n:.4f}, the better move {best / n:.4f}\n")


def counts(text: str) -> list[int]:
    """``--rollouts``: one or more positive play-out counts, comma-separated."""
    found = [int(part) for part in text.split(",")]  # argparse reports a ValueError
    if min(found) < 1:
        raise ValueError(text)
    return found


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    commands = parser.add_subparsers(dest="command", required=True)
    gather = commands.add_parser("collect", help="store positions from club matches")
    gather.add_argument("game", choices=GAMES)
    gather.add_argument("--matches", type=int, default=100)
    gather.add_argument("--seed", type=int, default=100)
    gather.add_argument("--every", type=int, default=3)
    gather.add_argument("--out", type=Path, required=True)
    judge = commands.add_parser("evaluate", help="value expert variants on stored positions")
    judge.add_argument("positions", type=Path)
    judge.add_argument("--rollouts", type=counts, default=[350],
                       help="play-outs per decision; several, comma-separated, are compared")
    judge.add_argument("variants", nargs="+", choices=sorted(VARIANTS))
    knock = commands.add_parser("knocks", help="knock or draw: the search against the oracle")
    knock.add_argument("positions", type=Path)
    knock.add_argument("--rollouts", type=int, default=2000)
    knock.add_argument("variants", nargs="+", choices=sorted(VARIANTS))
    args = parser.parse_args(argv)
    if args.command == "collect":
        positions = collect(args.game, args.matches, args.seed, args.every)
        args.out.parent.mkdir(parents=True, exist_ok=True)
        args.out.write_bytes(pickle.dumps({"game": args.game, "positions": positions}))
        sys.stdout.write(f"{len(positions)} positions written to {args.out}\n")
        return 0
    stored = pickle.loads(args.positions.read_bytes())
    if args.command == "knocks" and stored["game"] != "scat":
        parser.error("knocks reads Scat positions")
    cache_file = args.positions.with_suffix(".oracle.pkl")
    cache = pickle.loads(cache_file.read_bytes()) if cache_file.exists() else {}
    try:
        if args.command == "knocks":
            for variant in args.variants:
                knocks(stored["game"], stored["positions"], cache, args.rollouts, variant)
        else:
            runs = {f"{variant}@{count}": evaluate(stored["game"], stored["positions"], cache,
                                                   count, variant)
                    for count in args.rollouts
                    for variant in args.variants}
            (first, baseline), *later = runs.items()
            for name, gains in later:
                sys.stdout.write(paired(name, gains, first, baseline))
    finally:
        cache_file.write_bytes(pickle.dumps(cache))
    return 0


if __name__ == "__main__":
    sys.exit(main())
