"""Reviews of matches for the web (bots/review.py), worked out in a process of their own.

A review is asked for by (table, seat). Who may: anyone for a finished match (it is
public like its replay); while the match runs, only the person holding that seat
(their seat token). When a match ends, the reviews of its people's seats begin without
anyone asking (:meth:`Reviews.begin`, from the table's review part, table/review.py),
so that they are done, or nearly, when the page opens. A review is computed decision
by decision in one worker process (the expert's search is CPU-bound: in a thread it
would take the interpreter from the event loop), so that :meth:`Reviews.status` can
tell its progress and serve the deals judged so far (``"review"`` with ``"partial":
true``, the deals still to come marked ``pending``), then stored with the match
(``Store.save_review``) and never computed again unless the match went on.

At most :data:`MAX_RUNNING` reviews are worked out at once; the others wait in a fair
queue (server/fairqueue.py): a player of the match (whose token holds one of its
seats) before someone who only watched it, the clients (by address) in turn, each with
one review waiting or worked out at a time; a waiting review's answer tells its place
(``{"status": "queued", "place": 3}``). The app's shutdown calls :meth:`Reviews.close`.
In a deployment of several processes (server/cluster.py) the one working out a review
tells its place or progress, and a failure, on a shared :class:`Board`, so that
whichever process the page asks answers (with the deals judged so far).
"""

from __future__ import annotations

import asyncio
import contextlib
import functools
import logging
import multiprocessing
import os
import weakref
from collections.abc import Callable
from concurrent.futures import Executor, ProcessPoolExecutor
from concurrent.futures.process import BrokenProcessPool
from dataclasses import dataclass, field
from typing import Any, Protocol, TypeVar

from stammtisch.bots.review import (
    REVIEW_BUDGET,
    Judged,
    Walk,
    decisions,
    judge,
    reviewed_deals,
    summarize,
)
from stammtisch.errors import StammtischError
from stammtisch.server.fairqueue import FairQueue, QueueFull, Ticket, requester
from stammtisch.server.seats import Seat
from stammtisch.server.store import Store, StoredTable

T = TypeVar("T")
MAX_RUNNING = 2
"""Reviews (of all clients together) worked out at once; more wait in the queue."""
MAX_WAITING = 64
"""Reviews that may wait at once; more are refused for now (503)."""
PLAYER, WATCHER = 0, 1
"""The ranks in the queue: a player of the match goes ahead of a watcher."""
RETELL = 10.0
"""Seconds after which a review's place or progress is told to the board again, so
that it does not expire there while the review waits or one decision takes long."""
log = logging.getLogger("stammtisch.server")


class ReviewRefused(Exception):
    """A review that cannot be had; ``status`` is the HTTP status to answer with."""

    def __init__(self, message: str, status: int) -> None:
        super().__init__(message)
        self.status = status


@dataclass
class _Job:
    """A review being worked out: ``done`` of ``total`` decisions judged; ``partial``
    the review of the deals wholly judged so far (bots/review.py's summarize)."""

    ticket: Ticket
    done: int = 0
    total: int = 0
    task: asyncio.Task[None] | None = field(default=None, repr=False)
    partial: dict[str, Any] | None = field(default=None, repr=False)

    def progress(self) -> float:
        return round(self.done / self.total, 4) if self.total else 0.0

    def answer(self) -> dict[str, Any]:
        if not self.ticket.granted:
            return {"status": "queued", "place": self.ticket.place, "progress": 0.0}
        return _running(self.progress(), self.partial)

    def entry(self) -> dict[str, Any]:
        """What the board is told of it."""
        if not self.ticket.granted:
            return {"queued": self.ticket.place}
        entry: dict[str, Any] = {"progress": self.progress()}
        if self.partial is not None:
            entry["review"] = self.partial
        return entry

    def judged(self, walk: Walk, judged: list[Judged], budget: float) -> bool:
        """One more decision judged: True when a deal was completed with it (then
        :attr:`partial` covers it)."""
        self.done = len(judged)
        pending = reviewed_deals(walk, self.done)
        before = reviewed_deals(walk, self.done - 1)
        if pending == before or pending is None:
            return False
        self.partial = summarize(walk, [entry for entry in judged if entry["deal"] < pending],
                                 budget, pending_from=pending)
        return True


