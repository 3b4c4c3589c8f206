"""Finished matches, face up: the record replayed to any step with every hand shown.

Only finished tables are shown, so that no running match can be peeked at. Each seat
is told by what the pages name it with: its kind, a computer's level, the name a person
typed or a program's bot account (never a token's hash, nor who created the table); the
pages put those into words in the reader's language.

Replays run in a small pool of their own, never on the event loop (a long match takes
a good part of a second to replay). :class:`Replays` keeps the last few matches it
replayed, each positioned at the step last shown with its last actions undoable: the
next or previous step costs one action, not a replay from the start. Each client
address has at most one replay in flight.
"""

from __future__ import annotations

import asyncio
import threading
from collections import OrderedDict
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass, field
from typing import Any, TypeVar

import stammtisch
from stammtisch.core.match import Match
from stammtisch.errors import RecordError, StammtischError
from stammtisch.server.store import Store, StoredTable

T = TypeVar("T")


class NotFinished(LookupError):
    """No finished match has this id."""


class Busy(RuntimeError):
    """The client already has a replay in flight."""


def shown_seat(seat: dict[str, Any]) -> dict[str, Any]:
    """What the pages name a stored seat by: ``kind``; ``level`` (a computer's, and the
    stand-in of a program); ``name`` (a person's, a program's bot account), None when
    there is none."""
    return {"kind": str(seat["kind"]), "level": str(seat.get("level") or "") or None,
            "name": str(seat.get("name") or "").strip() or None}


def summary(stored: StoredTable) -> dict[str, Any]:
    return {
        "id": stored.id, "game": stored.game, "finished": stored.updated,
        "actions": len(stored.record.get("actions", [])), "result": stored.result,
        "seats": [shown_seat(s) for s in stored.seats],
    }


def _shown(stored: StoredTable, index: int, match: Match, actor: int | None) -> dict[str, Any]:
    """Step ``index`` of ``stored``: ``match`` after that many actions, and who played
    the last of them."""
    actions: list[str] = stored.record.get("actions", [])
    hands = {}
    for seat in range(match.num_players):
        hand = match.view(seat).get("hand")
        if hand is not None:
            hands[str(seat)] = hand
    return {
        **summary(stored), "step": index, "total": len(actions),
        "action": actions[index - 1] if index else None, "actor": actor,
        "view": match.view(None), "hands": hands, "events": match.events,
        "options": match.options,
    }


def _play(match: Match, actions: list[str], start: int, keep: int) -> None:
    """Play ``actions`` (the record's from index ``start`` on), keeping at most about
    ``2 * keep`` actions undoable meanwhile."""
    for offset, text in enumerate(actions):
        try:
            match.play(text)
        except StammtischError as error:
            index = start + offset
            raise RecordError(f"action {index} ({text!r}): {error}", index=index) from None
        if match.undoable > 2 * keep:
            match.keep_undo(keep)


def step(stored: StoredTable, index: int) -> dict[str, Any]:
    """The match after its first ``index`` actions, every seat's hand face up, replayed
    from the start."""
    actions: list[str] = stored.record.get("actions", [])
    index = max(0, min(index, len(actions)))
    match = stammtisch.replay({**stored.record, "actions": actions[:index - 1] if index else []})
    actor = match.to_act if index else None
    if index:
        _play(match, actions[index - 1:index], index - 1, 1)
    return _shown(stored, index, match, actor)


@dataclass
class _Cursor:
    """One match replayed to ``at`` actions; ``lock`` while a thread moves it."""

    updated: float
    match: Match | None = None
    at: int = 0
    lock: threading.Lock = field(default_factory=threading.Lock)


class Replays:
    """Finished matches replayed in a pool of ``workers`` threads; the ``size`` most
    recent kept, each able to go back ``keep`` steps without a replay."""

    def __init__(self, size: int = 4, keep: int = 64, workers: int = 2) -> None:
        self.size = size
        self.keep = keep
        self._undoable = keep + 1
        """Step ``i`` is shown from the match at ``i - 1`` and one action more."""
        self._cursors: OrderedDict[str, _Cursor] = OrderedDict()
        self._guard = threading.Lock()
        self._busy: set[str] = set()
        self._pool = ThreadPoolExecutor(workers, thread_name_prefix="stammtisch-history")

    # --- on the event loop ------------------------------------------------------------

    async def run(self, work: Callable[..., T], *args: Any) -> T:
        """``work(*args)`` in the pool."""
        return await asyncio.wrap_future(self._pool.submit(work, *args))

    async def show(self, client: str, store: Store, table_id: str, index: int) -> dict[str, Any]:
        """Step ``index`` of the finished match ``table_id``, loaded and replayed in the
        pool. :class:`Busy` when ``client`` has a replay in flight; :class:`NotFinished`;
        a StammtischError when the stored match cannot be read or replayed."""
        with self._guard:
            if client in self._busy:
                raise Busy("one step of a finished match at a time: the last one is "
                           "still being replayed, try again in a moment")
            self._busy.add(client)
        # The client's replay ends with the work, not with the request: a client that
        # hangs up cannot start a second one while the first still runs.
        try:
            future = self._pool.submit(self._show, client, store, table_id, index)
        except BaseException:
            self._release(client)
            raise
        return await asyncio.wrap_future(future)

    def _release(self, client: str) -> None:
        with self._guard:
            self._busy.discard(client)

    def close(self) -> None:
        self._pool.shutdown(wait=False, cancel_futures=True)

    # --- in the pool ------------------------------------------------------------------

    def _show(self, client: str, store: Store, table_id: str, index: int) -> dict[str, Any]:
        try:
            stored = store.load(table_id)
            if stored is None or not stored.finished:
                raise NotFinished("no finished match with this id")
            return self.step(stored, index)
        finally:
            self._release(client)

    def step(self, stored: StoredTable, index: int) -> dict[str, Any]:
        """As :func:`step`, from the kept replay of ``stored`` where there is one."""
        actions: list[str] = stored.record.get("actions", [])
        index = max(0, min(index, len(actions)))
        cursor = self._cursor(stored)
        with cursor.lock:
            try:
                match = self._move(cursor, stored, index - 1 if index else 0)
                actor = match.to_act if index else None
                if index:
                    _play(match, actions[index - 1:index], index - 1, self._undoable)
                    cursor.at = index
                match.keep_undo(self._undoable)
                return _shown(stored, index, match, actor)
            except BaseException:
                cursor.match = None  # somewhere between steps: replay next time
                raise

    def _cursor(self, stored: StoredTable) -> _Cursor:
        with self._guard:
            cursor = self._cursors.get(stored.id)
            if cursor is None or cursor.updated != stored.updated:
                cursor = self._cursors[stored.id] = _Cursor(stored.updated)
            self._cursors.move_to_end(stored.id)
            while len(self._cursors) > self.size:
                self._cursors.popitem(last=False)
            return cursor

    def _move(self, cursor: _Cursor, stored: StoredTable, target: int) -> Match:
        """The cursor's match after ``target`` actions: forward by playing, back by
        undoing while it can, else replayed from the start."""
        actions: list[str] = stored.record.get("actions", [])
        match = cursor.match
        if match is None or target < cursor.at - match.undoable:
            match = stammtisch.replay({**stored.record, "actions": []})
            cursor.match, cursor.at = match, 0
        if target >= cursor.at:
            _play(match, actions[cursor.at:target], cursor.at, self._undoable)
        else:
            for _ in range(cursor.at - target):
                match.undo()
        cursor.at = target
        return match
