"""Saving an action costs the same at action 20 and at action 2,000 (server/store.py's
append): the bytes a save sends to the database do not grow with the match; a table
rebuilt from the store (a restart, another process taking it over) has every action;
an undo takes the appended actions back; the end of a match writes its record whole."""

from __future__ import annotations

import asyncio
import random
from pathlib import Path
from typing import Any

import pytest
from sqlalchemy import event

import stammtisch
from stammtisch.server.hub import replay_table
from stammtisch.server.seats import HUMAN, Seat
from stammtisch.server.store import StaleWrite, Store
from stammtisch.server.table import Table


class BytesSent:
    """The bytes of the statements, their parameters written in, that a SQLite store's
    connections run from now on (SQLite's own trace: it sees a statement whether the
    engine or the store itself hands it to the driver)."""

    def __init__(self, store: Store) -> None:
        self.total = 0
        store.engine.dispose()  # every connection from now on is a traced one
        event.listen(store.engine, "connect", self._trace)

    def _trace(self, connection: Any, _record: Any) -> None:
        connection.set_trace_callback(self._count)

    def _count(self, statement: str) -> None:
        self.total += len(statement.encode())


def long_schmier(tmp_path: Path) -> tuple[Store, Table]:
    """A Schmier match (random play makes it thousands of actions long)."""
    store = Store(f"sqlite:///{tmp_path / 'long.db'}")
    match = stammtisch.new_match("schmier", seed=3)
    seats = [Seat(HUMAN, token_hash=f"t{n}", name=f"P{n}") for n in range(6)]
    store.create("long", "schmier", [s.stored() for s in seats], match.record())
    return store, Table("long", match, seats, store, 0.0)


async def play(table: Table, rng: random.Random) -> None:
    """One random legal action through the table, stored as a person's is."""
    seat = table.match.to_act
    assert seat is not None
    action = rng.choice(table.match.view(seat)["legal_actions"])
    async with table.lock:
        assert await table.commit(seat, action)


@pytest.mark.slow
def test_a_save_sends_as_much_at_action_2000_as_at_action_20(tmp_path: Path) -> None:
    store, table = long_schmier(tmp_path)
    sent = BytesSent(store)
    rng = random.Random(8)
    per_action: dict[int, int] = {}

    async def run() -> None:
        while len(table.actors) < 2_001 and table.match.result is None:
            before = sent.total
            await play(table, rng)
            per_action[len(table.actors)] = sent.total - before

    asyncio.run(run())
    assert len(table.actors) >= 2_001, "the match ended before action 2,000"
    early = sum(per_action[n] for n in range(20, 30)) / 10
    late = sum(per_action[n] for n in range(1_990, 2_000)) / 10
    assert early > 0, "no statement of a save was seen"
    assert late < early * 1.5, (early, late)
    stored = store.load("long")
    assert stored is not None
    assert stored.record["actions"] == table.match.actions
    assert stored.written == 0 and stored.seq == table.seq
    store.dispose()


def test_a_rebuilt_table_has_every_appended_action_and_the_end_writes_the_record(
        tmp_path: Path) -> None:
    store = Store(f"sqlite:///{tmp_path / 'short.db'}")
    match = stammtisch.new_match("schnapsen", seed=4)
    seats = [Seat(HUMAN, token_hash="a", name="A"), Seat(HUMAN, token_hash="b", name="B")]
    store.create("s", "schnapsen", [s.stored() for s in seats], match.record())
    table = Table("s", match, seats, store, 0.0)
    rng = random.Random(2)

    async def until(actions: int | None) -> None:
        while table.match.result is None and (actions is None or len(table.actors) < actions):
            await play(table, rng)

    asyncio.run(until(9))
    stored = store.load("s")
    assert stored is not None
    rebuilt = replay_table(stored, store, 0.0)  # a restart, or another process
    assert rebuilt.match.actions == table.match.actions and rebuilt.seq == table.seq
    assert (rebuilt.written, rebuilt.stored) == (0, 9)
    # The rebuilt table goes on appending where the first left off, to the end.
    table = rebuilt
    asyncio.run(until(None))
    stored = store.load("s")
    assert stored is not None and stored.finished and stored.result == table.match.result
    assert stored.written == len(table.match.actions)  # the record whole, no rows left
    assert stored.record["actions"] == table.match.actions
    store.dispose()


def test_append_takes_back_what_was_undone_and_refuses_a_stale_seq(tmp_path: Path) -> None:
    store = Store(f"sqlite:///{tmp_path / 'undo.db'}")
    record = {"game": "schnapsen", "options": {}, "seed": 1, "actions": []}
    store.create("u", "schnapsen", [{"kind": "human"}, {"kind": "human"}], record)
    store.append("u", 0, ["a"], 1)
    store.append("u", 1, ["b", "c"], 2)
    store.append("u", 2, [], 3)  # an undo of "c"
    store.append("u", 2, ["d"], 4)
    stored = store.load("u")
    assert stored is not None and stored.record["actions"] == ["a", "b", "d"]
    try:
        store.append("u", 3, ["e"], 4)  # another writer was first at seq 4
    except StaleWrite:
        pass
    else:
        raise AssertionError("a stale append was stored")
    stored = store.load("u")
    assert stored is not None and stored.record["actions"] == ["a", "b", "d"]
    assert stored.seq == 4
    store.dispose()
