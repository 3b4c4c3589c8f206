"""What every game shares: the match contract, options, records, randomness."""

from stammtisch.core.action import Action
from stammtisch.core.game import Event, GameInfo, GameState
from stammtisch.core.match import Match

__all__ = ["Action", "Event", "GameInfo", "GameState", "Match"]
