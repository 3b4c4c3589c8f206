"""A match of a game the type checker knows gives that game's view and result types
(``assert_type``, checked by mypy in ``make lint``), whether built from the game's
``GAME`` or by ``stammtisch.new_match`` with the game's name, and at run time they are
what the game's TypedDicts say: every key of a finished match's result, and no other."""

from __future__ import annotations

import random
from typing import Any, assert_type

import pytest

import stammtisch
from stammtisch.bots.base import Bot
from stammtisch.bots.random_bot import RandomBot
from stammtisch.core.match import Match
from stammtisch.games import scat, schmier, schnapsen, schnauz
from stammtisch.games.scat_types import ScatResult, ScatView
from stammtisch.games.schmier_types import SchmierResult, SchmierView
from stammtisch.games.schnapsen_types import SchnapsenResult, SchnapsenView
from stammtisch.games.schnauz_types import SchnauzResult, SchnauzView


def played_out(match: Match[Any, Any], seed: int) -> Match[Any, Any]:
    """``match`` played to its end by seats choosing at random."""
    rng = random.Random(seed)
    while match.to_act is not None:
        match.play(rng.choice(match.legal_actions()))
    return match


def keys(typed: Any) -> set[str]:
    return set(typed.__required_keys__ | typed.__optional_keys__)


def test_each_games_match_is_typed_with_its_view_and_result() -> None:
    schnauz_match = Match(schnauz.GAME, seed=1, options={"num_players": 3})
    assert_type(schnauz_match.view(0), SchnauzView)
    assert_type(schnauz_match.result, SchnauzResult | None)
    scat_match = Match(scat.GAME, seed=1, options={"num_players": 3})
    assert_type(scat_match.view(0), ScatView)
    assert_type(scat_match.result, ScatResult | None)
    schnapsen_match = Match(schnapsen.GAME, seed=1, options={})
    assert_type(schnapsen_match.view(0), SchnapsenView)
    assert_type(schnapsen_match.result, SchnapsenResult | None)
    schmier_match = Match(schmier.GAME, seed=1, options={"target_score": 3})
    assert_type(schmier_match.view(0), SchmierView)
    assert_type(schmier_match.result, SchmierResult | None)
    for match, view in ((schnauz_match, SchnauzView), (scat_match, ScatView),
                        (schnapsen_match, SchnapsenView), (schmier_match, SchmierView)):
        assert set(match.view(0)) <= keys(view)  # each key (tests/games/test_contract.py)


def test_new_match_by_a_games_name_gives_that_games_view_and_result() -> None:
    schnauz_match = stammtisch.new_match("schnauz", seed=1, num_players=3)
    assert_type(schnauz_match, Match[SchnauzView, SchnauzResult])
    scat_match = stammtisch.new_match("scat", seed=1, num_players=3)
    assert_type(scat_match, Match[ScatView, ScatResult])
    schnapsen_match = stammtisch.new_match("schnapsen", seed=1)
    assert_type(schnapsen_match, Match[SchnapsenView, SchnapsenResult])
    schmier_match = stammtisch.new_match("schmier", seed=1)
    assert_type(schmier_match, Match[SchmierView, SchmierResult])
    named = "Schnapsen"  # any other text: a match of a game the checker does not know
    assert_type(stammtisch.new_match(named, seed=1), Match[Any, Any])
    assert_type(stammtisch.replay(schnapsen_match.record()), Match[Any, Any])
    for match, view in ((schnauz_match, SchnauzView), (scat_match, ScatView),
                        (schnapsen_match, SchnapsenView), (schmier_match, SchmierView)):
        assert match.view(0)["game"] == match.game
        assert set(match.view(0)) <= keys(view)


def test_typed_matches_and_views_fit_where_any_games_are_taken() -> None:
    """A bare ``Match`` is any game's, and ``Bot.choose`` reads any game's view."""
    bot: Bot = RandomBot(1)
    for match in (stammtisch.new_match("schnapsen", seed=2),
                  stammtisch.new_match("schmier", seed=2)):
        any_games: Match = match
        seat = any_games.to_act
        assert seat is not None
        assert bot.choose(match.view(seat)) in match.view(seat)["legal_actions"]


@pytest.mark.parametrize(("game", "options", "result"), [
    (schnauz.GAME, {"num_players": 3}, SchnauzResult),
    (scat.GAME, {"num_players": 3}, ScatResult),
    (schnapsen.GAME, {}, SchnapsenResult),
    (schmier.GAME, {"target_score": 3}, SchmierResult),
], ids=lambda value: getattr(value, "name", None))
def test_a_finished_match_gives_every_key_of_its_result_type_and_no_other(
        game: Any, options: dict[str, Any], result: Any) -> None:
    match = played_out(Match(game, seed=5, options=options), seed=5)
    assert match.result is not None
    assert set(match.result) == keys(result)
