"""The offers of the bot API: which program streams (``/ws/bot``) listen for which bot
account, and the ``offer`` messages that tell a program of a seat kept for it. In a
deployment of several processes (server/cluster.py) every offer is passed on to the
other processes too, since a program's stream may be connected to any of them."""

from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import Any

from stammtisch.server.outbox import Outbox, SlowReader
from stammtisch.server.seats import EXTERNAL
from stammtisch.server.tables import OVER, Table

MAX_STREAMS = 4
"""Streams one bot account may hold open at once (at each server process)."""


def offer(table: Table, seat: int) -> dict[str, Any]:
    """The message that tells a program of its seat at ``table``."""
    return {"type": "offer", "table": table.id, "seat": seat, "game": table.match.game,
            "options": table.match.options, "phase": table.phase,
            "chosen_deals": table.chosen_deals, "socket": f"/ws/tables/{table.id}"}


class Offers:
    """The program streams of one server, by bot account."""

    def __init__(self) -> None:
        self.streams: dict[str, list[Outbox]] = {}
        self.relay: Callable[[str, dict[str, Any]], None] | None = None
        """Set in a deployment of several processes: passes an offer made here on to
        the others' streams of its bot."""

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

    def push(self, bot: str, message: dict[str, Any]) -> None:
        """Send ``message`` to every stream of ``bot`` here."""
        for outbox in list(self.streams.get(bot, [])):
            try:
                outbox.push(message)
            except SlowReader:
                self.forget(bot, outbox)

    def tell(self, table: Table) -> None:
        """Offer each seat of ``table`` kept for a program to that program's streams."""
        for seat, info in enumerate(table.seats):
            if info.kind != EXTERNAL:
                continue
            message = offer(table, seat)
            self.push(info.name, message)
            if self.relay is not None:
                self.relay(info.name, message)


def waiting_for(bot: str, tables: Iterable[Table]) -> list[dict[str, Any]]:
    """The offers of every live table (not over) with a seat for ``bot``."""
    found = []
    for table in tables:
        seat = table.seat_for_bot(bot)
        if seat is not None and table.phase != OVER:
            found.append(offer(table, seat))
    return found
