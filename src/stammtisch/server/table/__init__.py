"""A live table: one match, its seats (people, computer players, open seats), the
sockets watching it, and the rules of the table around the match: nothing is played
until every seat is held, computer players move on their own at one pace (their
timing shows nothing of their cards), every action is stored at once, a person who
lost the connection keeps the seat for a grace period, undo only against computer
players and only until a card the player had not seen comes into sight.

The master (table/master.py) holds the match and tells its parts (table/part.py)
what happens: seating, takeback, players (with their pacing), helpers, rematch.
"""

from stammtisch.server.table.master import Rematch, Table
from stammtisch.server.table.pacing import BOT_ROUND, ThinkTimes
from stammtisch.server.table.part import OVER, PLAYING, WAITING, Client, Send, TableError
from stammtisch.server.table.players import BOT_TIME
from stammtisch.server.table.seating import FALLBACK, PRESENCE_DELAY

__all__ = ["BOT_ROUND", "BOT_TIME", "FALLBACK", "OVER", "PLAYING", "PRESENCE_DELAY",
           "WAITING", "Client", "Rematch", "Send", "Table", "TableError", "ThinkTimes"]
