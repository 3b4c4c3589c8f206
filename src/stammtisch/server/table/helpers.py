"""The helpers part: hints (the expert's values of the legal actions, asked by a person
on their turn, worked out aside in the hint worker in a fair queue) and the coach of a
guided first deal (server/coaching.py), whose words are in the player's state only."""

from __future__ import annotations

import asyncio
import contextlib
import logging
from collections.abc import Awaitable, Callable
from typing import Any

from stammtisch.server.coaching import Coach
from stammtisch.server.hints import HINT, HintsBusy, hint_available
from stammtisch.server.hints import ask as ask_hint
from stammtisch.server.hints import turn as hint_turn
from stammtisch.server.seats import HUMAN, OPEN
from stammtisch.server.table.part import PLAYING, Client, Host, Part, Play, TableError

log = logging.getLogger("stammtisch.server")

Advise = Callable[[str, dict[str, Any]], Awaitable[dict[str, Any] | None]]


class Helpers(Part):
    def __init__(self, host: Host, *, hints: bool = False, lesson: bool = False,
                 advise: Advise = ask_hint) -> None:
        self.host = host
        self.hints = hints
        """Hints for everyone where two or more people play: the creator's choice."""
        self.advise = advise
        """Works out a hint (in the hint worker)."""
        self.coach: Coach | None = None
        if lesson and host.human_seats:
            self.coach = Coach(host.match.game, host.human_seats[0],
                               host.match.view(None).get("deal"))
        self._hinting: set[int] = set()
        """Seats whose hint is being worked out."""
        self._hinted: dict[int, float] = {}
        """When each seat last asked for a hint (``host.clock``)."""

    @property
    def hints_allowed(self) -> bool:
        """Hints for one person against computer players always; where several people
        sit (or may sit), only when the creator allowed them for everyone."""
        people = sum(1 for info in self.host.seats if info.kind in (HUMAN, OPEN))
        return people <= 1 or self.hints

    # --- told by the table --------------------------------------------------------------

    def played(self, play: Play) -> None:
        if self.coach is not None and play.seat == self.coach.seat:
            self.coach.played(play.seq_before, play.action)

    def wake(self) -> None:
        if self.coach is not None:
            host = self.host
            self.coach.wake(host.match, lambda: host.seq, host.broadcast_between_changes)

    def public(self, seat: int | None) -> dict[str, Any]:
        host, coach = self.host, self.coach
        return {
            "hint": seat is not None and host.seats[seat].kind == HUMAN
            and self.hints_allowed and hint_available(host.match.game),
            "hints_for_all": self.hints,
            "coach": coach.state(host.match, host.seq)
            if coach is not None and seat == coach.seat else None,
        }

    def close(self) -> None:
        if self.coach is not None:
            self.coach.close()

    # --- hints --------------------------------------------------------------------------

    async def hint(self, client: Client, cooldown: float = 0.0,
                   answer_id: int | None = None) -> None:
        """See :meth:`stammtisch.server.table.master.Table.hint`."""
        async with self.host.lock:  # the position asked about is never a change half made
            self._hint(client, cooldown, answer_id)

    def _hint(self, client: Client, cooldown: float, answer_id: int | None) -> None:
        host, seat = self.host, client.seat
        if seat is None:
            raise TableError("hints are for the players at this table", "not_seated")
        if host.seats[seat].kind != HUMAN:
            raise TableError("hints are for people, not for programs of the bot API")
        if host.phase != PLAYING or host.match.to_act != seat:
            raise TableError("a hint is given on your turn", "not_your_turn")
        if not hint_available(host.match.game):
            raise TableError("no hints yet: they come with the expert computer player")
        if not self.hints_allowed:
            raise TableError("hints are off at this table: where several people play, its "
                             "creator chooses", "not_now")
        if seat in self._hinting:
            raise TableError("a hint for your seat is still being worked out", "busy")
        now = host.clock()
        last = self._hinted.get(seat)
        if last is not None and now - last < cooldown:
            raise TableError(f"one hint every {cooldown:g} s: the next in "
                             f"{cooldown - (now - last):.1f} s", "rate_limited")
        self._hinting.add(seat)
        self._hinted[seat] = now
        task = asyncio.get_running_loop().create_task(
            self._hint_aside(client, seat, last, host.match.view(seat), host.seq, answer_id))
        client.aside.add(task)
        task.add_done_callback(client.aside.discard)

    async def _hint_aside(self, client: Client, seat: int, last: float | None,
                          view: dict[str, Any], asked: int, answer_id: int | None) -> None:
        """:meth:`hint`'s waiting and working out: its answer is sent to ``client``."""
        host = self.host

        def answer(sent: dict[str, Any]) -> dict[str, Any]:
            return sent if answer_id is None else {**sent, "id": answer_id}

        async def queued(place: int) -> None:
            with contextlib.suppress(Exception):  # a closed socket: its turn is skipped
                await client.send(answer({"type": "hint_queued", "seq": asked,
                                          "place": place}))

        sent: dict[str, Any] | None = None
        try:
            async with hint_turn(client.requester, HINT, queued):
                if host.seq != asked or client not in host.clients:
                    return  # the table moved on, or the client left, while it waited
                advice = await self.advise(host.match.game, view)
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
            log.exception("table %s: a hint failed", host.id)
            sent = {"type": "error", "code": "server",
                    "message": "the server failed on this hint; the table is unchanged"}
        finally:
            self._hinting.discard(seat)
            if sent is not None:
                with contextlib.suppress(Exception):  # a closed socket: nobody to tell
                    await client.send(answer(sent))
