"""How often a Schnapsen level passes up what the expert's inference reads from its play:
the strengths of bots/schnapsen/inference.py, fitted to a level's own choices.

    python -m tools.fit_inference [--level expert] [--matches 40] [--budget 0.05]
                                  [--seed 1] [option=value ...]

Plays ``--matches`` Bummerls of ``--level`` against itself and, at every decision the
inference reads, looks at the hand the seat really held. For each kind of evidence it
counts the decisions where the seat held the cards and how often it still did what
the inference takes as a sign of not holding them:

- ``undeclared marriage``: led in the open phase without declaring, holding a
  marriage it could declare;
- ``unexchanged trump``: led without exchanging, the exchange being legal;
- ``untaken higher`` / ``untaken trump``: let the other seat's plain ace or ten win a
  trick in the open phase, holding a higher card of the suit / a trump.

A seat without the cards always does the "sign" (it cannot do otherwise), so the
strength is one minus the share with the cards (a likelihood ratio), printed with a
95% Wilson interval of that share.
"""

from __future__ import annotations

import argparse
import sys
from dataclasses import dataclass
from typing import Any

import stammtisch
from stammtisch.bots.registry import make_bot
from stammtisch.cards import SUIT_MASKS
from stammtisch.games.schnapsen import EXCHANGE, HIGHER, MARRIAGE, POINTS, SchnapsenState
from tools.calibration import wilson
from tools.closes import parse_options

KINDS = ("undeclared marriage", "unexchanged trump", "untaken higher", "untaken trump")


@dataclass
class Tally:
    """Decisions where the seat held the cards, and how many of them gave the sign."""

    held: int = 0
    sign: int = 0

    def add(self, sign: bool) -> None:
        self.held += 1
        self.sign += sign

    def line(self, kind: str) -> str:
        if not self.held:
            return f"{kind:20} no decision"
        low, high = wilson(self.sign, self.held)
        share = self.sign / self.held
        return (f"{kind:20} {self.sign:5}/{self.held:<5} = {share:6.1%} [{low:.1%}, {high:.1%}]"
                f"  strength {1 - share:.2f} [{1 - high:.2f}, {1 - low:.2f}]")


def tally(state: SchnapsenState, legal: list[int], action: int,
          tallies: dict[str, Tally]) -> None:
    """Count the decision ``action`` of the seat to act in ``state`` (full information)."""
    if state.strict:
        return
    seat = state.to_act
    hand = state.hands[seat]
    trumps = SUIT_MASKS[state.trump_suit]
    if state.lead_card < 0:
        if action < 52 or action >= MARRIAGE:
            if any(a >= MARRIAGE for a in legal):
                tallies["undeclared marriage"].add(action < MARRIAGE)
            if EXCHANGE in legal:
                tallies["unexchanged trump"].add(True)
        elif action == EXCHANGE:
            tallies["unexchanged trump"].add(False)
        return
    lead = state.lead_card
    if POINTS[lead] < 10 or (1 << lead) & trumps or action >= 52:
        return
    took = bool((HIGHER[lead] | trumps) >> action & 1)
    if hand & HIGHER[lead]:
        tallies["untaken higher"].add(not took)
    if hand & trumps:
        tallies["untaken trump"].add(not took)


def play(level: str, matches: int, budget: float, seed: int,
         options: dict[str, Any]) -> dict[str, Tally]:
    tallies = {kind: Tally() for kind in KINDS}
    try:
        for index in range(matches):
            match_seed = seed * 1_000_003 + index
            match = stammtisch.new_match("schnapsen", seed=match_seed, **options)
            bots = [make_bot("schnapsen", level, match_seed, seat, budget) for seat in range(2)]
            while (seat := match.to_act) is not None:
                view = match.view(seat)
                text = bots[seat].choose(view)
                state = match.state
                assert isinstance(state, SchnapsenState)
                legal = state.legal()
                if len(legal) > 1:
                    tally(state, legal, state.parse_action(text), tallies)
                match.play(text)
            print(f"\rmatch {index + 1}/{matches}", end="", file=sys.stderr)
    except KeyboardInterrupt:
        print("\ninterrupted: the finished decisions", end="", file=sys.stderr)
    print(file=sys.stderr)
    return tallies


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--level", default="expert")
    parser.add_argument("--matches", type=int, default=40)
    parser.add_argument("--budget", type=float, default=0.05)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("options", nargs="*", help="table options as key=value")
    args = parser.parse_args(argv)
    options = parse_options(args.options)
    tallies = play(args.level, args.matches, args.budget, args.seed, options)
    print(f"{args.level} against itself, {args.matches} Bummerls, {args.budget} s a decision, "
          f"options {options or 'default'}: held the cards, and still gave the sign")
    for kind in KINDS:
        print(tallies[kind].line(kind))
    return 0


if __name__ == "__main__":
    sys.exit(main())
