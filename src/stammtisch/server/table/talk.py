"""The table talk part: the people at a table say one of a few fixed phrases and faces
(protocol.SAYINGS, never free text) to each other. What is said goes out at once as a
small ``talk`` message, not as a state, and the last few sayings stay in the state for
a page that comes later. Watchers hear it only where the table allows it
(``TableSettings.talk_watchers``); programs of the bot API hear it as the person in
their seat would, but do not talk. Kept in memory only: a restart forgets it."""

from __future__ import annotations

from collections import deque
from typing import Any

from stammtisch.server.seats import HUMAN, OPEN
from stammtisch.server.table.part import Client, Host, Part, TableError, player

KEPT = 8
"""How many of the last sayings the state carries."""
RATE, WINDOW = 3, 10.0
"""A seat says at most RATE things in any WINDOW seconds."""


class Talker(Part):
    def __init__(self, host: Host) -> None:
        self.host = host
        self.said: deque[dict[str, Any]] = deque(maxlen=KEPT)
        """The last sayings, oldest first, each as its ``talk`` message was."""
        self.count = 0
        """Sayings at this table so far: each one's ``n``, for a page to know it once."""
        self._times: dict[int, deque[float]] = {}
        """When each seat spoke last (at most RATE times)."""

    @property
    def watchers_hear(self) -> bool:
        """The table lets its watchers hear the talk (its creator chose so)."""
        return self.host.settings.talk_watchers

    @property
    def open(self) -> bool:
        """Two or more people sit at the table, or may sit (an open seat)."""
        return sum(1 for info in self.host.seats if info.kind in (HUMAN, OPEN)) >= 2

    def hears(self, seat: int | None) -> bool:
        return seat is not None or self.watchers_hear

    def may_talk(self, seat: int | None) -> bool:
        return seat is not None and self.open and self.host.seats[seat].kind == HUMAN

    def public(self, seat: int | None) -> dict[str, Any]:
        return {"talk": {"may": self.may_talk(seat), "watchers": self.watchers_hear,
                         "said": list(self.said) if self.hears(seat) else []}}

    async def talk(self, client: Client, say: str, answer_id: int | None = None) -> None:
        """``client`` says ``say`` (checked by the protocol to be one of its sayings):
        everyone who hears the table's talk is sent it, the speaker's sockets too (the
        speaking one with ``answer_id``)."""
        host = self.host
        async with host.lock:
            seat = player(client)
            if client.bot is not None or host.seats[seat].kind != HUMAN:
                raise TableError("table talk is for the people at the table, not for "
                                 "programs", "not_now")
            if not self.open:
                raise TableError("table talk needs at least two people at the table",
                                 "not_now")
            now = host.clock()
            times = self._times.setdefault(seat, deque(maxlen=RATE))
            if len(times) == RATE and now - times[0] < WINDOW:
                raise TableError(f"you said {RATE} things in {WINDOW:g} seconds: wait "
                                 f"{WINDOW - (now - times[0]):.0f} s", "rate_limited")
            times.append(now)
            self.count += 1
            message = {"type": "talk", "seat": seat, "say": say, "at": host.seq,
                       "log": len(host.match.events), "n": self.count}
            self.said.append(message)
            for other in list(host.clients):
                if not self.hears(other.seat):
                    continue
                sent = {**message, "id": answer_id} if other is client and answer_id \
                    is not None else message
                try:
                    await other.send(sent)
                except Exception:  # noqa: BLE001 - a closed socket must not stop the table
                    if other in host.clients:
                        host.clients.remove(other)
