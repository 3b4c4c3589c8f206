"""Storage of tables through SQLAlchemy: one row per table, its record rewritten after
every action, so that a restarted server resumes every table where it was.

Seats are stored with the SHA-256 of their token only (``token_hash``), never the
token. The schema is made and changed by migrations only (server/migrations/), run on
start: the tables here describe it for the queries.

Where several server processes share one database (server/cluster.py), each live
table is leased to one of them (``owner``, ``lease_until``, timed by the database's clock,
so that the machines' clocks need not agree): only the holder writes it.

A save names the table's new ``seq`` and is written only over the one before it, so
that a second server on the same database cannot silently overwrite acknowledged
actions (:class:`StaleWrite`). A SQLite file is held by one server at a time (a lock
file beside it). A database the server cannot use, and a stored row that cannot be
read, are clear errors (:class:`StoreError`, :class:`BrokenRow`), never a traceback
or a failure for every client.
"""

from __future__ import annotations

import json
import logging
import os
import sys
import threading
import time
from collections.abc import Callable, Iterable
from contextlib import AbstractContextManager, nullcontext
from dataclasses import dataclass
from pathlib import Path
from typing import IO, Any

from sqlalchemy import (
    Float,
    bindparam,
    cast,
    create_engine,
    delete,
    event,
    func,
    insert,
    or_,
    select,
    text,
    update,
)
from sqlalchemy.engine import URL, Engine
from sqlalchemy.exc import ArgumentError, SQLAlchemyError
from sqlalchemy.sql.elements import ColumnElement

from stammtisch.errors import StammtischError
from stammtisch.server.matchseats import record_match_seats, record_outcomes
from stammtisch.server.schema import bots, reviews, table_actions, tables

if sys.platform != "win32":
    import fcntl

log = logging.getLogger("stammtisch.server")

SQLITE_BUSY = 30.0
"""Seconds a SQLite writer waits for another process's write before it gives up."""
SQLITE_PROBLEMS = {
    "unable to open database file": "it cannot be opened (is it readable, and its folder "
                                    "writable?)",
    "attempt to write a readonly database": "it is read-only, and the server writes every "
                                            "action",
    "file is not a database": "it is not a SQLite database",
}
"""SQLite's words for a file it cannot use, and ours."""


SCHEMA_LOCK = 0x5374616D
"""The PostgreSQL advisory lock held while the tables are made or changed."""
BOTS_LOCK = 0x5374616E
"""The PostgreSQL advisory lock held while a bot account is added: its name is compared
with every other one's."""


class StoreError(StammtischError):
    """A database the server cannot use; the message names the file (or the URL) and
    what is wrong with it."""


class StaleWrite(RuntimeError):
    """A save found the stored table no longer at the ``seq`` before the one saved:
    another server wrote it since (or it is gone). Nothing was written."""


class LostLease(StaleWrite):
    """A write of a server process that no longer holds the table's lease (it paused
    past it, and another process took the table over). Nothing was written."""


class BrokenRow(StammtischError):
    """A stored row that cannot be read as a table (broken JSON, or the wrong shape)."""


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
    lesson: bool = False
    """A guided first deal (server/lessons.py): the coach speaks at this table."""
    hints: bool = False
    """Its creator allowed hints for everyone (a table with two or more people)."""
    rated: bool = False
    """Its match counts for the ratings of its players (server/ratingstore.py)."""
    settings: dict[str, Any] | None = None
    """Its settings beyond the columns above (server/table/settings.py); None before."""
    turn_clock: dict[str, Any] | None = None
    """Its running turn clock as last saved (server/table/clock.py); None without one."""
    written: int = 0
    """How many of ``record``'s actions are those written with the record itself: the
    rest were appended one by one (:meth:`Store.append`). A table of
    :meth:`Store.listed` has only these (the lobby needs no actions)."""


