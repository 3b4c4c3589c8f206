"""A tournament cancelled during a round, with its runner driven directly: the round
stops (no later result counts, no next round is paired, the tournament is no longer
due), and the results so far stay, among them a match that ended just before the
cancel but that the runner had not read yet."""

from __future__ import annotations

import asyncio
import json
import time
from collections.abc import Awaitable, Callable
from pathlib import Path

import pytest
from sqlalchemy import func, select, update

from stammtisch.server.hub import Hub
from stammtisch.server.schema import tables
from stammtisch.server.seats import Player as Account
from stammtisch.server.store import Store
from stammtisch.server.tournaments import store as db
from stammtisch.server.tournaments import view
from stammtisch.server.tournaments.new import read_new
from stammtisch.server.tournaments.runner import Runner, points_of
from stammtisch.server.tournaments.store import Tournament

PATIENCE = 300.0
"""Seconds two computer levels may take for a Bummerl on a loaded machine."""
ANNA = Account(1, "Anna")


def anna_and_three_levels(url: str) -> str:
    """A two-round Schnapsen Swiss of Anna and three computer levels, due now. Seeded:
    club, Anna, beginner, random: club meets beginner, Anna random."""
    store = Store(url)
    try:
        row = read_new({"name": "Cup", "game": "schnapsen", "rounds": 2, "clock": 30,
                        "starts": time.time(), "computers": True}, ANNA)
        db.create(store.engine, row)
        db.join(store.engine, row["id"], db.Entrant(db.person_key(ANNA.id), db.PERSON,
                                                    ANNA.name, ANNA.id))
        for level in ("random", "beginner", "club"):
            db.join(store.engine, row["id"],
                    db.Entrant(f"level:{level}", db.LEVEL, level, level=level))
    finally:
        store.dispose()
    return str(row["id"])


def loaded(hub: Hub, tournament_id: str) -> Tournament:
    found = db.load(hub.store.engine, tournament_id)
    assert found is not None
    return found


async def until(test: Callable[[], Awaitable[bool]]) -> None:
    deadline = time.monotonic() + PATIENCE
    while not await test():
        assert time.monotonic() < deadline, "waited in vain"
        await asyncio.sleep(0.02)


def end_table(hub: Hub, table_id: str, winner: int) -> None:
    """Anna's match ends (here, by writing its result where the runner reads it)."""
    table = hub.drop(table_id)
    assert table is not None
    with hub.store.engine.begin() as conn:
        conn.execute(update(tables).where(tables.c.id == table_id).values(
            finished=True, result=json.dumps({"winner": winner})))


def table_count(hub: Hub) -> int:
    with hub.store.engine.connect() as conn:
        return int(conn.execute(select(func.count()).select_from(tables)).scalar_one())


def run(url: str, play: Callable[[Hub, Runner], Awaitable[None]]) -> None:
    async def go() -> None:
        hub = Hub(Store(url), bot_delay=0.0)
        try:
            await play(hub, Runner(hub, "a"))
        finally:
            for table in list(hub.tables.values()):
                table.close()
            hub.store.dispose()

    asyncio.run(go())


@pytest.mark.parametrize("read_first", [True, False],
                         ids=["runner-read-it", "ended-unread"])
def test_a_cancel_mid_round_stops_the_round_and_keeps_the_results_so_far(
        tmp_path: Path, read_first: bool) -> None:
    url = f"sqlite:///{tmp_path / 'cancel.db'}"
    tournament_id = anna_and_three_levels(url)

    async def play(hub: Hub, runner: Runner) -> None:
        await runner.tick()
        first = loaded(hub, tournament_id)
        assert (first.state, first.round) == (db.RUNNING, 1)
        computers, annas = first.board_rows(1)
        assert (computers.players, annas.players) == (
            ("level:club", "level:beginner"), ("account:1", "level:random"))
        assert computers.table_id and annas.table_id

        async def computers_over() -> bool:
            if read_first:  # the runner looks, and records the points
                await runner.tick()
                return loaded(hub, tournament_id).board_rows(1)[0].points is not None
            found = await asyncio.to_thread(db.results, hub.store.engine,
                                            [computers.table_id or ""])
            return found.get(computers.table_id or "") is not None

        await until(computers_over)
        result = db.results(hub.store.engine, [computers.table_id or ""])[
            computers.table_id or ""]
        assert result is not None
        expected = points_of("schnapsen", result, 2)

        with pytest.raises(db.TournamentError) as other:
            db.cancel(hub.store.engine, tournament_id, 2, "Bert", points_of)
        assert other.value.status == 403
        db.cancel(hub.store.engine, tournament_id, ANNA.id, ANNA.name, points_of)
        made = table_count(hub)
        end_table(hub, annas.table_id or "", winner=0)
        for _ in range(3):
            await runner.tick()

        after = loaded(hub, tournament_id)
        assert (after.state, after.round, after.cancelled_by) == (db.CANCELLED, 1, "Anna")
        assert [b.points for b in after.boards] == [tuple(expected), None]
        assert tournament_id not in db.due(hub.store.engine)
        assert table_count(hub) == made  # no round 2 opened
        with pytest.raises(db.TournamentError) as again:
            db.cancel(hub.store.engine, tournament_id, ANNA.id, ANNA.name, points_of)
        assert again.value.status == 409
        shown = view.detail(after, ANNA)
        points = {row["key"]: row["points"] for row in shown["standings"]}
        assert points == {"level:club": expected[0], "level:beginner": expected[1],
                          "account:1": 0.0, "level:random": 0.0}
        assert shown["state"] == "cancelled" and shown["cancelled_by"] == "Anna"
        assert shown["you"]["table"] is None  # no seat handed out any more

    run(url, play)
