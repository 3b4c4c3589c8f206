"""A rated match from sign-up to leaderboard: a logged-in person creates a rated
Schnapsen table against a computer level, plays it to its end, and finds the rating
moved on their profile, the match in My matches with both names, and the level as a
landmark on the leaderboard; tables that cannot be rated fairly are refused."""

from __future__ import annotations

import time
from collections.abc import Iterator
from functools import partial
from pathlib import Path
from typing import Any

import httpx
import pytest

from stammtisch.server.catalog import PRESETS
from tests.server.live import PATIENCE, LiveServer

PASSWORD = "correct horse battery"


@pytest.fixture
def server(tmp_path: Path) -> Iterator[LiveServer]:
    live = LiveServer(tmp_path / "rated.db")
    yield live
    live.stop()


def browser(server: LiveServer) -> httpx.Client:
    return httpx.Client(base_url=server.url, headers={"Origin": server.url},
                        timeout=PATIENCE)


def signed_up(server: LiveServer, name: str) -> httpx.Client:
    http = browser(server)
    answer = http.post("/api/accounts", json={"name": name, "password": PASSWORD})
    assert answer.status_code == 201, answer.text
    return http


def _past(seq: int, state: dict[str, Any]) -> bool:
    return bool(state["seq"] > seq)


def play_to_the_end(server: LiveServer, table: str, token: str) -> dict[str, Any]:
    sock = server.socket(table, token)
    try:
        while True:
            state = sock.until_my_turn()
            if state["result"] is not None:
                return state
            sock.act(state["view"]["legal_actions"][0])
            sock.until_state(partial(_past, state["seq"]))
    finally:
        sock.close()


def until(ask: Any, test: Any) -> Any:
    deadline = time.monotonic() + PATIENCE
    while True:
        answer = ask()
        if test(answer):
            return answer
        assert time.monotonic() < deadline, answer
        time.sleep(0.05)


def test_a_rated_match_moves_the_rating_and_shows_in_my_matches(server: LiveServer) -> None:
    anna = signed_up(server, "Anna")
    made = anna.post("/api/tables", json={"game": "schnapsen", "seats": ["human", "random"],
                                          "rated": True})
    assert made.status_code == 201, made.text
    table, token = made.json()["id"], made.json()["token"]
    state = play_to_the_end(server, table, token)
    assert state["seats"][0]["name"] == "Anna"
    profile = until(lambda: anna.get("/api/players/anna").json(),
                    lambda found: "schnapsen" in found["ratings"])
    rating = profile["ratings"]["schnapsen"]
    assert profile["name"] == "Anna" and rating["games"] == 1 and rating["value"] != 1500
    assert rating["display"].endswith("?")
    assert [point["table"] for point in profile["history"]["schnapsen"]] == [table]
    mine = anna.get("/api/me/matches").json()["matches"]
    assert [(m["table"], m["rated"], m["finished"]) for m in mine] == [(table, True, True)]
    assert [(s["name"], s["level"], s["account"], s["you"]) for s in mine[0]["seats"]] == \
        [("Anna", None, "Anna", True), (None, "random", None, False)]
    assert mine[0]["result"] in ("win", "loss")
    wins = anna.get("/api/me/matches", params={"result": "win"}).json()
    assert len(wins["matches"]) == (mine[0]["result"] == "win") and wins["next"] is None
    other = "loss" if mine[0]["result"] == "win" else "win"
    assert anna.get("/api/me/matches", params={"result": other}).json()["matches"] == []
    stats = anna.get("/api/players/Anna").json()["stats"]
    assert stats == {"schnapsen": {"matches": 1, "wins": int(mine[0]["result"] == "win")}}
    board = anna.get("/api/leaderboard/schnapsen").json()
    assert board["players"] == []  # one match is provisional: not on the board yet
    assert "random" in [level["level"] for level in board["levels"]]


def test_a_guest_sees_this_browsers_matches_and_keeps_them_on_signing_up(
        server: LiveServer) -> None:
    guest = browser(server)
    made = guest.post("/api/tables", json={"game": "schnapsen", "seats": ["human", "random"]})
    table, token = made.json()["id"], made.json()["token"]
    assert guest.get("/api/me/matches").status_code == 401
    page = guest.post("/api/me/matches", json={"seat_tokens": [token]}).json()
    assert [m["table"] for m in page["matches"]] == [table]
    assert guest.post("/api/me/matches", json={"seat_tokens": ["x" * 40]}).json()["matches"] == []
    joined = guest.post("/api/accounts", json={"name": "Bert", "password": PASSWORD,
                                               "seat_tokens": [token]})
    assert joined.status_code == 201, joined.text
    assert [m["table"] for m in guest.get("/api/me/matches").json()["matches"]] == [table]