def _sqlite_pragmas(connection: Any, _record: Any) -> None:
    cursor = connection.cursor()
    cursor.execute("PRAGMA journal_mode=WAL")
    cursor.execute("PRAGMA synchronous=NORMAL")
    cursor.close()


def _same(name: str, names: list[str]) -> str | None:
    return name if name in names else None


def _row(row: Any, appended: list[str] | None = None) -> StoredTable:
    """The table in ``row``, its record's actions followed by ``appended``;
    :class:`BrokenRow` when it cannot be read."""
    try:
        seats = json.loads(row.seats)
        record = json.loads(row.record)
        result = json.loads(row.result) if row.result else None
        table_settings = json.loads(row.settings) if row.settings else None
        turn_clock = json.loads(row.turn_clock) if row.turn_clock else None
    except (ValueError, TypeError) as error:
        raise BrokenRow(f"the stored table {row.id} is broken: {error}") from None
    if not isinstance(record, dict) or not isinstance(record.get("actions", []), list):
        raise BrokenRow(f"the stored table {row.id} is broken: its record is not a "
                        "game record")
    if not isinstance(seats, list) or not all(
            isinstance(seat, dict) and isinstance(seat.get("kind"), str) for seat in seats):
        raise BrokenRow(f"the stored table {row.id} is broken: its seats are not a list "
                        "of seats")
    if result is not None and not isinstance(result, dict):
        raise BrokenRow(f"the stored table {row.id} is broken: its result is not an object")
    written = len(record.get("actions", []))
    if appended:
        record["actions"] = [*record.get("actions", []), *appended]
    return StoredTable(
        row.id, row.game, seats, record, bool(row.finished), result, row.created,
        row.updated, bool(row.listed), row.seq, bool(row.lesson), bool(row.hints),
        bool(row.rated), table_settings if isinstance(table_settings, dict) else None,
        turn_clock if isinstance(turn_clock, dict) else None, written)


def sqlite_file(url: URL) -> Path | None:
    """The file of a SQLite URL; None for another database or one in memory."""
    if url.get_backend_name() != "sqlite" or url.query.get("mode") == "memory":
        return None
    name = url.database or ""
    if name.startswith("file:"):  # a URI filename (``?uri=true``)
        name = name.removeprefix("file:")
    if name in ("", ":memory:"):
        return None
    return Path(os.path.realpath(name))


def _hold(path: Path) -> IO[bytes] | None:
    """An exclusive lock on ``<path>.lock``, held while the file stays open."""
    if sys.platform == "win32":
        return None
    if path.is_dir():
        raise StoreError(f"cannot use the database {path}: it is a folder, not a file")
    if not path.parent.is_dir():
        raise StoreError(f"cannot use the database {path}: its folder {path.parent} "
                         "does not exist")
    lock_path = path.with_name(path.name + ".lock")
    try:
        lock = open(lock_path, "ab")  # noqa: SIM115 - held open for the store's lifetime
    except OSError as error:
        raise StoreError(f"cannot use the database {path}: its lock file {lock_path} "
                         f"cannot be opened ({error.strerror})") from None
    try:
        fcntl.flock(lock, fcntl.LOCK_EX | fcntl.LOCK_NB)
    except OSError:
        lock.close()
        raise StoreError(f"another stammtisch server is using {path}; stop it or use "
                         "another --db") from None
    return lock


def _problem(error: SQLAlchemyError) -> str:
    """One line on what the database said."""
    said = str(getattr(error, "orig", None) or error).strip()
    first = said.splitlines()[0] if said else type(error).__name__
    return SQLITE_PROBLEMS.get(first, first)


def _engine(url: str) -> Engine:
    try:
        if url.startswith("sqlite"):  # a writer waits up to this long for another's end
            return create_engine(url, connect_args={"timeout": SQLITE_BUSY})
        return create_engine(url)
    except ArgumentError:
        raise StoreError(f"{url!r} is not a database URL (e.g. sqlite:///stammtisch.db)") \
            from None
    except ImportError as missing:
        raise StoreError(f"the database driver for {url.split(':', 1)[0]} is not "
                         f"installed ({missing}); for PostgreSQL: pip install "
                         "'stammtisch[postgres]'") from None


