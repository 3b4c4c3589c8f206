"""Storage: the same tables in a SQLite file and in PostgreSQL (the ``postgres``
fixture: skipped when no server can be reached, failed under CI); saves that would
overwrite another server's, a second server on one SQLite file, databases the server
cannot use, broken rows."""

from __future__ import annotations

import asyncio
import hashlib
import json
import random
import secrets
import sqlite3
import threading
import time
from pathlib import Path
from typing import Any

import pytest
from sqlalchemy import update

from stammtisch.server.hub import Hub
from stammtisch.server.schema import tables
from stammtisch.server.store import LostLease, StaleWrite, Store, StoreError
from stammtisch.server.tables import Client, TableError
from tests.server.live import LiveServer


@pytest.fixture(params=["sqlite", "postgresql"])
def url(request: pytest.FixtureRequest, tmp_path: Path) -> str:
    if request.param == "sqlite":
        return f"sqlite:///{tmp_path / 'store.db'}"
    found: str = request.getfixturevalue("postgres")
    return found


def test_tables_are_stored_and_listed(url: str) -> None:
    store = Store(url)
    ids = [secrets.token_hex(6) for _ in range(3)]
    for index, table_id in enumerate(ids):
        record = {"game": "schnapsen", "options": {}, "seed": index, "actions": []}
        store.create(table_id, "schnapsen", [{"kind": "human", "level": "", "token": "t"}],
                     record)
    store.save(ids[1], {"game": "schnapsen", "options": {}, "seed": 1, "actions": ["play AS"]},
               None)
    store.save(ids[2], {"game": "schnapsen", "options": {}, "seed": 2, "actions": []},
               {"winner": 0})
    loaded = store.load(ids[1])
    assert loaded is not None and loaded.record["actions"] == ["play AS"]
    assert not loaded.finished and store.load("nothing") is None
    finished = [t.id for t in store.finished()]
    assert ids[2] in finished and ids[0] not in finished
    store.dispose()


def test_an_old_plain_token_is_hashed_when_loaded(tmp_path: Path) -> None:
    url = f"sqlite:///{tmp_path / 'old.db'}"
    store = Store(url)
    token = secrets.token_urlsafe(18)  # as tables were made before issue 8
    record = {"game": "schnapsen", "options": {"first_dealer": 1}, "seed": 2, "actions": []}
    store.create("old", "schnapsen", [{"kind": "human", "level": "", "token": token},
                                      {"kind": "bot", "level": "random", "token": ""}], record)
    store.dispose()
    live = LiveServer(url)
    sock = live.socket("old", token)
    first = sock.receive()
    assert first["seat"] == 0 and first["phase"] == "playing"
    loaded = live.hub.store.load("old")
    assert loaded is not None and token not in json.dumps(loaded.seats)
    assert loaded.seats[0]["token_hash"] == hashlib.sha256(token.encode()).hexdigest()
    sock.close()
    live.stop()


def test_an_older_database_gets_the_new_columns(tmp_path: Path) -> None:
    path = tmp_path / "older.db"
    with sqlite3.connect(path) as db:
        db.execute("CREATE TABLE tables (id VARCHAR(40) PRIMARY KEY, game VARCHAR(32) NOT NULL, "
                   "seats TEXT NOT NULL, record TEXT NOT NULL, finished BOOLEAN NOT NULL, "
                   "result TEXT, created FLOAT NOT NULL, updated FLOAT NOT NULL)")
        db.execute("INSERT INTO tables VALUES ('t', 'schnapsen', '[]', "
                   "'{\"actions\": [\"a\", \"b\"]}', 0, NULL, 1.0, 1.0)")
    store = Store(f"sqlite:///{path}")
    loaded = store.load("t")
    assert loaded is not None and loaded.seq is None and not loaded.listed
    store.save("t", loaded.record, None, 3)
    again = store.load("t")
    assert again is not None and again.seq == 3
    store.dispose()


