"""Fixtures: a live server on a temporary SQLite file; a PostgreSQL database; a Redis."""

from __future__ import annotations

import contextlib
import os
import secrets
from collections.abc import Iterator
from pathlib import Path

import pytest
import redis
from sqlalchemy import create_engine, text
from sqlalchemy.engine import Engine, make_url

from tests.server.live import LiveServer

POSTGRES = os.environ.get("STAMMTISCH_TEST_POSTGRES",
                          "postgresql+psycopg://postgres@127.0.0.1:5432/test")
"""The PostgreSQL database the tests may use (each test in a schema of its own)."""
REDIS = os.environ.get("STAMMTISCH_TEST_REDIS", "redis://127.0.0.1:6379/0")
"""The Redis the tests may use (each test under a prefix of its own)."""


@pytest.fixture
def db(tmp_path: Path) -> Path:
    return tmp_path / "tables.db"


@pytest.fixture
def live(db: Path) -> Iterator[LiveServer]:
    server = LiveServer(db)
    yield server
    server.stop()


@pytest.fixture(scope="session")
def postgres_server() -> Iterator[Engine]:
    """The PostgreSQL database of :data:`POSTGRES` (``STAMMTISCH_TEST_POSTGRES``).
    Tests that need it are skipped when it cannot be reached, but fail under CI (the
    ``CI`` environment variable set), where PostgreSQL must be tested."""
    try:
        engine = create_engine(POSTGRES, connect_args={"connect_timeout": 5})
        with engine.connect() as db:
            db.execute(text("SELECT 1"))
    except Exception as error:  # noqa: BLE001 - a missing driver as well as no server
        said = (str(error).strip().splitlines() or [type(error).__name__])[0]
        reason = (f"PostgreSQL at {make_url(POSTGRES).render_as_string(hide_password=True)} "
                  f"is not reachable ({said}); set STAMMTISCH_TEST_POSTGRES to test it")
        if os.environ.get("CI"):
            pytest.fail(f"{reason}. CI must test PostgreSQL", pytrace=False)
        pytest.skip(reason)
    yield engine
    engine.dispose()


@contextlib.contextmanager
def fresh_schema(server: Engine) -> Iterator[str]:
    """A URL of the PostgreSQL database whose tables live in a fresh schema, dropped
    afterwards: reruns and other tests never see each other's rows."""
    schema = f"stammtisch_test_{secrets.token_hex(6)}"
    with server.begin() as db:
        db.execute(text(f"CREATE SCHEMA {schema}"))
    url = make_url(POSTGRES).update_query_dict({"options": f"-csearch_path={schema}"})
    try:
        yield url.render_as_string(hide_password=False)
    finally:
        with server.begin() as db:
            db.execute(text(f"DROP SCHEMA {schema} CASCADE"))


@pytest.fixture
def postgres(postgres_server: Engine) -> Iterator[str]:
    """A URL of the PostgreSQL database in a fresh schema (:func:`fresh_schema`)."""
    with fresh_schema(postgres_server) as url:
        yield url


@pytest.fixture(scope="session")
def redis_server() -> Iterator[str]:
    """The URL of the Redis of :data:`REDIS` (``STAMMTISCH_TEST_REDIS``); skipped when
    it cannot be reached, failed under CI, like :func:`postgres_server`."""
    client = redis.Redis.from_url(REDIS, socket_connect_timeout=5, socket_timeout=5)
    try:
        client.ping()
    except Exception as error:  # noqa: BLE001 - any reason it cannot be used
        said = (str(error).strip().splitlines() or [type(error).__name__])[0]
        reason = (f"Redis at {REDIS} is not reachable ({said}); set STAMMTISCH_TEST_REDIS "
                  "to test it")
        if os.environ.get("CI"):
            pytest.fail(f"{reason}. CI must test Redis", pytrace=False)
        pytest.skip(reason)
    finally:
        client.close()
    yield REDIS


@contextlib.contextmanager
def fresh_prefix(server: str) -> Iterator[str]:
    """A prefix of Redis names no other test uses; its keys are deleted afterwards
    (channels leave nothing behind)."""
    prefix = f"stammtisch_test_{secrets.token_hex(6)}:"
    try:
        yield prefix
    finally:
        client = redis.Redis.from_url(server)
        try:
            for key in client.scan_iter(match=f"{prefix}*"):
                client.delete(key)
        finally:
            client.close()


@pytest.fixture
def redis_prefix(redis_server: str) -> Iterator[str]:
    """A prefix of Redis names for one test (:func:`fresh_prefix`)."""
    with fresh_prefix(redis_server) as prefix:
        yield prefix
