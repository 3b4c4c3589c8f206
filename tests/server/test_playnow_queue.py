"""The pairing rules of Play now (server/playnow/queue.py), with no server."""

from __future__ import annotations

from stammtisch.server.playnow.queue import (
    BASE_REACH,
    FOUND_SECONDS,
    WIDENING,
    Entry,
    Group,
    fill_time,
    nearest_levels,
    pair,
)

LEVELS = {"random": 1000.0, "beginner": 1400.0, "club": 1800.0, "expert": 1900.0}


def entry(person: str, rating: float, since: float = 0.0, wait: float = 20.0) -> Entry:
    return Entry(person, person.title(), rating, since, wait)


def people(groups: list[Group]) -> list[set[str]]:
    return [{e.person for e in group.people} for group in groups]


def test_two_people_near_in_rating_are_paired_at_once() -> None:
    groups, found = pair([entry("ann", 1500), entry("bob", 1550)], 2, 0.0, LEVELS)
    assert people(groups) == [{"ann", "bob"}]
    assert groups[0].levels == ()
    assert found == {}


def test_the_nearest_rating_is_picked_first() -> None:
    waiting = [entry("ann", 1500), entry("far", 1590), entry("near", 1520)]
    groups, found = pair(waiting, 2, 0.0, LEVELS)
    assert people(groups) == [{"ann", "near"}]
    assert found == {"far": []}


def test_the_reach_widens_with_the_wait() -> None:
    gap = BASE_REACH + 3 * WIDENING  # reachable once both waited three seconds
    waiting = [entry("ann", 1500), entry("bob", 1500 + gap)]
    assert pair(waiting, 2, 2.0, LEVELS)[0] == []
    assert people(pair(waiting, 2, 3.0, LEVELS)[0]) == [{"ann", "bob"}]


def test_the_reach_of_both_counts_so_a_newcomer_is_not_taken_by_a_far_old_entry() -> None:
    gap = BASE_REACH + WIDENING
    waiting = [entry("old", 1500, since=0.0), entry("new", 1500 + gap, since=9.0)]
    assert pair(waiting, 2, 9.0, LEVELS)[0] == []
    assert people(pair(waiting, 2, 10.0, LEVELS)[0]) == [{"old", "new"}]


def test_alone_after_the_wait_the_seats_fill_with_the_nearest_level() -> None:
    ann = entry("ann", 1780, wait=20.0)
    assert fill_time(ann) == 20.0 - FOUND_SECONDS
    before, found = pair([ann], 2, fill_time(ann) - 0.1, LEVELS)
    assert before == [] and found == {"ann": []}
    groups, _ = pair([ann], 2, fill_time(ann), LEVELS)
    assert people(groups) == [{"ann"}]
    assert groups[0].levels == ("club",)


def test_a_multi_player_table_takes_the_people_found_and_levels_for_the_rest() -> None:
    waiting = [entry("ann", 1500, 0.0), entry("bob", 1520, 1.0), entry("cat", 1480, 2.0)]
    groups, found = pair(waiting, 4, 5.0, LEVELS)
    assert groups == []
    assert sorted(found["ann"]) == ["Bob", "Cat"]
    groups, _ = pair(waiting, 4, fill_time(waiting[0]), LEVELS)
    assert people(groups) == [{"ann", "bob", "cat"}]
    assert groups[0].levels == ("beginner",)


def test_a_full_multi_player_table_forms_before_anyone_s_wait_ends() -> None:
    waiting = [entry(name, 1500 + i) for i, name in enumerate("abcdef")]
    groups, found = pair(waiting, 4, 0.0, LEVELS)
    assert len(groups) == 1 and len(groups[0].people) == 4
    assert len(found) == 2


def test_nobody_is_put_into_two_groups() -> None:
    waiting = [entry(f"p{i}", 1000 + 37 * i, since=i % 5, wait=5 + i % 30)
               for i in range(200)]
    for now in (0.0, 10.0, 40.0):
        groups, found = pair(waiting, 4, now, LEVELS)
        seated = [e.person for g in groups for e in g.people]
        assert len(seated) == len(set(seated))
        assert not set(seated) & set(found)
        assert all(len(g.people) + len(g.levels) == 4 for g in groups)


def test_each_member_is_within_the_reach_of_every_other() -> None:
    waiting = [entry("ann", 1500), entry("low", 1400), entry("high", 1600)]
    groups, found = pair(waiting, 3, 0.0, LEVELS)
    assert groups == []  # low and high are 200 apart: not at one table yet
    assert found["ann"] in (["Low"], ["High"])


def test_levels_are_those_nearest_the_people_s_mean() -> None:
    assert nearest_levels(LEVELS, [1000, 1800], 2) == ("beginner", "beginner")
    assert nearest_levels(LEVELS, [2500], 1) == ("expert",)
    assert nearest_levels(LEVELS, [1500], 0) == ()