@pytest.mark.slow
def test_a_restart_resumes_on_either_database(url: str) -> None:
    first = LiveServer(url)
    created = first.create("schnapsen", ["human", "random"], seed=3, first_dealer=1)
    sock = first.socket(created["id"], created["token"])
    state = sock.until_my_turn()
    sock.act(random.Random(1).choice(state["view"]["legal_actions"]))
    sock.receive()
    before = sock.until_my_turn()
    sock.close()
    first.stop()
    second = LiveServer(url)
    again = second.socket(created["id"], created["token"])
    assert again.until_my_turn()["view"] == before["view"]
    again.close()
    second.stop()


# --- two servers on one database ------------------------------------------------------------

RECORD = {"game": "schnapsen", "options": {}, "seed": 1, "actions": []}


def _new_table(store: Store) -> str:
    table_id = secrets.token_hex(6)
    store.create(table_id, "schnapsen", [{"kind": "human", "level": ""}], RECORD)
    return table_id


def _another_server_saves(store: Store, table_id: str, seq: int) -> None:
    """What a second server on the same database writes: its own record and seq."""
    with store.engine.begin() as db:
        db.execute(update(tables).where(tables.c.id == table_id).values(
            record=json.dumps({**RECORD, "actions": ["theirs"]}), seq=seq))


def test_a_save_over_another_servers_is_refused_and_writes_nothing(url: str) -> None:
    store = Store(url)
    table_id = _new_table(store)
    store.save(table_id, {**RECORD, "actions": ["one"]}, None, 1)
    _another_server_saves(store, table_id, 2)
    with pytest.raises(StaleWrite, match="not saved at seq 2"):
        store.save(table_id, {**RECORD, "actions": ["one", "mine"]}, None, 2)
    kept = store.load(table_id)
    assert kept is not None and kept.seq == 2 and kept.record["actions"] == ["theirs"]
    store.save(table_id, {**RECORD, "actions": ["theirs", "next"]}, None, 3)  # in turn: fine
    with pytest.raises(StaleWrite, match="or it is gone"):
        store.save("no-such-table", RECORD, None, 1)
    store.dispose()


def test_a_row_from_before_seq_was_stored_takes_any_seq(tmp_path: Path) -> None:
    store = Store(f"sqlite:///{tmp_path / 'old.db'}")
    table_id = _new_table(store)
    with store.engine.begin() as db:
        db.execute(update(tables).where(tables.c.id == table_id).values(seq=None))
    store.save(table_id, {**RECORD, "actions": ["a", "b"]}, None, 7)
    loaded = store.load(table_id)
    assert loaded is not None and loaded.seq == 7
    store.dispose()


def test_of_two_servers_saving_the_same_seq_at_once_one_wins(postgres: str) -> None:
    """PostgreSQL lets several servers share a database: both at seq 1, both save seq 2
    at the same moment; exactly one is written, the other is told."""
    first, second = Store(postgres), Store(postgres)
    table_id = _new_table(first)
    first.save(table_id, {**RECORD, "actions": ["a"]}, None, 1)
    start = threading.Barrier(2)
    outcomes: dict[str, str] = {}

    def save(name: str, store: Store) -> None:
        start.wait()
        try:
            store.save(table_id, {**RECORD, "actions": ["a", name]}, None, 2)
            outcomes[name] = "saved"
        except StaleWrite:
            outcomes[name] = "stale"

    threads = [threading.Thread(target=save, args=(name, store))
               for name, store in (("first", first), ("second", second))]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(timeout=30)
    assert sorted(outcomes.values()) == ["saved", "stale"]
    winner = next(name for name, outcome in outcomes.items() if outcome == "saved")
    stored = second.load(table_id)
    assert stored is not None and stored.seq == 2 and stored.record["actions"] == ["a", winner]
    first.dispose()
    second.dispose()


def test_a_table_whose_row_another_server_wrote_keeps_memory_and_database_equal(
        tmp_path: Path) -> None:
    """The table's save is refused: the action is not played, in memory as in the store."""
    async def scenario() -> None:
        store = Store(f"sqlite:///{tmp_path / 'two.db'}")
        hub = Hub(store, bot_delay=0.0)
        table, token = hub.create("schnapsen", ["human", "random"], {"first_dealer": 1}, 2)
        me = Client(table.seat_of(token), _ignore)
        await table.join(me)
        assert table.match.to_act == me.seat
        _another_server_saves(store, table.id, table.seq + 1)
        with pytest.raises(TableError, match="could not store"):
            await table.act(me, table.seq, table.match.view(0)["legal_actions"][0])
        stored = store.load(table.id)
        assert table.seq == 0 and table.match.actions == []
        assert stored is not None and stored.record["actions"] == ["theirs"]
        store.dispose()

    asyncio.run(scenario())


