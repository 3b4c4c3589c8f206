"""From match outcomes to figures per bot (entry of the lineup).

A bot is one entry of the lineup: a level in one seat, or a team of that level.
Where a level is listed more than once its entries are numbered (``club#2``)
and counted apart. A bot's *matches won* is the sum of its win shares, its
*share* that sum over the matches played, its *fair share* one over the
number of entries. The Wilson interval treats matches as independent, which
overstates the uncertainty a little where rotation groups replay the same
decks. Pairwise scores for Elo compare every two seats of different entries
that are not partners: 1 to the one that finished ahead, 1/2 each for a tie.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass

from stammtisch.arena.lineup import Lineup
from stammtisch.arena.outcome import team_of
from stammtisch.arena.runner import Outcome
from stammtisch.arena.stats import elo, mean_interval, wilson


@dataclass(frozen=True)
class BotFigures:
    bot: str
    """The entry's label: its level, numbered where the level is listed twice or more."""
    level: str
    fair_share: float
    matches: int
    wins: float
    share: float
    share_interval: tuple[float, float]
    per_deal: float | None
    per_deal_interval: tuple[float, float] | None
    elo: float


def pairwise_scores(lineup: Lineup, outcomes: Sequence[Outcome]
                    ) -> dict[tuple[str, str], tuple[float, int]]:
    """(a, b) -> (a's score against b, seat pairs compared), a listed before b."""
    labels = lineup.labels
    scores: dict[tuple[str, str], list[float]] = {}
    for outcome in outcomes:
        entries, ranks = outcome.plan.entry_of_seat, outcome.ranks
        for a in range(len(entries)):
            for b in range(len(entries)):
                if entries[a] >= entries[b] or (
                        lineup.teams and team_of(a, lineup.teams) == team_of(b, lineup.teams)):
                    continue
                score = 1.0 if ranks[a] < ranks[b] else 0.5 if ranks[a] == ranks[b] else 0.0
                cell = scores.setdefault((labels[entries[a]], labels[entries[b]]), [0.0, 0])
                cell[0] += score
                cell[1] += 1
    return {pair: (cell[0], int(cell[1])) for pair, cell in scores.items()}


def summarize(lineup: Lineup, outcomes: Sequence[Outcome]) -> list[BotFigures]:
    """Figures for each entry, in the order of the lineup."""
    labels = lineup.labels
    ratings = elo(labels, pairwise_scores(lineup, outcomes))
    n = len(outcomes)
    figures = []
    for entry, label in enumerate(labels):
        wins = 0.0
        values: list[float] = []
        for outcome in outcomes:
            seats = [s for s, e in enumerate(outcome.plan.entry_of_seat) if e == entry]
            wins += outcome.shares[seats[0]]
            value = outcome.per_deal[seats[0]]
            if value is not None:
                values.append(value)
        mean = interval = None
        if values:
            centre, low, high = mean_interval(values)
            mean, interval = centre, (low, high)
        figures.append(BotFigures(
            bot=label, level=lineup.levels[entry], fair_share=1 / len(labels), matches=n,
            wins=wins, share=wins / n if n else math.nan, share_interval=wilson(wins, n),
            per_deal=mean, per_deal_interval=interval, elo=ratings[label]))
    return figures


def incomplete_groups(lineup: Lineup, outcomes: Sequence[Outcome]) -> int:
    """Rotation groups with some of their matches missing (an interrupted run): in them
    the seats were not shared evenly between the bots."""
    played: dict[int, int] = {}
    for outcome in outcomes:
        played[outcome.plan.group] = played.get(outcome.plan.group, 0) + 1
    return sum(count < len(lineup.units) for count in played.values())


def pair_tally(lineup: Lineup, outcomes: Sequence[Outcome]) -> dict[str, int] | None:
    """For two entries: of the complete rotation groups (the same decks, seats swapped),
    how many the first entry won both of, split, or the second won both of."""
    if len(lineup.levels) != 2:
        return None
    groups: dict[int, list[float]] = {}
    for outcome in outcomes:
        seat = outcome.plan.entry_of_seat.index(0)
        groups.setdefault(outcome.plan.group, []).append(outcome.shares[seat])
    first, second = lineup.labels
    tally = {f"{first} won both": 0, "split": 0, f"{second} won both": 0}
    for shares in groups.values():
        if len(shares) == 2:
            won = sum(shares)
            key = f"{first} won both" if won > 1 else "split" if won == 1 \
                else f"{second} won both"
            tally[key] += 1
    return tally
