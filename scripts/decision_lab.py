"""Decision quality of the Schnauz and Scat experts against a perfect-hand oracle: a
lab for trying expert changes in minutes instead of hours of arena matches.

    python scripts/decision_lab.py collect scat --matches 100 --every 3 --out lab/scat.pkl
    python scripts/decision_lab.py evaluate lab/scat.pkl --rollouts 350 base truehands
    python scripts/decision_lab.py knocks lab/scat.pkl --rollouts 2000 base truehands

``collect`` plays four-player club matches in which one seat (rotating) is an expert
limited to one play-out: it plays the club's moves but keeps the expert's memory of
the deal. At every ``every``-th of its decisions with a choice it stores the view,
a copy of the bot, the true state and the club bots.

``evaluate`` asks each variant of the expert for its move in every stored position.
Where it differs from the club's move, both are valued by the oracle: the seat's
chance to be last standing after the round (an even race from everybody's lives,
worked out exactly) when it plays that move on the true state and real club bots
play the rest of the round, the seat included, over ``ORACLE_ROLLOUTS`` stock orders
shared by both moves. A variant's figure is its mean gain over the club's move per
decision, with a standard error; values are cached next to the positions file.

What it showed (2,272 Scat positions of 100 matches, 2,200 Schnauz of 160):
- Scat: the expert gains +2.9e-3 [SE 0.55e-3] per decision at 350 play-outs and
  +2.7e-3 at 1,400 (no better: more samples only overrule the club more often). With
  the true hidden hands it gains +6.7e-3, two thirds of that in knock decisions.
- Schnauz: +4.1e-3 [1.2e-3] at 400 play-outs; with the true hands +30e-3.
- Samples calibrated to the true hand strength did not gain. Where moves were read, the
  true hand's mean rank among the sampled ones is 0.36 in Scat and 0.29 in Schnauz (0.5
  is calibrated); half the "best of" picks there (0.48 and 0.39) gave Scat +2.0e-3 and
  Schnauz +4.0e-3 to +4.4e-3 (0.3 to 0.5 of the picks). Nor did play-outs whose knocks
  follow the club's odds (Scat +1.1e-3 to +1.5e-3), or the exact last-standing chance
  in place of squared lives (Scat +2.9e-3 both). The arena had found the same for the
  first two.
- Schnauz hands drawn only from those that fit the replayed moves (no best-of picks for
  those players, up to 100 or 400 draws): +5.5e-3, paired +1.4e-3 [SE 1.1e-3] over the
  base: not beyond the noise.
- A deeper play-out, in which the seat's own next decision is searched on each sample
  (every legal move played out, the best kept: perfect information on the sample), did
  not gain: Schnauz +5.2e-3, paired +1.1e-3 [SE 1.2e-3] over the base; Scat +2.4e-3,
  paired -0.5e-3 [0.45e-3]. The samples' errors weigh more than the extra look ahead.
- Nor does the search's early cut: with every legal action kept for every sample (no
  sequential halving) Scat gains +2.72e-3 [SE 0.75e-3], against +2.68e-3 [0.67e-3] for
  the base on the same set in the same run (the base measured +2.9e-3 when the header
  was first written). The club's knock risk is no lever for the expert's default move
  either: a club knocking at a risk of 0.03 or 0.1 instead of 0.01 won 24.9% [23.4,
  26.5] and 25.6% [24.1, 27.2] of 3,000 matches against three clubs (one seat, rotating).
- Where the true hands gain (totals over the set): Schnauz +62 of +66 in play before
  anyone knocked (+1.7 in the final turns, +2.7 in the dealer's choice), most of it in
  which card to swap; Scat +11 of +15 in the draw (knock or not) before a knock.
- Knock or draw (``knocks``, 546 Scat positions with a hand of 17 or more; oracle over
  96 stock orders, where the command takes ``ORACLE_ROLLOUTS``; search 2,000 play-outs
  over the two moves): with the true hands the
  search's knock-less-draw matches the oracle's (correlation 0.92, mean -38.7e-3 against
  -40.2e-3), so the play-outs are not what limits it. With sampled hands the correlation
  is 0.58 and knocking looks worse than it is (-61e-3), because the hands of players whose
  moves were read come out too strong (the true one ranks 0.35 among samples; 0.47 for
  the others). Drawing those uniformly among the hands that fit (the true one then ranks
  0.58), or as the best of a quarter of the picks, removes the bias (-26e-3, -35e-3) but
  not the spread (correlation 0.59, 0.57), and knocking where the search says so is
  worth the same: 0.3652, 0.3632 and 0.3630 per position, against the club's 0.3559 and
  0.3813 for the better move with the true hands. What the samples miss is information
  the view does not hold.
- Where the Scat expert's matches are won (148 matches, expert at 1,000 play-outs against
  three clubs, 37.8% won): lives lost per round with four players 0.283 against the
  clubs' 0.336, with three 0.441 against 0.428, and heads-up 0.396 against 0.675 (68% of
  the 71 heads-ups won); it reached the last two in 48% (a fair share is 50%): most of
  its edge is in the heads-up, and with three players it has none.
- Reading each draw as the club counts it (history.py: the top card taken exactly when
  it raises the hand by more than the mean card the player could not place), instead of
  the rule of thumb before it (taken: it raised the hand; left: it would have raised it
  by less than four points; the ``approxdraws`` variant). On a fresh set of 2,198
  positions (``collect scat --matches 50 --every 3`` at seeds 100 and 150, each half
  evaluated on its own and pooled by count): +2.74e-3 per decision against +2.14e-3 at
  350 play-outs, +2.55e-3 against +1.55e-3 at 1,400, better on both halves at both
  counts. The samples' hand strength did not move (read players with four at the table:
  true-hand rank 0.347 against 0.358), nor did the time a decision takes. On the same set
  fewer picks for read players lost again (half +2.11e-3, a quarter +1.70e-3 at 350), and
  reading eight moves back instead of four gained nothing (+2.45e-3). Nor did reading a
  pass on a knock with the club's own odds (the cards he could not place, what the
  others were known to hold, the stock at his turn; every such hand ruled out) instead
  of the odds without the cards seen: the true hands then always fit, but the gain was
  +2.42e-3 against +2.73e-3 for the base in the same run, at three times the time.
Caveats: the oracle lets the seat play on as a club, so it values one move's gain over
the club, not a whole expert's play. Two experts of equal strength whose samples differ
(another draw of the same hands) differed by 0.4e-3 per decision on the Scat set: a
change must beat that, not only its standard error.
"""