async def _ignore(_message: dict[str, Any]) -> None:
    return None


def test_a_second_server_on_one_sqlite_file_refuses_to_start(tmp_path: Path) -> None:
    path = tmp_path / "shared.db"
    first = Store(f"sqlite:///{path}")
    with pytest.raises(StoreError) as refused:
        Store(f"sqlite:///{path}")
    assert str(refused.value) == (f"another stammtisch server is using {path}; stop it or "
                                  "use another --db")
    first.dispose()
    Store(f"sqlite:///{path}").dispose()  # free again once the first has stopped
    Store("sqlite://").dispose()  # a database in memory is no one else's
    Store("sqlite://").dispose()


def run_out(store: Store, table_id: str, lease: float = 0.3) -> None:
    """``store`` renews its lease of ``table_id`` for ``lease`` seconds only, and the test
    waits until the database's clock says it has run out (however long a loaded machine
    takes to get there)."""
    store.lease, held = lease, store.lease
    try:
        assert store.renew_leases([table_id]) == {table_id}
    finally:
        store.lease = held
    deadline = time.monotonic() + 30
    while (left := store.lease_of(table_id)[1]) is None or left >= 0:
        assert time.monotonic() < deadline, f"the lease never ran out ({left} s left)"
        time.sleep(0.05)


def test_a_process_whose_lease_ran_out_cannot_write(postgres: str) -> None:
    """Leases of several server processes (server/cluster.py): the one holding a table
    writes it; another takes it only once the lease has run out; from then on the
    first one's saves (a paused process waking up) are refused and write nothing.
    The leases are long while the test needs them held (a loaded machine may take
    seconds between two steps) and short only where the test waits for one to end."""
    first = Store(postgres, owner="first", lease=30.0)
    second = Store(postgres, owner="second", lease=30.0)
    table_id = _new_table(first)
    assert first.lease_of(table_id)[0] == "first"
    assert second.take_lease(table_id) == "first"  # held: not taken
    with pytest.raises(LostLease):
        second.save(table_id, {**RECORD, "actions": ["theirs"]}, None, 1)
    first.save(table_id, {**RECORD, "actions": ["a"]}, None, 1)
    assert first.renew_leases([table_id]) == {table_id}
    assert second.take_lease(table_id) == "first"  # renewed: still held
    run_out(first, table_id)
    assert second.take_lease(table_id) == "second"  # ran out: taken over
    assert first.renew_leases([table_id]) == set()
    with pytest.raises(LostLease):
        first.save(table_id, {**RECORD, "actions": ["a", "late"]}, None, 2)
    with pytest.raises(LostLease):
        first.save_seats(table_id, [])
    second.save(table_id, {**RECORD, "actions": ["a", "b"]}, None, 2)
    stored = first.load(table_id)
    assert stored is not None and stored.seq == 2 and stored.record["actions"] == ["a", "b"]
    held = second.lease_owners([table_id, "nope"])
    owner, left = held[table_id]
    assert list(held) == [table_id] and owner == "second"
    assert left is not None and 25.0 < left <= 30.0  # by the database's clock
    run_out(second, table_id)
    ran_out = second.lease_owners([table_id])[table_id][1]
    assert ran_out is not None and ran_out < 0
    second.release_leases([table_id])
    assert first.take_lease(table_id) == "first"  # given back: taken at once
    assert first.take_lease("nope") is None
    first.dispose()
    second.dispose()


def test_leases_run_by_the_database_clock_on_either_backend(url: str) -> None:
    store = Store(url, owner="only", lease=30.0)
    table_id = _new_table(store)
    owner, left = store.lease_of(table_id)
    assert owner == "only" and left is not None and 25.0 < left <= 30.0
    assert store.renew_leases([table_id]) == {table_id}
    store.dispose()
