"""Swiss pairing and standings, pure: no I/O, no clock, no randomness.

A round seats the players at tables of the tournament's size (two in Schnapsen; in
the multi-player games the chosen size, and tables one seat smaller where the game
allows it, so that everyone plays); whoever cannot be seated has a bye. Players of
equal score sit together: the best-placed player not yet seated takes the
nearest-placed players they have not met (at any table of an earlier round; in pairs
this is the Monrad way, first against second, third against fourth), with
backtracking so that the whole round avoids repeats; only when no such round exists
are repeats allowed, as few as the search finds.

Byes go to the lowest-placed players who have not had one; a bye is worth a win.

Round 1 is seeded (:func:`first_round`): the players by rating for the game, highest
first, equal ratings in the order of joining (:func:`seeding`); the lowest seeds have
the byes, and the others sit by the Dutch system's slide, extended to tables of any
size: with ``k`` tables, table ``j`` takes seeds ``j``, ``j + k``, ``j + 2k``, ... (one
from each band of ``k`` seeds, strongest band first). In pairs this is top half against
bottom half (1 against n/2+1, 2 against n/2+2, ...); at a larger table each sits one
player of each band, strong and weak mixed alike at every table.

Points per match: a seat gets the share of the other units (seats, or teams in
Schmier) at its table that finished below it, a tie counting half: in a two-player
match a win is 1, a draw 0.5, a loss 0; at a table of four the places are worth 1,
2/3, 1/3 and 0; two teams finishing level share.

Standings, best first: points, then **Buchholz** (the sum over one's matches of the
mean final points of the others at the table), then **Sonneborn-Berger** (the sum over
one's matches of one's points there times that mean), then the order of joining. In a
two-player game these are the chess tie-breaks; a bye adds nothing to either.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from itertools import combinations

Key = str
"""A player of the tournament (an account, a computer level or a program)."""

SEARCH_BUDGET = 20_000
"""Groupings tried in search of a round without repeats before repeats are allowed."""


@dataclass(frozen=True)
class Game:
    """A finished table: its players by seat and each seat's points."""

    players: tuple[Key, ...]
    points: tuple[float, ...]


@dataclass(frozen=True)
class Round:
    games: tuple[Game, ...]
    byes: tuple[Key, ...] = ()


@dataclass(frozen=True)
class Pairing:
    tables: tuple[tuple[Key, ...], ...]
    byes: tuple[Key, ...]


@dataclass(frozen=True)
class Standing:
    key: Key
    points: float
    buchholz: float
    berger: float
    rank: int
    """1 for the first."""


def seat_points(units: Sequence[Sequence[int]], places: Sequence[int]) -> list[float]:
    """Each seat's points from its unit's place (0 the best, equal places tie)."""
    seats = sum(len(unit) for unit in units)
    points = [0.0] * seats
    others = len(units) - 1
    for unit, place in zip(units, places, strict=True):
        below = sum(1 for other in places if other > place)
        level = sum(1 for other in places if other == place) - 1
        share = (below + 0.5 * level) / others if others else 0.5
        for seat in unit:
            points[seat] = share
    return points


