"""New tables per client address: a burst, then a steady rate, answered 429 beyond."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import httpx
import pytest

from stammtisch.server import clientlimit
from stammtisch.server.clientlimit import PerClient
from stammtisch.server.settings import Settings
from tests.server.live import LiveServer

TABLE = {"game": "schnapsen", "seats": ["human", "random"]}


class Clock:
    def __init__(self) -> None:
        self.now = 0.0

    def __call__(self) -> float:
        return self.now


@pytest.fixture
def strict(db: Path) -> Iterator[LiveServer]:
    server = LiveServer(db, create_rate=0.001, create_burst=3)
    yield server
    server.stop()


def test_one_client_creates_a_burst_then_waits(strict: LiveServer) -> None:
    url = f"{strict.url}/api/tables"
    assert [httpx.post(url, json=TABLE).status_code for _ in range(3)] == [201] * 3
    refused = httpx.post(url, json=TABLE)
    assert refused.status_code == 429
    assert "too many new tables" in refused.json()["error"]
    assert int(refused.headers["retry-after"]) > 0
    assert len(strict.hub.tables) == 3
    # Another client (here through the local proxy, which the server believes) is not
    # held up by the first one.
    other = httpx.post(url, json=TABLE, headers={"X-Forwarded-For": "203.0.113.7"})
    assert other.status_code == 201


def test_the_default_limit_is_a_few_a_minute() -> None:
    settings = Settings()
    assert settings.create_rate * 60 == 30 and settings.create_burst == 10


def test_tokens_come_back_at_the_rate() -> None:
    clock = Clock()
    limit = PerClient(rate=0.5, burst=2, clock=clock)
    assert [limit.take("a"), limit.take("a"), limit.take("a")] == [True, True, False]
    assert limit.retry_after("a") == pytest.approx(2.0)
    assert limit.take("b")
    clock.now += 2.0
    assert limit.take("a") and not limit.take("a")


def test_idle_clients_are_forgotten(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(clientlimit, "MAX_CLIENTS", 4)
    clock = Clock()
    limit = PerClient(rate=1.0, burst=2, clock=clock)
    for address in "abcd":
        assert limit.take(address)
    clock.now += 10  # every bucket full again
    assert limit.take("e") and set(limit.buckets) == {"e"}
    for address in "fgh":
        limit.take(address)
    assert limit.take("i") and len(limit.buckets) == 4  # the oldest went
