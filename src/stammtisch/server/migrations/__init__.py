"""The database's schema, changed only by Alembic migrations (``versions/``), one file per
change, each upgrading a database of the one before without losing a row.

:func:`upgrade` brings a database to the newest schema: ``stammtisch db upgrade`` runs it,
and so does every server at start (on PostgreSQL under an advisory lock, so that of
several processes starting together one upgrades and the others find it done). A
database made before the migrations (no ``alembic_version`` table) is taken up by the
first one, which makes only what is missing.

A new change: ``alembic -c src/stammtisch/server/migrations/alembic.ini revision -m
"what"``, then write its ``upgrade`` and ``downgrade`` by hand with ``op``.
"""

from __future__ import annotations

from functools import cache
from pathlib import Path

from alembic import command
from alembic.config import Config
from alembic.runtime.migration import MigrationContext
from alembic.script import ScriptDirectory
from sqlalchemy.engine import Connection

HERE = Path(__file__).parent


def config(connection: Connection | None = None) -> Config:
    """Alembic's configuration for this package's migrations, on ``connection``."""
    settings = Config()
    settings.set_main_option("script_location", str(HERE))
    settings.attributes["connection"] = connection
    return settings


@cache
def head() -> str:
    """The newest revision."""
    newest = ScriptDirectory.from_config(config()).get_current_head()
    assert newest is not None
    return newest


def current(connection: Connection) -> str | None:
    """The revision ``connection``'s database is at; None before the first migration."""
    return MigrationContext.configure(connection).get_current_revision()


def upgrade(connection: Connection, revision: str = "head") -> None:
    """Run the migrations still missing on ``connection``'s database, in its transaction
    (the caller commits)."""
    command.upgrade(config(connection), revision)
