"""The tournaments' API: creating (logged in; every field checked, one clear refusal
each), listing, joining and leaving before the start (people under their account, the
creator's computer levels, programs with their bot token), round 1 seeded by rating,
and at the start each person's seat handed to their own session only."""

from __future__ import annotations

import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import httpx
import pytest
from sqlalchemy import create_engine, insert

from stammtisch.ratings import level_rating
from stammtisch.server.ratingstore import ratings
from stammtisch.server.tournaments import runner
from stammtisch.server.tournaments import store as db_store
from tests.server.live import LiveServer
from tests.server.test_tournament_run import (
    browser,
    new_tournament,
    ok,
    signed_up,
    start_now,
    until,
)


@pytest.fixture(autouse=True)
def quick_runner(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(runner, "EVERY", 0.1)


@pytest.fixture
def db(tmp_path: Path) -> Path:
    return tmp_path / "tournaments.db"


@pytest.fixture
def server(db: Path) -> Iterator[LiveServer]:
    live = LiveServer(db, bot_round=0.0)
    yield live
    live.stop()


def refused(answer: httpx.Response, status: int, *words: str) -> None:
    assert answer.status_code == status, answer.text
    message = answer.json()["error"]
    for word in words:
        assert word in message, message


def test_a_guest_may_look_but_not_create_or_join(server: LiveServer) -> None:
    guest = browser(server)
    refused(guest.post("/api/tournaments", json={"game": "schnapsen"}), 401, "log in")
    anna = signed_up(server, "Anna")
    tournament = new_tournament(anna)
    refused(guest.post(f"/api/tournaments/{tournament}/join", json={}), 401, "log in")
    assert ok(guest.get(f"/api/tournaments/{tournament}"))["you"] is None
    listed = ok(guest.get("/api/tournaments"))
    assert [t["id"] for t in listed["upcoming"]] == [tournament]
    assert listed["upcoming"][0]["players"] == 0 and listed["running"] == []
    refused(guest.get("/api/tournaments/nope"), 404, "no such tournament")


@pytest.mark.parametrize(("fields", "words"), [
    ({"game": "skat"}, ['"game"', "schnapsen"]),
    ({"rules": "house"}, ['"rules"', "traditional"]),
    ({"rounds": 0}, ['"rounds"', "1 to 15"]),
    ({"rounds": 2.5}, ['"rounds"']),
    ({"clock": 3}, ['"clock"', "5 to 600"]),
    ({"clock": 0}, ['"clock"', "always have a clock"]),
    ({"clock": True}, ['"clock"']),
    ({"starts": 0}, ['"starts"']),
    ({"starts": "tomorrow"}, ['"starts"']),
    ({"name": ""}, ['"name"']),
    ({"name": "x" * 80}, ['"name"']),
    ({"game": "schmier", "table_size": 4}, ['"table_size"', "6 to 6"]),
    ({"game": "scat", "table_size": 12}, ['"table_size"', "2 to 9"]),
    ({"computers": "yes"}, ['"computers"']),
])
def test_each_wrong_field_is_one_clear_refusal(server: LiveServer, fields: dict[str, Any],
                                               words: tuple[str, ...]) -> None:
    anna = signed_up(server, "Anna")
    body = {"name": "Cup", "game": "schnapsen", "rules": "rules", "rounds": 3,
            "clock": 30, "starts": time.time() + 60, **fields}
    refused(anna.post("/api/tournaments", json=body), 400, *words)
    assert ok(anna.get("/api/tournaments"))["upcoming"] == []


def test_joining_and_leaving_before_the_start(server: LiveServer) -> None:
    anna, bert = signed_up(server, "Anna"), signed_up(server, "Bert")
    tournament = new_tournament(anna)
    path = f"/api/tournaments/{tournament}"
    ok(bert.post(f"{path}/join", json={}))
    refused(bert.post(f"{path}/join", json={}), 409, "Bert plays in this tournament")
    refused(bert.post(f"{path}/join", json={"level": "club"}), 403, "creator")
    refused(anna.post(f"{path}/join", json={"level": "grandmaster"}), 400)
    refused(anna.post(f"{path}/join", json={"level": "expert-2026"}), 400, '"level"')
    ok(anna.post(f"{path}/join", json={"level": "club"}))
    refused(anna.post(f"{path}/join", json={"level": "club"}), 409, "club plays")
    bot = ok(browser(server).post("/api/bots", json={"name": "kiebitz"}), 201)
    program = httpx.Client(base_url=server.url, headers={
        "Origin": server.url, "Authorization": f"Bearer {bot['token']}"})
    ok(program.post(f"{path}/join", json={}))
    refused(program.post(f"{path}/join", json={}), 409, "kiebitz plays")
    wrong = httpx.Client(base_url=server.url, headers={
        "Origin": server.url, "Authorization": "Bearer nonsense"})
    refused(wrong.post(f"{path}/join", json={}), 401, "bot token")
    shown = ok(anna.get(path))
    assert [(p["kind"], p["name"]) for p in shown["players"]] == [
        ("person", "Bert"), ("level", "club"), ("program", "kiebitz")]
    assert shown["you"] == {"name": "Anna", "playing": False, "creator": True,
                            "table": None}
    ok(anna.post(f"{path}/leave", json={"level": "club"}))
    ok(bert.post(f"{path}/leave", json={}))
    refused(bert.post(f"{path}/leave", json={}), 409, "not a player")
    ok(program.post(f"{path}/leave", json={}))
    assert ok(anna.get(path))["players"] == []
    people_only = new_tournament(anna, computers=False)
    refused(anna.post(f"/api/tournaments/{people_only}/join", json={"level": "club"}),
            403, "people only")
    refused(program.post(f"/api/tournaments/{people_only}/join", json={}), 403,
            "people only")


def test_at_the_start_each_person_gets_their_own_seat_only(server: LiveServer,
                                                           db: Path) -> None:
    anna, bert, cleo = (signed_up(server, name) for name in ("Anna", "Bert", "Cleo"))
    tournament = new_tournament(anna)
    path = f"/api/tournaments/{tournament}"
    for person in (anna, bert, cleo):
        ok(person.post(f"{path}/join", json={}))
    start_now(db, tournament)
    shown = until(lambda: ok(anna.get(path)), lambda shown: shown["state"] == "running")
    refused(bert.post(f"{path}/leave", json={}), 409, "started")
    refused(signed_up(server, "Dora").post(f"{path}/join", json={}), 409, "started")
    (table,) = shown["round_tables"][0]["tables"]
    assert table["players"] == ["Anna", "Bert"] and shown["round_tables"][0]["byes"] == \
        ["Cleo"]
    mine, his = ok(anna.get(path))["you"]["table"], ok(bert.get(path))["you"]["table"]
    assert (mine["table"], mine["seat"], his["table"], his["seat"]) == \
        (table["table"], 0, table["table"], 1)
    assert mine["token"] != his["token"]
    assert ok(cleo.get(path))["you"]["table"] is None  # a bye
    assert ok(browser(server).get(path))["you"] is None
    standings = {row["name"]: row["points"] for row in shown["standings"]}
    assert standings == {"Cleo": 1.0, "Anna": 0.0, "Bert": 0.0}
    sock = server.socket(table["table"], mine["token"])
    try:
        state = sock.first_state()
        assert state["seat"] == 0 and state["seats"][0]["name"] == "Anna"
    finally:
        sock.close()
    watcher = server.socket(table["table"], "")
    try:
        assert watcher.first_state()["seat"] is None
    finally:
        watcher.close()
    listed = ok(anna.get("/api/tournaments"))
    assert [t["id"] for t in listed["running"]] == [tournament]
    assert listed["running"][0]["players"] == 3


def test_a_full_tournament_takes_nobody_more(server: LiveServer,
                                             monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(db_store, "MAX_PLAYERS", 2)
    anna, bert, cleo = (signed_up(server, name) for name in ("Anna", "Bert", "Cleo"))
    tournament = new_tournament(anna)
    ok(anna.post(f"/api/tournaments/{tournament}/join", json={}))
    ok(bert.post(f"/api/tournaments/{tournament}/join", json={}))
    refused(cleo.post(f"/api/tournaments/{tournament}/join", json={}), 409, "full: 2")
    ok(bert.post(f"/api/tournaments/{tournament}/leave", json={}))
    ok(cleo.post(f"/api/tournaments/{tournament}/join", json={}))


def test_round_one_is_seeded_by_rating(server: LiveServer, db: Path) -> None:
    anna, bert = signed_up(server, "Anna"), signed_up(server, "Bert")
    tournament = new_tournament(anna)
    path = f"/api/tournaments/{tournament}"
    ok(anna.post(f"{path}/join", json={}))
    for level in ("random", "beginner"):
        ok(anna.post(f"{path}/join", json={"level": level}))
    ok(bert.post(f"{path}/join", json={}))
    ok(anna.post(f"{path}/join", json={"level": "club"}))
    keys = {p["name"]: p["key"] for p in ok(anna.get(path))["players"]}
    engine = create_engine(f"sqlite:///{db}")
    with engine.begin() as conn:  # Bert has played: rated above every level here
        conn.execute(insert(ratings).values(
            subject=keys["Bert"], game="schnapsen", value=2100.0, deviation=80.0,
            volatility=0.06, games=30, updated=time.time()))
    engine.dispose()
    calibrated = {level: level_rating("schnapsen", level).value
                  for level in ("random", "beginner", "club")}
    # the seeds: Bert, then the others by rating (Anna unrated: 1500), the lowest a bye
    others = sorted([("Anna", 1500.0)] + list(calibrated.items()), key=lambda r: -r[1])
    seeds = ["Bert"] + [name for name, _ in others]
    start_now(db, tournament)
    shown = until(lambda: ok(anna.get(path)), lambda shown: shown["state"] == "running")
    first = shown["round_tables"][0]
    assert [table["players"] for table in first["tables"]] == [
        [seeds[0], seeds[2]], [seeds[1], seeds[3]]]
    assert first["byes"] == [seeds[4]]


def test_only_the_creator_cancels_and_then_it_never_starts(server: LiveServer,
                                                           db: Path) -> None:
    anna, bert = signed_up(server, "Anna"), signed_up(server, "Bert")
    tournament = new_tournament(anna)
    path = f"/api/tournaments/{tournament}"
    ok(bert.post(f"{path}/join", json={}))
    ok(anna.post(f"{path}/join", json={"level": "club"}))
    refused(browser(server).post(f"{path}/cancel"), 401, "log in")
    refused(bert.post(f"{path}/cancel"), 403, "creator")
    refused(anna.post("/api/tournaments/nope/cancel"), 404, "no such tournament")
    assert ok(anna.post(f"{path}/cancel")) == {"id": tournament, "state": "cancelled"}
    shown = ok(bert.get(path))  # a player who joined sees it cancelled, by whom
    assert (shown["state"], shown["cancelled_by"], shown["round"]) == ("cancelled", "Anna", 0)
    assert [p["name"] for p in shown["players"]] == ["Bert", "club"]
    refused(anna.post(f"{path}/cancel"), 409, "cancelled already")
    refused(signed_up(server, "Cleo").post(f"{path}/join", json={}), 409, "started")
    listed = ok(bert.get("/api/tournaments"))
    assert listed["upcoming"] == []
    assert [(t["id"], t["state"], t["cancelled_by"]) for t in listed["finished"]] == [
        (tournament, "cancelled", "Anna")]
    start_now(db, tournament)
    engine = create_engine(f"sqlite:///{db}")
    try:
        assert tournament not in db_store.due(engine)  # the runner never pairs it
    finally:
        engine.dispose()


def test_a_finished_tournament_cannot_be_cancelled(server: LiveServer, db: Path) -> None:
    anna = signed_up(server, "Anna")
    tournament = new_tournament(anna, rounds=1)
    path = f"/api/tournaments/{tournament}"
    for level in ("random", "beginner"):
        ok(anna.post(f"{path}/join", json={"level": level}))
    start_now(db, tournament)
    until(lambda: ok(anna.get(path)), lambda shown: shown["state"] == "finished")
    refused(anna.post(f"{path}/cancel"), 409, "finished already")
    final = ok(anna.get(path))
    assert final["state"] == "finished" and final["cancelled_by"] is None
    assert sum(row["points"] for row in final["standings"]) == 1.0