def _running(progress: float, partial: dict[str, Any] | None) -> dict[str, Any]:
    answer: dict[str, Any] = {"status": "running", "progress": progress}
    if partial is not None:
        answer["review"] = partial
    return answer


class Board(Protocol):
    """Where the processes of a deployment tell each other of the reviews they work
    out: ``{"progress": p}`` while running, ``{"failed": why}``, or nothing."""

    async def tell(self, table_id: str, seat: int, entry: dict[str, Any] | None) -> None:
        """``{"queued": place}`` while it waits, ``{"progress": p}`` while it runs."""
        ...

    async def read(self, table_id: str, seat: int) -> dict[str, Any] | None:
        ...


BACKGROUND_NICENESS = 10
"""How much lower the review worker's CPU priority is than the server's: a review is
background work and must never slow the tables on a busy machine (its search budget is
CPU time, so a review judges the same, only later)."""


def _in_the_background() -> None:
    with contextlib.suppress(OSError):  # a platform without nice: as the server
        os.nice(BACKGROUND_NICENESS)


def _spawned() -> Executor:
    # A fresh interpreter, not a fork of the server with its sockets and threads.
    return ProcessPoolExecutor(max_workers=1, mp_context=multiprocessing.get_context("spawn"),
                               initializer=_in_the_background)


def read_seat(value: Any, stored: StoredTable) -> int:
    """The seat asked for, checked against the match; ReviewRefused (400) otherwise."""
    if isinstance(value, str) and value.strip().isdigit():
        value = int(value)
    if isinstance(value, bool) or not isinstance(value, int) \
            or not 0 <= value < len(stored.seats):
        raise ReviewRefused(f'"seat" must be a seat of this match, 0 to '
                            f"{len(stored.seats) - 1}", 400)
    return value


def check_access(stored: StoredTable, seat: int, token: str) -> None:
    """A finished match is public; a running one only for the person in ``seat``."""
    if stored.finished:
        return
    if not token:
        raise ReviewRefused("this match is still being played: only its players may "
                            "review it, each their own seat (send your seat's token)", 403)
    if not Seat.from_stored(stored.seats[seat]).holds(token):
        raise ReviewRefused("this match is still being played: your token does not hold "
                            f"seat {seat}, and a player may review only their own seat", 403)


def plays_in(stored: StoredTable, token: str) -> bool:
    """``token`` holds one of the match's seats."""
    return bool(token) and any(Seat.from_stored(seat).holds(token) for seat in stored.seats)


def _shown(answer: dict[str, Any], finished: bool, seat: int) -> dict[str, Any]:
    """An answer with its review (a partial one while running) made :func:`_public`."""
    if "review" not in answer:
        return answer
    return {**answer, "review": _public(answer["review"], finished, seat)}


def _public(data: dict[str, Any], finished: bool, seat: int) -> dict[str, Any]:
    """While the match runs the other seats' actions stay unnamed (a discard is secret)."""
    if finished:
        return data
    moves = [move if move["seat"] == seat else {**move, "action": None}
             for move in data["moves"]]
    return {**data, "moves": moves}


