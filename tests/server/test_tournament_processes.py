"""Tournaments with several server processes on one PostgreSQL database: two runners
looking at a tournament at the same moment pair its round once (the lease in the
database), and two servers of a cluster (with Redis) run a Schnapsen Swiss to its end,
each person playing through the server their page reached; and a Scat tournament seats
groups, each seat's points taken from its place."""

from __future__ import annotations

import asyncio
import json
import time
from pathlib import Path
from typing import Any

import pytest
from sqlalchemy import create_engine, func, select, update

from stammtisch.ratings import standings as places_of
from stammtisch.server.hub import Hub
from stammtisch.server.schema import tables
from stammtisch.server.seats import Player as Account
from stammtisch.server.store import Store
from stammtisch.server.tournaments import runner
from stammtisch.server.tournaments import store as db
from stammtisch.server.tournaments.new import read_new
from stammtisch.server.tournaments.runner import Runner
from stammtisch.server.tournaments.swiss import seat_points
from stammtisch.server.tournaments.tables import tournament_tables, tournaments
from tests.server.live import LiveServer
from tests.server.test_tournament_run import (
    WHOLE_RUN,
    Player,
    new_tournament,
    ok,
    signed_up,
    until,
)


@pytest.fixture(autouse=True)
def quick_runner(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(runner, "EVERY", 0.1)


def start_now(url: str, tournament_id: str) -> None:
    engine = create_engine(url)
    with engine.begin() as conn:
        conn.execute(update(tournaments).where(tournaments.c.id == tournament_id)
                     .values(starts=time.time()))
    engine.dispose()


def levels_only(url: str, game: str, levels: list[str], **fields: Any) -> str:
    """A tournament of computer levels, due now, stored directly."""
    store = Store(url)
    try:
        row = read_new({"name": "Bots", "game": game, "rounds": 1, "clock": 30,
                        "starts": time.time(), "computers": True, **fields},
                       Account(1, "Anna"))
        db.create(store.engine, row)
        for level in levels:
            db.join(store.engine, row["id"],
                    db.Entrant(f"level:{level}", db.LEVEL, level, level=level))
    finally:
        store.dispose()
    return str(row["id"])


def test_two_runners_at_once_pair_a_round_once(postgres: str) -> None:
    tournament = levels_only(postgres, "schnapsen", ["random", "beginner", "club", "expert"])

    async def race() -> list[Hub]:
        hubs = [Hub(Store(postgres, owner=name), bot_delay=0.0) for name in ("a", "b")]
        runners = [Runner(hub, hub.store.owner or "") for hub in hubs]
        for _ in range(5):
            await asyncio.gather(*(one.tick() for one in runners))
        for hub in hubs:
            for table in list(hub.tables.values()):
                table.close()
        return hubs

    hubs = asyncio.run(race())
    try:
        engine = hubs[0].store.engine
        with engine.connect() as conn:
            boards = conn.execute(select(tournament_tables).where(
                tournament_tables.c.tournament_id == tournament)).all()
            made = conn.execute(select(func.count()).select_from(tables)).scalar()
            state = conn.execute(select(tournaments.c.state, tournaments.c.round).where(
                tournaments.c.id == tournament)).one()
        assert (state.state, state.round) == ("running", 1)
        assert len(boards) == 2 and made == 2  # one pairing, no table made twice
        # seeded by the levels' ratings: expert, club, beginner, random
        assert sorted(json.loads(b.players) for b in boards) == [
            ["level:club", "level:random"], ["level:expert", "level:beginner"]]
    finally:
        for hub in hubs:
            hub.store.dispose()


def test_two_server_processes_run_a_tournament_to_its_end(
        postgres: str, redis_server: str, redis_prefix: str) -> None:
    servers = [LiveServer(postgres, bot_round=0.0, redis=redis_server,
                          redis_prefix=redis_prefix) for _ in range(2)]
    try:
        anna, bert = signed_up(servers[0], "Anna"), signed_up(servers[1], "Bert")
        tournament = new_tournament(anna)
        ok(anna.post(f"/api/tournaments/{tournament}/join", json={}))
        ok(bert.post(f"/api/tournaments/{tournament}/join", json={}))
        for level in ("random", "beginner"):
            ok(anna.post(f"/api/tournaments/{tournament}/join", json={"level": level}))
        start_now(postgres, tournament)
        people = [Player(server, http, tournament, seed)
                  for seed, (server, http) in enumerate(zip(servers, (anna, bert),
                                                            strict=True))]
        for person in people:
            person.start()
        for person in people:
            person.join(WHOLE_RUN)
            assert person.failure is None, person.failure
            assert len(person.played) == 3
        final = until(lambda: ok(bert.get(f"/api/tournaments/{tournament}")),
                      lambda shown: shown["state"] == "finished")
    finally:
        for server in servers:
            server.stop()
    rounds = final["round_tables"]
    assert [len(one["tables"]) for one in rounds] == [2, 2, 2]
    pairs = [frozenset(table["players"]) for one in rounds for table in one["tables"]]
    assert len(set(pairs)) == 6
    assert sum(row["points"] for row in final["standings"]) == 6.0


def test_a_scat_tournament_seats_groups_and_scores_places(tmp_path: Path) -> None:
    url = f"sqlite:///{tmp_path / 'scat.db'}"
    tournament = levels_only(url, "scat", ["random", "beginner", "club"], table_size=3)
    server = LiveServer(tmp_path / "scat.db", bot_round=0.0)
    try:
        final = until(lambda: ok(signed_up(server, f"Look{time.monotonic_ns()}")
                                 .get(f"/api/tournaments/{tournament}")),
                      lambda shown: shown["state"] == "finished")
    finally:
        server.stop()
    (only,) = final["round_tables"][0]["tables"]
    assert len(only["players"]) == 3 and not final["round_tables"][0]["byes"]
    engine = create_engine(url)
    with engine.connect() as conn:
        result = json.loads(conn.execute(select(tables.c.result).where(
            tables.c.id == only["table"])).scalar_one())
    engine.dispose()
    places = places_of("scat", result)
    assert only["points"] == seat_points(places.units, places.places)
    assert sorted(only["points"]) == [0.0, 0.5, 1.0]
    by_name = {row["name"]: row["points"] for row in final["standings"]}
    assert by_name == dict(zip(only["players"], only["points"], strict=True))


def test_a_draining_process_gives_up_its_tournaments_and_pairs_none(tmp_path: Path) -> None:
    url = f"sqlite:///{tmp_path / 'drain.db'}"
    tournament = levels_only(url, "schnapsen", ["random", "beginner"])
    draining = [True]

    async def ticks() -> list[tuple[str, str | None]]:
        hub = Hub(Store(url), bot_delay=0.0)
        one = Runner(hub, "a")
        one.paused = lambda: draining[0]
        seen = []
        try:
            assert db.take_lease(hub.store.engine, tournament, "a", 60.0)
            for _ in range(2):
                await one.tick()
                with hub.store.engine.connect() as conn:
                    row = conn.execute(select(tournaments.c.state, tournaments.c.owner)
                                       .where(tournaments.c.id == tournament)).one()
                seen.append((row.state, row.owner))
                draining[0] = False
            for table in list(hub.tables.values()):
                table.close()
        finally:
            hub.store.dispose()
        return seen

    assert asyncio.run(ticks()) == [("upcoming", None), ("running", "a")]
