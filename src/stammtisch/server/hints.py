"""The hint hook: the expert's values of the legal actions, as data.

A module ``stammtisch.bots.analysis`` (the expert's ranking) switches the hint button
on; without it no hint is offered.

Hints are worked out in one worker process of their own (:func:`ask`), started on the
first hint: the expert's search is pure Python, and in a thread it would take the
interpreter from the event loop, so that a flood of hints slowed every table down.
The lesson coach (server/coaching.py, :func:`think`) uses the same worker. Turns at it
are shared by a fair queue (:data:`queue`, server/fairqueue.py): the coach first, then
hints, the clients (by address) in turn, each with at most :data:`PER_CLIENT` hints
waiting or worked out and at most :data:`MAX_WAITING` waiting in all. The app's
shutdown calls :func:`close`.
"""

from __future__ import annotations

import asyncio
import importlib
import multiprocessing
from collections.abc import Callable
from concurrent.futures import ProcessPoolExecutor
from concurrent.futures.process import BrokenProcessPool
from contextlib import AbstractAsyncContextManager
from typing import Any, TypeVar

from stammtisch.server.fairqueue import FairQueue, QueueFull, Waiting

Analyzer = Callable[[str, dict[str, Any]], str]
T = TypeVar("T")
COACH, HINT = 0, 1
"""The ranks of the worker's turns: the lesson coach goes ahead of hints."""
PER_CLIENT = 2
"""Hints one client (address) may have waiting or worked out at once, all its tables
together."""
MAX_WAITING = 32
"""Hints (of all clients together) that may wait for the worker at once."""
HintsBusy = QueueFull
"""A hint the queue does not take now (the client's own limit, or the queue's)."""

queue = FairQueue(slots=1, per_requester=PER_CLIENT, most=MAX_WAITING)
_pool: ProcessPoolExecutor | None = None


def find_analyzer() -> Analyzer | None:
    try:
        module = importlib.import_module("stammtisch.bots.analysis")
    except ImportError:
        return None
    analyze = getattr(module, "analyze", None)
    return analyze if callable(analyze) else None


def hint_available(_game: str) -> bool:
    return find_analyzer() is not None


def hint(game: str, view: dict[str, Any]) -> dict[str, Any] | None:
    """The expert's values of the seat's actions as data (bots/coach.py's ``advise``):
    the page words them in its language and marks the card or button meant."""
    if find_analyzer() is None:
        return None
    from stammtisch.bots.coach import advise

    return advise(game, view)


def _worker() -> ProcessPoolExecutor:
    global _pool
    if _pool is None:
        # A fresh interpreter, not a fork of the server with its sockets and threads.
        _pool = ProcessPoolExecutor(max_workers=1,
                                    mp_context=multiprocessing.get_context("spawn"))
    return _pool


def started() -> bool:
    """Whether the worker runs (else the next piece of work waits for its start)."""
    return _pool is not None


def turn(who: str, rank: int = HINT,
         waiting: Waiting | None = None) -> AbstractAsyncContextManager[None]:
    """A turn at the worker for requester ``who`` (fairqueue.requester); ``waiting`` is
    told the place while it waits. Raises :class:`HintsBusy` when the queue does not
    take it (never for the coach)."""
    return queue.turn(who, rank, waiting, capped=rank > COACH)


async def ask(game: str, view: dict[str, Any]) -> dict[str, Any] | None:
    """:func:`hint` in the hint worker: asked within a :func:`turn` (Table.hint)."""
    return await _run(hint, game, view)


async def think(work: Callable[..., T], *args: Any, who: str, rank: int = COACH) -> T:
    """``work(*args)`` in the hint worker, in its turn (the coach of a guided deal)."""
    async with turn(who, rank):
        return await _run(work, *args)


async def _run(work: Callable[..., T], *args: Any) -> T:
    global _pool
    try:
        return await asyncio.get_running_loop().run_in_executor(_worker(), work, *args)
    except BrokenProcessPool:
        _pool = None  # the worker died (killed, out of memory): the next hint starts one
        raise


def close() -> None:
    """Stop the hint worker (at the app's shutdown), the hint it works on included, so
    that it does not outlive the server; a later hint starts a new one."""
    from stammtisch.server.workers import stop_pool

    global _pool
    if _pool is not None:
        stop_pool(_pool)
        _pool = None
