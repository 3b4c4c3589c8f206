"""The Scat, Schnauz and Schmier experts at the budgets they had before the compiled core
(issue 31), to be seated in the arena against today's defaults.

    stammtisch arena scat --players expert,tools.old_budgets:ExpertAtOldBudget ...

Today's expert at the old budget plays at least as well as the old expert did: it plans
as many play-outs a second or more. So an arena between the two at equal shares shows
that the shorter default lost no strength.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from stammtisch.bots.base import Bot
from stammtisch.bots.registry import find_level

OLD_BUDGETS = {"scat": 1.0, "schnauz": 1.0, "schmier": 0.9}
"""Seconds per decision of each expert before issue 31."""


class ExpertAtOldBudget:
    """The game's expert at its old budget (the arena's ``--budget`` is ignored)."""

    name = "expert-old-budget"

    def __init__(self, game: str, seed: int) -> None:
        if game not in OLD_BUDGETS:
            raise ValueError(f"no old budget for {game} (known: {', '.join(OLD_BUDGETS)})")
        self.bot: Bot = find_level(game, "expert").make(game, seed, OLD_BUDGETS[game])

    def choose(self, view: Mapping[str, Any]) -> str:
        return self.bot.choose(view)
