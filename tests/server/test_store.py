"""Storage: the same tables in a SQLite file and, when STAMMTISCH_TEST_POSTGRES names a
database URL (``postgresql+psycopg://user@host:port/db``), in PostgreSQL."""

from __future__ import annotations

import hashlib
import json
import os
import random
import secrets
import sqlite3
from pathlib import Path

import pytest

from server.live import LiveServer
from stammtisch.server.store import Store

POSTGRES = os.environ.get("STAMMTISCH_TEST_POSTGRES", "")


@pytest.fixture(params=["sqlite", "postgresql"])
def url(request: pytest.FixtureRequest, tmp_path: Path) -> str:
    if request.param == "sqlite":
        return f"sqlite:///{tmp_path / 'store.db'}"
    if not POSTGRES:
        pytest.skip("set STAMMTISCH_TEST_POSTGRES to a PostgreSQL URL to test it")
    return POSTGRES


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
