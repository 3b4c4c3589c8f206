"""A live table's master: the match, its ``seq``, the lock, the store and the
broadcast. It applies a person's action, stores it (a failed save takes back the
match alone, and every part is told to forget it), tells every part what was played,
and builds each seat's state from the parts' public pieces (table/part.py).

Every change, every broadcast and every state sent happens under :attr:`Table.lock`,
so that no client ever sees a change half made; the table's own broadcasts (seats
coming and going, the coach's advice) wait for the change in hand
(:meth:`Table.broadcast_between_changes`).
"""

from __future__ import annotations

import asyncio
import logging
import time
from collections.abc import Awaitable, Callable
from typing import Any

from stammtisch.core.match import Match
from stammtisch.errors import StammtischError
from stammtisch.server.frames import changes
from stammtisch.server.hints import ask as ask_hint
from stammtisch.server.metrics import of as metrics_of
from stammtisch.server.seats import OPEN, Seat
from stammtisch.server.store import Store
from stammtisch.server.table.clock import STAND_IN, TurnClock
from stammtisch.server.table.front import Front
from stammtisch.server.table.helpers import Advise, Helpers
from stammtisch.server.table.pacing import BOT_ROUND
from stammtisch.server.table.part import (
    OVER,
    PLAYING,
    WAITING,
    Client,
    Part,
    Play,
    TableError,
    check_seq,
    player,
)
from stammtisch.server.table.players import BOT_TIME, Players
from stammtisch.server.table.rating import Rating
from stammtisch.server.table.rematch import Rematcher
from stammtisch.server.table.review import Reviewer
from stammtisch.server.table.seating import PRESENCE_DELAY, Seating
from stammtisch.server.table.settings import TableSettings
from stammtisch.server.table.takeback import Takeback
from stammtisch.server.table.talk import Talker

log = logging.getLogger("stammtisch.server")

Rematch = Callable[["Table"], tuple["Table", dict[int, str]]]
"""Makes the table of the next match after this one: the new table, each person's token."""


