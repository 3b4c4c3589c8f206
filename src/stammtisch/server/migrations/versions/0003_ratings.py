"""Ratings (issue 42): ``ratings`` and ``rating_history`` (server/ratingstore.py), the
``rated`` flag of a table, each match seat's computer ``level``; and the seats of the
tables stored before ``match_seats`` existed written there, so that the matches a guest
played before signing up are theirs to claim.

Revision ID: 0003
Revises: 0002
Create Date: 2026-12-06
"""

from __future__ import annotations

import json

import sqlalchemy as sa
from alembic import op

revision = "0003"
down_revision = "0002"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.add_column("tables", sa.Column("rated", sa.Boolean, nullable=True))
    op.add_column("match_seats", sa.Column("level", sa.String(32), nullable=True))
    op.create_table(
        "ratings",
        sa.Column("subject", sa.String(80), primary_key=True),
        sa.Column("game", sa.String(32), primary_key=True),
        sa.Column("value", sa.Float, nullable=False),
        sa.Column("deviation", sa.Float, nullable=False),
        sa.Column("volatility", sa.Float, nullable=False),
        sa.Column("games", sa.Integer, nullable=False),
        sa.Column("updated", sa.Float, nullable=False),
    )
    op.create_index("ratings_by_game", "ratings", ["game", "value"])
    op.create_table(
        "rating_history",
        sa.Column("table_id", sa.String(40), primary_key=True),
        sa.Column("subject", sa.String(80), primary_key=True),
        sa.Column("game", sa.String(32), nullable=False),
        sa.Column("seat", sa.Integer, nullable=False),
        sa.Column("value", sa.Float, nullable=False),
        sa.Column("deviation", sa.Float, nullable=False),
        sa.Column("change", sa.Float, nullable=False),
        sa.Column("at", sa.Float, nullable=False),
    )
    op.create_index("rating_history_by_subject", "rating_history",
                    ["subject", "game", "at"])
    _seats_of_older_tables()


def _seats_of_older_tables() -> None:
    db = op.get_bind()
    rows = db.execute(sa.text(
        "SELECT id, created, seats FROM tables WHERE NOT EXISTS "
        "(SELECT 1 FROM match_seats WHERE match_seats.table_id = tables.id)")).all()
    insert = sa.text(
        "INSERT INTO match_seats (table_id, seat, kind, name, level, token_hash, created) "
        "VALUES (:table_id, :seat, :kind, :name, :level, :token_hash, :created)")
    for table_id, created, stored in rows:
        try:
            seats = json.loads(stored)
        except ValueError:
            continue  # a broken row stays as it was; the server reports it when read
        if not isinstance(seats, list) or not seats \
                or not all(isinstance(s, dict) for s in seats):
            continue
        db.execute(insert, [
            {"table_id": table_id, "seat": index, "kind": str(seat.get("kind") or ""),
             "name": str(seat.get("name") or "") or None,
             "level": str(seat.get("level") or "") or None,
             "token_hash": str(seat.get("token_hash") or "") or None, "created": created}
            for index, seat in enumerate(seats)])


def downgrade() -> None:
    op.drop_table("rating_history")
    op.drop_table("ratings")
    with op.batch_alter_table("match_seats") as table:
        table.drop_column("level")
    with op.batch_alter_table("tables") as table:
        table.drop_column("rated")
