"""A table's settings chosen at its creation, beyond its game and options: its turn
clock (seconds per decision and a reserve, table/clock.py) and whether watchers see the
table talk (table/talk.py). Stored as one JSON object with the table.

A rated table has a clock unless its creator chose one (:data:`RATED_CLOCK`); a
practice table (one person against this server's computer levels) and a lesson never
have one: nobody waits for the person there.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import asdict, dataclass
from typing import Any

from stammtisch.errors import StammtischError

CLOCK_CHOICES = {"relaxed": 60, "normal": 30, "fast": 15}
"""The clocks the pages offer, in seconds per decision."""
RATED_CLOCK = CLOCK_CHOICES["normal"]
CLOCK_RANGE = (5, 600)
"""The seconds per decision a table may choose."""
RESERVE_MAX = 600
"""The longest reserve, in seconds."""
NO_CLOCK = ('"clock": a practice table or a lesson has no clock (nobody waits for you '
            "there)")


def default_reserve(per_decision: int) -> int:
    """The reserve a clock gets when its creator names none: two decisions' time."""
    return min(2 * per_decision, RESERVE_MAX)


@dataclass(frozen=True)
class TableSettings:
    clock: int = 0
    """Seconds per decision of a person; 0: no clock."""
    clock_reserve: int = 0
    """Seconds a person may draw on over the match when a decision runs long."""
    talk_watchers: bool = False
    """Watchers see the table talk (the people at the table always may)."""

    def stored(self) -> dict[str, Any]:
        return asdict(self)

    @classmethod
    def from_stored(cls, stored: Any) -> TableSettings:
        """The settings of a stored table; a table from before settings has none."""
        if not isinstance(stored, dict):
            return cls()
        clock, reserve = stored.get("clock", 0), stored.get("clock_reserve", 0)
        return cls(clock=clock if _whole(clock) else 0,
                   clock_reserve=reserve if _whole(reserve) else 0,
                   talk_watchers=stored.get("talk_watchers") is True)


def _whole(value: Any) -> bool:
    return isinstance(value, int) and not isinstance(value, bool) and value >= 0


def read_settings(data: Mapping[str, Any] | TableSettings | None, *, rated: bool = False,
                  practice: bool = False) -> TableSettings:
    """The settings a request for a new table asks for (``clock``, ``clock_reserve``,
    ``talk_watchers``; or settings made already), for a table that is ``rated``, or a
    ``practice`` table (one person against computer players, or a lesson); a
    :class:`StammtischError` saying what is wrong otherwise."""
    if isinstance(data, TableSettings):
        if practice and data.clock:
            raise StammtischError(NO_CLOCK)
        return data
    data = data or {}
    clock = data.get("clock")
    if clock is None and practice:
        clock = 0
    reserve = data.get("clock_reserve")
    watchers = data.get("talk_watchers", False)
    low, high = CLOCK_RANGE
    if clock is None:
        clock = RATED_CLOCK if rated else 0
    elif not _whole(clock) or not (clock == 0 or low <= clock <= high):
        raise StammtischError(f'"clock" is the seconds per decision: 0 (no clock) or a '
                              f"whole number from {low} to {high}")
    if reserve is None:
        reserve = default_reserve(clock) if clock else 0
    elif not _whole(reserve) or reserve > RESERVE_MAX:
        raise StammtischError(f'"clock_reserve" is a whole number of seconds from 0 to '
                              f"{RESERVE_MAX}")
    elif not clock and reserve:
        raise StammtischError('"clock_reserve" needs a "clock"')
    if practice and clock:
        raise StammtischError(NO_CLOCK)
    if not isinstance(watchers, bool):
        raise StammtischError('"talk_watchers" must be true or false')
    return TableSettings(clock=clock, clock_reserve=reserve, talk_watchers=watchers)
