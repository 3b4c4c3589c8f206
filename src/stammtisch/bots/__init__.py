"""Computer players. A bot sees a seat's view, never the full state."""

from stammtisch.bots.base import Analyst, Bot
from stammtisch.bots.random_bot import RandomBot

__all__ = ["Analyst", "Bot", "RandomBot"]
