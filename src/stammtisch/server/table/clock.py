"""The turn clock part: at a table with a clock (table/settings.py), each decision of a
person has :attr:`TurnClock.per_decision` seconds, and then the person's reserve for
the match. When both are gone, the stand-in computer player (:data:`STAND_IN`) makes
that one decision; after :data:`AWAY_AFTER` such decisions in a row the person is
marked away, and the seat follows the grace rules of a person who left
(table/seating.py) until they act again.

The server owns the clock: the running decision's deadline is a wall-clock time saved
with the action that began it (``tables.turn_clock``), so a restart or a takeover by
another process goes on with the same deadline. Computer players and programs of the
bot API are never timed here (programs have their own limit, table/players.py). A
forced decision (one legal action) draws nothing from the reserve, however long the
page pauses before playing it.
"""

from __future__ import annotations

import asyncio
import logging
import time
from collections.abc import Callable
from dataclasses import dataclass, replace
from typing import Any

from stammtisch.bots.base import Bot
from stammtisch.bots.registry import make_bot
from stammtisch.errors import StammtischError
from stammtisch.server.seats import HUMAN
from stammtisch.server.table.part import PLAYING, Host, Part, Play
from stammtisch.server.table.seating import FALLBACK, Seating
from stammtisch.server.table.settings import TableSettings

log = logging.getLogger("stammtisch.server")

STAND_IN = FALLBACK
"""The computer level that makes a decision whose time ran out."""
AWAY_AFTER = 2
"""Decisions in a row the stand-in made before the person is marked away."""
RETRY = 1.0
"""Seconds before a stand-in decision that could not be stored is tried again."""


@dataclass(frozen=True)
class ClockState:
    """The clock as saved with the table: each seat's reserve and timeouts in a row, and
    the decision running now (``seat`` None: none is timed)."""

    reserves: tuple[float, ...]
    timeouts: tuple[int, ...]
    seat: int | None = None
    seq: int = 0
    """The table's ``seq`` when the running decision began."""
    started: float = 0.0
    """Wall-clock time the running decision began."""
    deadline: float = 0.0
    """Wall-clock time the stand-in decides: ``started`` + the decision's time + the
    reserve the seat had then."""
    forced: bool = False
    """The running decision has one legal action."""

    def stored(self) -> dict[str, Any]:
        return {"reserves": list(self.reserves), "timeouts": list(self.timeouts),
                "seat": self.seat, "seq": self.seq, "started": self.started,
                "deadline": self.deadline, "forced": self.forced}

    @classmethod
    def from_stored(cls, stored: Any, seats: int) -> ClockState | None:
        """The saved clock of a table of ``seats``; None when it cannot be read."""
        try:
            reserves = tuple(float(r) for r in stored["reserves"])
            timeouts = tuple(int(t) for t in stored["timeouts"])
            seat = stored["seat"]
            state = cls(reserves, timeouts, None if seat is None else int(seat),
                        int(stored["seq"]), float(stored["started"]),
                        float(stored["deadline"]), bool(stored.get("forced")))
        except (KeyError, TypeError, ValueError):
            return None
        if len(reserves) != seats or len(timeouts) != seats:
            return None
        return state


