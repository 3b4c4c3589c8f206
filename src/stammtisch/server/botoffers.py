"""The offers of the bot API: which program streams (``/ws/bot``) listen for which bot
account, and the ``offer`` messages that tell a program of a seat kept for it."""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from stammtisch.server.outbox import Outbox, SlowReader
from stammtisch.server.seats import EXTERNAL
from stammtisch.server.tables import OVER, Table

MAX_STREAMS = 4
"""Streams one bot account may hold open at once."""


def offer(table: Table, seat: int) -> dict[str, Any]:
    """The message that tells a program of its seat at ``table``."""
    return {"type": "offer", "table": table.id, "seat": seat, "game": table.match.game,
            "options": table.match.options, "phase": table.phase,
            "socket": f"/ws/tables/{table.id}"}


class Offers:
    """The program streams of one server, by bot account."""

    def __init__(self) -> None:
        self.streams: dict[str, list[Outbox]] = {}

    def listen(self, bot: str, outbox: Outbox) -> bool:
        """Add a stream; False when the bot holds :data:`MAX_STREAMS` already."""
        held = self.streams.setdefault(bot, [])
        if len(held) >= MAX_STREAMS:
            return False
        held.append(outbox)
        return True

    def forget(self, bot: str, outbox: Outbox) -> None:
        held = self.streams.get(bot, [])
        if outbox in held:
            held.remove(outbox)
        if not held:
            self.streams.pop(bot, None)

    def tell(self, table: Table) -> None:
        """Offer each seat of ``table`` kept for a program to that program's streams."""
        for seat, info in enumerate(table.seats):
            if info.kind != EXTERNAL:
                continue
            for outbox in list(self.streams.get(info.name, [])):
                try:
                    outbox.push(offer(table, seat))
                except SlowReader:
                    self.forget(info.name, outbox)


def waiting_for(bot: str, tables: Iterable[Table]) -> list[dict[str, Any]]:
    """The offers of every live table (not over) with a seat for ``bot``."""
    found = []
    for table in tables:
        seat = table.seat_for_bot(bot)
        if seat is not None and table.phase != OVER:
            found.append(offer(table, seat))
    return found
