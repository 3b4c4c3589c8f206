"""Live tables: one match each, its seats (people, computer players, open seats), the
sockets watching it, and the rules of the table around the match: nothing is played
until every seat is held, computer players move on their own at one pace (their
timing shows nothing of their cards), every action is stored at once, a person who
lost the connection keeps the seat for a grace period, undo only against computer
players and only until a card the player had not seen comes into sight.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import time
from collections.abc import Awaitable, Callable
from dataclasses import dataclass, field
from typing import Any

from stammtisch.bots.base import Bot
from stammtisch.bots.registry import find_level, make_bot
from stammtisch.core.match import Match
from stammtisch.errors import StammtischError
from stammtisch.server.coaching import Coach
from stammtisch.server.fairqueue import requester
from stammtisch.server.hints import HINT, HintsBusy, hint_available
from stammtisch.server.hints import ask as ask_hint
from stammtisch.server.hints import turn as hint_turn
from stammtisch.server.names import first_alike
from stammtisch.server.pacing import ThinkTimes
from stammtisch.server.reveal import seen_cards
from stammtisch.server.seats import BOT, EXTERNAL, HUMAN, OPEN, Seat, new_token, token_hash
from stammtisch.server.store import Store

log = logging.getLogger("stammtisch.server")

Send = Callable[[dict[str, Any]], Awaitable[None]]
Rematch = Callable[["Table"], tuple["Table", dict[int, str]]]
"""Makes the table of the next match after this one: the new table, each person's token."""
WAITING, PLAYING, OVER = "waiting", "playing", "over"
EARLIER_DEALS = ("last_showdown", "last_deal")
"""Parts of a view that tell how the previous deal ended, not what is in play now."""
PRESENCE_DELAY = 0.25
"""Seconds between two broadcasts of seats coming or going (changes in between wait)."""
BOT_ROUND = 1.0
"""Seconds a person waits, about, for one round of computer moves (Settings.bot_round)."""
ACTIONS_PER_TURN = {"scat": 2}
"""Actions a turn takes where it is more than one (Scat: the draw, then the discard)."""
LEAST_STEP = 0.1
"""Seconds a computer move is shown after its turn began, at the least."""
THINK_SHARE = 0.85
"""The part of its move's time a computer player may think (the rest: the view, the
thread, the broadcast)."""
BOT_TIME = 10.0
"""Seconds a program of the bot API has for a decision before its fallback acts
(Settings.bot_time)."""
FALLBACK = "club"
"""The computer player that acts for a program of the bot API when its creator named none."""
RETRY_FIRST, RETRY_MAX = 0.5, 10.0
"""Seconds before a computer move that could not be stored is tried again, doubling
up to the most."""


def this_deal(view: dict[str, Any]) -> dict[str, Any]:
    """A view without what it tells about earlier deals."""
    return {key: value for key, value in view.items() if key not in EARLIER_DEALS}


class TableError(StammtischError):
    """A request the table refuses; ``code`` (see protocol.CODES) and the text go back
    to the client unchanged."""

    def __init__(self, message: str, code: str = "not_now") -> None:
        super().__init__(message)
        self.code = code


@dataclass
class Client:
    seat: int | None
    send: Send
    events_sent: int = 0
    bot: str | None = None
    """The bot account of a program of the bot API; None for a person's socket."""
    address: str = ""
    """The client's address (its socket's, or as the edge process passed it on)."""
    aside: set[asyncio.Task[None]] = field(default_factory=set)
    """Its requests being worked out aside (a hint), while its other messages go on."""

    @property
    def requester(self) -> str:
        """Whom the shared helpers count this client's requests for (server/fairqueue.py)."""
        return requester(self.address)


