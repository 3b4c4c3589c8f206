"""The schema is Alembic's: a database written by the server before the migrations
(``tests/data/``, made by main at dbb943b) upgrades on SQLite and PostgreSQL without
losing a table, a record, a review or a bot account; a new database and an upgraded one
end in the same schema, the one the queries describe; ``stammtisch db`` says so."""

from __future__ import annotations

import shutil
import threading
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

import pytest
from alembic.autogenerate import compare_metadata
from alembic.runtime.migration import MigrationContext
from sqlalchemy import create_engine, select, text
from sqlalchemy.engine import Engine

import stammtisch
from stammtisch.cli import main
from stammtisch.server import history, migrations
from stammtisch.server.accounttables import match_seats
from stammtisch.server.schema import metadata
from stammtisch.server.store import Store, StoredTable, StoreError, schema_revision
from stammtisch.server.tournaments import tables as tournament_tables  # noqa: F401
from tests.server.conftest import fresh_schema

DATA = Path(__file__).parent.parent / "data"
OLD_SQLITE = DATA / "stammtisch-dbb943b.sqlite"
OLD_POSTGRES = DATA / "stammtisch-dbb943b.postgres.sql"


def _schema_differences(engine: Engine) -> list[object]:
    with engine.connect() as db:
        return list(compare_metadata(MigrationContext.configure(db), metadata))


def _check_everything_kept(store: Store) -> None:
    """The three tables, the review and the bot account of the old database, readable
    and replayable by today's code."""
    finished = store.finished()
    assert [(t.game, t.result["winner"] if t.result else None) for t in finished] == \
        [("schnapsen", 1)]
    match = stammtisch.replay(finished[0].record)
    assert match.result is not None and finished[0].seq == 31
    assert len(finished[0].record["actions"]) == 31
    review = store.load_review(finished[0].id, 0)
    assert review is not None and review[0] == 31 and review[1]["game"] == "schnapsen"
    assert history.summary(finished[0])["game"] == "schnapsen"
    listed = store.listed()
    assert [(t.game, t.listed) for t in listed] == [("schmier", True)]
    running = [t for t in _all(store) if not t.finished and not t.listed]
    assert [(t.game, t.seq) for t in running] == [("schnauz", 10)]
    replayed = stammtisch.replay(running[0].record)
    assert replayed.result is None and len(running[0].record["actions"]) == 10
    assert store.bot_exists("legacy-bot")
    with store.engine.connect() as db:
        seats = {(row.table_id, row.seat): (row.kind, row.level, row.account_id, row.outcome)
                 for row in db.execute(select(match_seats))}
    assert seats[(finished[0].id, 0)] == ("human", None, None, "loss")
    assert seats[(finished[0].id, 1)] == ("bot", "club", None, "win")
    assert {seats[(running[0].id, seat)][3] for seat in range(3)} == {None}
    assert len(seats) == 2 + 3 + 6


def _all(store: Store) -> list[StoredTable]:
    with store.engine.connect() as db:
        ids = [row.id for row in db.execute(text("SELECT id FROM tables"))]
    loaded = [table for table in map(store.load, ids) if table is not None]
    assert len(loaded) == 3
    return loaded


def test_an_old_sqlite_database_upgrades_keeping_everything(tmp_path: Path) -> None:
    old = tmp_path / "old.db"
    shutil.copy(OLD_SQLITE, old)
    url = f"sqlite:///{old}"
    _upgrade_keeps_everything(url)


def _upgrade_keeps_everything(url: str) -> None:
    """The old database at ``url`` upgrades on opening, keeping every row, to the
    schema the queries describe."""
    assert schema_revision(url) is None
    store = Store(url)
    try:
        assert schema_revision(url) == migrations.head()
        _check_everything_kept(store)
        assert _schema_differences(store.engine) == []
    finally:
        store.dispose()


def test_an_old_postgres_database_upgrades_keeping_everything(
        postgres_server: Engine) -> None:
    with fresh_schema(postgres_server) as url:
        engine = create_engine(url)
        lines = [line for line in OLD_POSTGRES.read_text().splitlines()
                 if not line.startswith("--")]
        statements = [s for s in "\n".join(lines).split(";\n") if s.strip()]
        with engine.begin() as db:
            for statement in statements:
                db.exec_driver_sql(statement.replace("%", "%%"))
        engine.dispose()
        _upgrade_keeps_everything(url)


def test_a_new_database_has_the_schema_the_queries_describe(tmp_path: Path,
                                                            postgres_server: Engine) -> None:
    store = Store(f"sqlite:///{tmp_path / 'new.db'}")
    try:
        assert _schema_differences(store.engine) == []
    finally:
        store.dispose()
    with fresh_schema(postgres_server) as url:
        store = Store(url)
        try:
            assert _schema_differences(store.engine) == []
        finally:
            store.dispose()


def test_a_database_from_before_the_added_columns_gets_them(tmp_path: Path) -> None:
    url = f"sqlite:///{tmp_path / 'oldest.db'}"
    engine = create_engine(url)
    with engine.begin() as db:
        db.exec_driver_sql(
            "CREATE TABLE tables (id VARCHAR(40) NOT NULL, game VARCHAR(32) NOT NULL, "
            "seats TEXT NOT NULL, record TEXT NOT NULL, finished BOOLEAN NOT NULL, "
            "result TEXT, created FLOAT NOT NULL, updated FLOAT NOT NULL, PRIMARY KEY (id))")
        db.exec_driver_sql(
            "INSERT INTO tables VALUES ('t1', 'schnauz', '[]', '{\"actions\": []}', 0, "
            "NULL, 1.0, 1.0)")
    engine.dispose()
    store = Store(url)
    try:
        kept = store.load("t1")
        assert kept is not None and kept.game == "schnauz" and kept.seq is None
        assert _schema_differences(store.engine) == []
    finally:
        store.dispose()


def test_the_db_command_upgrades_and_tells_the_revision(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    old = tmp_path / "old.db"
    shutil.copy(OLD_SQLITE, old)
    url = f"sqlite:///{old}"
    assert main(["db", "current", "--db", url]) == 0
    assert capsys.readouterr().out == f"{url}: at revision none\n"
    assert main(["db", "upgrade", "--db", url]) == 0
    assert capsys.readouterr().out == \
        f"{url}: upgraded from revision none to {migrations.head()}\n"
    assert main(["db", "upgrade", "--db", url]) == 0
    assert capsys.readouterr().out == f"{url}: at revision {migrations.head()}\n"
    assert main(["db", "current", "--db", f"sqlite:///{tmp_path / 'none.db'}"]) == 2
    assert "there is no database at" in capsys.readouterr().err
    assert not (tmp_path / "none.db").exists()


def test_a_broken_url_is_one_clear_error() -> None:
    with pytest.raises(StoreError, match="is not a database URL"):
        schema_revision("nonsense")


def test_servers_starting_together_upgrade_a_postgres_database_once(
        postgres_server: Engine) -> None:
    """Several processes of one deployment start at once: the schema lock lets one
    upgrade and the others find it done (none fails on a table made meanwhile)."""
    with fresh_schema(postgres_server) as url:
        start = threading.Barrier(4)

        def open_store() -> str | None:
            start.wait()
            store = Store(url)
            store.dispose()
            return schema_revision(url)

        with ThreadPoolExecutor(4) as pool:
            revisions = list(pool.map(lambda _n: open_store(), range(4)))
        assert revisions == [migrations.head()] * 4
