"""Tournaments over the real server: a four-player, three-round Schnapsen Swiss with
two people (driven here with random legal moves, each with their own session) and two
computer levels finishes with the standings an independent computation from the
stored results gives; and a server restart in the middle of a round loses no result
and resumes that round's tables."""

from __future__ import annotations

import json
import random
import threading
import time
from functools import partial
from pathlib import Path
from typing import Any

import httpx
import pytest
from sqlalchemy import create_engine, select, update

from examples import network_bot
from stammtisch.server.schema import tables
from stammtisch.server.tournaments import runner
from stammtisch.server.tournaments.tables import tournament_tables, tournaments
from tests.server.live import PATIENCE, LiveServer

PASSWORD = "correct horse battery"
WHOLE_RUN = 600.0
"""Seconds a whole tournament may take on a loaded machine."""


@pytest.fixture(autouse=True)
def quick_runner(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(runner, "EVERY", 0.1)


def start(db: Path) -> LiveServer:
    return LiveServer(db, bot_round=0.0)


def browser(server: LiveServer) -> httpx.Client:
    return httpx.Client(base_url=server.url, headers={"Origin": server.url},
                        timeout=PATIENCE)


def signed_up(server: LiveServer, name: str) -> httpx.Client:
    http = browser(server)
    answer = http.post("/api/accounts", json={"name": name, "password": PASSWORD})
    assert answer.status_code == 201, answer.text
    return http


def logged_in(server: LiveServer, name: str) -> httpx.Client:
    http = browser(server)
    answer = http.post("/api/session", json={"name": name, "password": PASSWORD})
    assert answer.status_code == 200, answer.text
    return http


def ok(answer: httpx.Response, status: int = 200) -> dict[str, Any]:
    assert answer.status_code == status, answer.text
    found: dict[str, Any] = answer.json()
    return found


def until(ask: Any, test: Any, patience: float = WHOLE_RUN) -> Any:
    deadline = time.monotonic() + patience
    while True:
        answer = ask()
        if test(answer):
            return answer
        assert time.monotonic() < deadline, answer
        time.sleep(0.05)


def start_now(db: Path, tournament_id: str) -> None:
    """The start time has come (the tournament was made to start later)."""
    engine = create_engine(f"sqlite:///{db}")
    with engine.begin() as conn:
        conn.execute(update(tournaments).where(tournaments.c.id == tournament_id)
                     .values(starts=time.time()))
    engine.dispose()


def new_tournament(http: httpx.Client, **fields: Any) -> str:
    body = {"name": "Freitagsrunde", "game": "schnapsen", "rules": "rules", "rounds": 3,
            "clock": 30, "starts": time.time() + 3600, "computers": True, **fields}
    return str(ok(http.post("/api/tournaments", json=body), 201)["id"])


def _past(seq: int, state: dict[str, Any]) -> bool:
    return bool(state["seq"] > seq)


class Player(threading.Thread):
    """A person playing each of their tournament's tables to its end with random legal
    moves, as the tournament page hands them their seat."""

    def __init__(self, server: LiveServer, http: httpx.Client, tournament_id: str,
                 seed: int) -> None:
        super().__init__(daemon=True)
        self.server, self.http, self.tournament_id = server, http, tournament_id
        self.rng = random.Random(seed)
        self.played: list[str] = []
        self.failure: BaseException | None = None

    def run(self) -> None:
        try:
            self._play()
        except BaseException as failure:  # noqa: BLE001 - the test reports it
            self.failure = failure

    def _play(self) -> None:
        deadline = time.monotonic() + WHOLE_RUN
        while time.monotonic() < deadline:
            shown = ok(self.http.get(f"/api/tournaments/{self.tournament_id}"))
            if shown["state"] == "finished":
                return
            mine = shown["you"]["table"]
            if mine is not None and mine["token"] and mine["table"] not in self.played:
                self._play_table(mine["table"], mine["token"])
                self.played.append(mine["table"])
            time.sleep(0.05)
        raise AssertionError("the tournament did not finish")

    def _play_table(self, table: str, token: str) -> None:
        sock = self.server.socket(table, token)
        try:
            assert sock.first_state()["seat"] is not None  # the token holds the seat
            while True:
                state = sock.until_my_turn(WHOLE_RUN)
                if state["result"] is not None:
                    return
                sock.act(self.rng.choice(state["view"]["legal_actions"]))
                sock.until_state(partial(_past, state["seq"]), WHOLE_RUN)
        finally:
            sock.close()


def stored_rounds(db: Path, tournament_id: str) -> list[list[tuple[tuple[str, ...],
                                                                  str | None]]]:
    """Each round's tables as stored: the players' keys by seat and the table."""
    engine = create_engine(f"sqlite:///{db}")
    with engine.connect() as conn:
        rows = conn.execute(select(tournament_tables).where(
            tournament_tables.c.tournament_id == tournament_id)
            .order_by(tournament_tables.c.round, tournament_tables.c.board)).all()
        rounds: dict[int, list[tuple[tuple[str, ...], str | None]]] = {}
        for row in rows:
            rounds.setdefault(row.round, []).append(
                (tuple(json.loads(row.players)), row.table_id))
    engine.dispose()
    return [rounds[number] for number in sorted(rounds)]


def winners(db: Path, table_ids: list[str]) -> dict[str, int]:
    """Each finished table's winning seat, from the web tables' stored results."""
    engine = create_engine(f"sqlite:///{db}")
    with engine.connect() as conn:
        found = {row.id: json.loads(row.result)["winner"] for row in conn.execute(
            select(tables.c.id, tables.c.result).where(tables.c.id.in_(table_ids)))
            if row.result}
    engine.dispose()
    return found


def table_rows(db: Path, table_ids: list[str]) -> dict[str, tuple[bool, Any]]:
    """Each table's rated flag and settings as stored."""
    engine = create_engine(f"sqlite:///{db}")
    with engine.connect() as conn:
        found = {row.id: (bool(row.rated), json.loads(row.settings)) for row in conn.execute(
            select(tables.c.id, tables.c.rated, tables.c.settings)
            .where(tables.c.id.in_(table_ids)))}
    engine.dispose()
    return found


def expected_standings(keys: list[str], rounds: list[list[tuple[tuple[str, ...],
                                                                str | None]]],
                       won: dict[str, int]) -> list[tuple[str, float, float, float]]:
    """Points, Buchholz and Sonneborn-Berger of two-player matches (no byes here),
    computed the chess way, best first (ties by joining order)."""
    points = dict.fromkeys(keys, 0.0)
    games = []
    for one in rounds:
        for players, table in one:
            assert table is not None
            winner = players[won[table]]
            games.append((players, winner))
            points[winner] += 1.0
    buchholz = dict.fromkeys(keys, 0.0)
    berger = dict.fromkeys(keys, 0.0)
    for (a, b), winner in games:
        buchholz[a] += points[b]
        buchholz[b] += points[a]
        berger[winner] += points[b if winner == a else a]
    order = sorted(keys, key=lambda k: (-points[k], -buchholz[k], -berger[k], keys.index(k)))
    return [(k, points[k], buchholz[k], berger[k]) for k in order]


def test_a_four_player_three_round_schnapsen_swiss_finishes_right(tmp_path: Path) -> None:
    db = tmp_path / "swiss.db"
    server = start(db)
    try:
        anna, bert = signed_up(server, "Anna"), signed_up(server, "Bert")
        tournament = new_tournament(anna)
        ok(anna.post(f"/api/tournaments/{tournament}/join", json={}))
        ok(bert.post(f"/api/tournaments/{tournament}/join", json={}))
        for level in ("random", "beginner"):
            ok(anna.post(f"/api/tournaments/{tournament}/join", json={"level": level}))
        shown = ok(anna.get(f"/api/tournaments/{tournament}"))
        assert shown["state"] == "upcoming" and len(shown["players"]) == 4
        keys = [player["key"] for player in shown["players"]]
        start_now(db, tournament)
        people = [Player(server, http, tournament, seed)
                  for seed, http in enumerate((anna, bert))]
        for person in people:
            person.start()
        for person in people:
            person.join(WHOLE_RUN)
            assert person.failure is None, person.failure
            assert len(person.played) == 3
        final = until(lambda: ok(anna.get(f"/api/tournaments/{tournament}")),
                      lambda shown: shown["state"] == "finished")
    finally:
        server.stop()
    rounds = stored_rounds(db, tournament)
    assert len(rounds) == 3 and all(len(one) == 2 for one in rounds)
    pairs = [frozenset(players) for one in rounds for players, _table in one]
    assert len(set(pairs)) == 6  # a round robin: nobody met anyone twice
    won = winners(db, [table for one in rounds for _players, table in one if table])
    assert len(won) == 6
    expected = expected_standings(keys, rounds, won)
    shown_standings = [(row["key"], row["points"], row["buchholz"], row["sonneborn_berger"])
                       for row in final["standings"]]
    assert shown_standings == expected
    assert [row["rank"] for row in final["standings"]] == [1, 2, 3, 4]
    assert sum(row["points"] for row in final["standings"]) == 6.0
    # the pairing put equal scores together in round 2 (the two winners of round 1)
    first_winners = {players[won[table]] for players, table in rounds[0] if table}
    assert any(set(players) == first_winners for players, _table in rounds[1])
    for row in final["standings"]:
        assert [result["round"] for result in row["results"]] == [1, 2, 3]
    persons = {key for key in keys if key.startswith("account:")}
    made = table_rows(db, list(won))
    for one in rounds:
        for players, table in one:
            assert table is not None
            rated, settings = made[table]
            # a person's table is rated and timed; the computers' own table neither
            assert rated == bool(persons & set(players))
            assert settings == {"clock": 30, "clock_reserve": 60, "talk_watchers": False}


def test_a_restart_mid_round_loses_no_result_and_resumes_the_round(tmp_path: Path) -> None:
    db = tmp_path / "restart.db"
    server = start(db)
    try:
        anna = signed_up(server, "Anna")
        tournament = new_tournament(anna, rounds=2)
        ok(anna.post(f"/api/tournaments/{tournament}/join", json={}))
        for level in ("random", "beginner", "club"):
            ok(anna.post(f"/api/tournaments/{tournament}/join", json={"level": level}))
        start_now(db, tournament)
        # round 1: the computers' table ends; Anna's waits for her
        shown = until(lambda: ok(anna.get(f"/api/tournaments/{tournament}")),
                      lambda shown: shown["round"] == 1 and any(
                          t["over"] for t in shown["round_tables"][0]["tables"]))
        mine = shown["you"]["table"]
        assert mine is not None and mine["token"] and not mine["over"]
    finally:
        server.stop()
    before = stored_rounds(db, tournament)
    points_before = {t["table"]: t["points"] for one in shown["round_tables"]
                     for t in one["tables"] if t["over"]}
    assert len(before) == 1 and len(points_before) == 1
    server = start(db)
    try:
        anna = logged_in(server, "Anna")
        again = ok(anna.get(f"/api/tournaments/{tournament}"))
        assert again["round"] == 1 and again["you"]["table"] == mine  # the same seat
        person = Player(server, anna, tournament, 7)
        person.start()
        person.join(WHOLE_RUN)
        assert person.failure is None, person.failure
        assert person.played[0] == mine["table"] and len(person.played) == 2
        final = until(lambda: ok(anna.get(f"/api/tournaments/{tournament}")),
                      lambda shown: shown["state"] == "finished")
    finally:
        server.stop()
    after = stored_rounds(db, tournament)
    assert after[:1] == before  # round 1 went on with its own tables
    assert len(after) == 2 and all(len(one) == 2 for one in after)
    finished = {t["table"]: t["points"] for one in final["round_tables"]
                for t in one["tables"]}
    assert all(points is not None for points in finished.values())
    for table, points in points_before.items():
        assert finished[table] == points
    assert sum(row["points"] for row in final["standings"]) == 4.0
    pairs = [frozenset(players) for one in after for players, _table in one]
    assert len(set(pairs)) == 4  # no repeat in the round after the restart


def test_a_program_of_the_bot_api_plays_its_tournament_matches(tmp_path: Path) -> None:
    db = tmp_path / "program.db"
    server = start(db)
    try:
        anna = signed_up(server, "Anna")
        tournament = new_tournament(anna, rounds=2)
        token = network_bot.register(server.url, "kiebitz")
        program = httpx.Client(base_url=server.url, timeout=PATIENCE, headers={
            "Origin": server.url, "Authorization": f"Bearer {token}"})
        ok(program.post(f"/api/tournaments/{tournament}/join", json={}))
        ok(anna.post(f"/api/tournaments/{tournament}/join", json={"level": "random"}))
        start_now(db, tournament)
        seen: list[dict[str, Any]] = []
        ends = network_bot.play_offers(server.url, token, 2, random.Random(3), seen.append)
        final = until(lambda: ok(anna.get(f"/api/tournaments/{tournament}")),
                      lambda shown: shown["state"] == "finished")
    finally:
        server.stop()
    tables = [one["tables"][0]["table"] for one in final["round_tables"]]
    assert [end["table"] for end in ends] == tables  # offered each round's table
    assert all(end["result"] is not None for end in ends)
    assert {state["seats"][state["seat"]]["name"] for state in seen} == {"kiebitz"}
    assert {row["name"] for row in final["standings"]} == {"kiebitz", "random"}
    assert sum(row["points"] for row in final["standings"]) == 2.0


def test_each_seat_scores_by_its_place_and_an_unreadable_result_is_a_draw() -> None:
    assert runner.points_of("schnapsen", {"winner": 1}, 2) == [0.0, 1.0]
    teams = {"teams": [[0, 3], [1, 4], [2, 5]], "scores": [9, 11, 4], "winners": [1]}
    assert runner.points_of("schmier", teams, 6) == [0.5, 1.0, 0.0, 0.5, 1.0, 0.0]
    assert runner.points_of("schmier", {"teams": "?"}, 6) == [0.5] * 6
