"""Where the Play now queues live: :class:`Board`, what the service asks of them, and
:class:`MemoryBoard`, the queues of a server that runs alone (server/playnow/redisboard.py
keeps them in Redis for several processes).

A person's record says where they are: ``searching`` (in a queue), ``found`` (in a
formed group, for a few seconds: a cancel there sends the group's others back to
searching), ``seating`` (their table is being made: too late to cancel) or ``seated``
(the table's address and their seat token, kept :data:`SEATED_TTL` seconds). Each step
from one to the next is atomic, so a person is claimed for one group at most, and a
group is seated once.
"""

from __future__ import annotations

import json
import time
from collections.abc import Callable
from typing import Any, Protocol

from stammtisch.server.playnow.queue import Entry

SEARCHING, FOUND, SEATING, SEATED = "searching", "found", "seating", "seated"
SEATED_TTL = 600.0
"""Seconds a seated person's answer (with their seat token) is kept for their page."""
STALE = 15.0
"""Seconds after which a person whose page stopped asking (``GET /api/play-now``) is
taken out of the queue: a closed tab takes no seat."""


def group_record(group_id: str, queue: str, people: list[Entry], levels: list[str],
                 starts: float) -> dict[str, Any]:
    return {"id": group_id, "queue": queue, "persons": [e.person for e in people],
            "people": [e.stored() for e in people], "levels": levels, "starts": starts}


def found_record(queue: str, entry_text: str, group: dict[str, Any]) -> dict[str, Any]:
    """A person's record once found for ``group``: who sits with them, and when."""
    players = [{"name": p["name"], "level": None} for p in group["people"]]
    players += [{"name": None, "level": level} for level in group["levels"]]
    return {"state": FOUND, "queue": queue, "entry": entry_text, "group": group["id"],
            "players": players, "starts": group["starts"]}


class Board(Protocol):
    async def hold(self, queue: str) -> bool:
        """Whether this process pairs ``queue`` now (it holds or took its lease)."""

    async def release(self) -> None:
        """Give up this process's queues (a clean shutdown)."""

    async def join(self, entry: Entry, queue: str) -> str | None:
        """Put the person into ``queue`` (out of any other); the state that refuses it
        (``found``, ``seating``) or None."""

    async def cancel(self, person: str) -> str | None:
        """Take the person out; the state they were in (``seating``: refused, too late),
        None when they were nowhere."""

    async def look(self, person: str) -> tuple[dict[str, Any] | None, list[str]]:
        """The person's record and who was found for them so far; marks them seen."""

    async def searching(self, queue: str) -> list[tuple[Entry, str]]:
        """The searching entries of ``queue``, each with its stored text."""

    async def unseen(self, persons: list[str]) -> list[str]:
        """Those of ``persons`` whose page has not asked within :data:`STALE` seconds."""

    async def claim(self, queue: str, group: dict[str, Any],
                    texts: dict[str, str]) -> bool:
        """Every person of ``group`` from searching to found, or nobody (False)."""

    async def due(self, queue: str, now: float) -> list[dict[str, Any]]:
        """The groups of ``queue`` whose found phase is over."""

    async def commit(self, group: dict[str, Any]) -> bool:
        """True, once: every person of the group is still found, and now seating; else
        the ones still found go back to searching (and False)."""

    async def seat(self, person: str, record: dict[str, Any]) -> None:
        """The person's ``seated`` record."""

    async def unseat(self, group: dict[str, Any]) -> None:
        """The table could not be made: the group's people search again."""

    async def tell_found(self, found: dict[str, list[str]]) -> None:
        """Who would sit with each searching person if the wait ended now."""


