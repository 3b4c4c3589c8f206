"""Accounts (issue 42): ``accounts``, their ``sessions``, and ``match_seats`` (which
account played which seat of which match), as server/accounttables.py describes them.

New tables only: nothing there before is changed. ``match_seats`` starts empty; the
seats of tables stored before are written by migration 0003.

Revision ID: 0002
Revises: 0001
Create Date: 2026-12-06
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0002"
down_revision = "0001"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "accounts",
        sa.Column("id", sa.Integer, primary_key=True, autoincrement=True),
        sa.Column("name", sa.Text, nullable=True),
        sa.Column("name_skeleton", sa.Text, nullable=True, unique=True),
        sa.Column("name_shape", sa.Text, nullable=True),
        sa.Column("name_shape_upper", sa.Text, nullable=True),
        sa.Column("password_hash", sa.Text, nullable=False),
        sa.Column("created", sa.Float, nullable=False),
        sa.Column("deleted", sa.Float, nullable=True),
    )
    op.create_index("ix_accounts_name_shape", "accounts", ["name_shape"])
    op.create_index("ix_accounts_name_shape_upper", "accounts", ["name_shape_upper"])
    op.create_table(
        "sessions",
        sa.Column("id_hash", sa.String(64), primary_key=True),
        sa.Column("account_id", sa.Integer, sa.ForeignKey("accounts.id"), nullable=False),
        sa.Column("created", sa.Float, nullable=False),
        sa.Column("expires", sa.Float, nullable=False),
        sa.Column("last_seen", sa.Float, nullable=False),
    )
    op.create_index("ix_sessions_account_id", "sessions", ["account_id"])
    op.create_index("ix_sessions_expires", "sessions", ["expires"])
    op.create_table(
        "match_seats",
        sa.Column("table_id", sa.String(40), primary_key=True),
        sa.Column("seat", sa.Integer, primary_key=True),
        sa.Column("account_id", sa.Integer, sa.ForeignKey("accounts.id"), nullable=True),
        sa.Column("name", sa.Text, nullable=True),
        sa.Column("kind", sa.String(16), nullable=False),
        sa.Column("token_hash", sa.String(64), nullable=True),
        sa.Column("created", sa.Float, nullable=False),
    )
    op.create_index("match_seats_by_account", "match_seats", ["account_id", "created"])
    op.create_index("match_seats_by_token", "match_seats", ["token_hash"])


def downgrade() -> None:
    op.drop_table("match_seats")
    op.drop_table("sessions")
    op.drop_table("accounts")
