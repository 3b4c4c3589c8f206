"""The tournaments' tables in the database (SQLAlchemy Core, on
:data:`~stammtisch.server.schema.metadata`); migrations 0006 and 0008 make them.

``tournaments``: one row each, with its state (``upcoming``, ``running``, ``finished``,
``cancelled``), its current round and the lease of the process that advances it.
``tournament_players``: who plays, in the order of joining. ``tournament_tables``:
each round's tables (a bye is a row without a table), with each seat's points once
its match is over.
"""

from __future__ import annotations

from sqlalchemy import (
    Boolean,
    Column,
    Float,
    ForeignKey,
    Index,
    Integer,
    String,
    Table,
    Text,
)

from stammtisch.server.schema import metadata

tournaments = Table(
    "tournaments", metadata,
    Column("id", String(40), primary_key=True),
    Column("name", String(80), nullable=False),
    Column("game", String(32), nullable=False),
    Column("rules", String(32), nullable=False),
    Column("table_size", Integer, nullable=False),
    Column("rounds", Integer, nullable=False),
    Column("clock", Integer, nullable=False),
    Column("computers", Boolean, nullable=False),
    Column("starts", Float, nullable=False),
    Column("creator_id", Integer, nullable=True),
    Column("creator_name", String(64), nullable=False),
    Column("created", Float, nullable=False),
    Column("state", String(16), nullable=False),
    Column("round", Integer, nullable=False),
    Column("seat_key", String(64), nullable=False),
    Column("owner", String(64), nullable=True),
    Column("lease_until", Float, nullable=True),
    Column("cancelled_by", String(64), nullable=True),
    Index("tournaments_by_state", "state", "starts"),
)
"""``seat_key`` makes each person's seat token at its tables (boards.py): a secret of
the server's, never shown. ``cancelled_by``: the name of the creator who cancelled it
(migration 0008); NULL when it was cancelled at its start for too few players."""

tournament_players = Table(
    "tournament_players", metadata,
    Column("tournament_id", String(40), ForeignKey("tournaments.id", ondelete="CASCADE"),
           primary_key=True),
    Column("player", String(80), primary_key=True),
    Column("kind", String(16), nullable=False),
    Column("account_id", Integer, nullable=True),
    Column("name", String(64), nullable=False),
    Column("level", String(32), nullable=True),
    Column("joined", Float, nullable=False),
    Index("tournament_players_by_account", "account_id"),
)
"""``player``: ``account:<id>``, ``level:<name>`` or ``bot:<name>``."""

tournament_tables = Table(
    "tournament_tables", metadata,
    Column("tournament_id", String(40), ForeignKey("tournaments.id", ondelete="CASCADE"),
           primary_key=True),
    Column("round", Integer, primary_key=True),
    Column("board", Integer, primary_key=True),
    Column("table_id", String(40), nullable=True),
    Column("players", Text, nullable=False),
    Column("points", Text, nullable=True),
    Index("tournament_tables_by_table", "table_id"),
)
"""``players``: the JSON list of the players by seat; ``points``: each seat's points
(JSON) once the match is over, or at once for a bye (``table_id`` NULL)."""