class MemoryBoard:
    """The queues of one process, in memory; every method runs on the event loop
    without awaiting anything, so each is atomic."""

    def __init__(self, clock: Callable[[], float] = time.time) -> None:
        self.clock = clock
        self.who: dict[str, dict[str, Any]] = {}
        self.queues: dict[str, dict[str, str]] = {}
        self.groups: dict[str, dict[str, dict[str, Any]]] = {}
        self.seen: dict[str, float] = {}
        self.found: dict[str, list[str]] = {}
        self.expires: dict[str, float] = {}
        self._purged = float("-inf")

    async def hold(self, queue: str) -> bool:
        return True

    async def release(self) -> None:
        pass

    async def join(self, entry: Entry, queue: str) -> str | None:
        old = self._record(entry.person)
        if old is not None and old["state"] in (FOUND, SEATING):
            return str(old["state"])
        if old is not None and old["state"] == SEARCHING:
            self.queues.get(old["queue"], {}).pop(entry.person, None)
        text = json.dumps(entry.stored())
        self.queues.setdefault(queue, {})[entry.person] = text
        self.who[entry.person] = {"state": SEARCHING, "queue": queue, "entry": text}
        self.expires.pop(entry.person, None)
        self.seen[entry.person] = self.clock()
        self.found.pop(entry.person, None)
        return None

    async def cancel(self, person: str) -> str | None:
        record = self._record(person)
        if record is None:
            return None
        state = str(record["state"])
        if state == SEATING:
            return state
        self._forget(person)
        if state == SEARCHING:
            self.queues.get(record["queue"], {}).pop(person, None)
        elif state == FOUND:
            group = self.groups.get(record["queue"], {}).pop(record["group"], None)
            for other in group["persons"] if group else []:
                self._back(other, record["group"])
        return state

    def _forget(self, person: str) -> None:
        self.who.pop(person, None)
        self.seen.pop(person, None)
        self.found.pop(person, None)
        self.expires.pop(person, None)

    def _record(self, person: str) -> dict[str, Any] | None:
        if person in self.expires and self.expires[person] <= self.clock():
            self._forget(person)
        return self.who.get(person)

    def _back(self, person: str, group_id: str) -> None:
        record = self.who.get(person)
        if record is None or record["state"] != FOUND or record["group"] != group_id:
            return
        self.queues.setdefault(record["queue"], {})[person] = record["entry"]
        self.who[person] = {"state": SEARCHING, "queue": record["queue"],
                            "entry": record["entry"]}

    async def look(self, person: str) -> tuple[dict[str, Any] | None, list[str]]:
        record = self._record(person)
        if record is not None:
            self.seen[person] = self.clock()
        return record, self.found.get(person, [])

    async def searching(self, queue: str) -> list[tuple[Entry, str]]:
        self._purge()
        return [(Entry.from_stored(json.loads(text)), text)
                for text in self.queues.get(queue, {}).values()]

    def _purge(self) -> None:
        """Forget the seated people whose answer is past :data:`SEATED_TTL` (at most
        once a second: the queues ask every tick)."""
        now = self.clock()
        if now - self._purged < 1.0:
            return
        self._purged = now
        for person in [p for p, until in self.expires.items() if until <= now]:
            self._forget(person)

    async def unseen(self, persons: list[str]) -> list[str]:
        now = self.clock()
        return [p for p in persons if now - self.seen.get(p, now) > STALE]

    async def claim(self, queue: str, group: dict[str, Any],
                    texts: dict[str, str]) -> bool:
        records = [self.who.get(p) for p in group["persons"]]
        if any(r is None or r["state"] != SEARCHING or r["queue"] != queue
               for r in records):
            return False
        for person in group["persons"]:
            self.queues[queue].pop(person, None)
            self.who[person] = found_record(queue, texts[person], group)
            self.found.pop(person, None)
        self.groups.setdefault(queue, {})[group["id"]] = group
        return True

    async def due(self, queue: str, now: float) -> list[dict[str, Any]]:
        return [g for g in self.groups.get(queue, {}).values() if g["starts"] <= now]

    async def commit(self, group: dict[str, Any]) -> bool:
        if self.groups.get(group["queue"], {}).pop(group["id"], None) is None:
            return False
        records = [self.who.get(p) for p in group["persons"]]
        if all(r is not None and r["state"] == FOUND and r["group"] == group["id"]
               for r in records):
            for record in records:
                assert record is not None
                record["state"] = SEATING
            return True
        for person in group["persons"]:
            self._back(person, group["id"])
        return False

    async def seat(self, person: str, record: dict[str, Any]) -> None:
        self.who[person] = record
        self.expires[person] = self.clock() + SEATED_TTL

    async def unseat(self, group: dict[str, Any]) -> None:
        for person in group["persons"]:
            record = self.who.get(person)
            if record is not None and record["state"] == SEATING:
                self.queues.setdefault(group["queue"], {})[person] = record["entry"]
                self.who[person] = {"state": SEARCHING, "queue": group["queue"],
                                    "entry": record["entry"]}

    async def tell_found(self, found: dict[str, list[str]]) -> None:
        self.found.update(found)
