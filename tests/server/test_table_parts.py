"""The part interface of a table (server/table/part.py): a new table feature is a part
the master lists; it is told each action once it is stored (and to forget one whose
save failed), gives its piece of every seat's state, wakes after a change and is
closed with the table."""

from __future__ import annotations

import asyncio
from typing import Any

import stammtisch
from stammtisch.server.seats import BOT, HUMAN, Seat
from stammtisch.server.table import Table
from stammtisch.server.table.part import Client, Part, Play
from tests.server.test_table_hardening import FakeTime, MemoryStore


class Recorder(Part):
    """A part that keeps what it is told and shows how many actions it saw."""

    def __init__(self) -> None:
        self.told: list[tuple[str, Any]] = []

    def played(self, play: Play) -> None:
        self.told.append(("played", play))

    def forget(self, play: Play) -> None:
        self.told.append(("forget", play))

    def public(self, seat: int | None) -> dict[str, Any]:
        return {"recorded": sum(1 for kind, _ in self.told if kind == "played")}

    def close(self) -> None:
        self.told.append(("close", None))


def test_a_new_part_is_told_what_was_stored_and_shows_its_piece() -> None:
    time = FakeTime()
    store = MemoryStore(failures=1)
    match = stammtisch.new_match("schnauz", seed=4, num_players=3, first_dealer=1)
    seats = [Seat(HUMAN, token_hash="a", owner=True), Seat(BOT, "random"), Seat(BOT, "random")]
    table = Table("t", match, seats, store, 0.0, clock=time.clock, sleep=time.sleep)
    recorder = Recorder()
    table.parts.append(recorder)
    states: list[dict[str, Any]] = []

    async def hear(message: dict[str, Any]) -> None:
        states.append(message)

    async def run() -> None:
        table.clients.append(Client(0, hear))
        table.wake_bots()  # seat 1's first move fails to save, then both move
        assert table._runner is not None
        await asyncio.wait_for(table._runner, 30)

    asyncio.run(run())
    kinds = [kind for kind, _ in recorder.told]
    assert kinds == ["forget", "played", "played"]
    forgotten, first, second = (play for _, play in recorder.told)
    assert forgotten == first  # the same move, tried again once the store was back
    assert (first.seat, first.seq_before, first.action) == (1, 0, match.actions[0])
    assert (second.seat, second.seq_before, second.action) == (2, 1, match.actions[1])
    assert first.events_before < second.events_before <= len(match.events)
    assert states[-1]["recorded"] == 2 and states[-1]["seq"] == table.seq == 2
    table.close()
    assert recorder.told[-1] == ("close", None)


def test_every_part_gives_its_piece_of_a_seat_state() -> None:
    match = stammtisch.new_match("schnapsen", seed=1)
    table = Table("t", match, [Seat(HUMAN, token_hash="a", owner=True), Seat(BOT, "club")],
                  MemoryStore(), 0.0)
    pieces: dict[str, set[str]] = {type(part).__name__: set(part.public(0))
                                   for part in table.parts}
    assert pieces == {
        "Seating": {"owner", "seats", "watchers", "grace", "chosen_deals"},
        "Takeback": {"can_undo"},
        "Helpers": {"hint", "hints_for_all", "coach"},
        "Players": set(),
        "Rematcher": {"again", "moved_to"},
        "Rating": {"rated", "rating"},
        "Talker": {"talk"},
        "TurnClock": {"turn_clock"},
        "Reviewer": set(),
    }
    state = table.snapshot(Client(0, nowhere), full=True)
    for keys in pieces.values():
        assert keys <= set(state)


async def nowhere(_message: dict[str, Any]) -> None:
    pass
