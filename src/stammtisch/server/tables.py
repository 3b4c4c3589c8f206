"""Live tables: the names of the table package (server/table/), where they have always
been imported from."""

from stammtisch.server.table import (
    BOT_ROUND,
    BOT_TIME,
    FALLBACK,
    OVER,
    PLAYING,
    PRESENCE_DELAY,
    WAITING,
    Client,
    Rematch,
    Send,
    Table,
    TableError,
)
from stammtisch.server.table.pacing import ACTIONS_PER_TURN, LEAST_STEP, THINK_SHARE
from stammtisch.server.table.players import RETRY_FIRST, RETRY_MAX
from stammtisch.server.table.takeback import EARLIER_DEALS, this_deal

__all__ = ["ACTIONS_PER_TURN", "BOT_ROUND", "BOT_TIME", "EARLIER_DEALS", "FALLBACK",
           "LEAST_STEP", "OVER", "PLAYING", "PRESENCE_DELAY", "RETRY_FIRST", "RETRY_MAX",
           "THINK_SHARE", "WAITING", "Client", "Rematch", "Send", "Table", "TableError",
           "this_deal"]
