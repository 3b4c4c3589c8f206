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

The close is read from the hand's :func:`close_strength`: at every decision where the
seat could close (an exchange first counts as the decision after it), the strength
and whether it closed. Printed: the share of closes per band of ten strength points,
and against the largest share (the likelihood of a close, ``CLOSE_BANDS``).
"""

from __future__ import annotations

import argparse
import sys
from dataclasses import dataclass
from typing import Any

import stammtisch
from stammtisch.bots.registry import make_bot
from stammtisch.bots.schnapsen.inference import close_strength
from stammtisch.cards import SUIT_MASKS
from stammtisch.games.schnapsen import CLOSE, EXCHANGE, HIGHER, MARRIAGE, POINTS, SchnapsenState
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


def close_sample(state: SchnapsenState, legal: list[int], action: int
                 ) -> tuple[int, bool] | None:
    """(the hand's close strength, closed) for a decision where closing was open."""
    if CLOSE not in legal or action == EXCHANGE:
        return None
    seat = state.to_act
    strength = close_strength(state.hands[seat], state.points[seat] + state.pending[seat],
                              state.trump_suit)
    return strength, action == CLOSE


def close_lines(samples: list[tuple[int, bool]], band: int = 10) -> list[str]:
    """The share of closes per band of strength, and against the largest share (what
    ``CLOSE_BANDS`` in bots/schnapsen/inference.py holds)."""
    lines = [f"close: {len(samples)} decisions where the seat could close, "
             f"{sum(c for _, c in samples)} closed",
             "strength   decisions  closed  share   95% interval    relative"]
    bands: dict[int, list[bool]] = {}
    for strength, closed in samples:
        bands.setdefault(max(0, strength) // band * band, []).append(closed)
    top = max((sum(b) / len(b) for b in bands.values()), default=0.0) or 1.0
    for low in sorted(bands):
        count, closes = len(bands[low]), sum(bands[low])
        lo, hi = wilson(closes, count)
        lines.append(f"{low:3}-{low + band - 1:<3} {count:9} {closes:7} {closes / count:6.1%}"
                     f"  {lo:5.1%}-{hi:5.1%}  {closes / count / top:8.2f}")
    return lines


def play(level: str, matches: int, budget: float, seed: int, options: dict[str, Any],
         closes: list[tuple[int, bool]] | None = None) -> dict[str, Tally]:
    """The tallies of ``matches`` Bummerls of ``level`` against itself; the close
    samples appended to ``closes`` if given."""
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
                    action = state.parse_action(text)
                    tally(state, legal, action, tallies)
                    sample = close_sample(state, legal, action)
                    if closes is not None and sample is not None:
                        closes.append(sample)
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
    closes: list[tuple[int, bool]] = []
    tallies = play(args.level, args.matches, args.budget, args.seed, options, closes)
    print(f"{args.level} against itself, {args.matches} Bummerls, {args.budget} s a decision, "
          f"options {options or 'default'}: held the cards, and still gave the sign")
    for kind in KINDS:
        print(tallies[kind].line(kind))
    print("\n".join(close_lines(closes)))
    return 0


if __name__ == "__main__":
    sys.exit(main())
