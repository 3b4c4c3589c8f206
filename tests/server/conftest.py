"""Fixtures: a live server on a temporary SQLite file; a PostgreSQL database."""

from __future__ import annotations

import os
import secrets
from collections.abc import Iterator
from pathlib import Path

import pytest
from sqlalchemy import create_engine, text
from sqlalchemy.engine import Engine, make_url

from tests.server.live import LiveServer

POSTGRES = os.environ.get("STAMMTISCH_TEST_POSTGRES",
                          "postgresql+psycopg://postgres@127.0.0.1:5432/test")
"""The PostgreSQL database the tests may use (each test in a schema of its own)."""


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


@pytest.fixture
def postgres(postgres_server: Engine) -> Iterator[str]:
    """A URL of the PostgreSQL database whose tables live in a fresh schema, dropped
    after the test: reruns and other tests never see each other's rows."""
    schema = f"stammtisch_test_{secrets.token_hex(6)}"
    with postgres_server.begin() as db:
        db.execute(text(f"CREATE SCHEMA {schema}"))
    url = make_url(POSTGRES).update_query_dict({"options": f"-csearch_path={schema}"})
    yield url.render_as_string(hide_password=False)
    with postgres_server.begin() as db:
        db.execute(text(f"DROP SCHEMA {schema} CASCADE"))
