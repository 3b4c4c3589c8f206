"""The shipped levels.json: every level a table offers has a rating, read by
level_rating, and the random player is the weakest of each game."""

from __future__ import annotations

import pytest

from stammtisch.ratings.calibrate import shown_levels
from stammtisch.ratings.levels import calibration, level_rating
from stammtisch.ratings.rating import Rating, RatingError
from stammtisch.ratings.standings import STANDINGS


@pytest.mark.parametrize("game", sorted(STANDINGS))
def test_every_offered_level_is_calibrated(game: str) -> None:
    ratings = {level: level_rating(game, level) for level in shown_levels(game)}
    assert all(isinstance(rating, Rating) and rating.games > 0
               for rating in ratings.values())
    assert min(ratings, key=lambda level: ratings[level].value) == "random"
    assert ratings["expert"].value > ratings["random"].value + 200


def test_the_file_says_how_it_was_made() -> None:
    settings = calibration()["settings"]
    assert settings["matches_per_game"] >= 1 and "seed" in settings


@pytest.mark.parametrize(("game", "level", "message"), [
    ("skat", "expert", "no calibrated levels for the game 'skat'"),
    ("schnapsen", "grandmaster", "no calibrated rating for the level 'grandmaster'"),
])
def test_an_unknown_game_or_level_is_one_clear_error(game: str, level: str,
                                                     message: str) -> None:
    with pytest.raises(RatingError, match=message):
        level_rating(game, level)