def schema_revision(url: str) -> str | None:
    """The migration the database at ``url`` is at; None before the first (or empty)."""
    from stammtisch.server import migrations

    engine = _engine(url)
    path = sqlite_file(engine.url)
    if path is not None and not path.exists():
        engine.dispose()
        raise StoreError(f"there is no database at {path}")
    try:
        with engine.connect() as db:
            return migrations.current(db)
    except SQLAlchemyError as error:
        raise StoreError(f"cannot read the database {url}: {_problem(error)}") from None
    finally:
        engine.dispose()


def upgrade_database(url: str) -> tuple[str | None, str]:
    """Bring the database at ``url`` to the newest schema (``stammtisch db upgrade``);
    its revisions before and after."""
    path = sqlite_file(_engine(url).url)
    before = None if path is not None and not path.exists() else schema_revision(url)
    Store(url).dispose()
    after = schema_revision(url)
    assert after is not None
    return before, after


def upgrade_schema(engine: Engine) -> None:
    """Run the migrations ``engine``'s database still lacks (server/migrations/)."""
    from stammtisch.server import migrations  # Alembic is loaded by the first store only

    with engine.begin() as db:
        if engine.dialect.name == "postgresql":
            db.execute(text("SELECT pg_advisory_xact_lock(:key)"), {"key": SCHEMA_LOCK})
        if migrations.current(db) != migrations.head():
            migrations.upgrade(db)


_APPEND = update(tables).where(
    tables.c.id == bindparam("a_id"),
    or_(tables.c.seq.is_(None), tables.c.seq == bindparam("a_before")),
).values(seq=bindparam("a_seq"), updated=bindparam("a_updated"),
         turn_clock=bindparam("a_clock"))
"""An action's update of its table's row (:meth:`Store.append`), built once: building
and compiling the statement anew cost more than running it."""
_APPEND_OWNED = _APPEND.where(tables.c.owner == bindparam("a_owner"))
"""The same where the row is written only under this process's lease."""
_TAKE_BACK = delete(table_actions).where(table_actions.c.table_id == bindparam("a_id"),
                                         table_actions.c.idx >= bindparam("a_start"))
_ADD_ACTIONS = insert(table_actions)