class Reviews:
    """The reviews in flight, worked out in the executor ``pool()`` makes (one spawned
    worker process by default) with ``budget`` seconds per decision."""

    def __init__(self, budget: float = REVIEW_BUDGET,
                 pool: Callable[[], Executor] = _spawned, board: Board | None = None) -> None:
        self.budget = budget
        self.board = board
        self._make_pool = pool
        self._pool: Executor | None = None
        self._jobs: dict[tuple[str, int], _Job] = {}
        self._failed: dict[tuple[str, int], str] = {}
        """Why the last review of a (table, seat) failed, told once."""
        self.queue = FairQueue(slots=MAX_RUNNING, per_requester=1, most=MAX_WAITING)
        self._beginning: set[asyncio.Task[None]] = set()

    async def _run(self, work: Callable[..., T], *args: Any) -> T:
        if self._pool is None:
            self._pool = self._make_pool()
        try:
            return await asyncio.get_running_loop().run_in_executor(self._pool, work, *args)
        except BrokenProcessPool:
            self._pool = None  # the worker died: the next review starts one
            raise

    async def _load(self, store: Store, table_id: str) -> StoredTable:
        stored = await asyncio.to_thread(store.load, table_id)
        if stored is None:
            raise ReviewRefused("no match with this id", 404)
        return stored

    async def start(self, client: str, store: Store, table_id: str, seat: Any,
                    token: str) -> dict[str, Any]:
        """The stored review of ``seat`` (status done), the one running (status running,
        with its progress) or waiting (status queued, with its place), queueing it when
        there is none."""
        stored = await self._load(store, table_id)
        chosen = read_seat(seat, stored)
        check_access(stored, chosen, token)
        found = await self._answer(store, stored, chosen)
        if found is not None:
            return found
        try:
            ticket = self.queue.enter(requester(client),
                                      PLAYER if plays_in(stored, token) else WATCHER)
        except QueueFull as full:
            if full.mine:
                raise ReviewRefused("one review at a time: your last one is still waiting "
                                    "or being worked out, try again when it is done",
                                    429) from None
            raise ReviewRefused(f"{self.queue.waiting} reviews are waiting: try again in a "
                                "few minutes", 503) from None
        return (await self._queued(ticket, store, stored, chosen)).answer()

    async def _queued(self, ticket: Ticket, store: Store, stored: StoredTable,
                      seat: int) -> _Job:
        job = self._jobs[(stored.id, seat)] = _Job(ticket)
        await self._tell((stored.id, seat), job.entry())
        job.task = asyncio.get_running_loop().create_task(self._work(job, store, stored, seat))
        return job

    def begin(self, store: Store, table_id: str, seats: list[int]) -> None:
        """The match at ``table_id`` has just ended and is stored: review ``seats`` in
        the background, one after the other, each waiting its turn in the queue as a
        player's request, so that the review is (mostly) done before anyone asks for it.
        One at a time, so that the first is done soonest and the other turn stays free
        for a review someone asks for (a seat asked for meanwhile is not begun again)."""
        task = asyncio.get_running_loop().create_task(self._begin(store, table_id, seats))
        self._beginning.add(task)
        task.add_done_callback(self._beginning.discard)

    async def _begin(self, store: Store, table_id: str, seats: list[int]) -> None:
        try:
            stored = await self._load(store, table_id)
            for seat in seats:
                if not stored.finished or (stored.id, seat) in self._jobs \
                        or (stored.id, seat) in self._failed \
                        or await self._answer(store, stored, seat) is not None:
                    continue  # asked for already, here or at another process, or stored
                try:
                    ticket = self.queue.enter(f"match:{stored.id}:{seat}", PLAYER)
                except QueueFull:
                    log.warning("the review of table %s, seat %s is not begun: %s reviews "
                                "wait; it is worked out when someone asks",
                                stored.id, seat, self.queue.waiting)
                    return
                job = await self._queued(ticket, store, stored, seat)
                if job.task is not None:
                    await asyncio.shield(job.task)
        except ReviewRefused:
            pass  # the match was not stored (a table of a test without a store of its own)
        except Exception:
            log.exception("the reviews of table %s could not be begun", table_id)

    async def status(self, store: Store, table_id: str, seat: Any,
                     token: str) -> dict[str, Any]:
        """As :meth:`start`, without starting: ReviewRefused (404) when none was."""
        stored = await self._load(store, table_id)
        chosen = read_seat(seat, stored)
        check_access(stored, chosen, token)
        found = await self._answer(store, stored, chosen)
        if found is None:
            raise ReviewRefused("no review of this seat has been started: POST to start one",
                                404)
        return found

    async def _answer(self, store: Store, stored: StoredTable,
                      seat: int) -> dict[str, Any] | None:
        failed = self._failed.pop((stored.id, seat), None)
        if failed is not None:
            raise ReviewRefused(f"this match cannot be reviewed: {failed}", 409)
        job = self._jobs.get((stored.id, seat))
        if job is not None:
            return _shown(job.answer(), stored.finished, seat)
        done = await self._kept(store, stored, seat)
        if done is not None:
            return done
        elsewhere = await self._read((stored.id, seat))
        if elsewhere is None:
            # The process working it out saves the review, then clears the board: one that
            # finished between the two reads is saved by now.
            return await self._kept(store, stored, seat)
        if elsewhere is not None and isinstance(elsewhere.get("failed"), str):
            raise ReviewRefused(f"this match cannot be reviewed: {elsewhere['failed']}", 409)
        place = None if elsewhere is None else elsewhere.get("queued")
        if isinstance(place, int) and not isinstance(place, bool):
            return {"status": "queued", "place": place, "progress": 0.0}
        if elsewhere is not None and isinstance(elsewhere.get("progress"), int | float):
            partial = elsewhere.get("review")
            return _shown(_running(float(elsewhere["progress"]),
                                   partial if isinstance(partial, dict) else None),
                          stored.finished, seat)
        return None

    async def _kept(self, store: Store, stored: StoredTable,
                    seat: int) -> dict[str, Any] | None:
        """The stored review of ``seat``, if it is of the match as it stands."""
        kept = await asyncio.to_thread(store.load_review, stored.id, seat)
        if kept is None or kept[0] != len(stored.record.get("actions", [])):
            return None
        return {"status": "done", "progress": 1.0,
                "review": _public(kept[1], stored.finished, seat)}

    async def _tell(self, key: tuple[str, int], entry: dict[str, Any] | None) -> None:
        if self.board is None:
            return
        try:
            await self.board.tell(*key, entry)
        except Exception:  # noqa: BLE001 - the board away: this process still answers
            log.exception("could not tell the other processes of the review of %s", key)

    async def _read(self, key: tuple[str, int]) -> dict[str, Any] | None:
        if self.board is None:
            return None
        try:
            return await self.board.read(*key)
        except Exception:  # noqa: BLE001 - the board away: as if nobody else reviewed
            log.exception("could not read the other processes' review of %s", key)
            return None

    async def _work(self, job: _Job, store: Store, stored: StoredTable, seat: int) -> None:
        """The review worked out decision by decision, then stored; a failure is kept
        for the next status request to tell."""
        key = (stored.id, seat)

        async def moved_up(_place: int) -> None:
            await self._tell(key, job.entry())

        retelling = None if self.board is None else \
            asyncio.get_running_loop().create_task(self._retell(key, job))
        try:
            try:
                async with self.queue.hold(job.ticket, moved_up):
                    await self._tell(key, job.entry())
                    walk: Walk = await self._run(decisions, stored.record, seat)
                    job.total = len(walk.decisions)
                    judged: list[Judged] = []
                    for decision in walk.decisions:
                        judged.append(await self._run(functools.partial(
                            judge, budget=self.budget), walk.game, decision))
                        job.judged(walk, judged, self.budget)
                        await self._tell(key, job.entry())
            finally:
                if retelling is not None:
                    retelling.cancel()
            data = summarize(walk, judged, self.budget)
            await asyncio.to_thread(store.save_review, stored.id, seat,
                                    len(stored.record.get("actions", [])), data)
            await self._tell(key, None)
        except StammtischError as error:
            await self._fail(key, str(error))
        except Exception:
            log.exception("the review of table %s, seat %s failed", stored.id, seat)
            await self._fail(key, "the server failed on its record")
        finally:
            del self._jobs[key]

    async def _retell(self, key: tuple[str, int], job: _Job) -> None:
        while True:
            await asyncio.sleep(RETELL)
            await self._tell(key, job.entry())

    async def _fail(self, key: tuple[str, int], why: str) -> None:
        await self._tell(key, {"failed": why})
        self._failed[key] = why
        while len(self._failed) > 64:
            del self._failed[next(iter(self._failed))]

    def close(self) -> None:
        """Stop the worker (at the app's shutdown), the review it works on included, so
        that it does not outlive the server."""
        from stammtisch.server.workers import stop_pool

        for task in list(self._beginning):
            task.cancel()
        for job in self._jobs.values():
            if job.task is not None:
                job.task.cancel()
        if self._pool is not None:
            stop_pool(self._pool)
            self._pool = None


_apps: weakref.WeakKeyDictionary[Store, Callable[[], Reviews | None]] = \
    weakref.WeakKeyDictionary()


def watch(store: Store, state: Any) -> None:
    """The tables of ``store`` end their matches into ``state.reviews`` (an app's state,
    read when a match ends, so that a test may put in reviews of its own)."""
    ref = weakref.ref(state)
    _apps[store] = lambda: getattr(ref(), "reviews", None)


def of(store: Store) -> Reviews | None:
    """The reviews of the app whose store is ``store``; None for a table alone."""
    find = _apps.get(store)
    return None if find is None else find()
