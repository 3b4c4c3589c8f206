"""Who cancelled a tournament: its creator's name when they did, NULL when it was
cancelled at its start because too few had joined (and for every cancelled tournament
from before), so that the page can say which.

Revision ID: 0008
Revises: 0007
Create Date: 2026-12-06
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0008"
down_revision = "0007"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.add_column("tournaments", sa.Column("cancelled_by", sa.String(64), nullable=True))


def downgrade() -> None:
    with op.batch_alter_table("tournaments") as table:
        table.drop_column("cancelled_by")