def table_sizes(players: int, size: int, smallest: int) -> tuple[list[int], int]:
    """The tables of a round (largest first) and the number of byes: tables of
    ``size``, some of ``size - 1`` where that is at least ``smallest`` and seats
    everyone; else as many tables of ``size`` as fill, the rest byes."""
    if players < smallest:
        return [], players
    tables = -(-players // size)
    short = tables * size - players
    if short and size - 1 >= smallest and short <= tables:
        return [size] * (tables - short) + [size - 1] * short, 0
    full = players // size
    return [size] * full, players - full * size


def met_pairs(rounds: Iterable[Round]) -> set[frozenset[Key]]:
    """Every two players who sat at one table."""
    return {frozenset(pair) for one in rounds for game in one.games
            for pair in combinations(game.players, 2)}


def byes_had(rounds: Iterable[Round]) -> set[Key]:
    return {key for one in rounds for key in one.byes}


def seeding(entrants: Sequence[Key], ratings: Mapping[Key, float]) -> list[Key]:
    """The seeds of round 1: ``entrants`` (in the order they joined) by their rating,
    highest first, equal ratings in the order of joining."""
    joined = {key: at for at, key in enumerate(entrants)}
    return sorted(entrants, key=lambda key: (-ratings[key], joined[key]))


def first_round(seeds: Sequence[Key], size: int, smallest: int | None = None) -> Pairing:
    """Round 1 for the players in ``seeds`` (best first): the lowest seeds have the byes,
    table ``j`` of ``k`` seats seeds ``j``, ``j + k``, ``j + 2k``, ..."""
    sizes, byes = table_sizes(len(seeds), size, size if smallest is None else smallest)
    seated = list(seeds[:len(seeds) - byes])
    tables: list[list[Key]] = [[] for _ in sizes]
    # dealt round the tables: the last band is short by as many seats as the tables
    # one seat smaller, which come last, have fewer
    for at, key in enumerate(seated):
        tables[at % len(tables)].append(key)
    return Pairing(tuple(tuple(table) for table in tables), tuple(seeds[len(seated):]))


def pair(ranking: Sequence[Key], rounds: Sequence[Round], size: int,
         smallest: int | None = None) -> Pairing:
    """The next round for the players in ``ranking`` (best first), after ``rounds``."""
    sizes, byes = table_sizes(len(ranking), size, size if smallest is None else smallest)
    had = byes_had(rounds)
    bottom_up = list(reversed(ranking))
    chosen = [key for key in bottom_up if key not in had][:byes]
    chosen += [key for key in bottom_up if key in had][:byes - len(chosen)]
    seated = [key for key in ranking if key not in chosen]
    met = met_pairs(rounds)
    budget = [SEARCH_BUDGET]
    tables = _search(seated, sizes, met, budget)
    if tables is None:
        tables = _fewest_repeats(seated, sizes, met)
    return Pairing(tuple(tables), tuple(key for key in ranking if key in chosen))


def _search(order: list[Key], sizes: list[int], met: set[frozenset[Key]],
            budget: list[int]) -> list[tuple[Key, ...]] | None:
    """Tables without a repeat, the best-placed player first with the nearest-placed
    others; None when there are none (or the budget ran out)."""
    if not sizes:
        return []
    head, rest = order[0], order[1:]
    for picked in combinations(range(len(rest)), sizes[0] - 1):
        budget[0] -= 1
        if budget[0] < 0:
            return None
        members = (head, *(rest[i] for i in picked))
        if any(frozenset(two) in met for two in combinations(members, 2)):
            continue
        left = [key for i, key in enumerate(rest) if i not in picked]
        found = _search(left, sizes[1:], met, budget)
        if found is not None:
            return [members, *found]
        if budget[0] < 0:
            return None
    return None


def _fewest_repeats(order: list[Key], sizes: list[int],
                    met: set[frozenset[Key]]) -> list[tuple[Key, ...]]:
    """Tables greedily: the best-placed player with the others that repeat the fewest
    meetings, the nearest-placed first among equals."""
    tables = []
    left = list(order)
    for size in sizes:
        head, rest = left[0], left[1:]
        best = min(combinations(range(len(rest)), size - 1),
                   key=lambda picked: (sum(frozenset(two) in met for two in combinations(
                       (head, *(rest[i] for i in picked)), 2)), picked))
        tables.append((head, *(rest[i] for i in best)))
        left = [key for i, key in enumerate(rest) if i not in best]
    return tables


def standings(entrants: Sequence[Key], rounds: Sequence[Round],
              bye_points: float = 1.0) -> list[Standing]:
    """The players best first; ``entrants`` in the order they joined."""
    points = dict.fromkeys(entrants, 0.0)
    for one in rounds:
        for game in one.games:
            for key, got in zip(game.players, game.points, strict=True):
                points[key] += got
        for key in one.byes:
            points[key] += bye_points
    buchholz = dict.fromkeys(entrants, 0.0)
    berger = dict.fromkeys(entrants, 0.0)
    for one in rounds:
        for game in one.games:
            for seat, key in enumerate(game.players):
                others = [points[other] for at, other in enumerate(game.players)
                          if at != seat]
                strength = sum(others) / len(others) if others else 0.0
                buchholz[key] += strength
                berger[key] += game.points[seat] * strength
    joined = {key: at for at, key in enumerate(entrants)}
    order = sorted(entrants, key=lambda key: (-points[key], -round(buchholz[key], 9),
                                              -round(berger[key], 9), joined[key]))
    return [Standing(key, points[key], buchholz[key], berger[key], rank)
            for rank, key in enumerate(order, start=1)]