from __future__ import annotations

import argparse
import contextlib
import copy
import importlib
import math
import pickle
import random
import statistics
import sys
import time
from collections.abc import Callable, Iterator
from functools import cache
from pathlib import Path
from typing import Any

import stammtisch
from stammtisch.bots.registry import make_bot
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


@contextlib.contextmanager
def patched(target: Any, name: str, value: Any) -> Iterator[None]:
    old = getattr(target, name)
    setattr(target, name, value)
    try:
        yield
    finally:
        setattr(target, name, old)


def truehands(game: str) -> contextlib.AbstractContextManager[None]:
    """The expert searches over the true hidden hands (the stock still shuffled)."""

    def sample(rng: random.Random) -> Any:
        state = CURRENT["state"].clone()
        state.events, state.halt_between_deals = None, True
        stock = list(state.stock)
        rng.shuffle(stock)
        state.stock, state.seed = tuple(stock), rng.getrandbits(63)
        return state

    players = importlib.import_module(f"stammtisch.bots.{game}.players")
    return patched(players, "build", lambda _view, _seen, rng, *_args: sample(rng))


@contextlib.contextmanager
def reread(name: str, value: Any) -> Iterator[None]:
    """Scat: the reading's ``name`` (history.py) set to ``value``, with the fitters'
    remembered answers dropped on the way in and out (they were given under the other
    reading)."""
    history = importlib.import_module("stammtisch.bots.scat.history")
    history.fitter.cache_clear()
    try:
        with patched(history, name, value):
            yield
    finally:
        history.fitter.cache_clear()


def approxdraws(_game: str) -> contextlib.AbstractContextManager[None]:
    """Scat: a player's draw read by rule of thumb instead of the club's count (as before
    the count): he took the top card when it raised his hand, and left it when it would
    have raised his hand by less than four points."""

    def takes(_hand: int, gain: float, move: Any, _value: Any) -> bool:
        return gain > 0 if move.took else gain >= 4

    return reread("_takes", takes)


def read_picks(share: float) -> Callable[[str], contextlib.AbstractContextManager[None]]:
    """Scat: a player whose moves were read holds the best of ``share`` of his picks."""

    def variant(_game: str) -> contextlib.AbstractContextManager[None]:
        from stammtisch.bots import commerce

        determinize = importlib.import_module("stammtisch.bots.scat.determinize")

        def dealt(pool: Any, wants: Any, rank: Any, rng: Any, tries: int = 1) -> Any:
            wants = [(known, missing, max(1, round(picks * share)) if fits else picks, fits)
                     for known, missing, picks, fits in wants]
            return commerce.deal_likely(pool, wants, rank, rng, tries)

        return patched(determinize, "deal_likely", dealt)

    return variant


VARIANTS: dict[str, Callable[[str], contextlib.AbstractContextManager[None]]] = {
    "base": lambda _game: contextlib.nullcontext(),
    "truehands": truehands,
    "approxdraws": approxdraws,
    "readpicks0": read_picks(0.0),
    "readpicks25": read_picks(0.25),
    "readpicks50": read_picks(0.5),
    "oldest8": lambda _game: reread("OLDEST", 8),
}
"""Add a variant here as a context manager that patches the expert."""


def evaluate(game: str, positions: list[dict[str, Any]], cache: dict[tuple[int, str], float],
             rollouts: int, variant: str) -> None:
    gains, overrules, started = [], 0, time.process_time()
    with VARIANTS[variant](game):
        for index, position in enumerate(positions):
            CURRENT.update(position)
            bot = copy.deepcopy(position["bot"])
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
    with VARIANTS[variant](game):
        for index in knock_choices(positions):
            position = positions[index]
            CURRENT.update(position)
            draw = club(0).choose(without_knock(position["view"]))
            for action in ("knock", draw):
                if (index, action) not in cache:
                    cache[index, action] = oracle_value(game, position, action)
            knock_value, draw_value = cache[index, "knock"], cache[index, draw]
            bot = copy.deepcopy(position["bot"])
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
    judge.add_argument("--rollouts", type=int, default=350)
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
        for variant in args.variants:
            judge_one = knocks if args.command == "knocks" else evaluate
            judge_one(stored["game"], stored["positions"], cache, args.rollouts, variant)
    finally:
        cache_file.write_bytes(pickle.dumps(cache))
    return 0


if __name__ == "__main__":
    sys.exit(main())
