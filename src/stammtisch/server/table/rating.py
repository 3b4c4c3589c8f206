"""The rating part: when a rated match ends, each seat's rating moves once
(server/ratingstore.py), off the event loop, and every seat is told by how much.

Who played a seat: a person's account (``account:<id>``, kept on the seat when a
computer player took it over, which makes it a loss), a computer level (an anchor), a
program of the bot API (``bot:<name>``).
"""

from __future__ import annotations

import asyncio
import logging
from typing import Any

from stammtisch.server.ratingstore import BOT, LEVEL, Change, account_subject, rate_match
from stammtisch.server.seats import EXTERNAL, HUMAN, Seat
from stammtisch.server.store import Store
from stammtisch.server.table.part import Host, Part

log = logging.getLogger("stammtisch.server")


def subject(seat: Seat) -> str:
    if seat.account is not None:
        return account_subject(seat.account)
    if seat.kind == EXTERNAL:
        return f"{BOT}:{seat.name}"
    return f"{LEVEL}:{seat.level}"


class Rating(Part):
    def __init__(self, host: Host, store: Store, rated: bool) -> None:
        self.host = host
        self.store = store
        self.rated = rated
        self.changes: list[Change] = []
        self._task: asyncio.Task[None] | None = None

    def wake(self) -> None:
        if self.rated and self.host.match.result is not None and self._task is None:
            self._task = asyncio.get_running_loop().create_task(self._rate())

    async def _rate(self) -> None:
        host = self.host
        seats, result = host.seats, host.match.result
        assert result is not None
        forfeits = [seat for seat, info in enumerate(seats)
                    if info.account is not None and info.kind != HUMAN]
        try:
            changes = await asyncio.to_thread(
                rate_match, self.store.engine, host.id, host.match.game,
                [subject(info) for info in seats], result, host.match.events,
                forfeits)
        except Exception:  # the match stays unrated; the table goes on
            log.exception("the rated match %s could not be rated", host.id)
            return
        self.changes = changes
        await host.broadcast_between_changes()

    def public(self, seat: int | None) -> dict[str, Any]:
        return {"rated": self.rated, "rating": [
            {"before": round(c.before.value), "after": round(c.after.value),
             "display": c.after.display(program=c.subject.startswith(f"{BOT}:"))}
            for c in self.changes] or None}

    def close(self) -> None:
        if self._task is not None and not self._task.done():
            self._task.cancel()
