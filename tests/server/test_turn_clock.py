"""The turn clock (server/table/clock.py): a person who does not decide in time has the
stand-in decide for them, and is marked away after two such decisions in a row; a
decision that runs long draws on the reserve; the deadline survives a restart; computer
players are never timed; practice tables and lessons have no clock."""

from __future__ import annotations

import asyncio
from pathlib import Path
from typing import Any

import httpx
import pytest

import stammtisch
from stammtisch.server.hub import replay_table
from stammtisch.server.seats import BOT, HUMAN, Seat
from stammtisch.server.store import Store
from stammtisch.server.table import Table
from stammtisch.server.table.clock import ClockState
from stammtisch.server.table.part import Client
from stammtisch.server.table.settings import TableSettings
from tests.server.live import PATIENCE, LiveServer
from tests.server.test_table_hardening import MemoryStore, eventually, nowhere


class Wall:
    """A wall clock the test moves by hand."""

    def __init__(self) -> None:
        self.now = 1_000_000.0

    def __call__(self) -> float:
        return self.now


def two_people(settings: TableSettings, *, wall: Any = None,
               store: Any = None) -> Table:
    match = stammtisch.new_match("schnapsen", seed=5)
    seats = [Seat(HUMAN, token_hash="a", name="A", owner=True),
             Seat(HUMAN, token_hash="b", name="B")]
    more = {} if wall is None else {"wall": wall}
    return Table("t", match, seats, store or MemoryStore(), 0.0, settings=settings, **more)


def running(state: dict[str, Any]) -> dict[str, Any] | None:
    clock = state["turn_clock"]
    assert clock is not None
    found: dict[str, Any] | None = clock["running"]
    return found


def test_the_stand_in_decides_at_zero_and_two_in_a_row_mark_the_person_away() -> None:
    table = two_people(TableSettings(clock=1, clock_reserve=0))
    heard: list[dict[str, Any]] = []

    async def hear(message: dict[str, Any]) -> None:
        heard.append(message)

    async def run() -> None:
        first = Client(0, hear)
        await table.join(first)
        await table.join(Client(1, nowhere))
        to_act = table.match.to_act
        assert to_act is not None
        await eventually(lambda: table.turn_clock.state.seat == to_act)
        shown = running(table.snapshot(first))
        assert shown is not None and shown["seat"] == to_act and 0 <= shown["left"] <= 1.0
        # Nobody moves: the stand-in decides, for each seat in turn, until one seat has
        # timed out twice in a row.
        await eventually(lambda: table.actors, PATIENCE)
        assert table.actors[0] == to_act
        await eventually(lambda: any(t >= 2 for t in table.turn_clock.state.timeouts),
                         PATIENCE)
        away = next(s for s, t in enumerate(table.turn_clock.state.timeouts) if t >= 2)
        await eventually(lambda: not table.seating.public_seats()[away]["connected"])
        shown = table.seating.public_seats()[away]
        assert shown["grace_left"] is not None and shown["grace_left"] > 0
        # The person plays again themselves: back, and the count starts over.
        await eventually(lambda: table.match.to_act == away
                         and table.turn_clock.state.seat == away)
        client = next(c for c in table.clients if c.seat == away)
        await table.act(client, table.seq, table.match.view(away)["legal_actions"][0])
        assert table.seating.public_seats()[away]["connected"]
        assert table.turn_clock.state.timeouts[away] == 0
        table.close()

    asyncio.run(run())


def test_a_long_decision_draws_on_the_reserve_and_a_short_one_does_not() -> None:
    wall = Wall()
    table = two_people(TableSettings(clock=30, clock_reserve=60), wall=wall)

    async def run() -> None:
        clients = [Client(0, nowhere), Client(1, nowhere)]
        for client in clients:
            await table.join(client)
        await eventually(lambda: table.turn_clock.state.seat is not None)
        for used, reserve_after in ((10.0, 60.0), (45.0, 45.0), (30.0, 45.0)):
            seat = table.match.to_act
            assert seat is not None and table.turn_clock.state.seat == seat
            before = table.turn_clock.state.reserves[seat]
            state = table.snapshot(clients[seat])
            assert running(state)["left"] == pytest.approx(30.0 + before)  # type: ignore[index]
            wall.now += used
            await table.act(clients[seat], table.seq,
                            table.match.view(seat)["legal_actions"][0])
            spent = before - table.turn_clock.state.reserves[seat]
            assert spent == pytest.approx(max(0.0, used - 30.0))
            if used == 45.0:
                assert table.turn_clock.state.reserves[seat] == pytest.approx(reserve_after)
        table.close()

    asyncio.run(run())


def test_computer_players_are_never_timed() -> None:
    match = stammtisch.new_match("schnapsen", seed=2)
    seats = [Seat(HUMAN, token_hash="a", name="A", owner=True), Seat(BOT, "random")]
    table = Table("t", match, seats, MemoryStore(), 0.0,
                  settings=TableSettings(clock=30, clock_reserve=0))

    async def run() -> None:
        await table.join(Client(0, nowhere))
        for _ in range(12):
            await eventually(lambda: table.match.to_act == 0 or table.match.result)
            if table.match.result:
                break
            await eventually(lambda: table.turn_clock.state.seat == 0)
            state = table.snapshot(table.clients[0])
            assert state["turn_clock"]["reserves"] == [0.0, None]
            await table.act(table.clients[0], table.seq,
                            table.match.view(0)["legal_actions"][0])
            if table.match.to_act == 1:
                assert table.turn_clock.state.seat is None
        table.close()

    asyncio.run(run())


