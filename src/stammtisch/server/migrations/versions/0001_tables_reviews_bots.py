"""The tables, reviews and bot accounts, as the server kept them before migrations.

A database made before this migration is taken up as it is: what is missing is made,
and the columns added to ``tables`` over time (``listed`` ... ``lease_until``) are added
where an older database lacks them; nothing already there is changed.

Revision ID: 0001
Revises:
Create Date: 2026-12-06
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0001"
down_revision = None
branch_labels = None
depends_on = None



def added() -> list[sa.Column[object]]:
    """The columns of ``tables`` younger than the table itself."""
    return [
        sa.Column("listed", sa.Boolean, nullable=True),
        sa.Column("seq", sa.Integer, nullable=True),
        sa.Column("lesson", sa.Boolean, nullable=True),
        sa.Column("hints", sa.Boolean, nullable=True),
        sa.Column("owner", sa.String(64), nullable=True),
        sa.Column("lease_until", sa.Float, nullable=True),
    ]


def upgrade() -> None:
    present = set(sa.inspect(op.get_bind()).get_table_names())
    if "tables" not in present:
        op.create_table(
            "tables",
            sa.Column("id", sa.String(40), primary_key=True),
            sa.Column("game", sa.String(32), nullable=False),
            sa.Column("seats", sa.Text, nullable=False),
            sa.Column("record", sa.Text, nullable=False),
            sa.Column("finished", sa.Boolean, nullable=False),
            sa.Column("result", sa.Text, nullable=True),
            sa.Column("created", sa.Float, nullable=False),
            sa.Column("updated", sa.Float, nullable=False),
            *added(),
        )
    else:
        columns = {c["name"] for c in sa.inspect(op.get_bind()).get_columns("tables")}
        for column in added():
            if column.name not in columns:
                op.add_column("tables", column)
    if "reviews" not in present:
        op.create_table(
            "reviews",
            sa.Column("table_id", sa.String(40), primary_key=True),
            sa.Column("seat", sa.Integer, primary_key=True),
            sa.Column("actions", sa.Integer, nullable=False),
            sa.Column("data", sa.Text, nullable=False),
            sa.Column("created", sa.Float, nullable=False),
        )
    if "bots" not in present:
        op.create_table(
            "bots",
            sa.Column("name", sa.String(40), primary_key=True),
            sa.Column("token_hash", sa.String(64), nullable=False, unique=True),
            sa.Column("created", sa.Float, nullable=False),
        )


def downgrade() -> None:
    op.drop_table("bots")
    op.drop_table("reviews")
    op.drop_table("tables")
