"""The expert's exact solver of a deal with every card known: the game's own, in
games/schnapsen_solver.py (below the compiled core that mirrors it), under the name
the expert's callers know."""

from stammtisch.games.schnapsen_solver import Search, action_values, deal_value

__all__ = ["Search", "action_values", "deal_value"]
