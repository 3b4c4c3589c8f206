"""The rating as shown and stored: "1500?", "1623", "1623 BOT", rows in and out."""

from __future__ import annotations

import math

import pytest

from stammtisch.ratings.rating import (
    PROVISIONAL_DEVIATION,
    PROVISIONAL_GAMES,
    Rating,
    RatingError,
)


def test_a_new_rating_is_provisional_at_1500() -> None:
    assert Rating().display() == "1500?"
    assert Rating().display(program=True) == "1500? BOT"


def test_a_small_deviation_ends_the_provisional_mark() -> None:
    assert Rating(1623.4, PROVISIONAL_DEVIATION - 0.5, 0.06, 12).display() == "1623"
    assert Rating(1623.4, PROVISIONAL_DEVIATION, 0.06, 12).display() == "1623?"
    assert Rating(1623.5, 60, 0.06, 12).display(program=True) == "1624 BOT"


def test_enough_matches_end_it_too() -> None:
    wide = Rating(1580, 240, 0.06, PROVISIONAL_GAMES - 1)
    assert wide.provisional
    assert not Rating(1580, 240, 0.06, PROVISIONAL_GAMES).provisional


def test_the_spread_is_two_deviations() -> None:
    rating = Rating(1623.4, 61.8, 0.06, 40)
    assert rating.display(spread=True) == "1623 ±124"
    assert rating.interval == pytest.approx((1499.8, 1747.0))


def test_a_row_round_trips() -> None:
    rating = Rating(1712.25, 88.5, 0.0601, 33)
    row = rating.to_row()
    assert set(row) == {"value", "deviation", "volatility", "games"}
    assert Rating.from_row(row) == rating


@pytest.mark.parametrize(("row", "named"), [
    ({"value": 1500, "deviation": 80, "volatility": 0.06}, "games"),
    ({"value": "1500", "deviation": 80, "volatility": 0.06, "games": 1}, "value"),
    ({"value": math.nan, "deviation": 80, "volatility": 0.06, "games": 1}, "value"),
    ({"value": 1500, "deviation": 0, "volatility": 0.06, "games": 1}, "deviation"),
    ({"value": 1500, "deviation": 80, "volatility": -1, "games": 1}, "volatility"),
    ({"value": 1500, "deviation": 80, "volatility": 0.06, "games": True}, "games"),
    ({"value": 1500, "deviation": 80, "volatility": 0.06, "games": -2}, "games"),
])
def test_a_bad_row_names_its_field(row: dict[str, object], named: str) -> None:
    with pytest.raises(RatingError, match=named):
        Rating.from_row(row)