def test_a_rebuilt_table_keeps_the_deadline_and_the_stand_in_plays_past_it(
        tmp_path: Path) -> None:
    store = Store(f"sqlite:///{tmp_path / 'clock.db'}")
    wall = Wall()
    match = stammtisch.new_match("schnapsen", seed=5)
    seats = [Seat(HUMAN, token_hash="a", name="A", owner=True),
             Seat(HUMAN, token_hash="b", name="B")]
    settings = TableSettings(clock=30, clock_reserve=20)
    store.create("t", "schnapsen", [s.stored() for s in seats], match.record(),
                 settings=settings.stored())
    table = Table("t", match, seats, store, 0.0, settings=settings, wall=wall)

    async def before_restart() -> ClockState:
        clients = [Client(0, nowhere), Client(1, nowhere)]
        for client in clients:
            await table.join(client)
        await eventually(lambda: table.turn_clock.state.seat is not None)
        wall.now += 12.0
        seat = table.match.to_act
        assert seat is not None
        await table.act(clients[seat], table.seq, table.match.view(seat)["legal_actions"][0])
        wall.now += 7.0  # the next decision has run for 7 s when the server stops
        table.close()
        return table.turn_clock.state

    saved = asyncio.run(before_restart())
    assert saved.seat is not None and saved.deadline == pytest.approx(wall.now - 7.0 + 50.0)
    stored = store.load("t")
    assert stored is not None and stored.turn_clock is not None
    rebuilt = replay_table(stored, store, 0.0)
    rebuilt.turn_clock.wall = wall

    async def after_restart() -> None:
        await rebuilt.join(Client(saved.seat, nowhere))
        await eventually(lambda: not rebuilt.turn_clock._resuming)
        assert rebuilt.turn_clock.state == saved  # the same decision, the same deadline
        state = rebuilt.snapshot(rebuilt.clients[0])
        assert running(state)["left"] == pytest.approx(43.0)  # type: ignore[index]
        actions = len(rebuilt.match.actions)
        wall.now = saved.deadline + 1.0  # past it: the stand-in decides at once
        rebuilt.turn_clock._arm()
        await eventually(lambda: len(rebuilt.actors) > actions, PATIENCE)
        assert rebuilt.actors[-1] == saved.seat
        assert rebuilt.turn_clock.state.timeouts[saved.seat] == 1
        rebuilt.close()

    asyncio.run(after_restart())
    store.dispose()


@pytest.fixture
def server(tmp_path: Path) -> Any:
    live = LiveServer(tmp_path / "clock.db")
    yield live
    live.stop()


def test_the_api_takes_a_clock_where_someone_waits_and_refuses_it_elsewhere(
        server: LiveServer) -> None:
    def create(**body: Any) -> httpx.Response:
        return httpx.post(f"{server.url}/api/tables",
                          json={"game": "schnapsen", "options": {}, **body},
                          timeout=PATIENCE)

    friend = create(seats=["human", "open"], clock=15)
    assert friend.status_code == 201, friend.text
    practice = create(seats=["human", "club"], clock=15)
    assert practice.status_code == 400 and "practice" in practice.json()["error"]
    assert create(seats=["human", "club"]).status_code == 201  # no clock, none asked
    for wrong in ({"clock": 3}, {"clock": "30"}, {"clock": 30, "clock_reserve": -1},
                  {"clock_reserve": 20}, {"clock": 30, "clock_reserve": 10_000},
                  {"talk_watchers": "yes"}):
        answer = create(seats=["human", "open"], **wrong)
        assert answer.status_code == 400, (wrong, answer.text)
    lesson = httpx.post(f"{server.url}/api/lessons", json={"game": "schnapsen"},
                        timeout=PATIENCE)
    assert lesson.status_code == 201
    table = server.hub.tables[friend.json()["id"]]
    assert table.settings == TableSettings(clock=15, clock_reserve=30)
    assert server.hub.tables[lesson.json()["id"]].settings.clock == 0
    sock = server.socket(friend.json()["id"], friend.json()["token"])
    try:
        state = sock.first_state()
        assert state["turn_clock"] == {"per_decision": 15.0, "reserves": [30.0, None],
                                       "running": None}  # waiting for the friend
    finally:
        sock.close()


def test_where_nobody_can_fill_a_seat_the_stand_in_takes_it_after_the_grace() -> None:
    match = stammtisch.new_match("schnapsen", seed=5)
    seats = [Seat(HUMAN, token_hash="a", name="A", account=7),
             Seat(HUMAN, token_hash="b", name="B", account=8)]  # Play now: no owner
    table = Table("t", match, seats, MemoryStore(), 0.0, grace=0.5,
                  settings=TableSettings(clock=1, clock_reserve=0))

    async def run() -> None:
        clients = [Client(0, nowhere), Client(1, nowhere)]
        for client in clients:
            await table.join(client)
        # Nobody plays: each seat is stood in for twice, marked away, and after the
        # grace taken over for good; the match then runs to its end.
        await eventually(lambda: all(info.kind == "bot" for info in table.seats)
                         and all(client.seat is None for client in clients), PATIENCE)
        assert [info.account for info in table.seats] == [7, 8]  # theirs, and lost
        await eventually(lambda: table.match.result is not None, PATIENCE)
        table.close()

    asyncio.run(run())
