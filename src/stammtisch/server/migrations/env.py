"""Alembic's entry: migrations run on the connection handed in by
:func:`stammtisch.server.migrations.upgrade` (or by the ``alembic`` command, from the
URL in ``alembic.ini``)."""

from __future__ import annotations

from alembic import context
from sqlalchemy import create_engine

from stammtisch.server import accounttables, ratingstore  # noqa: F401 - their tables
from stammtisch.server.schema import metadata
from stammtisch.server.tournaments import tables as tournament_tables  # noqa: F401

connection = context.config.attributes.get("connection")
if connection is None:  # the alembic command line, for writing a new revision
    with create_engine(context.config.get_main_option("sqlalchemy.url") or "").begin() as own:
        context.configure(connection=own, target_metadata=metadata, render_as_batch=True)
        with context.begin_transaction():
            context.run_migrations()
else:
    context.configure(connection=connection, target_metadata=metadata, render_as_batch=True)
    with context.begin_transaction():
        context.run_migrations()