class Store:
    """The tables of one database."""

    inline = False
    """Its appends are cheaper run at once than handed to a thread (a SQLite file,
    held by this process alone: no round trip to wait for)."""
    _sqlite_append: list[tuple[str, tuple[str, ...]]] | None = None
    """:meth:`append`'s statements as SQLite's text and the names of their parameters in
    order, on SQLite (:meth:`_append_to_sqlite`)."""

    def __init__(self, url: str, owner: str | None = None, lease: float = 5.0) -> None:
        """Open (or create) the tables and check that they can be written;
        :class:`StoreError` names what is wrong with which database.

        ``owner``: this process's name where several share the database
        (server/cluster.py): a table's row is then written only by the process that
        holds its lease, ``lease`` seconds from its last renewal."""
        self.owner = owner
        self.lease = lease
        self.engine = _engine(url)
        path = sqlite_file(self.engine.url)
        where = str(path) if path is not None else \
            self.engine.url.render_as_string(hide_password=True)
        self._lock = _hold(path) if path is not None else None
        self._writing: AbstractContextManager[Any] = \
            threading.Lock() if self.engine.dialect.name == "sqlite" else nullcontext()
        """SQLite takes one writer at a time: the threads that store actions wait their
        turn here, not in SQLite's busy loop, where a writer slowed by a busy machine
        would make the others give up ("database is locked")."""
        self.inline = self.engine.dialect.name == "sqlite"
        if self.inline:
            self._sqlite_append = [
                (compiled.string, tuple(compiled.positiontup or ()))
                for compiled in (statement.compile(dialect=self.engine.dialect) for statement
                                 in (_APPEND, _APPEND_OWNED, _TAKE_BACK, _ADD_ACTIONS))]
        self._reported: set[str] = set()
        try:
            if self.engine.dialect.name == "sqlite":
                event.listen(self.engine, "connect", _sqlite_pragmas)
            self._create_tables()
            self._try_writing()
        except SQLAlchemyError as error:
            self.dispose()
            raise StoreError(f"cannot use the database {where}: {_problem(error)}") from None

    def _create_tables(self) -> None:
        """The schema brought to the newest migration; on PostgreSQL under a lock, so
        that of server processes starting together one upgrades it."""
        upgrade_schema(self.engine)

    def _try_writing(self) -> None:
        """A write that changes nothing, so that a read-only database is told at start
        and not at the first action."""
        with self.engine.connect() as db:
            db.execute(update(tables).where(tables.c.id == "").values(updated=0.0))
            db.rollback()

    def create(self, table_id: str, game: str, seats: list[dict[str, Any]],
               record: dict[str, Any], *, listed: bool = False, lesson: bool = False,
               hints: bool = False, rated: bool = False,
               settings: dict[str, Any] | None = None) -> float:
        """Store a new table (and its seats in ``match_seats``); returns its creation
        time."""
        now = time.time()
        lease = {} if self.owner is None else {"owner": self.owner,
                                                "lease_until": self._clock() + self.lease}
        with self.engine.begin() as db:
            db.execute(insert(tables).values(
                id=table_id, game=game, seats=json.dumps(seats), record=json.dumps(record),
                finished=False, result=None, created=now, updated=now, listed=listed,
                seq=0, lesson=lesson, hints=hints, rated=rated,
                settings=json.dumps(settings) if settings else None, **lease))
            record_match_seats(db, table_id, now, seats)
        return now

    def save(self, table_id: str, record: dict[str, Any], result: dict[str, Any] | None,
             seq: int | None = None, turn_clock: dict[str, Any] | None = None) -> None:
        """Write the table's record after a change (and, when it ends the match, each
        seat's outcome in ``match_seats``), with its turn clock as it now runs (None:
        none runs). With ``seq`` (the table's new one)
        only over ``seq - 1`` (or a row from before seq was stored): else nothing is
        written and :class:`StaleWrite` is raised."""
        values: dict[str, Any] = {
            "record": json.dumps(record), "finished": result is not None,
            "result": json.dumps(result) if result is not None else None,
            "updated": time.time(),
            "turn_clock": json.dumps(turn_clock) if turn_clock is not None else None}
        query = self._owned(update(tables).where(tables.c.id == table_id))
        if seq is not None:
            values["seq"] = seq
            query = query.where(or_(tables.c.seq.is_(None), tables.c.seq == seq - 1))
        with self._writing, self.engine.begin() as db:
            written = db.execute(query.values(**values)).rowcount
            if written == 1:
                db.execute(delete(table_actions).where(table_actions.c.table_id == table_id))
            if written == 1 and result is not None:
                record_outcomes(db, table_id, str(record.get("game")), result)
        if written != 1 and self.owner is not None:
            self._check_lease(table_id)
        if seq is not None and written != 1:
            raise StaleWrite(f"table {table_id} was not saved at seq {seq}: the stored "
                             f"table is no longer at seq {seq - 1} (another server wrote "
                             "it, or it is gone)")

    def append(self, table_id: str, start: int, actions: list[str], seq: int,
               turn_clock: dict[str, Any] | None = None, *, taken_back: bool = True) -> None:
        """Store the table's actions from index ``start`` on (those after it that were
        stored before, taken back since, go), its ``seq`` and turn clock: what one
        action costs does not grow with the match. ``start`` is at least the number of
        actions written with the record (:attr:`StoredTable.written`); a match that
        ends is stored whole (:meth:`save`). ``taken_back`` False: none was stored
        from ``start`` on (nothing to take back). Only over ``seq - 1``, as
        :meth:`save`."""
        values = {"a_id": table_id, "a_before": seq - 1, "a_seq": seq, "a_start": start,
                  "a_updated": time.time(), "a_owner": self.owner,
                  "a_clock": json.dumps(turn_clock) if turn_clock is not None else None}
        rows = [{"table_id": table_id, "idx": start + at, "action": action}
                for at, action in enumerate(actions)]
        with self._writing:
            if self._sqlite_append is not None:
                written = self._append_to_sqlite(values, rows, taken_back)
            else:
                written = self._append_through_engine(values, rows, taken_back)
        if written != 1:
            if self.owner is not None:
                self._check_lease(table_id)
            raise StaleWrite(f"table {table_id} was not saved at seq {seq}: the stored "
                             f"table is no longer at seq {seq - 1} (another server wrote "
                             "it, or it is gone)")

    def _append_through_engine(self, values: dict[str, Any], rows: list[dict[str, Any]],
                               taken_back: bool) -> int:
        """:meth:`append`'s statements in one transaction; how many table rows took
        the new ``seq`` (0 or 1)."""
        with self.engine.begin() as db:
            written: int = db.execute(_APPEND if self.owner is None else _APPEND_OWNED,
                                      values).rowcount
            if written == 1 and taken_back:
                db.execute(_TAKE_BACK, values)
            if written == 1 and rows:
                db.execute(_ADD_ACTIONS, rows[0] if len(rows) == 1 else rows)
        return written

    def _append_to_sqlite(self, values: dict[str, Any], rows: list[dict[str, Any]],
                          taken_back: bool) -> int:
        """:meth:`_append_through_engine` handed straight to SQLite's driver: the same
        statements compiled once, without the engine's work around each one (four
        fifths of an append's cost)."""
        compiled = self._sqlite_append
        assert compiled is not None
        (update_sql, update_names), (delete_sql, delete_names), (insert_sql, insert_names) \
            = compiled[0 if self.owner is None else 1], compiled[2], compiled[3]
        raw = self.engine.raw_connection()
        try:
            cursor = raw.cursor()
            cursor.execute(update_sql, [values[name] for name in update_names])
            written: int = cursor.rowcount
            if written == 1 and taken_back:
                cursor.execute(delete_sql, [values[name] for name in delete_names])
            if written == 1 and rows:
                cursor.executemany(insert_sql, [[row[name] for name in insert_names]
                                                for row in rows])
            raw.commit()
        except BaseException:
            raw.rollback()
            raise
        finally:
            raw.close()
        return written

    def save_clock(self, table_id: str, turn_clock: dict[str, Any] | None,
                   seq: int) -> None:
        """Write the table's turn clock alone (a decision begun without an action), as
        it runs at the table's ``seq``: not over a later action's."""
        query = self._owned(update(tables).where(
            tables.c.id == table_id, or_(tables.c.seq.is_(None), tables.c.seq == seq)))
        with self.engine.begin() as db:
            db.execute(query.values(turn_clock=json.dumps(turn_clock)
                                    if turn_clock is not None else None))

    def save_seats(self, table_id: str, seats: list[dict[str, Any]]) -> None:
        with self.engine.begin() as db:
            written = db.execute(self._owned(update(tables).where(tables.c.id == table_id))
                                 .values(seats=json.dumps(seats), updated=time.time())).rowcount
            if written == 1:
                created = db.execute(select(tables.c.created)
                                     .where(tables.c.id == table_id)).scalar_one()
                record_match_seats(db, table_id, created, seats)
        if written != 1 and self.owner is not None:
            self._check_lease(table_id)

    def _owned(self, query: Any) -> Any:
        """``query`` (an UPDATE of one table) limited to a row whose lease is ours."""
        return query if self.owner is None else query.where(tables.c.owner == self.owner)

    def _check_lease(self, table_id: str) -> None:
        """:class:`LostLease` when another process holds ``table_id`` (or nobody)."""
        owner, _until = self.lease_of(table_id)
        if owner != self.owner:
            raise LostLease(f"table {table_id} was not saved: this process "
                            f"({self.owner}) no longer holds its lease ({owner} does)")

    # --- leases: one process at a time runs a live table (server/cluster.py) ---------

    def take_lease(self, table_id: str) -> str | None:
        """Hold ``table_id`` for :attr:`lease` seconds when it is free, expired or ours
        already; returns the process that holds it now (ours or another's), None when
        there is no such table."""
        assert self.owner is not None, "leases are for a store with an owner"
        now = self._clock()
        query = update(tables).where(
            tables.c.id == table_id,
            or_(tables.c.owner.is_(None), tables.c.owner == self.owner,
                tables.c.lease_until.is_(None), tables.c.lease_until < now)) \
            .values(owner=self.owner, lease_until=now + self.lease)
        with self.engine.begin() as db:
            if db.execute(query).rowcount == 1:
                return self.owner
        return self.lease_of(table_id)[0] or None

    def _clock(self) -> ColumnElement[float]:
        """Now, in seconds since the epoch, by the database's clock: every process
        times leases by the same clock, whatever its machine's says."""
        if self.engine.dialect.name == "postgresql":
            return cast(func.extract("epoch", func.clock_timestamp()), Float)
        return (func.julianday("now") - 2440587.5) * 86400.0

    def _left(self) -> Any:
        """The seconds a row's lease still runs (negative: run out; None: no lease)."""
        return (tables.c.lease_until - self._clock()).label("left")

    def lease_of(self, table_id: str) -> tuple[str | None, float | None]:
        """Who holds ``table_id``'s lease and for how many more seconds (negative: it
        ran out); an empty owner for a table that does not exist."""
        with self.engine.connect() as db:
            row = db.execute(select(tables.c.owner, self._left())
                             .where(tables.c.id == table_id)).first()
        if row is None:
            return "", None
        return row.owner, None if row.left is None else float(row.left)

    def lease_owners(self, table_ids: list[str]
                     ) -> dict[str, tuple[str | None, float | None]]:
        """Who holds each of ``table_ids`` (None: nobody) and for how many more seconds
        (negative: it ran out); tables that do not exist are left out."""
        if not table_ids:
            return {}
        with self.engine.connect() as db:
            rows = db.execute(select(tables.c.id, tables.c.owner, self._left())
                              .where(tables.c.id.in_(table_ids)))
            return {row.id: (row.owner, None if row.left is None else float(row.left))
                    for row in rows}

    def renew_leases(self, table_ids: list[str]) -> set[str]:
        """Renew our leases of ``table_ids``; returns those still ours."""
        if not table_ids:
            return set()
        query = update(tables).where(tables.c.id.in_(table_ids),
                                     tables.c.owner == self.owner) \
            .values(lease_until=self._clock() + self.lease).returning(tables.c.id)
        with self.engine.begin() as db:
            return {row.id for row in db.execute(query)}

    def release_leases(self, table_ids: list[str]) -> None:
        """Give up our leases of ``table_ids``: another process may take them at once."""
        if not table_ids:
            return
        with self.engine.begin() as db:
            db.execute(update(tables).where(tables.c.id.in_(table_ids),
                                            tables.c.owner == self.owner)
                       .values(owner=None, lease_until=None))

    def _readable(self, rows: Iterable[Any]) -> list[StoredTable]:
        """The tables of ``rows`` that can be read; each broken one is logged once."""
        found = []
        for row in rows:
            try:
                found.append(_row(row))
            except BrokenRow as broken:
                if row.id not in self._reported:
                    self._reported.add(row.id)
                    log.error("%s; it is left out of the lobby and the history", broken)
        return found

    def listed(self, limit: int = 100) -> list[StoredTable]:
        """The latest listed tables whose match is not over, newest first."""
        query = select(tables).where(tables.c.listed.is_(True), tables.c.finished.is_(False)) \
            .order_by(tables.c.created.desc()).limit(limit)
        with self.engine.connect() as db:
            return self._readable(db.execute(query))

    def load(self, table_id: str) -> StoredTable | None:
        """The stored table; :class:`BrokenRow` when it cannot be read."""
        with self.engine.connect() as db:
            row = db.execute(select(tables).where(tables.c.id == table_id)).first()
            if row is None:
                return None
            appended = list(db.execute(
                select(table_actions.c.action).where(table_actions.c.table_id == table_id)
                .order_by(table_actions.c.idx)).scalars())
        return _row(row, appended)

    def finished(self, limit: int = 100) -> list[StoredTable]:
        """The latest finished tables, newest first."""
        query = select(tables).where(tables.c.finished.is_(True)) \
            .order_by(tables.c.updated.desc()).limit(limit)
        with self.engine.connect() as db:
            return self._readable(db.execute(query))

    def dispose(self) -> None:
        """Close the connections and let another server use a SQLite file."""
        self.engine.dispose()
        if self._lock is not None:
            self._lock.close()  # closing the file releases its lock
            self._lock = None

    def unlist(self, table_ids: list[str]) -> None:
        """Take these tables out of the lobby (they stay stored and can be joined)."""
        if not table_ids:
            return
        with self.engine.begin() as db:
            db.execute(update(tables).where(tables.c.id.in_(table_ids)).values(listed=False))

    def load_review(self, table_id: str, seat: int) -> tuple[int, dict[str, Any]] | None:
        """The stored review of ``seat`` at ``table_id``: the count of actions it covers
        and its data; None when there is none (or it cannot be read: computed anew)."""
        with self.engine.connect() as db:
            row = db.execute(select(reviews).where(
                reviews.c.table_id == table_id, reviews.c.seat == seat)).first()
        if row is None:
            return None
        try:
            data = json.loads(row.data)
        except ValueError:
            return None
        return (int(row.actions), data) if isinstance(data, dict) else None

    def save_review(self, table_id: str, seat: int, actions: int,
                    data: dict[str, Any]) -> None:
        """Store the review of ``seat`` at ``table_id``, over any older one."""
        with self.engine.begin() as db:
            db.execute(delete(reviews).where(
                reviews.c.table_id == table_id, reviews.c.seat == seat))
            db.execute(insert(reviews).values(
                table_id=table_id, seat=seat, actions=actions, data=json.dumps(data),
                created=time.time()))

    def add_bot(self, name: str, hashed: str,
                clash: Callable[[str, list[str]], str | None] | None = None) -> str | None:
        """Store a new bot account, unless ``clash(name, every bot's name)`` names one it
        may not stand beside (without ``clash``: the same name). Returns that name
        (nothing is written), or None once stored. Across processes sharing a PostgreSQL
        database, one account is added at a time."""
        with self.engine.begin() as db:
            if self.engine.dialect.name == "postgresql":
                db.execute(text("SELECT pg_advisory_xact_lock(:key)"), {"key": BOTS_LOCK})
            names = [str(row.name) for row in db.execute(select(bots.c.name))]
            taken = (clash or _same)(name, names)
            if taken is not None:
                return taken
            db.execute(insert(bots).values(name=name, token_hash=hashed, created=time.time()))
        return None

    def bot_named(self, hashed: str) -> str | None:
        """The name of the bot account whose token hashes to ``hashed``, if any."""
        with self.engine.connect() as db:
            row = db.execute(select(bots.c.name).where(bots.c.token_hash == hashed)).first()
        return None if row is None else str(row.name)

    def bot_exists(self, name: str) -> bool:
        with self.engine.connect() as db:
            return db.execute(select(bots.c.name).where(bots.c.name == name)).first() \
                is not None
