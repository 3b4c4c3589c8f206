"""Storage of tables through SQLAlchemy: one row per table, its record rewritten after
every action, so that a restarted server resumes every table where it was.

Seats are stored with the SHA-256 of their token only (``token_hash``), never the
token. Columns added since the first version are added to an older database on
start (``listed``, ``seq``).
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
    Integer,
    MetaData,
    String,
    Table,
    Text,
    create_engine,
    event,
    insert,
    inspect,
    select,
    text,
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
    Column("listed", Boolean, nullable=True),
    Column("seq", Integer, nullable=True),
)
ADDED = {"listed": "BOOLEAN", "seq": "INTEGER"}
"""Columns an older database may lack, with their SQL type."""


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
    listed: bool = False
    seq: int | None = None
    """Changes of the match so far; None in rows from before it was stored."""


def _sqlite_pragmas(connection: Any, _record: Any) -> None:
    cursor = connection.cursor()
    cursor.execute("PRAGMA journal_mode=WAL")
    cursor.execute("PRAGMA synchronous=NORMAL")
    cursor.close()


def _row(row: Any) -> StoredTable:
    return StoredTable(
        row.id, row.game, json.loads(row.seats), json.loads(row.record), bool(row.finished),
        json.loads(row.result) if row.result else None, row.created, row.updated,
        bool(row.listed), row.seq)


class Store:
    """The tables of one database."""

    def __init__(self, url: str) -> None:
        self.engine: Engine = create_engine(url)
        if self.engine.dialect.name == "sqlite":
            event.listen(self.engine, "connect", _sqlite_pragmas)
        metadata.create_all(self.engine)
        self._add_columns()

    def _add_columns(self) -> None:
        present = {column["name"] for column in inspect(self.engine).get_columns("tables")}
        with self.engine.begin() as db:
            for name, kind in ADDED.items():
                if name not in present:
                    db.execute(text(f"ALTER TABLE tables ADD COLUMN {name} {kind}"))

    def create(self, table_id: str, game: str, seats: list[dict[str, Any]],
               record: dict[str, Any], *, listed: bool = False) -> float:
        """Store a new table; returns its creation time."""
        now = time.time()
        with self.engine.begin() as db:
            db.execute(insert(tables).values(
                id=table_id, game=game, seats=json.dumps(seats), record=json.dumps(record),
                finished=False, result=None, created=now, updated=now, listed=listed,
                seq=0))
        return now

    def save(self, table_id: str, record: dict[str, Any], result: dict[str, Any] | None,
             seq: int | None = None) -> None:
        values: dict[str, Any] = {
            "record": json.dumps(record), "finished": result is not None,
            "result": json.dumps(result) if result is not None else None,
            "updated": time.time()}
        if seq is not None:
            values["seq"] = seq
        with self.engine.begin() as db:
            db.execute(update(tables).where(tables.c.id == table_id).values(**values))

    def save_seats(self, table_id: str, seats: list[dict[str, Any]]) -> None:
        with self.engine.begin() as db:
            db.execute(update(tables).where(tables.c.id == table_id).values(
                seats=json.dumps(seats), updated=time.time()))

    def listed(self, limit: int = 100) -> list[StoredTable]:
        """The latest listed tables whose match is not over, newest first."""
        query = select(tables).where(tables.c.listed.is_(True), tables.c.finished.is_(False)) \
            .order_by(tables.c.created.desc()).limit(limit)
        with self.engine.connect() as db:
            return [_row(row) for row in db.execute(query)]

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

    def unlist(self, table_ids: list[str]) -> None:
        """Take these tables out of the lobby (they stay stored and can be joined)."""
        if not table_ids:
            return
        with self.engine.begin() as db:
            db.execute(update(tables).where(tables.c.id.in_(table_ids)).values(listed=False))
