"""``/healthz`` and ``/readyz`` for a load balancer (server/routes/health.py): alive and
ready; not ready, with the reason, when the database cannot be reached."""

from __future__ import annotations

from pathlib import Path

import httpx
from sqlalchemy import create_engine

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
