"""The tables of accounts (issue 42), on the store's metadata: accounts, their sessions,
and the seats of every match with the account that played each.

``accounts``: a name and its readings (server/names.py): ``name_skeleton`` is the
case-blind reading (unique), ``name_shape`` and ``name_shape_upper`` the shapes as
written and in capitals; two names read alike when any of those meet, so that a new
name is compared with every account's by three indexed look-ups, not by reading every
name. A deleted account keeps its row (its seats still point at it) without a name,
readings or password (``deleted`` says when): its name is free again.

``sessions``: the SHA-256 of each session id, never the id (server/sessions.py).

``match_seats``: one row per seat of a match: its kind, the name it had at the
table, the SHA-256 of a person's seat token (``token_hash``, as in ``tables.seats``),
the account it belongs to once claimed (server/matchseats.py), and the table's
creation time, so that an account's matches, newest first, are one look-up in the
index ``(account_id, created)`` however many matches there are.

The migration server/migrations/versions/0002_accounts.py makes them.
"""

from __future__ import annotations

from sqlalchemy import Column, Float, ForeignKey, Index, Integer, String, Table, Text

from stammtisch.server.schema import metadata

DELETED_NAME = "deleted player"
"""What the seats of a deleted account are shown as."""

accounts = Table(
    "accounts", metadata,
    Column("id", Integer, primary_key=True, autoincrement=True),
    Column("name", Text, nullable=True),
    Column("name_skeleton", Text, nullable=True, unique=True),
    Column("name_shape", Text, nullable=True, index=True),
    Column("name_shape_upper", Text, nullable=True, index=True),
    Column("password_hash", Text, nullable=False),
    Column("created", Float, nullable=False),
    Column("deleted", Float, nullable=True),
)
"""Accounts; ``name`` and its readings are None once the account is deleted."""

sessions = Table(
    "sessions", metadata,
    Column("id_hash", String(64), primary_key=True),
    Column("account_id", Integer, ForeignKey("accounts.id"), nullable=False, index=True),
    Column("created", Float, nullable=False),
    Column("expires", Float, nullable=False, index=True),
    Column("last_seen", Float, nullable=False),
)
"""Logged-in browsers: the SHA-256 of the session id in their cookie."""

match_seats = Table(
    "match_seats", metadata,
    Column("table_id", String(40), primary_key=True),
    Column("seat", Integer, primary_key=True),
    Column("account_id", Integer, ForeignKey("accounts.id"), nullable=True),
    Column("name", Text, nullable=True),
    Column("kind", String(16), nullable=False),
    Column("token_hash", String(64), nullable=True),
    Column("created", Float, nullable=False),
    Column("level", String(32), nullable=True),
    Column("outcome", String(8), nullable=True),
)
"""Each seat of each match, the account it belongs to (None: nobody's yet), and once the
match is over its ``outcome`` for that seat (``win``, ``loss``, ``draw``)."""

Index("match_seats_by_account", match_seats.c.account_id, match_seats.c.created)
Index("match_seats_by_token", match_seats.c.token_hash)
Index("match_seats_by_name", match_seats.c.kind, match_seats.c.name, match_seats.c.created)
