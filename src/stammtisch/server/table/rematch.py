"""The rematch part: once the match is over, each person may ask to play again; when
all have asked, the next table is made and everyone is told where to go, each person
with their own token for their seat there."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from stammtisch.server.seats import HUMAN
from stammtisch.server.table.part import OVER, Client, Host, Part, TableError, player

NextTable = Callable[[], tuple[str, dict[int, str]]]
"""Makes the table of the next match after this one: its id, each person's token."""


class Rematcher(Part):
    def __init__(self, host: Host, lesson: bool = False) -> None:
        self.host = host
        self.lesson = lesson
        self.again: set[int] = set()
        """The people who asked to play again, once the match is over."""
        self.moved_to: str | None = None
        """The table the players went on to, once everyone asked."""
        self._tokens: dict[int, str] = {}
        """Each person's token for their seat at :attr:`moved_to` (memory only), for a
        socket of theirs that comes after the move."""

    def public(self, seat: int | None) -> dict[str, Any]:
        return {"again": sorted(self.again), "moved_to": self.moved_to}

    async def welcome(self, client: Client) -> None:
        if self.moved_to is not None:
            await client.send(self.moved(client.seat))

    def moved(self, seat: int | None) -> dict[str, Any]:
        """Where the players went on; a person's own token for the new table with it."""
        moved: dict[str, Any] = {"type": "moved", "table": self.moved_to}
        token = self._tokens.get(seat) if seat is not None else None
        if token is not None:
            moved["seat"], moved["token"] = seat, token
        return moved

    async def play_again(self, client: Client, make_next: NextTable,
                         answer_id: int | None = None) -> None:
        """See :meth:`stammtisch.server.table.master.Table.play_again`."""
        host = self.host
        async with host.lock:
            seat = player(client)
            if host.phase != OVER:
                raise TableError("the match is not over yet: play again once it is")
            if host.seats[seat].kind != HUMAN:
                raise TableError("the people at the table choose to play again, not a bot")
            if self.lesson:
                raise TableError("a guided deal is played once: start a match from the "
                                 "start page")
            if self.moved_to is not None:
                await client.send(self.moved(seat))
                return
            if seat in self.again:
                raise TableError("you have asked already: the others have not all "
                                 "asked yet")
            self.again.add(seat)
            if not set(host.human_seats) <= self.again:
                await host.broadcast(answer=client, answer_id=answer_id)
                return
            try:
                made, tokens = make_next()
            except Exception:
                self.again.discard(seat)  # not made: the last person may ask again
                raise
            self.moved_to, self._tokens = made, tokens
            for other in list(host.clients):
                try:
                    await other.send(self.moved(other.seat))
                except Exception:  # noqa: BLE001 - a closed socket must not stop the table
                    if other in host.clients:
                        host.clients.remove(other)
