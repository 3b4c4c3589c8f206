"""The hint hook: the expert's values of the legal actions, as data.

A module ``stammtisch.bots.analysis`` (the expert's ranking) switches the hint button
on; without it no hint is offered.

Hints are worked out in one worker process of their own (:func:`ask`), started on the
first hint: the expert's search is pure Python, and in a thread it would take the
interpreter from the event loop, so that a flood of hints slowed every table down.
At most :data:`MAX_WAITING` hints wait for it at once; the app's shutdown calls
:func:`close`.
"""

from __future__ import annotations

import asyncio
import importlib
import multiprocessing
from collections.abc import Callable
from concurrent.futures import ProcessPoolExecutor
from concurrent.futures.process import BrokenProcessPool
from typing import Any, TypeVar

Analyzer = Callable[[str, dict[str, Any]], str]
T = TypeVar("T")
MAX_WAITING = 4
"""Hints asked for (at all tables together) that may wait for the worker at once."""


class HintsBusy(Exception):
    """More hints wait for the worker than it should queue."""


_pool: ProcessPoolExecutor | None = None
_waiting = 0


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


async def ask(game: str, view: dict[str, Any]) -> dict[str, Any] | None:
    """:func:`hint` in the hint worker; raises :class:`HintsBusy` when too many wait."""
    if _waiting >= MAX_WAITING:
        raise HintsBusy(f"{_waiting} hints are being worked out")
    return await think(hint, game, view)


async def think(work: Callable[..., T], *args: Any) -> T:
    """``work(*args)`` in the hint worker (the coach of a guided deal uses it too)."""
    global _waiting, _pool
    _waiting += 1
    try:
        return await asyncio.get_running_loop().run_in_executor(_worker(), work, *args)
    except BrokenProcessPool:
        _pool = None  # the worker died (killed, out of memory): the next hint starts one
        raise
    finally:
        _waiting -= 1


def close() -> None:
    """Stop the hint worker (at the app's shutdown), the hint it works on included, so
    that it does not outlive the server; a later hint starts a new one."""
    from stammtisch.server.workers import stop_pool

    global _pool
    if _pool is not None:
        stop_pool(_pool)
        _pool = None