@pytest.mark.parametrize(("body", "refusal"), [
    ({"seats": ["human", "random"], "rated": True}, None),
    ({"seats": ["human", "open"], "rated": True}, None),
    ({"seats": ["human", "random"], "rated": True, "seed": 5}, "at random"),
    ({"seats": ["human", "random"], "rated": True, "hints": True}, "no hints"),
    ({"seats": ["human", "random"], "rated": True, "options": {"match_target": 3}},
     "match_target"),
    ({"seats": ["human", "random"], "rated": True, "options": PRESETS["schnapsen"][
        "traditional"]}, None),  # the other named rule set
    ({"seats": ["human", "random"], "rated": True, "options": {
        **PRESETS["schnapsen"]["traditional"], "claim_mode": "automatic"}}, "claim_mode"),
    ({"seats": ["human", "random"], "rated": True, "options": {"first_dealer": 1}}, None),
    ({"seats": ["human", "random"], "rated": "yes"}, "true or false"),
])
def test_only_fair_tables_are_rated(server: LiveServer, body: dict[str, Any],
                                    refusal: str | None) -> None:
    carl = signed_up(server, "Carl")
    answer = carl.post("/api/tables", json={"game": "schnapsen", **body})
    if refusal is None:
        assert answer.status_code == 201, answer.text
    else:
        assert answer.status_code == 400 and refusal in answer.json()["error"], answer.text


def cookies(http: httpx.Client) -> str:
    return "; ".join(f"{name}={value}" for name, value in http.cookies.items())


def test_friends_sit_at_a_rated_table_under_their_accounts_and_both_are_rated(
        server: LiveServer) -> None:
    anna, bert = signed_up(server, "Anna"), signed_up(server, "Bert")
    made = anna.post("/api/tables", json={"game": "schnapsen", "seats": ["human", "open"],
                                          "rated": True}).json()
    guest = server.socket(made["id"])
    guest.first_state()
    guest.send({"type": "sit", "seat": 1, "name": "Gast"})
    assert "log in" in guest.until("error")["message"]
    guest.close()
    friend = server.socket(made["id"], cookies=cookies(bert))
    friend.first_state()
    friend.send({"type": "sit", "seat": 1, "name": "Not Bert"})
    token = friend.until("seated")["token"]
    friend.close()
    host = server.socket(made["id"], made["token"])
    seated = host.until_state(lambda state: state["seats"][1]["kind"] == "human")
    assert [seat["name"] for seat in seated["seats"]] == ["Anna", "Bert"]
    host.close()
    sockets = [server.socket(made["id"], made["token"]), server.socket(made["id"], token)]
    try:
        over = False
        while not over:
            for sock in sockets:  # a seat's own state is sure when it is its turn
                state = sock.latest()
                over = state["result"] is not None
                if over:
                    break
                if state["to_act"] == state["seat"]:
                    sock.act(state["view"]["legal_actions"][0])
                    sock.until_state(partial(_past, state["seq"]))
    finally:
        for sock in sockets:
            sock.close()
    for http, name in ((anna, "Anna"), (bert, "Bert")):
        profile = until(lambda http=http, name=name: http.get(f"/api/players/{name}").json(),
                        lambda found: "schnapsen" in found["ratings"])
        assert profile["ratings"]["schnapsen"]["games"] == 1
    assert [m["seat"] for m in bert.get("/api/me/matches").json()["matches"]] == [1]
    seats = anna.get("/api/me/matches").json()["matches"][0]["seats"]
    assert [(seat["account"], seat["you"]) for seat in seats] == [("Anna", True),
                                                                   ("Bert", False)]


def test_a_guest_cannot_create_a_rated_table(server: LiveServer) -> None:
    answer = browser(server).post("/api/tables", json={
        "game": "schnapsen", "seats": ["human", "random"], "rated": True})
    assert answer.status_code == 400 and "log in" in answer.json()["error"]


def test_unknown_players_games_and_cursors_are_clear_errors(server: LiveServer) -> None:
    http = signed_up(server, "Dora")
    assert http.get("/api/players/nobody-at-all").status_code == 404
    assert http.get("/api/leaderboard/poker").status_code == 404
    assert http.get("/api/me/matches", params={"game": "poker"}).status_code == 400
    assert http.get("/api/me/matches", params={"before": "nonsense"}).status_code == 400
    assert http.get("/api/me/matches", params={"result": "maybe"}).status_code == 400


def test_a_programs_profile_lists_its_matches(server: LiveServer) -> None:
    made = browser(server).post("/api/bots", json={"name": "deepsix"})
    assert made.status_code == 201, made.text
    store = server.hub.store
    for n, winner in enumerate((1, 0, 1)):
        store.create(f"p{n}", "schnapsen", [{"kind": "bot", "level": "club"},
                                            {"kind": "external", "name": "deepsix"}],
                     {"game": "schnapsen", "actions": []})
        store.save(f"p{n}", {"game": "schnapsen", "actions": []}, {"winner": winner})
    profile = browser(server).get("/api/players/deepsix").json()
    assert profile["kind"] == "bot"
    assert [m["table"] for m in profile["recent"]] == ["p2", "p1", "p0"]
    assert [m["result"] for m in profile["recent"]] == ["win", "loss", "win"]
    assert profile["stats"] == {"schnapsen": {"matches": 3, "wins": 2}}
