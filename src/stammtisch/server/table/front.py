"""The names a table's callers know (the sockets, the hub, the cluster, the tests),
each answered by the part whose job it is: :class:`Front` is the master's
(table/master.py) face, and holds no state of its own."""

from __future__ import annotations

import asyncio
from typing import Any

from stammtisch.bots.base import Bot
from stammtisch.server.coaching import Coach
from stammtisch.server.seats import Seat
from stammtisch.server.table.helpers import Advise, Helpers
from stammtisch.server.table.part import Client
from stammtisch.server.table.players import Players
from stammtisch.server.table.rematch import Rematcher
from stammtisch.server.table.seating import Seating
from stammtisch.server.table.takeback import Takeback
from stammtisch.server.table.talk import Talker


class Front:
    seating: Seating
    takeback: Takeback
    players: Players
    helpers: Helpers
    rematcher: Rematcher
    talker: Talker

    @property
    def seats(self) -> list[Seat]:
        return self.seating.seats

    @property
    def human_seats(self) -> list[int]:
        return self.seating.human_seats

    @property
    def owner_seat(self) -> int | None:
        return self.seating.owner_seat

    @property
    def chosen_deals(self) -> bool:
        return self.seating.chosen_deals

    @property
    def watchers(self) -> int:
        return self.seating.watchers

    @property
    def presence_delay(self) -> float:
        return self.seating.presence_delay

    @presence_delay.setter
    def presence_delay(self, seconds: float) -> None:
        self.seating.presence_delay = seconds

    @property
    def solo(self) -> bool:
        return self.takeback.solo

    @property
    def undo_floor(self) -> int:
        return self.takeback.undo_floor

    @property
    def seen(self) -> dict[int, set[str]]:
        return self.takeback.seen

    @property
    def deal(self) -> Any:
        return self.takeback.deal

    @property
    def bots(self) -> dict[int, Bot]:
        return self.players.bots

    @property
    def _runner(self) -> asyncio.Task[None] | None:
        return self.players.runner

    @property
    def hints(self) -> bool:
        return self.helpers.hints

    @property
    def coach(self) -> Coach | None:
        return self.helpers.coach

    @property
    def advise(self) -> Advise:
        return self.helpers.advise

    @advise.setter
    def advise(self, advise: Advise) -> None:
        self.helpers.advise = advise

    @property
    def again(self) -> set[int]:
        return self.rematcher.again

    @property
    def moved_to(self) -> str | None:
        return self.rematcher.moved_to

    def seat_of(self, token: str) -> int | None:
        return self.seating.seat_of(token)

    def seat_for_bot(self, name: str) -> int | None:
        return self.seating.seat_for_bot(name)

    def away_from_start(self) -> None:
        self.seating.away_from_start()

    def can_undo(self, seat: int | None) -> bool:
        return self.takeback.can_undo(seat)

    def pace(self, seat: int) -> float:
        return self.players.pacing.pace(seat)

    async def sit(self, client: Client, seat: int, name: str,
                  answer_id: int | None = None) -> None:
        """``client`` takes the open ``seat`` under ``name`` (a program of the bot API:
        under its bot account); the socket holds the seat once it is stored, and hears
        ``seated`` before any state of it."""
        await self.seating.sit(client, seat, name, answer_id)

    async def fill(self, client: Client, seat: int, level: str,
                   answer_id: int | None = None) -> None:
        """The creator puts a computer player of ``level`` into ``seat``: an open one,
        or one whose person is gone past the grace."""
        await self.seating.fill(client, seat, level, answer_id)

    async def undo(self, client: Client, seq: int | None = None,
                   answer_id: int | None = None) -> None:
        await self.takeback.undo(client, seq, answer_id)

    async def hint(self, client: Client, cooldown: float = 0.0,
                   answer_id: int | None = None) -> None:
        """Ask the expert's values for the client's seat, on its turn, as data for the
        position at ``seq``: one hint in flight per seat, and the next one ``cooldown``
        seconds after the last was asked. A refusal is raised at once; the hint is worked
        out aside (the client's other messages go on) in its turn at the hint worker,
        shared fairly by the clients' addresses (server/hints.py): while it waits the
        client is told ``{"type": "hint_queued", "seq", "place"}``, then sent the hint or
        the error."""
        await self.helpers.hint(client, cooldown, answer_id)

    async def talk(self, client: Client, say: str, answer_id: int | None = None) -> None:
        """``client`` says one of the table talk's phrases to the table (table/talk.py)."""
        await self.talker.talk(client, say, answer_id)
