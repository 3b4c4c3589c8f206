"""A table's settings chosen at creation beyond the old columns (its turn clock, whether
watchers see table talk), as one JSON object, and its running turn clock (whose
decision, its deadline in wall-clock seconds, each seat's reserve and timeouts in a
row), so that a restart or a takeover by another process keeps the deadline.

Revision ID: 0005
Revises: 0004
Create Date: 2026-12-06
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0005"
down_revision = "0004"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.add_column("tables", sa.Column("settings", sa.Text, nullable=True))
    op.add_column("tables", sa.Column("turn_clock", sa.Text, nullable=True))


def downgrade() -> None:
    with op.batch_alter_table("tables") as table:
        table.drop_column("settings")
        table.drop_column("turn_clock")
