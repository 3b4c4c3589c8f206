"""tools/old_budgets.py seats each expert at its budget from before issue 31."""

from __future__ import annotations

from typing import Any

import pytest

import stammtisch
from stammtisch.bots.custom import SeatedBot, make_player
from tools.old_budgets import OLD_BUDGETS, ExpertAtOldBudget


@pytest.mark.parametrize("game", sorted(OLD_BUDGETS))
def test_the_arena_seats_the_expert_at_its_old_budget(game: str) -> None:
    seated = make_player(game, "tools.old_budgets:ExpertAtOldBudget", 5, 0, budget=0.01)
    assert isinstance(seated, SeatedBot) and isinstance(seated.bot, ExpertAtOldBudget)
    assert getattr(seated.bot.bot, "budget", None) == OLD_BUDGETS[game]
    players: dict[str, Any] = {} if game == "schmier" else {"num_players": 2}
    match = stammtisch.new_match(game, seed=5, **players)
    seat = match.to_act
    assert seat is not None
    assert seated.choose(match.view(seat)) in match.view(seat)["legal_actions"]


def test_a_game_without_an_old_budget_is_refused() -> None:
    with pytest.raises(ValueError, match="no old budget for schnapsen"):
        ExpertAtOldBudget("schnapsen", 1)
