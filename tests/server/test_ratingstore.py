"""Rated matches in the database: each rated once, the levels never moved, a seat that
left loses, the leaderboard shows established ratings only, best first."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

from stammtisch.ratings import Rating
from stammtisch.server.ratingstore import (
    history_of,
    rate_match,
    ratings_of,
    top,
)
from stammtisch.server.store import Store


@pytest.fixture
def store(tmp_path: Path) -> Iterator[Store]:
    opened = Store(f"sqlite:///{tmp_path / 'ratings.db'}")
    yield opened
    opened.dispose()


def test_a_match_is_rated_once(store: Store) -> None:
    changes = rate_match(store.engine, "t1", "schnapsen", ["account:1", "account:2"],
                         {"winner": 1})
    assert [round(c.after.value) for c in changes] == [1338, 1662]
    again = rate_match(store.engine, "t1", "schnapsen", ["account:1", "account:2"],
                       {"winner": 1})  # read back, not rated again
    assert [(c.before.value, c.after.value, c.after.display()) for c in again] == \
        [(c.before.value, c.after.value, c.after.display()) for c in changes]
    assert ratings_of(store.engine, "account:2")["schnapsen"].games == 1
    assert [h["change"] for h in history_of(store.engine, "account:2", "schnapsen")] == [162]


def test_ratings_carry_from_match_to_match(store: Store) -> None:
    rate_match(store.engine, "t1", "schnapsen", ["account:1", "account:2"], {"winner": 1})
    second = rate_match(store.engine, "t2", "schnapsen", ["account:2", "account:1"],
                        {"winner": 0})
    assert second[0].before.value > 1600 and second[0].after.value > second[0].before.value
    assert ratings_of(store.engine, "account:2")["schnapsen"].games == 2
    assert [h["table"] for h in history_of(store.engine, "account:2", "schnapsen")] == \
        ["t1", "t2"]


def test_a_seat_that_left_loses_a_two_seat_match(store: Store) -> None:
    changes = rate_match(store.engine, "t1", "schnapsen", ["account:1", "account:2"],
                         {"winner": 0}, forfeits=[0])
    assert changes[0].after.value < 1500 < changes[1].after.value


def test_a_seat_that_left_is_out_first_in_schnauz(store: Store) -> None:
    result = {"winner": 2, "eliminated_order": [0, 1], "lives": [0, 0, 2]}
    changes = rate_match(store.engine, "t1", "schnauz",
                         ["account:1", "account:2", "account:3"], result, forfeits=[2])
    after = [c.after.value for c in changes]
    assert after[2] == min(after) and after[1] == max(after)


def test_a_schmier_team_that_left_places_last(store: Store) -> None:
    result = {"teams": [[0, 3], [1, 4], [2, 5]], "winners": [0], "scores": [41, 20, 10]}
    subjects = [f"account:{n}" for n in range(6)]
    changes = rate_match(store.engine, "t1", "schmier", subjects, result, forfeits=[3])
    after = [c.after.value for c in changes]
    assert max(after[0], after[3]) < min(after[1], after[4], after[2], after[5])
    assert after[1] == max(after)


def test_the_leaderboard_shows_established_ratings_best_first(store: Store) -> None:
    for n in range(30):
        winner = 0 if n % 3 else 1
        rate_match(store.engine, f"t{n}", "schnapsen", ["account:1", "bot:strong"],
                   {"winner": winner})
    rate_match(store.engine, "new", "schnapsen", ["account:7", "account:8"], {"winner": 0})
    accounts = top(store.engine, "schnapsen", kind="account", since=0)
    assert [subject for subject, _ in accounts] == ["account:1"]
    assert not accounts[0][1].provisional
    assert [s for s, _ in top(store.engine, "schnapsen", kind="bot", since=0)] == ["bot:strong"]
    assert top(store.engine, "schnapsen", kind="account", since=2**40) == []
    assert isinstance(accounts[0][1], Rating)
