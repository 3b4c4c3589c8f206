"""The rule-based levels of the two thirty-one games share one shell (issue 41):
bots/thirty_one.py's ``RuleLevel`` reads the view, knocks once the level's patience
for the deal runs out, else plays the level's rule, refused when illegal."""

from __future__ import annotations

from typing import Any

import pytest

import stammtisch
from stammtisch.bots.scat import players as scat
from stammtisch.bots.schnauz import players as schnauz
from stammtisch.bots.thirty_one import RuleLevel

LEVELS = [scat.BeginnerBot, scat.ClubBot, schnauz.BeginnerBot, schnauz.ClubBot]


@pytest.mark.parametrize("level", LEVELS, ids=lambda level: f"{level.__module__}.{level.__name__}")
def test_each_level_is_only_its_rule(level: type) -> None:
    assert issubclass(level, RuleLevel)
    assert set(vars(level)) - {"__module__", "__doc__", "__qualname__", "__parameters__",
                               "__orig_bases__", "__firstlineno__",
                               "__static_attributes__"} == {"name", "shell", "move"}


def _knock_legal(game: str) -> dict[str, Any]:
    """A seat's view with a knock among its legal actions."""
    match = stammtisch.new_match(game, seed=3, num_players=3)
    for _ in range(50):
        view: dict[str, Any] = match.view(match.to_act)
        if "knock" in view["legal_actions"]:
            return view
        match.play(view["legal_actions"][-1])
    raise AssertionError("no knock within 50 actions")


def _names(level: RuleLevel[Any, Any], action: int) -> bool:
    """Whether ``action`` is one of the game's action ids."""
    try:
        level.shell.text(action)
    except ValueError:
        return False
    return True


@pytest.mark.parametrize("game, level", [("scat", scat.ClubBot), ("schnauz", schnauz.ClubBot)])
def test_an_illegal_rule_move_is_refused(game: str, level: type) -> None:
    class Wrong(level):  # type: ignore[misc]
        def move(self, view: object, seen: Any) -> int:
            return next(a for a in range(1000) if a not in seen.legal and _names(self, a))

    with pytest.raises(ValueError, match="not legal here"):
        Wrong(0).choose(_knock_legal(game))


@pytest.mark.parametrize("game, level", [("scat", scat.BeginnerBot),
                                         ("schnauz", schnauz.BeginnerBot)])
def test_a_tired_level_knocks(game: str, level: type) -> None:
    view = _knock_legal(game)
    stay = next(a for a in view["legal_actions"] if a != "knock")

    class Stays(level):  # type: ignore[misc]
        def move(self, view: Any, seen: Any) -> int:
            return int(self.shell.read(view).legal[view["legal_actions"].index(stay)])

    bot = Stays(0)
    patience = bot.shell.patience
    assert [bot.choose(view) for _ in range(patience + 1)] == [stay] * patience + ["knock"]
