"""Storage of tables through SQLAlchemy: one row per table, its record rewritten after
every action, so that a restarted server resumes every table where it was.
"""

from __future__ import annotations

import json
import time
from dataclasses import dataclass
from typing import Any

from sqlalchemy import (
    Boolean,
    Column,
    Float,
    MetaData,
    String,
    Table,
    Text,
    create_engine,
    event,
    insert,
    select,
    update,
)
from sqlalchemy.engine import Engine

metadata = MetaData()

tables = Table(
    "tables", metadata,
    Column("id", String(40), primary_key=True),
    Column("game", String(32), nullable=False),
    Column("seats", Text, nullable=False),
    Column("record", Text, nullable=False),
    Column("finished", Boolean, nullable=False, default=False),
    Column("result", Text, nullable=True),
    Column("created", Float, nullable=False),
    Column("updated", Float, nullable=False),
)


@dataclass(frozen=True)
class StoredTable:
    id: str
    game: str
    seats: list[dict[str, Any]]
    record: dict[str, Any]
    finished: bool
    result: dict[str, Any] | None
    created: float
    updated: float


def _sqlite_pragmas(connection: Any, _record: Any) -> None:
    cursor = connection.cursor()
    cursor.execute("PRAGMA journal_mode=WAL")
    cursor.execute("PRAGMA synchronous=NORMAL")
    cursor.close()


def _row(row: Any) -> StoredTable:
    return StoredTable(
        row.id, row.game, json.loads(row.seats), json.loads(row.record), bool(row.finished),
        json.loads(row.result) if row.result else None, row.created, row.updated)


class Store:
    """The tables of one database."""

    def __init__(self, url: str) -> None:
        self.engine: Engine = create_engine(url)
        if self.engine.dialect.name == "sqlite":
            event.listen(self.engine, "connect", _sqlite_pragmas)
        metadata.create_all(self.engine)

    def create(self, table_id: str, game: str, seats: list[dict[str, Any]],
               record: dict[str, Any]) -> None:
        now = time.time()
        with self.engine.begin() as db:
            db.execute(insert(tables).values(
                id=table_id, game=game, seats=json.dumps(seats), record=json.dumps(record),
                finished=False, result=None, created=now, updated=now))

    def save(self, table_id: str, record: dict[str, Any], result: dict[str, Any] | None) -> None:
        with self.engine.begin() as db:
            db.execute(update(tables).where(tables.c.id == table_id).values(
                record=json.dumps(record), finished=result is not None,
                result=json.dumps(result) if result is not None else None,
                updated=time.time()))

    def load(self, table_id: str) -> StoredTable | None:
        with self.engine.connect() as db:
            row = db.execute(select(tables).where(tables.c.id == table_id)).first()
        return _row(row) if row is not None else None

    def finished(self, limit: int = 100) -> list[StoredTable]:
        """The latest finished tables, newest first."""
        query = select(tables).where(tables.c.finished.is_(True)) \
            .order_by(tables.c.updated.desc()).limit(limit)
        with self.engine.connect() as db:
            return [_row(row) for row in db.execute(query)]

    def dispose(self) -> None:
        self.engine.dispose()
