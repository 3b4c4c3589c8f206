"""Storage: the same tables in a SQLite file and, when STAMMTISCH_TEST_POSTGRES names a
database URL (``postgresql+psycopg://user@host:port/db``), in PostgreSQL."""

from __future__ import annotations

import os
import random
import secrets
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
