"""The Swiss pairing rules (server/tournaments/swiss.py), directly: round 1 seeded by
rating (top half against bottom half in pairs, one of each band at a larger table, byes
to the lowest seeds), then equal scores together, no repeats while a round without them
exists, byes to the lowest-placed player without one, groups of the table size in the
multi-player games, and the standings' points and tie-breaks."""

from __future__ import annotations

from itertools import combinations

import pytest

from stammtisch.server.tournaments.swiss import (
    Game,
    Pairing,
    Round,
    first_round,
    pair,
    seat_points,
    seeding,
    standings,
    table_sizes,
)

EIGHT = [f"p{n}" for n in range(8)]


def two(a: str, b: str, winner: str | None) -> Game:
    if winner is None:
        return Game((a, b), (0.5, 0.5))
    return Game((a, b), (1.0, 0.0) if winner == a else (0.0, 1.0))


def ranking(entrants: list[str], rounds: list[Round]) -> list[str]:
    return [one.key for one in standings(entrants, rounds)]


def result_of(pairing: Pairing) -> Round:
    """Seat 0 wins every table (the better-placed player: a predictable round)."""
    games = []
    for table in pairing.tables:
        games.append(Game(table, tuple(1.0 if seat == 0 else 0.0
                                       for seat in range(len(table)))))
    return Round(tuple(games), pairing.byes)


def play(entrants: list[str], count: int, size: int = 2,
         smallest: int | None = None) -> list[Round]:
    rounds: list[Round] = []
    for _ in range(count):
        rounds.append(result_of(pair(ranking(entrants, rounds), rounds, size, smallest)))
    return rounds


def pairs_of(rounds: list[Round]) -> list[frozenset[str]]:
    return [frozenset(two) for one in rounds for game in one.games
            for two in combinations(game.players, 2)]


def test_without_rounds_pair_seats_neighbours_of_the_ranking() -> None:
    assert pair(EIGHT, [], 2).tables == (("p0", "p1"), ("p2", "p3"), ("p4", "p5"),
                                         ("p6", "p7"))


def test_seeding_is_by_rating_ties_in_the_order_of_joining() -> None:
    joined = ["ann", "bob", "cy", "dee", "eve"]
    ratings = {"ann": 1500.0, "bob": 1811.2, "cy": 1500.0, "dee": 2101.0, "eve": 1499.9}
    assert seeding(joined, ratings) == ["dee", "bob", "ann", "cy", "eve"]
    assert seeding(joined, dict.fromkeys(joined, 1500.0)) == joined


def test_round_one_in_pairs_is_top_half_against_bottom_half() -> None:
    seeds = [f"s{n}" for n in range(1, 9)]
    first = first_round(seeds, 2)
    assert first.tables == (("s1", "s5"), ("s2", "s6"), ("s3", "s7"), ("s4", "s8"))
    assert first.byes == ()


def test_round_one_bye_to_the_lowest_seed_when_odd() -> None:
    seeds = [f"s{n}" for n in range(1, 8)]
    first = first_round(seeds, 2)
    assert first.byes == ("s7",)
    assert first.tables == (("s1", "s4"), ("s2", "s5"), ("s3", "s6"))


@pytest.mark.parametrize(("players", "size", "smallest", "expected"), [
    # sixteen at tables of four: one of each band of four at each table
    (16, 4, 3, ((1, 5, 9, 13), (2, 6, 10, 14), (3, 7, 11, 15), (4, 8, 12, 16))),
    # eleven: two tables of four, one of three (the last band has two)
    (11, 4, 3, ((1, 4, 7, 10), (2, 5, 8, 11), (3, 6, 9))),
    # ten: one table of four, two of three
    (10, 4, 3, ((1, 4, 7, 10), (2, 5, 8), (3, 6, 9))),
    # Schmier: twelve at two tables of six
    (12, 6, 6, ((1, 3, 5, 7, 9, 11), (2, 4, 6, 8, 10, 12))),
])
def test_round_one_groups_mix_strong_and_weak(players: int, size: int, smallest: int,
                                              expected: tuple[tuple[int, ...], ...]) -> None:
    seeds = [f"s{n}" for n in range(1, players + 1)]
    first = first_round(seeds, size, smallest)
    assert first.tables == tuple(tuple(f"s{n}" for n in table) for table in expected)
    assert first.byes == ()