class TurnClock(Part):
    def __init__(self, host: Host, seating: Seating, settings: TableSettings,
                 saved: dict[str, Any] | None = None, *, restoring: bool = False,
                 wall: Callable[[], float] = time.time) -> None:
        self.host = host
        self.seating = seating
        self.per_decision = float(settings.clock)
        self.wall = wall
        """The wall clock the deadlines are kept in (tests pass their own)."""
        seats = len(host.seats)
        fresh = ClockState((float(settings.clock_reserve),) * seats, (0,) * seats)
        restored = ClockState.from_stored(saved, seats) if saved is not None else None
        self.state = restored or fresh
        self._resuming = restoring
        """A stored table being rebuilt (in a worker thread): its actions are not timed
        again, and the saved decision goes on at the first :meth:`wake` on the loop."""
        self._pending: ClockState | None = None
        """The state an action being stored brings, saved with it (:meth:`after`)."""
        self._stand_in_at: int | None = None
        """The ``seq`` of the decision the stand-in is storing now."""
        self._bots: dict[int, Bot] = {}
        self._timer: asyncio.TimerHandle | None = None
        self._tasks: set[asyncio.Task[None]] = set()

    @property
    def on(self) -> bool:
        return self.per_decision > 0

    # --- the state a change brings ----------------------------------------------------

    def after(self, play: Play) -> dict[str, Any] | None:
        """The clock to save with ``play`` (played on the match, not yet stored): the
        mover's reserve drawn on, and the next decision begun. None without a clock."""
        if not self.on:
            return None
        now = self.wall()
        state = self.state
        reserves, timeouts = list(state.reserves), list(state.timeouts)
        if state.seat == play.seat and state.seq == play.seq_before:
            used = 0.0 if state.forced else now - state.started
            over = max(0.0, used - self.per_decision)
            reserves[play.seat] = max(0.0, reserves[play.seat] - over)
            stood_in = self._stand_in_at == play.seq_before
            timeouts[play.seat] = timeouts[play.seat] + 1 if stood_in else 0
        elif self.host.seats[play.seat].kind == HUMAN and self._stand_in_at is None:
            timeouts[play.seat] = 0
        self._pending = self._begin(replace(state, reserves=tuple(reserves),
                                            timeouts=tuple(timeouts)),
                                    play.seq_before + 1, now)
        return self._pending.stored()

    def _begin(self, state: ClockState, seq: int, now: float) -> ClockState:
        """``state`` with the decision at ``seq`` begun at ``now``, if a person's."""
        host = self.host
        seat = host.match.to_act
        if host.match.result is not None or seat is None or not self._timed(seat):
            return replace(state, seat=None, seq=seq, started=0.0, deadline=0.0,
                           forced=False)
        forced = len(host.match.legal_actions()) == 1
        return replace(state, seat=seat, seq=seq, started=now, forced=forced,
                       deadline=now + self.per_decision + state.reserves[seat])

    def _current(self) -> bool:
        """The clock's state is of the decision at hand (timed or not)."""
        state, host = self.state, self.host
        if state.seq != host.seq:
            return False
        seat = host.match.to_act
        if seat is not None and host.match.result is None and self._timed(seat):
            return state.seat == seat
        return state.seat is None

    def _timed(self, seat: int) -> bool:
        return self.host.seats[seat].kind == HUMAN and self.host.phase == PLAYING

    def saved(self) -> dict[str, Any] | None:
        """The clock as it runs now, for a save that is not an action's."""
        return self.state.stored() if self.on else None

    # --- told by the table ------------------------------------------------------------

    def played(self, play: Play) -> None:
        if not self.on or self._resuming:
            return
        pending, self._pending = self._pending, None
        self.state = pending or self._begin(self.state, play.seq_before + 1, self.wall())
        if play.seat in self.seating.marked_away and self._stand_in_at is None:
            self.seating.back(play.seat)  # they play again themselves
        elif self.state.timeouts[play.seat] >= AWAY_AFTER and self._stand_in_at is not None:
            self.seating.mark_away(play.seat)
        self._arm()

    def forget(self, play: Play) -> None:
        self._pending = None

    def seated(self, seat: int) -> None:
        """A seat changed hands: the match may start, or a person's decision become a
        computer player's."""
        if self.on and not self._resuming:
            self._restart()

    def wake(self) -> None:
        """After a change: a rebuilt table's saved decision goes on, and a decision that
        began without an action (the match started, say) gets its clock."""
        if self.on and (self._resuming or not self._current()):
            self._spawn(self._catch_up())

    async def _catch_up(self) -> None:
        async with self.host.lock:
            if self._resuming:
                self._resume()
            else:
                self._restart()

    def _resume(self) -> None:
        """The decision saved goes on with its deadline when it is still the one to
        make; otherwise a new one begins now."""
        self._resuming = False
        if self._current():
            self._arm()
        else:
            self._restart()

    def _restart(self) -> None:
        """Begin the decision at hand afresh, unless it is already running; save it."""
        if self._current():
            return
        state, host = self.state, self.host
        self.state = self._begin(state, host.seq, self.wall())
        self._arm()
        self._spawn(self._save())

    async def _save(self) -> None:
        try:
            await self.host.save_clock()
        except Exception:  # noqa: BLE001 - a restart then begins the decision afresh
            log.warning("table %s: the turn clock could not be stored", self.host.id)

    def public(self, seat: int | None) -> dict[str, Any]:
        if not self.on:
            return {"turn_clock": None}
        state, now = self.state, self.wall()
        running = None
        if state.seat is not None:
            running = {"seat": state.seat, "left": round(max(0.0, state.deadline - now), 1),
                       "decision_left": round(max(0.0, state.started + self.per_decision
                                                  - now), 1),
                       "forced": state.forced}
        reserves = [round(r, 1) if self.host.seats[s].kind == HUMAN else None
                    for s, r in enumerate(state.reserves)]
        return {"turn_clock": {"per_decision": self.per_decision, "reserves": reserves,
                               "running": running}}

    def close(self) -> None:
        self._disarm()
        for task in list(self._tasks):
            task.cancel()

    # --- the stand-in -----------------------------------------------------------------

    def _arm(self) -> None:
        self._disarm()
        state = self.state
        if state.seat is None:
            return
        loop = asyncio.get_running_loop()
        delay = max(0.0, state.deadline - self.wall())
        self._timer = loop.call_later(delay, self._expired, state.seq)

    def _disarm(self) -> None:
        if self._timer is not None:
            self._timer.cancel()
            self._timer = None

    def _expired(self, seq: int) -> None:
        self._timer = None
        self._spawn(self._stand_in(seq))

    def _spawn(self, work: Any) -> None:
        task = asyncio.get_running_loop().create_task(work)
        self._tasks.add(task)
        task.add_done_callback(self._tasks.discard)

    def _due(self, seq: int) -> int | None:
        """The seat whose decision at ``seq`` ran out and is still to be made."""
        host, state = self.host, self.state
        if host.seq != seq or state.seq != seq or state.seat is None \
                or state.seat != host.match.to_act or not self._timed(state.seat):
            return None
        return state.seat

    async def _stand_in(self, seq: int) -> None:
        host = self.host
        async with host.lock:
            seat = self._due(seq)
            if seat is None:
                return
            if self.wall() < self.state.deadline:  # the loop woke a little early
                self._arm()
                return
            view = host.match.view(seat)
        choice = await self._choose(seat, view)
        async with host.lock:
            if self._due(seq) != seat:
                return  # the person played meanwhile
            self._stand_in_at = seq
            try:
                try:
                    stored = await host.commit(seat, choice)
                except StammtischError:
                    log.exception("table %s: the stand-in at seat %s chose an illegal "
                                  "move", host.id, seat)
                    stored = await host.commit(seat, view["legal_actions"][0])
            finally:
                self._stand_in_at = None
            if not stored:
                self._timer = asyncio.get_running_loop().call_later(
                    RETRY, self._expired, seq)
                return
            await host.broadcast()
        host.wake_bots()

    async def _choose(self, seat: int, view: Any) -> str:
        bot = self._bots.get(seat)
        if bot is None:
            match = self.host.match
            bot = self._bots[seat] = make_bot(match.game, STAND_IN, match.seed, seat)
        try:
            return await asyncio.to_thread(bot.choose, view)
        except Exception:
            log.exception("table %s: the stand-in at seat %s failed", self.host.id, seat)
            text: str = view["legal_actions"][0]
            return text
