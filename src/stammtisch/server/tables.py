"""Live tables: one match each, its seats (the player's, the computer players'), the
sockets watching it, and the rules of the table around the match: computer players
move on their own, every action is stored at once, undo only against computer
players and only until a card the player had not seen comes into sight.
"""

from __future__ import annotations

import asyncio
import logging
import secrets
from collections.abc import Awaitable, Callable
from dataclasses import dataclass, field
from typing import Any

from stammtisch.bots.base import Bot
from stammtisch.bots.registry import make_bot
from stammtisch.core.match import Match
from stammtisch.errors import StammtischError
from stammtisch.server.hints import hint, hint_available
from stammtisch.server.reveal import seen_cards
from stammtisch.server.store import Store

log = logging.getLogger("stammtisch.server")

HUMAN = "human"
Send = Callable[[dict[str, Any]], Awaitable[None]]


class TableError(StammtischError):
    """A request the table refuses; the text goes back to the client unchanged."""


@dataclass
class Seat:
    kind: str
    """``human`` or ``bot``."""
    level: str = ""
    token: str = ""

    def public(self) -> dict[str, Any]:
        return {"kind": self.kind, "level": self.level or None}

    def stored(self) -> dict[str, Any]:
        return {"kind": self.kind, "level": self.level, "token": self.token}


@dataclass
class Client:
    seat: int | None
    send: Send
    events_sent: int = 0


@dataclass
class Table:
    id: str
    match: Match
    seats: list[Seat]
    store: Store
    bot_delay: float
    actors: list[int] = field(default_factory=list)
    """Who played each action of the record."""
    undo_floor: int = 0
    """No action before this index may be taken back: cards came into sight there."""
    seen: dict[int, set[str]] = field(default_factory=dict)
    clients: list[Client] = field(default_factory=list)
    lock: asyncio.Lock = field(default_factory=asyncio.Lock)
    bots: dict[int, Bot] = field(default_factory=dict)
    _runner: asyncio.Task[None] | None = None

    # --- building -----------------------------------------------------------------

    def __post_init__(self) -> None:
        for seat, info in enumerate(self.seats):
            if info.kind != HUMAN:
                self.bots[seat] = make_bot(self.match.game, info.level, self.match.seed, seat)
        self.seen = {seat: self._seen(seat) for seat in self.human_seats}

    @property
    def human_seats(self) -> list[int]:
        return [seat for seat, info in enumerate(self.seats) if info.kind == HUMAN]

    def _seen(self, seat: int) -> set[str]:
        return seen_cards(self.match.view(seat), self.match.events)

    def played(self, actor: int, events_before: int) -> None:
        """Bookkeeping after one action: who played it, which cards came into sight."""
        self.actors.append(actor)
        fresh = self.match.events[events_before:]
        for seat in self.human_seats:
            now = seen_cards(self.match.view(seat), fresh)
            if not now <= self.seen[seat]:
                self.undo_floor = len(self.actors)
                self.seen[seat] |= now

    def seat_of(self, token: str) -> int | None:
        for seat, info in enumerate(self.seats):
            if info.kind == HUMAN and token and secrets.compare_digest(info.token, token):
                return seat
        return None

    # --- what a client is sent ------------------------------------------------------

    def can_undo(self, seat: int | None) -> bool:
        if seat is None or self.match.to_act != seat or len(self.human_seats) != 1:
            return False
        return any(actor == seat for actor in self.actors[self.undo_floor:])

    def snapshot(self, client: Client, *, full: bool = False) -> dict[str, Any]:
        events = self.match.events
        start = 0 if full or client.events_sent > len(events) else client.events_sent
        client.events_sent = len(events)
        match = self.match
        return {
            "type": "state", "table": self.id, "game": match.game, "seat": client.seat,
            "seats": [info.public() for info in self.seats],
            "options": match.options,
            "view": match.view(client.seat), "log_start": start, "events": events[start:],
            "actions": len(self.actors), "to_act": match.to_act,
            "can_undo": self.can_undo(client.seat),
            "hint": client.seat is not None and hint_available(match.game),
            "result": match.result,
        }

    async def _broadcast(self, *, full: bool = False) -> None:
        for client in list(self.clients):
            try:
                await client.send(self.snapshot(client, full=full))
            except Exception:  # noqa: BLE001 - a closed socket must not stop the table
                self.leave(client)

    async def join(self, client: Client) -> None:
        self.clients.append(client)
        await client.send(self.snapshot(client, full=True))
        self.wake_bots()

    def leave(self, client: Client) -> None:
        if client in self.clients:
            self.clients.remove(client)

    # --- what a client may do -------------------------------------------------------

    async def act(self, seat: int | None, text: str) -> None:
        async with self.lock:
            if seat is None:
                raise TableError("you are watching this table; only its players act")
            if self.match.to_act != seat:
                raise TableError("it is not your turn" if self.match.to_act is not None
                                 else "the match is over")
            before = len(self.match.events)
            self.match.play(text)
            self.played(seat, before)
            await self._save()
            await self._broadcast()
        self.wake_bots()

    async def undo(self, seat: int | None) -> None:
        async with self.lock:
            if not self.can_undo(seat):
                raise TableError(
                    "nothing to undo: undo takes back your own moves against computer "
                    "players only, on your turn, until a new card has come into sight")
            while True:
                self.match.undo()
                if self.actors.pop() == seat:
                    break
            await self._save()
            await self._broadcast(full=True)

    async def hint(self, seat: int | None) -> str:
        if seat is None or self.match.to_act != seat:
            raise TableError("a hint is given on your turn")
        text = await asyncio.to_thread(hint, self.match.game, self.match.view(seat))
        if text is None:
            raise TableError("no hints yet: they come with the expert computer player")
        return text

    # --- computer players -------------------------------------------------------------

    def _someone_plays(self) -> bool:
        """False once every player is out (lives games): the rest is told quickly."""
        eliminated = self.match.view(None).get("eliminated")
        if not isinstance(eliminated, list):
            return True
        return any(not eliminated[seat] for seat in self.human_seats)

    def idle(self) -> bool:
        """No socket watches and no computer player is moving."""
        return not self.clients and (self._runner is None or self._runner.done())

    def wake_bots(self) -> None:
        if self._runner is None or self._runner.done():
            if self.match.to_act in self.bots:
                self._runner = asyncio.get_running_loop().create_task(self._run_bots())

    async def _run_bots(self) -> None:
        while True:
            # Pause before each computer move, so that people see what came before it.
            if self.bot_delay:
                await asyncio.sleep(self.bot_delay if self._someone_plays() else 0.05)
            async with self.lock:
                seat = self.match.to_act
                if seat is None or seat not in self.bots:
                    return
                view = self.match.view(seat)
                before = len(self.match.events)
                try:
                    choice = await asyncio.to_thread(self.bots[seat].choose, view)
                    self.match.play(choice)
                except Exception:
                    # A computer player's fault must not stop the table: log it, play on.
                    log.exception("table %s: the computer player at seat %s failed", self.id, seat)
                    self.match.play(view["legal_actions"][0])
                self.played(seat, before)
                await self._save()
                await self._broadcast()

    async def _save(self) -> None:
        record, result = self.match.record(), self.match.result
        await asyncio.to_thread(self.store.save, self.id, record, result)
