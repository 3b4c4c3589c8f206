"""Fixtures: a live server on a temporary SQLite file."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

from server.live import LiveServer


@pytest.fixture
def db(tmp_path: Path) -> Path:
    return tmp_path / "tables.db"


@pytest.fixture
def live(db: Path) -> Iterator[LiveServer]:
    server = LiveServer(db)
    yield server
    server.stop()
