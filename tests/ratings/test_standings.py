"""Places from the engines' results: winner first, the last out next, seats out in one
deal tied, Schmier's teams by the match result; and bad results refused in one line."""

from __future__ import annotations

from typing import Any

import pytest

import stammtisch
from stammtisch.bots.custom import make_player
from stammtisch.ratings.rating import RatingError
from stammtisch.ratings.standings import standings


def _played(game: str, seed: int, **options: Any) -> tuple[dict[str, Any], list[Any]]:
    match = stammtisch.new_match(game, seed=seed, **options)
    bots = [make_player(game, "beginner", seed, seat) for seat in range(match.num_players)]
    while (seat := match.to_act) is not None:
        match.play(bots[seat].choose(match.view(seat)))
    assert match.result is not None
    return dict(match.result), match.events


def test_schnapsen_winner_first() -> None:
    assert standings("schnapsen", {"winner": 1, "game_points": [3, 7]}).places == (1, 0)
    assert standings("schnapsen", {"winner": 0}).units == ((0,), (1,))


def test_the_last_out_is_second_and_the_first_out_last() -> None:
    result = {"winner": 2, "lives": [0, 0, 1, 0], "eliminated_order": [1, 3, 0]}
    assert standings("schnauz", result).places == (1, 3, 0, 2)


def _events(*deals: list[int]) -> list[dict[str, Any]]:
    """Events of deals in which the listed seats went out."""
    events: list[dict[str, Any]] = []
    for number, out in enumerate(deals):
        events.append({"type": "deal", "deal": number})
        events += [{"type": "life", "seat": seat, "lives": 0, "eliminated": True}
                   for seat in out]
    return events


def test_seats_out_in_one_deal_tie() -> None:
    result = {"winner": 4, "lives": [0, 0, 0, 0, 2], "eliminated_order": [2, 0, 3, 1]}
    events = _events([], [2], [], [0, 3], [1])
    assert standings("scat", result, events).places == (2, 1, 3, 2, 0)
    assert standings("scat", result).places == (3, 1, 4, 2, 0)


def test_a_real_scat_match_whose_two_seats_went_out_in_one_deal() -> None:
    result, events = _played("scat", 0, num_players=4)
    assert result["eliminated_order"] == [3, 0, 2]  # seats 0 and 2 in the same deal
    assert standings("scat", result, events).places == (1, 0, 1, 2)


@pytest.mark.parametrize(("game", "options"), [
    ("schnapsen", {}), ("schnauz", {"num_players": 5}), ("scat", {"num_players": 3}),
    ("schmier", {}), ("schmier", {"partnerships": "2x3"})])
def test_every_engine_result_reads(game: str, options: dict[str, Any]) -> None:
    result, events = _played(game, 11, **options)
    found = standings(game, result, events)
    assert found.num_seats == stammtisch.new_match(game, seed=0, **options).num_players
    assert min(found.places) == 0
    winners = {seat for unit, place in zip(found.units, found.places, strict=True)
               if place == 0 for seat in unit}
    if game == "schmier":
        assert winners == set(result["winning_seats"])
    else:
        assert winners == {result["winner"]}


def test_schmier_teams_by_match_result() -> None:
    teams = [[0, 3], [1, 4], [2, 5]]
    found = standings("schmier", {"winners": [1], "scores": [5, 11, 7], "teams": teams})
    assert found.units == ((0, 3), (1, 4), (2, 5))
    assert found.places == (2, 0, 1)


def test_schmier_a_bidders_win_on_a_tied_score_and_a_joint_win() -> None:
    teams = [[0, 3], [1, 4], [2, 5]]
    bidder = standings("schmier", {"winners": [0], "scores": [11, 11, 4], "teams": teams})
    assert bidder.places == (0, 1, 2)
    joint = standings("schmier", {"winners": [0, 2], "scores": [11, -3, 11], "teams": teams})
    assert joint.places == (0, 1, 0)


@pytest.mark.parametrize(("game", "result", "events", "message"), [
    ("skat", {"winner": 0}, None, "no rating for the game 'skat'"),
    ("schnapsen", {"winner": 2}, None, "winner is a seat from 0 to 1"),
    ("schnapsen", ["winner", 0], None, "is a mapping"),
    ("scat", {"winner": 0, "lives": [1, 0, 0], "eliminated_order": [1]}, None,
     "each of the 3 seats once"),
    ("scat", {"winner": 0, "lives": [1, 0, 0], "eliminated_order": [1, 1]}, None,
     "each of the 3 seats once"),
    ("scat", {"winner": 0, "lives": [1, 0, 0], "eliminated_order": [1, 2]},
     _events([1]), "the events put out seats"),
    ("schnauz", {"winner": 0, "lives": 3, "eliminated_order": []}, None, "lives is a list"),
    ("schmier", {"winners": [0], "scores": [1, 2, 3], "teams": [[0, 3], [1, 4], [2, 2]]},
     None, "do not name each seat once"),
    ("schmier", {"winners": [], "scores": [1, 2, 3], "teams": [[0, 3], [1, 4], [2, 5]]},
     None, "winners is a list of teams"),
    ("schmier", {"winners": [0], "scores": [1, 2], "teams": [[0, 3], [1, 4], [2, 5]]},
     None, "scores is a whole number per team"),
])
def test_a_bad_result_is_one_clear_error(game: str, result: Any, events: Any,
                                         message: str) -> None:
    with pytest.raises(RatingError, match=message):
        standings(game, result, events)
