"""The database's tables as the queries see them (SQLAlchemy Core): the web tables
(``tables``), their reviews and the bot accounts here, the accounts' in
server/accounttables.py, the ratings' in server/ratingstore.py, all on :data:`metadata`.
Only migrations (server/migrations/) make or change them.
"""

from __future__ import annotations

from sqlalchemy import Boolean, Column, Float, Integer, MetaData, String, Table, Text

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
    Column("lesson", Boolean, nullable=True),
    Column("hints", Boolean, nullable=True),
    Column("owner", String(64), nullable=True),
    Column("lease_until", Float, nullable=True),
    Column("rated", Boolean, nullable=True),
    Column("settings", Text, nullable=True),
    Column("turn_clock", Text, nullable=True),
)
table_actions = Table(
    "table_actions", metadata,
    Column("table_id", String(40), primary_key=True),
    Column("idx", Integer, primary_key=True, autoincrement=False),
    Column("action", Text, nullable=False),
)
"""The actions of a match in play appended after those of its record (server/store.py)."""
reviews = Table(
    "reviews", metadata,
    Column("table_id", String(40), primary_key=True),
    Column("seat", Integer, primary_key=True),
    Column("actions", Integer, nullable=False),
    Column("data", Text, nullable=False),
    Column("created", Float, nullable=False),
)
"""The expert's review of a match for one seat (server/reviews.py), of its first
``actions`` actions: computed once, and again only when the match has gone on since."""
bots = Table(
    "bots", metadata,
    Column("name", String(40), primary_key=True),
    Column("token_hash", String(64), nullable=False, unique=True),
    Column("created", Float, nullable=False),
)
"""The bot accounts of the bot API (server/botaccounts.py): a name and the SHA-256 of
its token, never the token."""