def test_round_one_groups_leave_the_lowest_seeds_out() -> None:
    seeds = [f"s{n}" for n in range(1, 9)]  # Schmier: six at a table, never fewer
    first = first_round(seeds, 6, 6)
    assert first.tables == (("s1", "s2", "s3", "s4", "s5", "s6"),)
    assert first.byes == ("s7", "s8")
    assert first_round(seeds[:2], 4, 3) == Pairing((), ("s1", "s2"))


def test_equal_scores_meet() -> None:
    rounds = play(EIGHT, 1)
    second = pair(ranking(EIGHT, rounds), rounds, 2)
    points = {one.key: one.points for one in standings(EIGHT, rounds)}
    for table in second.tables:
        assert points[table[0]] == points[table[1]], table


def test_no_repeats_while_a_round_without_them_exists() -> None:
    rounds = play(EIGHT, 7)  # a round robin's worth: possible without repeats
    pairs = pairs_of(rounds)
    assert len(pairs) == len(set(pairs)) == 28


def test_a_repeat_only_when_none_can_be_avoided() -> None:
    four = EIGHT[:4]
    rounds = play(four, 3)
    assert len(set(pairs_of(rounds))) == 6
    fourth = pair(ranking(four, rounds), rounds, 2)
    assert len(fourth.tables) == 2 and not fourth.byes  # everyone still plays


def test_the_search_backtracks_to_avoid_a_repeat() -> None:
    # p0-p1 and p2-p3 met; p0-p2 met: a greedy p0-p3 then p1-p2 is fine, but p1-p3
    # met too, so only p0-p3, p1-p2 avoids every repeat.
    rounds = [Round((two("p0", "p1", "p0"), two("p2", "p3", "p2"))),
              Round((two("p0", "p2", None), two("p1", "p3", None)))]
    got = pair(["p0", "p1", "p2", "p3"], rounds, 2)
    assert set(map(frozenset, got.tables)) == {frozenset(("p0", "p3")),
                                               frozenset(("p1", "p2"))}


def test_byes_go_to_the_lowest_placed_without_one() -> None:
    five = EIGHT[:5]
    first = pair(five, [], 2)
    assert first.byes == ("p4",)
    rounds = play(five, 5)
    byes = [key for one in rounds for key in one.byes]
    assert len(byes) == len(set(byes)) == 5  # each has one before anyone has two
    for one, before in zip(rounds, range(5), strict=True):
        lowest = [key for key in reversed(ranking(five, rounds[:before]))
                  if key not in {k for r in rounds[:before] for k in r.byes}][0]
        assert one.byes == (lowest,)


def test_a_bye_scores_as_a_win_and_adds_no_tiebreak() -> None:
    rounds = [Round((two("a", "b", "a"),), ("c",))]
    table = {one.key: one for one in standings(["a", "b", "c"], rounds)}
    assert table["c"].points == 1.0 and table["c"].buchholz == 0.0
    assert table["a"].points == 1.0 and table["a"].buchholz == 0.0
    assert table["b"].points == 0.0 and table["b"].buchholz == 1.0


