"""What a frame is made of is built once per position of the match and never goes stale:
a table's views (table/master.py ``Table.view``) are shared by the parts and every
frame of one position, and are built anew after an action, a failed save (the match
takes the action back) and an undo; card codes (cards.py ``codes``) are memoised but
every caller gets a list of its own."""

from __future__ import annotations

import asyncio
import random

import stammtisch
from stammtisch.cards import codes, to_set
from stammtisch.server.seats import HUMAN, Seat
from stammtisch.server.table import Table
from tests.server.test_table_hardening import MemoryStore


def people_table(store: MemoryStore) -> Table:
    match = stammtisch.new_match("schnauz", seed=7, num_players=3)
    seats = [Seat(HUMAN, token_hash=f"t{n}", name=f"P{n}") for n in range(3)]
    return Table("v", match, seats, store, 0.0)


def test_a_view_is_built_once_per_position_and_anew_after_every_change() -> None:
    store = MemoryStore()
    table = people_table(store)
    rng = random.Random(3)

    async def run() -> None:
        for _ in range(60):
            seat = table.match.to_act
            assert seat is not None
            first = table.view(seat)
            assert table.view(seat) is first  # the same position: built once
            assert first == table.match.view(seat)
            store.failures = rng.choice([0, 0, 1])  # now and then the save fails
            async with table.lock:
                stored = await table.commit(seat, rng.choice(first["legal_actions"]))
            for other in (None, *range(table.match.num_players)):
                assert table.view(other) == table.match.view(other)
            if not stored:  # the match took the action back: the same position again
                assert table.view(seat) == first
            else:
                assert table.view(seat) is not first

    asyncio.run(run())


def test_a_view_after_an_undo_is_of_the_position_undone_to() -> None:
    table = people_table(MemoryStore())
    seat = table.match.to_act
    assert seat is not None
    before = {s: table.view(s) for s in (None, 0, 1, 2)}

    async def run() -> None:
        first, other_choice = before[seat]["legal_actions"][:2]
        async with table.lock:
            assert await table.commit(seat, first)
        assert table.view(seat) != before[seat]
        table.match.undo()  # as the takeback does
        for other, view in before.items():
            assert table.view(other) == view == table.match.view(other)
        async with table.lock:
            assert await table.commit(seat, first)
        played = {other: table.view(other) for other in before}
        # Taken back and another action played, nobody looking in between: as many
        # actions and events as before, but another position.
        table.match.undo()
        async with table.lock:
            assert await table.commit(seat, other_choice)
        for other in before:
            assert table.view(other) == table.match.view(other)
        assert table.view(seat) != played[seat]

    asyncio.run(run())


def test_card_codes_are_a_new_list_each_time() -> None:
    hand = to_set([0, 5, 12])
    first = codes(hand)
    first.append("XX")
    assert codes(hand) == ["2C", "7C", "AC"]
    row = (12, 0)
    assert codes(row) == ["AC", "2C"] and codes(row) is not codes(row)
    assert codes([12, 0]) == ["AC", "2C"]
