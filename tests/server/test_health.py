"""``/healthz`` and ``/readyz`` for a load balancer (server/routes/health.py): alive and
ready; not ready, with the reason, when the database cannot be reached or hangs (one
check in flight at a time)."""

from __future__ import annotations

import sqlite3
import threading
import time
from pathlib import Path

import httpx
import pytest
from sqlalchemy import create_engine

from stammtisch.server.routes import health
from tests.server.live import PATIENCE, LiveServer


def test_alive_and_ready(live: LiveServer) -> None:
    alive = httpx.get(f"{live.url}/healthz", timeout=PATIENCE)
    assert alive.status_code == 200 and alive.json() == {"alive": True}
    ready = httpx.get(f"{live.url}/readyz", timeout=PATIENCE)
    assert ready.status_code == 200 and ready.json() == {"ready": True}
    assert ready.headers["cache-control"] == "no-store"


def test_not_ready_while_the_database_cannot_be_reached(live: LiveServer,
                                                         tmp_path: Path) -> None:
    store = live.hub.store
    kept = store.engine
    store.engine = create_engine(f"sqlite:///{tmp_path / 'no such directory' / 'x.db'}")
    try:
        unready = httpx.get(f"{live.url}/readyz", timeout=PATIENCE)
        assert unready.status_code == 503
        said = unready.json()
        assert said["ready"] is False
        assert said["reason"].startswith("the database is not reachable: ")
        assert httpx.get(f"{live.url}/healthz", timeout=PATIENCE).status_code == 200
    finally:
        store.engine.dispose()
        store.engine = kept
    assert httpx.get(f"{live.url}/readyz", timeout=PATIENCE).status_code == 200


def test_a_hanging_database_holds_one_thread_however_often_it_is_checked(
        live: LiveServer, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(health, "CHECK_TIMEOUT", 0.2)
    answer, tries = threading.Event(), []

    def hanging() -> sqlite3.Connection:
        tries.append(1)
        answer.wait(PATIENCE)
        return sqlite3.connect(":memory:", check_same_thread=False)

    store = live.hub.store
    kept = store.engine
    store.engine = create_engine("sqlite://", creator=hanging)
    try:
        for _ in range(3):
            unready = httpx.get(f"{live.url}/readyz", timeout=PATIENCE)
            assert unready.status_code == 503
            assert unready.json()["reason"] == "the database did not answer within 0.2 s"
        assert len(tries) == 1
        answer.set()
        deadline = time.monotonic() + PATIENCE
        while httpx.get(f"{live.url}/readyz", timeout=PATIENCE).status_code != 200:
            assert time.monotonic() < deadline, "never ready once the database answered"
            time.sleep(0.05)
    finally:
        answer.set()
        store.engine.dispose()
        store.engine = kept
