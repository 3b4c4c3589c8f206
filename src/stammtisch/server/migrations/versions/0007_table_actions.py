"""The actions of a match in play, one row each, appended as they are played, so that
saving an action costs the same at action 20 and at action 5,000 (the record of a
table no longer being written whole after every action). A table's actions are those
of its record followed by its rows here; the record is written whole when the match
ends, and its rows go then. Tables from before keep their records as they are.

Revision ID: 0007
Revises: 0006
Create Date: 2026-12-06
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0007"
down_revision = "0006"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "table_actions",
        sa.Column("table_id", sa.String(40), primary_key=True),
        sa.Column("idx", sa.Integer, primary_key=True, autoincrement=False),
        sa.Column("action", sa.Text, nullable=False),
    )


def downgrade() -> None:
    op.drop_table("table_actions")