@dataclass
class Table:
    id: str
    match: Match
    seats: list[Seat]
    store: Store
    bot_delay: float
    """Seconds a lone computer move is shown after its turn, beyond its thinking."""
    grace: float = 60.0
    """Seconds a person who lost the connection keeps the seat."""
    seq: int = 0
    """Changes of the match so far (actions and undos)."""
    created: float = 0.0
    listed: bool = False
    lesson: bool = False
    """A guided first deal: the coach speaks to the player (server/coaching.py)."""
    hints: bool = False
    """Hints for everyone where two or more people play: the creator's choice."""
    actors: list[int] = field(default_factory=list)
    """Who played each action of the record."""
    undo_floor: int = 0
    """No action before this index may be taken back: cards came into sight there."""
    seen: dict[int, set[str]] = field(default_factory=dict)
    clients: list[Client] = field(default_factory=list)
    lock: asyncio.Lock = field(default_factory=asyncio.Lock)
    bots: dict[int, Bot] = field(default_factory=dict)
    deal: Any = None
    """The deal in play (the public view's ``deal``)."""
    coach: Coach | None = None
    deal_events: int = 0
    """Where the events of the deal in play begin (as far as what was seen goes)."""
    clock: Callable[[], float] = time.monotonic
    sleep: Callable[[float], Awaitable[None]] = asyncio.sleep
    """The table's clock and pause (tests pass their own)."""
    advise: Callable[[str, dict[str, Any]], Awaitable[dict[str, Any] | None]] = ask_hint
    """Works out a hint (in the hint worker)."""
    presence_delay: float = PRESENCE_DELAY
    bot_round: float = BOT_ROUND
    """Seconds the moves of all computer players in play take at most, in all (see
    :meth:`pace`)."""
    joined: bool = False
    """A socket has come to this table (or it was rebuilt for one)."""
    _runner: asyncio.Task[None] | None = None
    _presence: asyncio.TimerHandle | None = None
    """The broadcast of seats that came or went, while one is due."""
    _presence_told: float = float("-inf")
    """When (the event loop's time) seats that came or went were last broadcast."""
    _hinting: set[int] = field(default_factory=set)
    """Seats whose hint is being worked out."""
    _hinted: dict[int, float] = field(default_factory=dict)
    """When each seat last asked for a hint (``clock``)."""
    _timers: dict[int, asyncio.TimerHandle] = field(default_factory=dict)
    _tasks: set[asyncio.Task[None]] = field(default_factory=set)
    _thought: ThinkTimes = field(default_factory=ThinkTimes)
    """The computer players' recent decision times: a forced move waits like a choice."""
    _budgets: dict[str, float] = field(default_factory=dict)
    """Each level's own thinking budget, before the table's share."""
    again: set[int] = field(default_factory=set)
    """The people who asked to play again, once the match is over."""
    moved_to: str | None = None
    """The table the players went on to ("play again"), once everyone asked."""
    bot_time: float = BOT_TIME
    """Seconds a connected program of the bot API has for each decision."""
    _program_turn: asyncio.Event | None = None
    """Set when the program the table waits for acted or left."""
    _moved_tokens: dict[int, str] = field(default_factory=dict)
    """Each person's token for their seat at :attr:`moved_to` (memory only), for a
    socket of theirs that comes after the move."""

    # --- building -----------------------------------------------------------------

    def __post_init__(self) -> None:
        for seat, info in enumerate(self.seats):
            if info.kind in (BOT, EXTERNAL):  # a program's seat: its fallback
                self.bots[seat] = make_bot(self.match.game, info.level, self.match.seed, seat)
        self.deal = self._deal()
        self.seen = {seat: self._seen(seat) for seat in self.human_seats}
        if self.lesson and self.human_seats:
            self.coach = Coach(self.match.game, self.human_seats[0], self.deal)

    @property
    def human_seats(self) -> list[int]:
        return [seat for seat, info in enumerate(self.seats) if info.kind == HUMAN]

    @property
    def solo(self) -> bool:
        """One person against computer players (no program of the bot API): undo and
        what each person has seen are tracked only here."""
        return len(self.human_seats) == 1 and all(info.kind != EXTERNAL
                                                   for info in self.seats)

    @property
    def phase(self) -> str:
        if self.match.result is not None:
            return OVER
        return WAITING if any(info.kind == OPEN for info in self.seats) else PLAYING

    @property
    def owner_seat(self) -> int | None:
        return next((seat for seat, info in enumerate(self.seats)
                     if info.owner and info.kind == HUMAN), None)

    @property
    def watchers(self) -> int:
        return sum(1 for client in self.clients if client.seat is None)

    def _seen(self, seat: int) -> set[str]:
        """What ``seat`` has seen of the deal in play."""
        return seen_cards(this_deal(self.match.view(seat)),
                          self.match.events[self.deal_events:])

    def _deal(self) -> Any:
        return self.match.view(None).get("deal")

    def played(self, actor: int, events_before: int) -> None:
        """Bookkeeping after one action: who played it, which cards came into sight.
        A new deal always shows new cards, even where the codes were seen in an
        earlier deal: what was seen starts again with the deal."""
        self.actors.append(actor)
        deal = self._deal()
        if deal != self.deal:
            self.deal_events = len(self.match.events)
        if not self.solo:
            # Undo is for one person against computer players: nothing to track, and
            # only the last action is kept undoable (a failed save takes it back).
            self.deal = deal
            self.undo_floor = len(self.actors)
            self.match.keep_undo(1)
            return
        if deal != self.deal:
            self.deal = deal
            self.undo_floor = len(self.actors)
            self.seen = {seat: self._seen(seat) for seat in self.human_seats}
            self.match.keep_undo(1)
            return
        fresh = self.match.events[events_before:]
        for seat in self.human_seats:
            now = seen_cards(this_deal(self.match.view(seat)), fresh)
            if not now <= self.seen[seat]:
                self.undo_floor = len(self.actors)
                self.seen[seat] |= now
        self.match.keep_undo(max(1, len(self.actors) - self.undo_floor))

    def _seen_from_now(self) -> None:
        """Who plays changed (a seat went to a computer player): what each person has
        seen was not tracked while several played, so it is read afresh and nothing
        before this moment may be taken back."""
        self.seen = {seat: self._seen(seat) for seat in self.human_seats}
        self.undo_floor = len(self.actors)
        self.match.keep_undo(1)

    def seat_of(self, token: str) -> int | None:
        for seat, info in enumerate(self.seats):
            if info.holds(token):
                return seat
        return None

    def seat_for_bot(self, name: str) -> int | None:
        """The seat the program of bot account ``name`` plays here, if any."""
        return next((seat for seat, info in enumerate(self.seats) if info.for_bot(name)),
                    None)

    def away_from_start(self) -> None:
        """A table rebuilt after a restart: every person starts away, with a fresh grace."""
        now = time.monotonic()
        for info in self.seats:
            if info.kind == HUMAN:
                info.away_since = now

    # --- what a client is sent ------------------------------------------------------

    @property
    def hints_allowed(self) -> bool:
        """Hints for one person against computer players always; where several people
        sit (or may sit), only when the creator allowed them for everyone."""
        people = sum(1 for info in self.seats if info.kind in (HUMAN, OPEN))
        return people <= 1 or self.hints

    @property
    def chosen_deals(self) -> bool:
        """The creator chose the seed, so the deals: a practice table, and it says so."""
        return any(info.chose_deals for info in self.seats)

    def can_undo(self, seat: int | None) -> bool:
        if seat is None or self.match.to_act != seat or self.phase != PLAYING \
                or not self.solo or self.seats[seat].kind != HUMAN:
            return False
        return any(actor == seat for actor in self.actors[self.undo_floor:])

    def public_seats(self) -> list[dict[str, Any]]:
        now = time.monotonic()
        held = {client.seat for client in self.clients}
        return [info.public(self.grace, now, seat in held)
                for seat, info in enumerate(self.seats)]

    def snapshot(self, client: Client, *, full: bool = False, answer_id: int | None = None,
                 shared: dict[int | None, dict[str, Any]] | None = None) -> dict[str, Any]:
        """The state message for ``client``; ``shared`` keeps what every socket of one
        seat (or every watcher) is sent alike, while one broadcast lasts."""
        events = self.match.events
        start = 0 if full or client.events_sent > len(events) else client.events_sent
        client.events_sent = len(events)
        seen = shared.get(client.seat) if shared is not None else None
        if seen is None:
            seen = self._seat_state(client.seat)
            if shared is not None:
                shared[client.seat] = seen
        state = {"type": "state", "table": self.id, "game": self.match.game,
                 "seat": client.seat, **seen, "log_start": start, "events": events[start:]}
        if answer_id is not None:
            state["id"] = answer_id
        return state

    def _seat_state(self, seat: int | None) -> dict[str, Any]:
        match = self.match
        return {
            "owner": seat is not None and seat == self.owner_seat,
            "phase": self.phase, "seq": self.seq,
            "seats": self.public_seats(), "watchers": self.watchers, "grace": self.grace,
            "options": match.options, "view": match.view(seat),
            "actions": len(self.actors), "to_act": match.to_act,
            "can_undo": self.can_undo(seat),
            "hint": seat is not None and self.seats[seat].kind == HUMAN
            and self.hints_allowed and hint_available(match.game),
            "hints_for_all": self.hints,
            "result": match.result,
            "chosen_deals": self.chosen_deals,
            "again": sorted(self.again), "moved_to": self.moved_to,
            "coach": self.coach.state(match, self.seq)
            if self.coach is not None and seat == self.coach.seat else None,
        }

    def lobby_entry(self) -> dict[str, Any]:
        held = {client.seat for client in self.clients}
        return {
            "id": self.id, "game": self.match.game, "options": self.match.options,
            "phase": self.phase, "created": self.created,
            "seats": [info.lobby(info.kind == BOT or seat in held)
                      for seat, info in enumerate(self.seats)],
            "free_seats": sum(1 for info in self.seats if info.kind == OPEN),
            "watchers": self.watchers, "url": f"/table/{self.id}",
        }

    async def _broadcast(self, *, full: bool = False, answer: Client | None = None,
                         answer_id: int | None = None, skip: Client | None = None) -> None:
        if self._presence is not None:  # this broadcast tells the seats as they are now
            self._presence.cancel()
            self._presence = None
        shared: dict[int | None, dict[str, Any]] = {}
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

    async def _broadcast_between_changes(self, *, skip: Client | None = None) -> None:
        """A broadcast of the table's own accord (seats that came or went, the coach's
        advice): it waits for the change in hand, so that no client sees a change half
        made (a seat's state before its ``seated``; an action whose save then fails)."""
        async with self.lock:
            await self._broadcast(skip=skip)

    # --- coming and going -----------------------------------------------------------

    async def join(self, client: Client) -> None:
        async with self.lock:  # its first state is never of a change half made
            self.joined = True
            self._arm_timers()
            back = client.seat is not None and all(c.seat != client.seat
                                                   for c in self.clients)
            self.clients.append(client)
            if client.seat is not None:
                self.seats[client.seat].away_since = None
                self._disarm(client.seat)
            await client.send(self.snapshot(client, full=True))
            if self.moved_to is not None:
                await client.send(self._moved(client.seat))
            if back:
                self._presence_changed(client)  # the others see the seat back
        self.wake_bots()

    async def resend(self, client: Client, answer_id: int | None = None) -> None:
        """The full state again, as asked (or after a stale message): once the change
        in hand, if any, is made."""
        async with self.lock:
            await client.send(self.snapshot(client, full=True, answer_id=answer_id))

    def leave(self, client: Client) -> bool:
        """Forget a socket; True when it was the last one of a person's seat."""
        if client in self.clients:
            self.clients.remove(client)
        seat = client.seat
        if seat is not None and self.seats[seat].kind == EXTERNAL:
            if any(other.seat == seat for other in self.clients):
                return False
            self._program_moved()  # its fallback need not wait for it
            return True
        if seat is None or self.seats[seat].kind != HUMAN \
                or self.seats[seat].away_since is not None \
                or any(other.seat == seat for other in self.clients):
            return False
        self.seats[seat].away_since = time.monotonic()
        self._arm(seat, self.grace)
        return True

    async def depart(self, client: Client) -> None:
        """A socket closed: when its seat is now empty, everyone sees the countdown."""
        if self.leave(client):
            self._presence_changed()

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
            self._presence_changed()

    def _presence_changed(self, told: Client | None = None) -> None:
        """A seat's person came, went or ran out of grace: everyone is told at once,
        but at most once every ``presence_delay`` seconds; what changes meanwhile is
        told together at the end of that time (a flapping connection must not cost a
        broadcast to every watcher each time), unless an action's broadcast comes
        first. ``told``: a socket that knows already."""
        if self._presence is not None or not self.clients:
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
        task = loop.create_task(self._broadcast_between_changes(skip=told))
        self._tasks.add(task)
        task.add_done_callback(self._tasks.discard)

    def close(self) -> None:
        """The table leaves memory: no timer may fire for it any more, and its computer
        players stop."""
        if self._runner is not None and not self._runner.done():
            self._runner.cancel()
        for seat in list(self._timers):
            self._disarm(seat)
        if self._presence is not None:
            self._presence.cancel()
            self._presence = None
        if self.coach is not None:
            self.coach.close()

    # --- what a client may do -------------------------------------------------------

    def _check_seq(self, seq: int | None) -> None:
        if seq is not None and seq != self.seq:
            raise TableError(f"your view is out of date (seq {seq}, the table is at "
                             f"{self.seq}): here is the current one", "stale")

    @staticmethod
    def _player(client: Client) -> int:
        """The seat ``client`` plays; watchers are refused."""
        if client.seat is None:
            raise TableError("you are watching this table; only its players act", "not_seated")
        return client.seat

    def _check_seat(self, seat: int) -> Seat:
        if not 0 <= seat < len(self.seats):
            raise TableError(f"there is no seat {seat} at this table of {len(self.seats)}",
                             "bad_message")
        return self.seats[seat]

    async def act(self, client: Client, seq: int, text: str,
                  answer_id: int | None = None) -> None:
        async with self.lock:
            seat = self._player(client)
            if self.phase == WAITING:
                raise TableError("the match starts once every seat is taken")
            if self.phase == OVER:
                raise TableError("the match is over")
            self._check_seq(seq)
            if self.match.to_act != seat:
                raise TableError(f"it is not your turn (seat {self.match.to_act} is to act)",
                                 "not_your_turn")
            try:
                stored = await self._commit(seat, text)
            except StammtischError as refused:
                raise TableError(str(refused), "illegal") from None
            if not stored:
                raise TableError("the server could not store this action; the table is "
                                 "unchanged, try again", "server")
            if self.coach is not None and seat == self.coach.seat:
                self.coach.played(self.seq - 1, self.match.actions[-1])
            self._program_moved()
            await self._broadcast(answer=client, answer_id=answer_id)
        self.wake_bots()

    async def _commit(self, seat: int, text: str) -> bool:
        """Play ``text`` for ``seat`` and store it; an illegal action raises and changes
        nothing. False (logged) when it could not be stored: then it is not played
        either, and the table is as it was."""
        before = len(self.match.events)
        floor, deal, deal_events = self.undo_floor, self.deal, self.deal_events
        seen = {s: set(cards) for s, cards in self.seen.items()}
        self.match.play(text)
        self.played(seat, before)
        self.seq += 1
        try:
            await self._save()
        except Exception:
            log.exception("table %s: an action of seat %s could not be stored", self.id, seat)
            self.match.undo()
            self.actors.pop()
            self.seq -= 1
            self.deal, self.deal_events, self.seen = deal, deal_events, seen
            # Never below what the match can still take back.
            self.undo_floor = max(floor, len(self.actors) - self.match.undoable)
            return False
        return True

    async def sit(self, client: Client, seat: int, name: str,
                  answer_id: int | None = None) -> None:
        async with self.lock:
            if client.seat is not None:
                raise TableError(f"you already hold seat {client.seat} at this table")
            info = self._check_seat(seat)
            if info.kind != OPEN:
                raise TableError(f"seat {seat} is taken", "seat_taken")
            if client.bot is not None:
                await self._seat_program(client, seat)
                token = None
            else:
                await self._check_name(name)
                token = new_token()
                self.seats[seat] = Seat(HUMAN, token_hash=token_hash(token), name=name)
                self.seen[seat] = self._seen(seat)
                try:
                    await self._save_seats()
                except Exception:
                    self.seats[seat] = info
                    self.seen.pop(seat, None)
                    raise
                client.seat = seat  # the socket sees the seat's cards once it is stored
            seated: dict[str, Any] = {"type": "seated", "seat": seat, "token": token}
            if answer_id is not None:
                seated["id"] = answer_id
            await client.send(seated)
            await self._broadcast(answer=client, answer_id=answer_id)
        self.wake_bots()

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
            await self._save_seats()
        except Exception:
            self.seats[seat], client.seat = Seat(OPEN), None
            raise
        self.bots[seat] = make_bot(self.match.game, FALLBACK, self.match.seed, seat)
        self._seen_from_now()

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
        async with self.lock:
            if client.seat is None or client.seat != self.owner_seat:
                raise TableError("only the table's creator puts computer players into seats",
                                 "not_owner")
            info = self._check_seat(seat)
            try:
                find_level(self.match.game, level)
            except StammtischError as unknown:
                raise TableError(str(unknown), "bad_message") from None
            if self.phase == OVER:
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
            self.seats[seat] = Seat(BOT, level)
            try:
                await self._save_seats()
            except Exception:
                self.seats[seat] = info
                raise
            self._disarm(seat)
            self.bots[seat] = make_bot(self.match.game, level, self.match.seed, seat)
            self.seen.pop(seat, None)
            self._seen_from_now()
            await self._broadcast(answer=client, answer_id=answer_id)
        self.wake_bots()

    async def undo(self, client: Client, seq: int | None = None,
                   answer_id: int | None = None) -> None:
        async with self.lock:
            seat = self._player(client)
            self._check_seq(seq)
            if not self.can_undo(seat):
                raise TableError(
                    "nothing to undo: undo takes back your own moves against computer "
                    "players only, on your turn, until a new card has come into sight")
            taken: list[tuple[int, str]] = []
            while True:
                taken.append((self.actors.pop(), self.match.undo().text))
                if taken[-1][0] == seat:
                    break
            self.seq += 1
            try:
                await self._save()
            except Exception:
                for actor, text in reversed(taken):  # not stored, so not taken back
                    self.match.play(text)
                    self.actors.append(actor)
                self.seq -= 1
                raise
            await self._broadcast(full=True, answer=client, answer_id=answer_id)

    def _moved(self, seat: int | None) -> dict[str, Any]:
        """Where the players went on; a person's own token for the new table with it."""
        moved: dict[str, Any] = {"type": "moved", "table": self.moved_to}
        token = self._moved_tokens.get(seat) if seat is not None else None
        if token is not None:
            moved["seat"], moved["token"] = seat, token
        return moved

    async def play_again(self, client: Client, rematch: Rematch,
                         answer_id: int | None = None) -> None:
        """A person asks to play again once the match is over. When every person has
        asked, ``rematch`` makes the new table (same game, options and seats, a fresh
        seed) and everyone here is told where to go, each person with their own new
        token; until then everyone sees who has asked."""
        async with self.lock:
            seat = self._player(client)
            if self.phase != OVER:
                raise TableError("the match is not over yet: play again once it is")
            if self.seats[seat].kind != HUMAN:
                raise TableError("the people at the table choose to play again, not a bot")
            if self.lesson:
                raise TableError("a guided deal is played once: start a match from the "
                                 "start page")
            if self.moved_to is not None:
                await client.send(self._moved(seat))
                return
            if seat in self.again:
                raise TableError("you have asked already: the others have not all "
                                 "asked yet")
            self.again.add(seat)
            if not set(self.human_seats) <= self.again:
                await self._broadcast(answer=client, answer_id=answer_id)
                return
            try:
                made, tokens = rematch(self)
            except Exception:
                self.again.discard(seat)  # not made: the last person may ask again
                raise
            self.moved_to, self._moved_tokens = made.id, tokens
            for other in list(self.clients):
                try:
                    await other.send(self._moved(other.seat))
                except Exception:  # noqa: BLE001 - a closed socket must not stop the table
                    if other in self.clients:
                        self.clients.remove(other)

    async def hint(self, client: Client, cooldown: float = 0.0,
                   answer_id: int | None = None) -> None:
        """Ask the expert's values for the client's seat, on its turn, as data for the
        position at ``seq``: one hint in flight per seat, and the next one ``cooldown``
        seconds after the last was asked. A refusal is raised at once; the hint is worked
        out aside (the client's other messages go on) in its turn at the hint worker,
        shared fairly by the clients' addresses (server/hints.py): while it waits the
        client is told ``{"type": "hint_queued", "seq", "place"}``, then sent the hint or
        the error."""
        async with self.lock:  # the position asked about is never a change half made
            self._hint(client, cooldown, answer_id)

    def _hint(self, client: Client, cooldown: float, answer_id: int | None) -> None:
        seat = client.seat
        if seat is None:
            raise TableError("hints are for the players at this table", "not_seated")
        if self.seats[seat].kind != HUMAN:
            raise TableError("hints are for people, not for programs of the bot API")
        if self.phase != PLAYING or self.match.to_act != seat:
            raise TableError("a hint is given on your turn", "not_your_turn")
        if not hint_available(self.match.game):
            raise TableError("no hints yet: they come with the expert computer player")
        if not self.hints_allowed:
            raise TableError("hints are off at this table: where several people play, its "
                             "creator chooses", "not_now")
        if seat in self._hinting:
            raise TableError("a hint for your seat is still being worked out", "busy")
        now = self.clock()
        last = self._hinted.get(seat)
        if last is not None and now - last < cooldown:
            raise TableError(f"one hint every {cooldown:g} s: the next in "
                             f"{cooldown - (now - last):.1f} s", "rate_limited")
        self._hinting.add(seat)
        self._hinted[seat] = now
        task = asyncio.get_running_loop().create_task(
            self._hint_aside(client, seat, last, self.match.view(seat), self.seq, answer_id))
        client.aside.add(task)
        task.add_done_callback(client.aside.discard)

    async def _hint_aside(self, client: Client, seat: int, last: float | None,
                          view: dict[str, Any], asked: int, answer_id: int | None) -> None:
        """:meth:`hint`'s waiting and working out: its answer is sent to ``client``."""

        def answer(sent: dict[str, Any]) -> dict[str, Any]:
            return sent if answer_id is None else {**sent, "id": answer_id}

        async def queued(place: int) -> None:
            with contextlib.suppress(Exception):  # a closed socket: its turn is skipped
                await client.send(answer({"type": "hint_queued", "seq": asked,
                                          "place": place}))

        sent: dict[str, Any] | None = None
        try:
            async with hint_turn(client.requester, HINT, queued):
                if self.seq != asked or client not in self.clients:
                    return  # the table moved on, or the client left, while it waited
                advice = await self.advise(self.match.game, view)
            sent = {"type": "hint", "seq": asked, "advice": advice} if advice is not None \
                else {"type": "error", "code": "not_now",
                      "message": "no hint: there is nothing to choose"}
        except HintsBusy as busy:
            if last is None:  # not worked out: the seat's pause does not start
                self._hinted.pop(seat, None)
            else:
                self._hinted[seat] = last
            sent = {"type": "error", "code": "busy",
                    "message": f"the hint helper is busy ({busy}): try again "
                    + ("when your hint has come" if busy.mine else "in a moment")}
            if not busy.mine and busy.wait is not None:
                sent["wait"] = max(1, round(busy.wait))
        except Exception:
            log.exception("table %s: a hint failed", self.id)
            sent = {"type": "error", "code": "server",
                    "message": "the server failed on this hint; the table is unchanged"}
        finally:
            self._hinting.discard(seat)
            if sent is not None:
                with contextlib.suppress(Exception):  # a closed socket: nobody to tell
                    await client.send(answer(sent))

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
        if self.coach is not None:
            self.coach.wake(self.match, lambda: self.seq, self._broadcast_between_changes)
        if self._runner is None or self._runner.done():
            if self.phase == PLAYING and self.match.to_act in self.bots:
                self._runner = asyncio.get_running_loop().create_task(self._run_bots())

    def pace(self, seat: int) -> float:
        """Seconds from the moment a computer player is to move until its move is shown,
        whatever the decision took, so that a forced move cannot be told from a
        considered one by its timing: the table's pause plus the level's thinking
        budget, but no more than an even share of :attr:`bot_round` among the actions of
        a round of the computer players in play (so a person waits about that long for
        a round of them), and never less than :data:`LEAST_STEP`. Only public facts
        count: the seats, their levels and who is out."""
        if not self.bot_delay:
            return 0.0
        if not self._someone_plays():
            return 0.05  # nobody plays on: the rest is told quickly
        alone = self.bot_delay + self._level_budget(seat)
        return max(LEAST_STEP, min(alone, self.bot_round / self._round_actions()))

    def _level_budget(self, seat: int) -> float:
        """The seconds a decision of the level at ``seat`` may take away from a table
        (read from the first of its computer players here, before any was fitted)."""
        level = self.seats[seat].level
        if level not in self._budgets:
            budget = getattr(self.bots[seat], "budget", None)
            self._budgets[level] = float(budget) if isinstance(budget, int | float) else 0.0
        return self._budgets[level]

    def _round_actions(self) -> int:
        """The actions of one round of the computer players still in play."""
        eliminated = self.match.view(None).get("eliminated")
        out = eliminated if isinstance(eliminated, list) else [False] * len(self.seats)
        players = sum(1 for seat in self.bots if not out[seat])
        return max(1, players * ACTIONS_PER_TURN.get(self.match.game, 1))

    def _fit_budget(self, seat: int, step: float) -> None:
        """A thinking computer player gets what of ``step`` the move leaves it."""
        own = self._level_budget(seat)
        if own and step:
            self.bots[seat].budget = min(own, THINK_SHARE * step)  # type: ignore[attr-defined]

    async def _run_bots(self) -> None:
        failures = 0
        pending: tuple[int, str] | None = None  # (seq, move): chosen, not stored yet
        while True:
            start = self.clock()
            if failures:
                await self.sleep(min(RETRY_MAX, RETRY_FIRST * 2 ** (failures - 1)))
            async with self.lock:
                seat = self.match.to_act
                if self.phase != PLAYING or seat is None or seat not in self.bots:
                    return
                view, seq = self.match.view(seat), self.seq
            waited = False
            if pending is not None and pending[0] == seq:
                choice = pending[1]
            elif self._program_here(seat) and await self._program_acts(seq):
                continue  # the program of the bot API acted, or the table moved on
            else:
                waited = self._program_here(seat)  # its time ran out: no further pause
                # The computer player thinks, and the pause runs, outside the lock:
                # people's messages are answered meanwhile.
                step = 0.0 if waited else self.pace(seat)
                self._fit_budget(seat, step)
                began = self.clock()
                choice = await self._choose(seat, view)
                if step:
                    step = self._thought.shown_after(seat, view, self.clock() - began, step)
                wait = start + step - self.clock()
                if wait > 0:
                    await self.sleep(wait)
            async with self.lock:
                if self.seq != seq or self.match.to_act != seat or self.phase != PLAYING:
                    pending = None
                    continue
                try:
                    stored = await self._commit(seat, choice)
                except StammtischError:
                    log.exception("table %s: the computer player at seat %s chose an "
                                  "illegal move", self.id, seat)
                    choice = view["legal_actions"][0]
                    stored = await self._commit(seat, choice)
                if not stored:
                    # Memory and store agree again (the move was taken back); try again
                    # after a pause that grows while the store stays away.
                    failures, pending = failures + 1, (self.seq, choice)
                    continue
                failures, pending = 0, None
                await self._broadcast()
                if self.coach is not None:
                    self.coach.wake(self.match, lambda: self.seq,
                                    self._broadcast_between_changes)

    def _program_here(self, seat: int) -> bool:
        """A connected program of the bot API plays ``seat``."""
        return self.seats[seat].kind == EXTERNAL \
            and any(client.seat == seat for client in self.clients)

    async def _program_acts(self, seq: int) -> bool:
        """Wait up to :attr:`bot_time` for the program at the seat to act; True when the
        table has moved on meanwhile (its action, or anything else)."""
        turn = self._program_turn = asyncio.Event()
        with contextlib.suppress(TimeoutError):
            await asyncio.wait_for(turn.wait(), self.bot_time)
        self._program_turn = None
        return self.seq != seq

    def _program_moved(self) -> None:
        if self._program_turn is not None:
            self._program_turn.set()

    async def _choose(self, seat: int, view: dict[str, Any]) -> str:
        try:
            return await asyncio.to_thread(self.bots[seat].choose, view)
        except Exception:
            # A computer player's fault must not stop the table: log it, play on.
            log.exception("table %s: the computer player at seat %s failed", self.id, seat)
            text: str = view["legal_actions"][0]
            return text

    async def _save(self) -> None:
        record, result = self.match.record(), self.match.result
        await asyncio.to_thread(self.store.save, self.id, record, result, self.seq)

    async def _save_seats(self) -> None:
        await asyncio.to_thread(self.store.save_seats, self.id,
                                [info.stored() for info in self.seats])
