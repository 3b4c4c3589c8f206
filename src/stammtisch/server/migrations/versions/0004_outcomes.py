"""Each match seat's outcome (``win``, ``loss``, ``draw``), written when its match ends,
so that My matches filters by result and a profile counts wins in the database; the
outcomes of the matches finished before are written here. A program's seats by its
name (a program's profile lists its matches). And the rated matches a
rating had after each match (``rating_history.games``), so that a table shows how its
match moved each rating however often it is opened again.

Revision ID: 0004
Revises: 0003
Create Date: 2026-12-06
"""

from __future__ import annotations

import json

import sqlalchemy as sa
from alembic import op

from stammtisch.server.matchseats import outcomes

revision = "0004"
down_revision = "0003"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.add_column("match_seats", sa.Column("outcome", sa.String(8), nullable=True))
    op.add_column("rating_history", sa.Column("games", sa.Integer, nullable=True))
    op.create_index("match_seats_by_name", "match_seats", ["kind", "name", "created"])
    db = op.get_bind()
    finished = db.execute(sa.text(
        "SELECT id, game, result FROM tables WHERE finished AND result IS NOT NULL")).all()
    write = sa.text("UPDATE match_seats SET outcome = :outcome "
                    "WHERE table_id = :table_id AND seat = :seat")
    for table_id, game, stored in finished:
        try:
            result = json.loads(stored)
        except ValueError:
            continue  # a broken row stays as it was; the server reports it when read
        by_seat = outcomes(game, result) if isinstance(result, dict) else None
        if by_seat:
            db.execute(write, [{"outcome": outcome, "table_id": table_id, "seat": seat}
                               for seat, outcome in enumerate(by_seat)])


def downgrade() -> None:
    op.drop_index("match_seats_by_name", "match_seats")
    with op.batch_alter_table("match_seats") as table:
        table.drop_column("outcome")
    with op.batch_alter_table("rating_history") as table:
        table.drop_column("games")