class Table(Front):
    def __init__(self, id: str, match: Match, seats: list[Seat], store: Store,  # noqa: A002
                 bot_delay: float, grace: float = 60.0, seq: int = 0, created: float = 0.0,
                 listed: bool = False, lesson: bool = False, hints: bool = False,
                 rated: bool = False, *, settings: TableSettings | None = None,
                 turn_clock: dict[str, Any] | None = None, restoring: bool = False,
                 wall: Callable[[], float] = time.time,
                 clock: Callable[[], float] = time.monotonic,
                 sleep: Callable[[float], Awaitable[None]] = asyncio.sleep,
                 advise: Advise = ask_hint, presence_delay: float = PRESENCE_DELAY,
                 bot_round: float = BOT_ROUND, bot_time: float = BOT_TIME) -> None:
        self.id, self.match, self.store = id, match, store
        self.seq = seq
        """Changes of the match so far (actions and undos)."""
        self.created, self.listed, self.lesson = created, listed, lesson
        self.clock, self.sleep = clock, sleep
        """The table's clock and pause (tests pass their own)."""
        self.joined = False
        """A socket has come to this table (or it was rebuilt for one)."""
        self.actors: list[int] = []
        """Who played each action of the record."""
        self.written = match.action_count
        """How many actions the stored record holds itself; those after it are
        appended one by one (Store.append)."""
        self.stored = match.action_count
        """How many actions are stored."""
        self._storing: Play | None = None
        """The action being stored, while :meth:`commit` stores it."""
        self._views: dict[int | None, Any] = {}
        """The match's views of its position :attr:`_viewed` (:meth:`view`)."""
        self._viewed: tuple[object, int, int] | None = None
        self.clients: list[Client] = []
        self.lock = asyncio.Lock()
        self.seating = Seating(self, seats, grace, presence_delay, rated)
        self.players = Players(self, bot_delay, bot_round, bot_time)
        self.takeback = Takeback(self)
        self.helpers = Helpers(self, hints=hints, lesson=lesson, advise=advise)
        self.rematcher = Rematcher(self, lesson)
        self.rating = Rating(self, store, rated)
        self.settings = settings or TableSettings()
        self.turn_clock = TurnClock(self, self.seating, self.settings, turn_clock,
                                    restoring=restoring, wall=wall)
        if self.settings.clock:  # nobody waits for an absent person for good
            self.seating.stand_in = STAND_IN
        self.talker = Talker(self)
        self.parts: list[Part] = [self.seating, self.takeback, self.helpers,
                                  self.players, self.rematcher, self.rating, self.talker,
                                  self.turn_clock, Reviewer(self, store)]
        """In the order they are told; the helpers wake before the players."""

    @property
    def phase(self) -> str:
        if self.match.result is not None:
            return OVER
        return WAITING if any(info.kind == OPEN for info in self.seats) else PLAYING

    def idle(self) -> bool:
        """No socket watches and no computer player is moving."""
        return not self.clients and self.players.idle()

    # --- what a client is sent -------------------------------------------------------

    def snapshot(self, client: Client, *, full: bool = False, answer_id: int | None = None,
                 shared: dict[int | None, dict[str, Any]] | None = None) -> dict[str, Any]:
        """The state message for ``client``; ``shared`` keeps what every socket of one
        seat (or every watcher) is sent alike, while one broadcast lasts."""
        count = self.match.event_count
        start = 0 if full or client.events_sent > count else client.events_sent
        client.events_sent = count
        seen = shared.get(client.seat) if shared is not None else None
        if seen is None:
            seen = self._seat_state(client.seat)
            if shared is not None:
                shared[client.seat] = seen
        before, client.seen = client.seen, seen
        client.frame += 1
        head = {"table": self.id, "game": self.match.game, "seat": client.seat}
        if client.updates and not full and before is not None \
                and client.seen_seat == client.seat:
            message = {"type": "update", **head, **changes(before, seen)}
        else:
            message = {"type": "state", **head, **seen}
        client.seen_seat = client.seat
        message.update(frame=client.frame, log_start=start,
                       events=self.match.events_since(start))
        if answer_id is not None:
            message["id"] = answer_id
        return message

    def view(self, seat: int | None) -> Any:
        """``match.view(seat)``, built once per position of the match for the parts
        and every frame of a broadcast alike (a view is never changed once built)."""
        match = self.match
        position = (match.state, match.action_count, match.event_count)
        viewed = self._viewed
        # The state object too: an undo puts back an earlier one (play changes it in place).
        if viewed is None or viewed[0] is not position[0] or viewed[1:] != position[1:]:
            self._views, self._viewed = {}, position
        views = self._views
        if seat not in views:
            views[seat] = match.view(seat)
        return views[seat]

    def _seat_state(self, seat: int | None) -> dict[str, Any]:
        match = self.match
        state = {"phase": self.phase, "seq": self.seq, "options": match.options,
                 "view": self.view(seat), "actions": len(self.actors),
                 "to_act": match.to_act, "result": match.result}
        for part in self.parts:
            state.update(part.public(seat))
        return state

    def lobby_entry(self) -> dict[str, Any]:
        return {
            "id": self.id, "game": self.match.game, "options": self.match.options,
            "phase": self.phase, "created": self.created,
            "seats": self.seating.lobby_seats(),
            "free_seats": sum(1 for info in self.seats if info.kind == OPEN),
            "watchers": self.watchers, "url": f"/table/{self.id}",
        }

    async def broadcast(self, *, full: bool = False, answer: Client | None = None,
                        answer_id: int | None = None, skip: Client | None = None) -> None:
        """Every client's state (under the lock); ``answer`` gets ``answer_id``."""
        self.seating.broadcasting()
        shared: dict[int | None, dict[str, Any]] = {}
        with self.seating.alike():
            for client in list(self.clients):
                if client is skip:
                    continue
                try:
                    await client.send(self.snapshot(
                        client, full=full, answer_id=answer_id if client is answer else None,
                        shared=shared))
                except Exception:  # noqa: BLE001 - a closed socket must not stop the table
                    if client in self.clients:
                        self.clients.remove(client)

    async def broadcast_between_changes(self, *, skip: Client | None = None) -> None:
        """A broadcast of the table's own accord (seats that came or went, the coach's
        advice): it waits for the change in hand, so that no client sees a change half
        made (a seat's state before its ``seated``; an action whose save then fails)."""
        async with self.lock:
            await self.broadcast(skip=skip)

    # --- coming and going -----------------------------------------------------------

    async def join(self, client: Client) -> None:
        async with self.lock:  # its first state is never of a change half made
            self.joined = True
            back = self.seating.arrive(client)
            await client.send(self.snapshot(client, full=True))
            for part in self.parts:
                await part.welcome(client)
            if back:
                self.seating.presence_changed(client)  # the others see the seat back
        self.wake_bots()

    async def resend(self, client: Client, answer_id: int | None = None) -> None:
        """The full state again, as asked (or after a stale message): once the change
        in hand, if any, is made."""
        async with self.lock:
            await client.send(self.snapshot(client, full=True, answer_id=answer_id))

    def leave(self, client: Client) -> bool:
        """Forget a socket; True when it was the last one of a person's seat."""
        last = self.seating.leave(client)
        if last and client.seat is not None:
            for part in self.parts:
                part.left(client.seat)
        return last

    async def depart(self, client: Client) -> None:
        """A socket closed: when its seat is now empty, everyone sees the countdown."""
        if self.leave(client):
            self.seating.presence_changed()

    def seat_changed(self, seat: int) -> None:
        for part in self.parts:
            part.seated(seat)

    def wake_bots(self) -> None:
        """Let the parts act on their own (the coach thinks, computer players move)."""
        for part in self.parts:
            part.wake()

    def close(self) -> None:
        """The table leaves memory: no timer may fire for it any more, and its computer
        players stop."""
        for part in self.parts:
            part.close()

    # --- what a client may do -------------------------------------------------------

    async def act(self, client: Client, seq: int, text: str,
                  answer_id: int | None = None) -> None:
        async with self.lock:
            seat = player(client)
            if self.phase == WAITING:
                raise TableError("the match starts once every seat is taken")
            if self.phase == OVER:
                raise TableError("the match is over")
            check_seq(self, seq)
            if self.match.to_act != seat:
                raise TableError(f"it is not your turn (seat {self.match.to_act} is to act)",
                                 "not_your_turn")
            try:
                stored = await self.commit(seat, text)
            except StammtischError as refused:
                raise TableError(str(refused), "illegal") from None
            if not stored:
                raise TableError("the server could not store this action; the table is "
                                 "unchanged, try again", "server")
            await self.broadcast(answer=client, answer_id=answer_id)
        self.wake_bots()

    async def commit(self, seat: int, text: str) -> bool:
        """Play ``text`` for ``seat`` and store it; an illegal action raises and changes
        nothing. False (logged) when it could not be stored: then it is not played
        either, and the table is as it was."""
        seq_before, events_before = self.seq, self.match.event_count
        played = self.match.play(text)
        play = Play(seat, played.text, seq_before, events_before)
        self.seq += 1
        try:
            with metrics_of(self.store).saving():
                self._storing = play
                await self._save()
        except Exception:
            self._storing = None
            log.exception("table %s: an action of seat %s could not be stored", self.id, seat)
            self.match.undo()
            self.seq -= 1
            for part in self.parts:
                part.forget(play)
            return False
        self._tell(play)
        return True

    def played(self, actor: int, events_before: int) -> None:
        """Tell every part of an action played on the match directly (a stored table
        rebuilt action by action): ``actor`` played it at the table's ``seq``."""
        match = self.match
        self._tell(Play(actor, match.actions_since(match.action_count - 1)[0], self.seq,
                        events_before))

    def _tell(self, play: Play) -> None:
        self.actors.append(play.seat)
        for part in self.parts:
            part.played(play)

    async def play_again(self, client: Client, rematch: Rematch,
                         answer_id: int | None = None) -> None:
        """A person asks to play again once the match is over. When every person has
        asked, ``rematch`` makes the new table (same game, options and seats, a fresh
        seed) and everyone here is told where to go, each person with their own new
        token; until then everyone sees who has asked."""

        def make_next() -> tuple[str, dict[int, str]]:
            made, tokens = rematch(self)
            return made.id, tokens

        await self.rematcher.play_again(client, make_next, answer_id)

    # --- the store ------------------------------------------------------------------

    async def save_match(self) -> None:
        await self._save()

    async def save_seats(self) -> None:
        await self._save_seats()

    async def save_clock(self) -> None:
        await asyncio.to_thread(self.store.save_clock, self.id, self.turn_clock.saved(),
                                self.seq)

    async def _save(self) -> None:
        """Store the match (and the turn clock as the action being stored, if any,
        leaves it)."""
        match, play, self._storing = self.match, self._storing, None
        clock = self.turn_clock.after(play) if play is not None else self.turn_clock.saved()
        more = {} if clock is None else {"turn_clock": clock}
        count, result = match.action_count, match.result
        start = min(self.stored, count)
        if result is None and start >= self.written:
            store, actions = self.store, match.actions_since(start)
            if store.inline:  # cheaper than the hop to a thread and back
                store.append(self.id, start, actions, self.seq, **more,
                             taken_back=start < self.stored)
            else:
                await asyncio.to_thread(store.append, self.id, start, actions, self.seq,
                                        **more, taken_back=start < self.stored)
        else:  # the end of the match (or an undo into the record): the record whole
            await asyncio.to_thread(self.store.save, self.id, match.record(), result,
                                    self.seq, **more)
            self.written = count
        self.stored = count

    async def _save_seats(self) -> None:
        await asyncio.to_thread(self.store.save_seats, self.id,
                                [info.stored() for info in self.seats])
