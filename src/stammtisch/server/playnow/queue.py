"""The pairing of Play now, with no I/O: who sits together, and which computer levels
fill the rest.

Each queue holds the people asking for one game and rule set. The one whose fill time
comes first picks first: the searchers nearest their rating, each within the reach of
everyone picked before (a reach grows with the time waited: :func:`reach`). A full
table forms at once; once a person's :func:`fill_time` comes, the people found so far
form a table with computer levels of a similar rating in the empty seats.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import asdict, dataclass
from typing import Any

TABLE_SIZES = {"schnapsen": 2, "schnauz": 4, "scat": 4, "schmier": 6}
"""The seats of a Play now table per game (Schnauz and Scat play 2 to 6 and 9; four is
the table of a usual evening)."""
RULE_SETS = ("rules", "traditional")
"""The named rule sets (server/catalog.py's presets) a queue may be for."""
WAITS = (5, 60)
"""The shortest and longest wait a person may choose, in seconds."""
DEFAULT_WAIT = 20
FOUND_SECONDS = 3.0
"""The 'found' phase: seconds in which the people of a formed table see each other and
may still cancel, before the table is made."""
BASE_REACH = 100.0
"""Rating points two people may differ by from the start ..."""
WIDENING = 50.0
"""... and how many more for each second waited."""


@dataclass(frozen=True)
class Entry:
    """One person (or program) in a queue."""

    person: str
    """``account:ID``, ``bot:NAME`` or ``guest:HASH`` (server/playnow/service.py)."""
    name: str
    rating: float
    since: float
    """When the person joined (seconds since the epoch)."""
    wait: float
    """Seconds the person chose to wait for people before computer levels fill in."""
    account: int | None = None
    program: bool = False

    def stored(self) -> dict[str, Any]:
        return asdict(self)

    @classmethod
    def from_stored(cls, data: Mapping[str, Any]) -> Entry:
        account = data.get("account")
        return cls(str(data["person"]), str(data["name"]), float(data["rating"]),
                   float(data["since"]), float(data["wait"]),
                   account if isinstance(account, int) else None,
                   data.get("program") is True)


@dataclass(frozen=True)
class Group:
    """A table to form: its people, and the computer levels of its other seats."""

    people: tuple[Entry, ...]
    levels: tuple[str, ...]


def queue_name(game: str, rules: str) -> str:
    return f"{game}:{rules}"


def queues() -> list[str]:
    """Every queue there is: one per game and rule set."""
    return [queue_name(game, rules) for game in TABLE_SIZES for rules in RULE_SETS]


def reach(entry: Entry, now: float) -> float:
    """How far from ``entry``'s rating a partner may be, after the time waited."""
    return BASE_REACH + WIDENING * max(0.0, now - entry.since)


def fill_time(entry: Entry) -> float:
    """When computer levels fill the seats no person took: the table is then made a
    :data:`FOUND_SECONDS` later, at the end of the chosen wait."""
    return entry.since + max(0.0, entry.wait - FOUND_SECONDS)


def _fits(one: Entry, other: Entry, now: float) -> bool:
    return abs(one.rating - other.rating) <= min(reach(one, now), reach(other, now))


def nearest_levels(level_ratings: Mapping[str, float], ratings: Sequence[float],
                   seats: int) -> tuple[str, ...]:
    """``seats`` computer levels for a table of people rated ``ratings``: the level
    nearest their mean for each seat (ties to the first offered)."""
    if seats <= 0:
        return ()
    mean = sum(ratings) / len(ratings)
    best = min(level_ratings, key=lambda level: abs(level_ratings[level] - mean))
    return (best,) * seats


def pair(entries: Sequence[Entry], size: int, now: float,
         level_ratings: Mapping[str, float]) -> tuple[list[Group], dict[str, list[str]]]:
    """The tables to form ``now`` out of one queue's searching ``entries``, and for each
    person left searching the names of those who would sit with them if the wait ended
    now."""
    order = sorted(entries, key=lambda e: (fill_time(e), e.since, e.person))
    taken: set[str] = set()
    groups: list[Group] = []
    found: dict[str, list[str]] = {}
    for first in order:
        if first.person in taken:
            continue
        near = sorted((e for e in order if e.person not in taken and e is not first),
                      key=lambda e: (abs(e.rating - first.rating), e.since, e.person))
        group = [first]
        for candidate in near:
            if len(group) == size:
                break
            if all(_fits(member, candidate, now) for member in group):
                group.append(candidate)
        if len(group) == size or now >= fill_time(first):
            levels = nearest_levels(level_ratings, [e.rating for e in group],
                                    size - len(group))
            groups.append(Group(tuple(group), levels))
            taken.update(e.person for e in group)
        else:
            found[first.person] = [e.name for e in group[1:]]
    return groups, found
