"""The players part: the computer players, and the programs of the bot API with their
fallbacks. They move on their own, one at a time, at the table's pace
(table/pacing.py), thinking outside the table's lock; a move that could not be stored
is tried again after a growing pause; a connected program has :attr:`bot_time` seconds
for each decision before its fallback acts for it."""

from __future__ import annotations

import asyncio
import contextlib
import logging
from typing import Any

from stammtisch.bots.base import Bot
from stammtisch.bots.registry import make_bot
from stammtisch.errors import StammtischError
from stammtisch.server.seats import BOT, EXTERNAL
from stammtisch.server.table.pacing import BOT_ROUND, Pacing
from stammtisch.server.table.part import PLAYING, Host, Part, Play

log = logging.getLogger("stammtisch.server")

BOT_TIME = 10.0
"""Seconds a program of the bot API has for a decision before its fallback acts
(Settings.bot_time)."""
RETRY_FIRST, RETRY_MAX = 0.5, 10.0
"""Seconds before a computer move that could not be stored is tried again, doubling
up to the most."""


class Players(Part):
    def __init__(self, host: Host, bot_delay: float, bot_round: float = BOT_ROUND,
                 bot_time: float = BOT_TIME) -> None:
        self.host = host
        self.bots: dict[int, Bot] = {}
        """The computer player of each seat a program plays (for a program of the bot
        API: its fallback)."""
        for seat in range(len(host.seats)):
            self.seated(seat)
        self.pacing = Pacing(host, self.bots, bot_delay, bot_round)
        self.bot_time = bot_time
        """Seconds a connected program of the bot API has for each decision."""
        self.runner: asyncio.Task[None] | None = None
        self._program_turn: asyncio.Event | None = None
        """Set when the program the table waits for acted or left."""

    # --- told by the table --------------------------------------------------------------

    def seated(self, seat: int) -> None:
        info = self.host.seats[seat]
        if info.kind in (BOT, EXTERNAL):  # a program's seat: its fallback
            match = self.host.match
            self.bots[seat] = make_bot(match.game, info.level, match.seed, seat)

    def played(self, play: Play) -> None:
        self._program_moved()

    def left(self, seat: int) -> None:
        if self.host.seats[seat].kind == EXTERNAL:
            self._program_moved()  # its fallback need not wait for it

    def wake(self) -> None:
        host = self.host
        if self.runner is None or self.runner.done():
            if host.phase == PLAYING and host.match.to_act in self.bots:
                self.runner = asyncio.get_running_loop().create_task(self._run())

    def idle(self) -> bool:
        """No computer player is moving."""
        return self.runner is None or self.runner.done()

    def close(self) -> None:
        if self.runner is not None and not self.runner.done():
            self.runner.cancel()

    # --- the computer players' loop -----------------------------------------------------

    async def _run(self) -> None:
        host = self.host
        failures = 0
        pending: tuple[int, str] | None = None  # (seq, move): chosen, not stored yet
        while True:
            start = host.clock()
            if failures:
                await host.sleep(min(RETRY_MAX, RETRY_FIRST * 2 ** (failures - 1)))
            async with host.lock:
                seat = host.match.to_act
                if host.phase != PLAYING or seat is None or seat not in self.bots:
                    return
                view, seq = host.match.view(seat), host.seq
            if pending is not None and pending[0] == seq:
                choice = pending[1]
            elif self._program_here(seat) and await self._program_acts(seq):
                continue  # the program of the bot API acted, or the table moved on
            else:
                choice = await self._decide(seat, view, start)
            async with host.lock:
                if host.seq != seq or host.match.to_act != seat or host.phase != PLAYING:
                    pending = None
                    continue
                try:
                    stored = await host.commit(seat, choice)
                except StammtischError:
                    log.exception("table %s: the computer player at seat %s chose an "
                                  "illegal move", host.id, seat)
                    choice = view["legal_actions"][0]
                    stored = await host.commit(seat, choice)
                if not stored:
                    # Memory and store agree again (the move was taken back); try again
                    # after a pause that grows while the store stays away.
                    failures, pending = failures + 1, (host.seq, choice)
                    continue
                failures, pending = 0, None
                await host.broadcast()
                host.wake_bots()  # the coach, say: this loop itself runs on

    async def _decide(self, seat: int, view: dict[str, Any], start: float) -> str:
        """The computer player's move, shown at the table's pace from ``start``; it
        thinks, and the pause runs, outside the lock: people's messages are answered
        meanwhile. A program of the bot API whose time ran out: no further pause."""
        host, pacing = self.host, self.pacing
        waited = self._program_here(seat)
        step = 0.0 if waited else pacing.pace(seat)
        pacing.fit_budget(seat, step)
        began = host.clock()
        choice = await self._choose(seat, view)
        if step:
            step = pacing.thought.shown_after(seat, view, host.clock() - began, step)
        wait = start + step - host.clock()
        if wait > 0:
            await host.sleep(wait)
        return choice

    async def _choose(self, seat: int, view: dict[str, Any]) -> str:
        try:
            return await asyncio.to_thread(self.bots[seat].choose, view)
        except Exception:
            # A computer player's fault must not stop the table: log it, play on.
            log.exception("table %s: the computer player at seat %s failed",
                          self.host.id, seat)
            text: str = view["legal_actions"][0]
            return text

    # --- programs of the bot API --------------------------------------------------------

    def _program_here(self, seat: int) -> bool:
        """A connected program of the bot API plays ``seat``."""
        return self.host.seats[seat].kind == EXTERNAL \
            and any(client.seat == seat for client in self.host.clients)

    async def _program_acts(self, seq: int) -> bool:
        """Wait up to :attr:`bot_time` for the program at the seat to act; True when the
        table has moved on meanwhile (its action, or anything else)."""
        turn = self._program_turn = asyncio.Event()
        with contextlib.suppress(TimeoutError):
            await asyncio.wait_for(turn.wait(), self.bot_time)
        self._program_turn = None
        return self.host.seq != seq

    def _program_moved(self) -> None:
        if self._program_turn is not None:
            self._program_turn.set()
