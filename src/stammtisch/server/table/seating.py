"""The seating part: who holds each seat (a person by a token, a computer player, a
program of the bot API, or nobody yet), taking open seats, putting computer players
into seats, and presence: a person who lost the connection keeps the seat for
:attr:`Seating.grace` seconds, and everyone is told of seats coming and going, at most
once every :attr:`Seating.presence_delay` seconds."""

from __future__ import annotations

import asyncio
import time
from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

from stammtisch.bots.registry import find_level
from stammtisch.errors import StammtischError
from stammtisch.server.names import first_alike
from stammtisch.server.seats import BOT, EXTERNAL, HUMAN, OPEN, Seat, new_token, token_hash
from stammtisch.server.table.part import OVER, Client, Host, Part, TableError

PRESENCE_DELAY = 0.25
"""Seconds between two broadcasts of seats coming or going (changes in between wait)."""
FALLBACK = "club"
"""The computer player that acts for a program of the bot API when its creator named none."""


class Seating(Part):
    def __init__(self, host: Host, seats: list[Seat], grace: float = 60.0,
                 presence_delay: float = PRESENCE_DELAY, rated: bool = False) -> None:
        self.host = host
        self.seats = seats
        self.rated = rated
        """Only logged-in people sit here (their match is rated)."""
        self.grace = grace
        """Seconds a person who lost the connection keeps the seat."""
        self.presence_delay = presence_delay
        self._timers: dict[int, asyncio.TimerHandle] = {}
        self._presence: asyncio.TimerHandle | None = None
        """The broadcast of seats that came or went, while one is due."""
        self._presence_told = float("-inf")
        """When (the event loop's time) seats that came or went were last broadcast."""
        self._alike: tuple[int | None, dict[str, Any]] | None = None
        """While one broadcast lasts (:meth:`alike`): the owner's seat and what every
        seat's piece shares."""
        self.stand_in: str | None = None
        """The computer level that takes over a person's seat once their grace is over
        where nobody else could put one in (no owner, as in a tournament, or the owner's
        own seat) and a turn clock runs; None: the seat waits for the owner
        (table/clock.py)."""
        self._tasks: set[asyncio.Task[None]] = set()

    # --- who sits where -----------------------------------------------------------------

    @property
    def human_seats(self) -> list[int]:
        return [seat for seat, info in enumerate(self.seats) if info.kind == HUMAN]

    @property
    def owner_seat(self) -> int | None:
        return next((seat for seat, info in enumerate(self.seats)
                     if info.owner and info.kind == HUMAN), None)

    @property
    def chosen_deals(self) -> bool:
        """The creator chose the seed, so the deals: a practice table, and it says so."""
        return any(info.chose_deals for info in self.seats)

    @property
    def watchers(self) -> int:
        return sum(1 for client in self.host.clients if client.seat is None)

    def seat_of(self, token: str) -> int | None:
        return next((seat for seat, info in enumerate(self.seats) if info.holds(token)),
                    None)

    def seat_for_bot(self, name: str) -> int | None:
        """The seat the program of bot account ``name`` plays here, if any."""
        return next((seat for seat, info in enumerate(self.seats) if info.for_bot(name)),
                    None)

    @property
    def marked_away(self) -> set[int]:
        """People whose socket is here but who let the turn clock run out
        (table/clock.py): they count as away until they play again."""
        held = {client.seat for client in self.host.clients}
        return {seat for seat, info in enumerate(self.seats)
                if info.kind == HUMAN and info.away_since is not None and seat in held}

    def public_seats(self) -> list[dict[str, Any]]:
        now = time.monotonic()
        held = {client.seat for client in self.host.clients}
        return [info.public(self.grace, now, seat in held and info.away_since is None)
                for seat, info in enumerate(self.seats)]

    def lobby_seats(self) -> list[dict[str, Any]]:
        held = {client.seat for client in self.host.clients}
        return [info.lobby(info.kind == BOT or seat in held)
                for seat, info in enumerate(self.seats)]

    def public(self, seat: int | None) -> dict[str, Any]:
        owner, alike = self._alike or self._to_all()
        return {"owner": seat is not None and seat == owner, **alike}

    def _to_all(self) -> tuple[int | None, dict[str, Any]]:
        return self.owner_seat, {"seats": self.public_seats(), "watchers": self.watchers,
                                 "grace": self.grace, "chosen_deals": self.chosen_deals}

    @contextmanager
    def alike(self) -> Iterator[None]:
        """Every frame of one broadcast tells the seats as they were at its start: they
        are worked out once, not once per seat."""
        self._alike = self._to_all()
        try:
            yield
        finally:
            self._alike = None

    # --- taking seats -------------------------------------------------------------------

    def _check_seat(self, seat: int) -> Seat:
        if not 0 <= seat < len(self.seats):
            raise TableError(f"there is no seat {seat} at this table of {len(self.seats)}",
                             "bad_message")
        return self.seats[seat]

    async def sit(self, client: Client, seat: int, name: str,
                  answer_id: int | None = None) -> None:
        """See :meth:`stammtisch.server.table.master.Table.sit`."""
        host = self.host
        async with host.lock:
            if client.seat is not None:
                raise TableError(f"you already hold seat {client.seat} at this table")
            info = self._check_seat(seat)
            if info.kind != OPEN:
                raise TableError(f"seat {seat} is taken", "seat_taken")
            token: str | None = None
            if client.bot is not None:
                await self._seat_program(client, seat)
            else:
                account = client.account
                if account is None and self.rated:
                    raise TableError("this match is rated: log in to sit here", "not_now")
                if account is not None:
                    name = account.name
                await self._check_name(name)
                token = new_token()
                self.seats[seat] = Seat(HUMAN, token_hash=token_hash(token), name=name,
                                        account=account.id if account else None)
                try:
                    await host.save_seats()
                except Exception:
                    self.seats[seat] = info
                    raise
                client.seat = seat  # the socket sees the seat's cards once it is stored
            host.seat_changed(seat)
            seated: dict[str, Any] = {"type": "seated", "seat": seat, "token": token}
            if answer_id is not None:
                seated["id"] = answer_id
            await client.send(seated)
            await host.broadcast(answer=client, answer_id=answer_id)
        host.wake_bots()

    async def _seat_program(self, client: Client, seat: int) -> None:
        """A program of the bot API takes the open ``seat`` (through the invite link),
        with the default fallback; its bot token stays its only credential."""
        assert client.bot is not None
        if self.seat_for_bot(client.bot) is not None:
            raise TableError(f"the bot {client.bot!r} already plays a seat here", "seat_taken")
        await self._check_name(client.bot)
        self.seats[seat] = Seat(EXTERNAL, FALLBACK, name=client.bot)
        client.seat = seat
        try:
            await self.host.save_seats()
        except Exception:
            self.seats[seat], client.seat = Seat(OPEN), None
            raise

    async def _check_name(self, name: str) -> None:
        """Refuse ``name`` (a person's or a program's) when it reads like the name of
        anyone seated, person or program (server/names.py)."""
        seated = [info.name for info in self.seats if info.kind in (HUMAN, EXTERNAL)
                  and info.name]
        if not seated:
            return
        # The look-alike table is read on first use: not on the event loop.
        other = await asyncio.to_thread(first_alike, name, seated)
        if other is not None:
            raise TableError(f"{name!r} reads the same as {other!r}, who sits at this "
                             "table: choose another name", "name_taken")

    async def fill(self, client: Client, seat: int, level: str,
                   answer_id: int | None = None) -> None:
        """See :meth:`stammtisch.server.table.master.Table.fill`."""
        host = self.host
        async with host.lock:
            if client.seat is None or client.seat != self.owner_seat:
                raise TableError("only the table's creator puts computer players into seats",
                                 "not_owner")
            info = self._check_seat(seat)
            try:
                find_level(host.match.game, level)
            except StammtischError as unknown:
                raise TableError(str(unknown), "bad_message") from None
            if host.phase == OVER:
                raise TableError("the match is over")
            if info.kind in (BOT, EXTERNAL):
                raise TableError(f"a computer player already holds seat {seat}", "seat_taken")
            if info.kind == HUMAN:
                left = info.grace_left(self.grace)
                if left is None:
                    raise TableError(f"seat {seat}'s player is here", "seat_taken")
                if left > 0:
                    raise TableError(f"seat {seat}'s player may still come back "
                                     f"({left:.0f} s left)")
            self.seats[seat] = Seat(BOT, level, account=info.account)
            try:
                await host.save_seats()
            except Exception:
                self.seats[seat] = info
                raise
            self._disarm(seat)
            for held in host.clients:  # a person marked away, still here: now watching
                if held.seat == seat:
                    held.seat = None
            host.seat_changed(seat)
            await host.broadcast(answer=client, answer_id=answer_id)
        host.wake_bots()

    # --- coming and going ---------------------------------------------------------------

    def away_from_start(self) -> None:
        """A table rebuilt after a restart: every person starts away, with a fresh grace."""
        now = time.monotonic()
        for info in self.seats:
            if info.kind == HUMAN:
                info.away_since = now

    def mark_away(self, seat: int) -> None:
        """The person at ``seat`` let the turn clock run out too often: away as if they
        had left (the grace runs), though their socket is still here."""
        info = self.seats[seat]
        if info.kind != HUMAN or info.away_since is not None:
            return
        info.away_since = time.monotonic()
        self._arm(seat, self.grace)

    def back(self, seat: int) -> None:
        """The person at ``seat``, marked away, played again."""
        self.seats[seat].away_since = None
        self._disarm(seat)

    def arrive(self, client: Client) -> bool:
        """A socket joins; True when it brings its seat's person back."""
        clients = self.host.clients
        self._arm_timers()
        back = client.seat is not None and all(c.seat != client.seat for c in clients)
        clients.append(client)
        if client.seat is not None:
            self.seats[client.seat].away_since = None
            self._disarm(client.seat)
        return back

    def leave(self, client: Client) -> bool:
        """Forget a socket; True when it was the last one of a person's seat (or of a
        program's)."""
        clients = self.host.clients
        if client in clients:
            clients.remove(client)
        seat = client.seat
        if seat is None or any(other.seat == seat for other in clients):
            return False
        info = self.seats[seat]
        if info.kind == EXTERNAL:
            return True
        if info.kind != HUMAN or info.away_since is not None:
            return False
        info.away_since = time.monotonic()
        self._arm(seat, self.grace)
        return True

    def _arm_timers(self) -> None:
        now = time.monotonic()
        for seat, info in enumerate(self.seats):
            left = info.grace_left(self.grace, now)
            if left is not None and seat not in self._timers:
                self._arm(seat, left)

    def _arm(self, seat: int, delay: float) -> None:
        self._disarm(seat)
        loop = asyncio.get_running_loop()
        self._timers[seat] = loop.call_later(delay, self._grace_over, seat)

    def _disarm(self, seat: int | None) -> None:
        timer = self._timers.pop(seat, None) if seat is not None else None
        if timer is not None:
            timer.cancel()

    def _grace_over(self, seat: int) -> None:
        self._timers.pop(seat, None)
        left = self.seats[seat].grace_left(self.grace)
        if left is not None and left > 0:  # the loop's clock woke us a little early
            self._arm(seat, left)
        elif left == 0.0:
            if self.stand_in is not None and self.owner_seat in (None, seat):
                task = asyncio.get_running_loop().create_task(self._take_over(seat))
                self._tasks.add(task)
                task.add_done_callback(self._tasks.discard)
            else:
                self.presence_changed()

    async def _take_over(self, seat: int) -> None:
        """The stand-in takes the seat of a person whose grace is over, where no owner
        can: the match goes on at the computer's pace (a rated match is theirs, and
        lost, as after an owner's ``fill``)."""
        host, level = self.host, self.stand_in
        assert level is not None
        async with host.lock:
            info = self.seats[seat]
            if info.kind != HUMAN or info.grace_left(self.grace) != 0.0 or host.phase == OVER:
                return
            self.seats[seat] = Seat(BOT, level, account=info.account)
            try:
                await host.save_seats()
            except Exception:  # noqa: BLE001 - the grace stays over: tried at the next
                self.seats[seat] = info
                return
            for held in host.clients:
                if held.seat == seat:
                    held.seat = None
            host.seat_changed(seat)
            await host.broadcast()
        host.wake_bots()

    def presence_changed(self, told: Client | None = None) -> None:
        """A seat's person came, went or ran out of grace: everyone is told at once,
        but at most once every ``presence_delay`` seconds; what changes meanwhile is
        told together at the end of that time (a flapping connection must not cost a
        broadcast to every watcher each time), unless an action's broadcast comes
        first. ``told``: a socket that knows already."""
        if self._presence is not None or not self.host.clients:
            return
        loop = asyncio.get_running_loop()
        wait = self._presence_told + self.presence_delay - loop.time()
        if wait > 0:
            self._presence = loop.call_later(wait, self._tell_presence)
        else:
            self._tell_presence(told)

    def _tell_presence(self, told: Client | None = None) -> None:
        self._presence = None
        loop = asyncio.get_running_loop()
        self._presence_told = loop.time()
        task = loop.create_task(self.host.broadcast_between_changes(skip=told))
        self._tasks.add(task)
        task.add_done_callback(self._tasks.discard)

    def broadcasting(self) -> None:
        """A broadcast tells the seats as they are now: no presence broadcast is due."""
        if self._presence is not None:
            self._presence.cancel()
            self._presence = None

    def close(self) -> None:
        for seat in list(self._timers):
            self._disarm(seat)
        self.broadcasting()
