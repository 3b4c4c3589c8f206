"""Swiss tournaments (server/tournaments/): the tournaments, their players, and each
round's tables with each seat's points.

Revision ID: 0006
Revises: 0005
Create Date: 2026-12-06
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0006"
down_revision = "0005"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "tournaments",
        sa.Column("id", sa.String(40), primary_key=True),
        sa.Column("name", sa.String(80), nullable=False),
        sa.Column("game", sa.String(32), nullable=False),
        sa.Column("rules", sa.String(32), nullable=False),
        sa.Column("table_size", sa.Integer, nullable=False),
        sa.Column("rounds", sa.Integer, nullable=False),
        sa.Column("clock", sa.Integer, nullable=False),
        sa.Column("computers", sa.Boolean, nullable=False),
        sa.Column("starts", sa.Float, nullable=False),
        sa.Column("creator_id", sa.Integer, nullable=True),
        sa.Column("creator_name", sa.String(64), nullable=False),
        sa.Column("created", sa.Float, nullable=False),
        sa.Column("state", sa.String(16), nullable=False),
        sa.Column("round", sa.Integer, nullable=False),
        sa.Column("seat_key", sa.String(64), nullable=False),
        sa.Column("owner", sa.String(64), nullable=True),
        sa.Column("lease_until", sa.Float, nullable=True),
    )
    op.create_index("tournaments_by_state", "tournaments", ["state", "starts"])
    op.create_table(
        "tournament_players",
        sa.Column("tournament_id", sa.String(40),
                  sa.ForeignKey("tournaments.id", ondelete="CASCADE"), primary_key=True),
        sa.Column("player", sa.String(80), primary_key=True),
        sa.Column("kind", sa.String(16), nullable=False),
        sa.Column("account_id", sa.Integer, nullable=True),
        sa.Column("name", sa.String(64), nullable=False),
        sa.Column("level", sa.String(32), nullable=True),
        sa.Column("joined", sa.Float, nullable=False),
    )
    op.create_index("tournament_players_by_account", "tournament_players", ["account_id"])
    op.create_table(
        "tournament_tables",
        sa.Column("tournament_id", sa.String(40),
                  sa.ForeignKey("tournaments.id", ondelete="CASCADE"), primary_key=True),
        sa.Column("round", sa.Integer, primary_key=True),
        sa.Column("board", sa.Integer, primary_key=True),
        sa.Column("table_id", sa.String(40), nullable=True),
        sa.Column("players", sa.Text, nullable=False),
        sa.Column("points", sa.Text, nullable=True),
    )
    op.create_index("tournament_tables_by_table", "tournament_tables", ["table_id"])


def downgrade() -> None:
    op.drop_table("tournament_tables")
    op.drop_table("tournament_players")
    op.drop_table("tournaments")
