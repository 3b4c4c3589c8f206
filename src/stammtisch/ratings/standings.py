"""Who finished where: a finished match's result as places of seats or teams.

The results are the engines' (``result()`` of games/*.py), checked here, since a stored
one may come from anywhere:

- Schnapsen: ``winner`` (0 or 1) first, the other seat second.
- Schnauz and Scat: the seat left (``winner``) first, then the seats out, the last one
  out highest (``eliminated_order``). Seats out in the same deal tie; which deal a seat
  went out in only the match's events tell (a ``life`` event with ``eliminated`` after
  the deal's ``deal`` event), so without events each seat out has a place of its own.
- Schmier: the teams of ``teams`` (seat lists), the winning teams (``winners``: one, or
  several in a joint win) first, the others by ``scores``, equal scores tying.

Places are dense ranks, 0 the best.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from stammtisch.ratings.rating import RatingError

Events = Sequence[Mapping[str, Any]]


@dataclass(frozen=True)
class Standings:
    units: tuple[tuple[int, ...], ...]
    """The seats of each unit that finished as one: a seat, or a team's seats."""
    places: tuple[int, ...]
    """Each unit's place: 0 the best, equal places tie."""

    @property
    def num_seats(self) -> int:
        return sum(len(unit) for unit in self.units)


def _seat(value: object, seats: int, what: str) -> int:
    if isinstance(value, bool) or not isinstance(value, int) or not 0 <= value < seats:
        raise RatingError(f"the result's {what} is a seat from 0 to {seats - 1}, "
                          f"not {value!r}")
    return value


def _two_seats(result: Mapping[str, Any], _events: Events | None) -> Standings:
    winner = _seat(result.get("winner"), 2, "winner")
    return Standings(((0,), (1,)), (0, 1) if winner == 0 else (1, 0))


def _out_deals(events: Events) -> dict[int, int]:
    """The deal in which each seat went out, as the events tell it."""
    deal, out = -1, dict[int, int]()
    for event in events:
        seat = event.get("seat")
        if event.get("type") == "deal":
            deal += 1
        elif event.get("type") == "life" and event.get("eliminated") is True \
                and isinstance(seat, int):
            out.setdefault(seat, deal)
    return out


def _last_standing(result: Mapping[str, Any], events: Events | None) -> Standings:
    lives = result.get("lives")
    if not isinstance(lives, list) or not 2 <= len(lives):
        raise RatingError(f"the result's lives is a list per seat, not {lives!r}")
    seats = len(lives)
    winner = _seat(result.get("winner"), seats, "winner")
    order = result.get("eliminated_order")
    if not isinstance(order, list):
        raise RatingError(f"the result's eliminated_order is a list, not {order!r}")
    out = [_seat(seat, seats, "eliminated_order") for seat in order]
    if sorted([winner, *out]) != list(range(seats)):
        raise RatingError(f"the result's winner {winner} and eliminated_order {out} do "
                          f"not name each of the {seats} seats once")
    when = _out_deals(events) if events is not None else {}
    if events is not None and sorted(when) != sorted(out):
        raise RatingError(f"the events put out seats {sorted(when)}, the result "
                          f"{sorted(out)}")
    groups: list[list[int]] = []  # the seats out, last out first
    for seat in reversed(out):
        if groups and seat in when and when[seat] == when[groups[-1][0]]:
            groups[-1].append(seat)
        else:
            groups.append([seat])
    places = [0] * seats
    for place, group in enumerate(groups, start=1):
        for seat in group:
            places[seat] = place
    return Standings(tuple((seat,) for seat in range(seats)), tuple(places))


def _teams(result: Mapping[str, Any], _events: Events | None) -> Standings:
    teams = result.get("teams")
    if not isinstance(teams, list) or len(teams) < 2 \
            or not all(isinstance(team, list) and team for team in teams):
        raise RatingError(f"the result's teams is a list of seat lists, not {teams!r}")
    seats = sum(len(team) for team in teams)
    units = tuple(tuple(_seat(seat, seats, "teams") for seat in team) for team in teams)
    if sorted(seat for unit in units for seat in unit) != list(range(seats)):
        raise RatingError(f"the result's teams {teams} do not name each seat once")
    scores, winners = result.get("scores"), result.get("winners")
    if not isinstance(scores, list) or len(scores) != len(teams) or not all(
            isinstance(score, int) and not isinstance(score, bool) for score in scores):
        raise RatingError(f"the result's scores is a whole number per team, not {scores!r}")
    if not isinstance(winners, list) or not winners:
        raise RatingError(f"the result's winners is a list of teams, not {winners!r}")
    won = {_seat(team, len(teams), "winners") for team in winners}
    keys = [(0 if team in won else 1, -score) for team, score in enumerate(scores)]
    distinct = sorted(set(keys))
    return Standings(units, tuple(distinct.index(key) for key in keys))


STANDINGS: dict[str, Callable[[Mapping[str, Any], Events | None], Standings]] = {
    "schnapsen": _two_seats,
    "schnauz": _last_standing,
    "scat": _last_standing,
    "schmier": _teams,
}


def standings(game: str, result: Mapping[str, Any], events: Events | None = None) -> Standings:
    """The places of ``result``, a finished match of ``game``; ``events`` (the match's)
    tie the seats out in one deal in Schnauz and Scat.

    >>> standings("scat", {"winner": 2, "lives": [0, 0, 1, 0],
    ...                    "eliminated_order": [1, 3, 0], "deals": 9}).places
    (1, 3, 0, 2)
    """
    find = STANDINGS.get(game)
    if find is None:
        raise RatingError(f"no rating for the game {game!r}; the rated games are "
                          f"{', '.join(sorted(STANDINGS))}")
    if not isinstance(result, Mapping):
        raise RatingError(f"a {game} result is a mapping, not {result!r}")
    return find(result, events)


__all__ = ["STANDINGS", "Standings", "standings"]
