"""Whether reading the opponent's close helps the Schnapsen expert, valued in the deal
as it really lies.

    python -m tools.close_reading [--against expert-2026] [--matches 20] [--budget 0.1]
                                  [--test-budget 0.3] [--seed 1] [--base closed=0]
                                  [strength=value ...]

Plays ``--matches`` Bummerls of the expert against ``--against`` (both at ``--budget``,
the expert in seat 0 and seat 1 in turn). At every decision of the expert with a choice
after the opponent has closed, two experts with the same seed decide at
``--test-budget``: one with the ``--base`` strengths (default ``closed=0``: the close
not read), one with the given ones (default: the judged ones, ``JUDGED``; see
``Strengths`` in bots/schnapsen/inference.py), the rest judged. Where they differ,
each choice is valued in the real deal, whose cards the tool sees: the talon is closed,
so the exact solver gives the deal's award after it, and the match-winning chance
(bots/schnapsen/bummerl.py) that award is worth. Printed: the decisions compared,
those that differ, and the mean gain per compared decision of the given strengths
over the base (chance and award) with its standard error. The match goes on with the
base's choice.
"""

from __future__ import annotations

import argparse
import dataclasses
import math
import sys
from collections.abc import Callable

import stammtisch
from stammtisch import native
from stammtisch.bots.base import Bot
from stammtisch.bots.registry import make_bot
from stammtisch.bots.schnapsen.bummerl import deal_worth
from stammtisch.bots.schnapsen.inference import JUDGED, Strengths
from stammtisch.bots.schnapsen.players import ExpertBot
from stammtisch.games.schnapsen import SchnapsenState, parse_action


def parse_strengths(pairs: list[str]) -> Strengths:
    """``Strengths`` with the given ``name=value`` fields (the others judged)."""
    names = {f.name for f in dataclasses.fields(Strengths)}
    given: dict[str, float] = {}
    for pair in pairs:
        name, _, value = pair.partition("=")
        if name not in names:
            raise ValueError(f"unknown strength {name!r} (known: {', '.join(sorted(names))})")
        try:
            given[name] = float(value)
        except ValueError:
            raise ValueError(f"{name} must be a number from 0 to 1, not {value!r}") from None
        if not 0 <= given[name] <= 1:
            raise ValueError(f"{name} must be a number from 0 to 1, not {value!r}")
    return dataclasses.replace(JUDGED, **given)


def true_award(state: SchnapsenState, me: int, action: int) -> int:
    """``me``'s signed award of the deal after ``action``, with every card known."""
    deal = state.deal_number
    child = native.to_native(state.clone())
    child.apply(action)
    if child.deal_number != deal or child.over:
        return native.deal_value(child, me, deal)
    return native.search(child, me).value(child)


@dataclasses.dataclass
class Comparison:
    """The compared decisions and, where the choices differ, the candidate's gains."""

    compared: int = 0
    chance_gains: list[float] = dataclasses.field(default_factory=list)
    award_gains: list[int] = dataclasses.field(default_factory=list)

    def lines(self) -> list[str]:
        n = max(1, self.compared)
        lines = [f"{self.compared} decisions after the opponent's close compared, "
                 f"{len(self.chance_gains)} differ"]
        for name, gains in (("match chance", self.chance_gains),
                            ("deal award", self.award_gains)):
            mean = sum(gains) / n
            spread = sum((g - mean) ** 2 for g in gains) + (n - len(gains)) * mean * mean
            error = math.sqrt(spread / max(1, n - 1) / n)
            lines.append(f"gain per decision in {name}: {mean:+.4f} [SE {error:.4f}]")
        return lines


Opponent = Callable[[int, int], Bot]
"""``opponent(match_seed, seat)``: the bot the expert plays against."""


def compare(opponent: Opponent, matches: int, budget: float, test_budget: float, seed: int,
            candidate: Strengths, base: Strengths) -> Comparison:
    found = Comparison()
    try:
        for index in range(matches):
            match_seed = seed * 1_000_003 + index
            me = index % 2
            match = stammtisch.new_match("schnapsen", seed=match_seed)
            expert = make_bot("schnapsen", "expert", match_seed, me, budget)
            other = opponent(match_seed, 1 - me)
            decision = 0
            while (seat := match.to_act) is not None:
                view = match.view(seat)
                if seat != me:
                    match.play(other.choose(view))
                    continue
                decision += 1
                state = match.state
                assert isinstance(state, SchnapsenState)
                if len(view["legal_actions"]) > 1 and state.closer == 1 - me:
                    key = match_seed * 1_000 + decision
                    based = ExpertBot(key, test_budget, strengths=base).choose(view)
                    read = ExpertBot(key, test_budget, strengths=candidate).choose(view)
                    found.compared += 1
                    if read != based:
                        scores = view["game_points"]
                        target = view["match_target"]
                        awards = [true_award(state, me, parse_action(a)) for a in (read, based)]
                        chances = [deal_worth(v, scores[me], scores[1 - me], target)
                                   for v in awards]
                        found.award_gains.append(awards[0] - awards[1])
                        found.chance_gains.append(chances[0] - chances[1])
                    match.play(based)
                else:
                    match.play(expert.choose(view))
            print(f"\rmatch {index + 1}/{matches}: {found.compared} compared, "
                  f"{len(found.chance_gains)} differ", end="", file=sys.stderr)
    except KeyboardInterrupt:
        print("\ninterrupted: the finished decisions", end="", file=sys.stderr)
    print(file=sys.stderr)
    return found


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--against", default="expert-2026")
    parser.add_argument("--matches", type=int, default=20)
    parser.add_argument("--budget", type=float, default=0.1)
    parser.add_argument("--test-budget", type=float, default=0.3)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--base", default="closed=0",
                        help="the base's strengths as name=value, comma-separated")
    parser.add_argument("strengths", nargs="*", help="strengths as name=value")
    args = parser.parse_args(argv)
    try:
        candidate = parse_strengths(args.strengths)
        base = parse_strengths([p for p in args.base.split(",") if p])
    except ValueError as error:
        parser.error(str(error))
    def opponent(match_seed: int, seat: int) -> Bot:
        return make_bot("schnapsen", args.against, match_seed, seat, args.budget)

    found = compare(opponent, args.matches, args.budget, args.test_budget, args.seed,
                    candidate, base)
    print(f"expert against {args.against}, {args.matches} Bummerls, play {args.budget} s, "
          f"compared at {args.test_budget} s;\nbase {base}\ncandidate {candidate}")
    print("\n".join(found.lines()))
    return 0


if __name__ == "__main__":
    sys.exit(main())