def test_tiebreaks_buchholz_then_sonneborn_berger() -> None:
    entrants = ["b", "a", "d", "c"]
    rounds = [Round((two("a", "b", "a"), two("c", "d", "c"))),
              Round((two("a", "c", None), two("b", "d", "b"))),
              Round((two("a", "d", "d"), two("b", "c", None)))]
    table = {one.key: one for one in standings(entrants, rounds)}
    # a and b have 1.5 points and met the same three players (Buchholz 1.5 + 2 + 1);
    # a beat b (1.5) and drew with c (2): Sonneborn-Berger 2.5; b beat d (1), drew
    # with c: 2.0
    assert (table["a"].points, table["a"].buchholz, table["a"].berger) == (1.5, 4.5, 2.5)
    assert (table["b"].points, table["b"].buchholz, table["b"].berger) == (1.5, 4.5, 2.0)
    assert [one.key for one in standings(entrants, rounds)] == ["c", "a", "b", "d"]
    assert [one.rank for one in standings(entrants, rounds)] == [1, 2, 3, 4]
    fewer = rounds[:2]  # a: Buchholz 0 + 1.5 = ... below c on points, above b on it
    order = [one.key for one in standings(entrants, fewer)]
    points = {one.key: (one.points, one.buchholz) for one in standings(entrants, fewer)}
    assert points["a"] == (1.5, 2.5) and points["c"] == (1.5, 1.5) and order[:2] == ["a", "c"]


@pytest.mark.parametrize(("players", "size", "smallest", "expected"), [
    (8, 4, 3, ([4, 4], 0)),
    (7, 4, 3, ([4, 3], 0)),
    (10, 4, 3, ([4, 3, 3], 0)),
    (5, 4, 3, ([4], 1)),
    (7, 6, 6, ([6], 1)),
    (5, 2, 2, ([2, 2], 1)),
    (2, 4, 3, ([], 2)),
])
def test_table_sizes(players: int, size: int, smallest: int,
                     expected: tuple[list[int], int]) -> None:
    sizes, byes = table_sizes(players, size, smallest)
    assert sum(sizes) + byes == players
    assert all(smallest <= one <= size for one in sizes)
    assert (sizes, byes) == expected


def test_groups_in_a_multi_player_game() -> None:
    sixteen = [f"p{n:02}" for n in range(16)]
    first = pair(sixteen, [], 4, 3)
    assert first.tables == tuple(tuple(sixteen[at:at + 4]) for at in range(0, 16, 4))
    rounds = play(sixteen, 3, 4, 3)
    for one in rounds:
        assert [len(game.players) for game in one.games] == [4, 4, 4, 4]
        assert not one.byes
    pairs = pairs_of(rounds)
    assert len(pairs) == len(set(pairs))  # nobody met anyone twice


def test_groups_of_equal_score() -> None:
    eight = EIGHT
    rounds = play(eight, 1, 4)
    # after one round each table has one winner: the two winners sit together
    second = pair(ranking(eight, rounds), rounds, 4)
    winners = {game.players[0] for game in rounds[0].games}
    points = {one.key: one.points for one in standings(eight, rounds)}
    assert any(winners <= set(table) for table in second.tables), second
    assert all(points[key] in (0.0, 1.0) for key in points)


def test_seat_points_by_place() -> None:
    assert seat_points([(0,), (1,)], [0, 1]) == [1.0, 0.0]
    assert seat_points([(0,), (1,)], [0, 0]) == [0.5, 0.5]
    four = seat_points([(0,), (1,), (2,), (3,)], [2, 0, 3, 1])
    assert four == pytest.approx([1 / 3, 1.0, 0.0, 2 / 3])
    teams = seat_points([(0, 3), (1, 4), (2, 5)], [1, 0, 1])
    assert teams == pytest.approx([0.25, 1.0, 0.25, 0.25, 1.0, 0.25])


def test_a_game_of_fixed_table_size_gives_byes_round_by_round() -> None:
    seven = EIGHT[:7]  # Schmier: six at a table, never fewer
    rounds = play(seven, 7, 6, 6)
    byes = [one.byes for one in rounds]
    assert all(len(one) == 1 for one in byes)
    assert sorted(key for (key,) in byes) == sorted(seven)  # each once, in turn
    assert all(len(game.players) == 6 for one in rounds for game in one.games)
