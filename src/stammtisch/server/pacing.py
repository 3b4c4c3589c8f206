"""How long a computer player's forced move is held back: :class:`ThinkTimes` lives
with the rest of the computer players' pace in server/table/pacing.py."""

from stammtisch.server.table.pacing import KEPT, ThinkTimes

__all__ = ["KEPT", "ThinkTimes"]
