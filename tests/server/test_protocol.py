"""The table socket over a real socket: full matches of every game, bad messages,
undo, spectators, and a restart that resumes the table."""

from __future__ import annotations

import json
import random
from pathlib import Path
from typing import Any

import httpx
import pytest

import stammtisch
from stammtisch.server.protocol import MAX_FRAME, MAX_MESSAGE
from tests.server.live import LiveServer, TableSocket

SETUPS: dict[str, tuple[list[str], dict[str, Any]]] = {
    "schnauz": (["human", "random", "random"], {"num_players": 3}),
    "scat": (["human", "random", "random"], {"num_players": 3}),
    "schnapsen": (["human", "random"], {}),
    "schmier": (["human"] + ["random"] * 5, {"target_score": 7}),
}


def play_out(sock: TableSocket, rng: random.Random, limit: int = 5000) -> dict[str, Any]:
    """Play random legal actions as this seat until the match is over."""
    for _ in range(limit):
        state = sock.until_my_turn()
        if state["result"] is not None:
            return state
        sock.act(rng.choice(state["view"]["legal_actions"]))
        answer = sock.receive()
        assert answer["type"] == "state", answer
    raise AssertionError("the match did not end")


@pytest.mark.slow
@pytest.mark.parametrize("game", sorted(SETUPS))
def test_full_match_through_the_socket(live: LiveServer, game: str) -> None:
    seats, options = SETUPS[game]
    created = live.create(game, seats, seed=5, **options)
    sock = live.socket(created["id"], created["token"])
    first = sock.receive()
    assert first["seat"] == 0 and first["log_start"] == 0
    final = play_out(sock, random.Random(3))
    sock.close()
    # The stored record replays to the result every client was shown.
    history = httpx.get(f"{live.url}/api/history").json()
    assert [h["id"] for h in history] == [created["id"]]
    assert history[0]["result"] == final["result"]
    last = httpx.get(f"{live.url}/api/history/{created['id']}",
                     params={"step": history[0]["actions"]}).json()
    assert last["step"] == last["total"] == history[0]["actions"]
    assert sock.events == last["events"]


def test_a_client_sees_only_its_own_cards(live: LiveServer) -> None:
    created = live.create("schnapsen", ["human", "random"], seed=9, first_dealer=1)
    me = live.socket(created["id"], created["token"])
    watcher = live.socket(created["id"])
    mine = me.until_my_turn()
    seen = watcher.receive()
    assert seen["seat"] is None and "hand" not in seen["view"]
    assert len(mine["view"]["hand"]) == 5
    assert "hand" not in json.dumps(mine["events"])
    watcher.act(mine["view"]["legal_actions"][0])
    refused = watcher.receive()
    assert refused["code"] == "not_seated" and "watching" in refused["message"]
    me.close()
    watcher.close()


BAD_MESSAGES = [
    ("not json", "bad_message", "not JSON"),
    ("[1, 2]", "bad_message", "JSON object"),
    ('{"type": "dance"}', "bad_message", "unknown message type"),
    ('{"type": "act", "seq": 0}', "bad_message", "needs \"action\""),
    ('{"type": "act", "action": 7, "seq": 0}', "bad_message", "needs \"action\""),
    ('{"type": "act", "action": "pass"}', "bad_message", "needs \"seq\""),
    ('{"type": "act", "action": "pass", "seq": "0"}', "bad_message", "\"seq\""),
    ('{"type": "act", "action": "fly away", "seq": SEQ}', "illegal", "legal actions"),
    ('{"type": "act", "action": "play JK", "seq": SEQ}', "illegal", "legal actions"),
    (json.dumps({"type": "act", "action": "x" * (MAX_MESSAGE + 10), "seq": 0}), "bad_message",
     "too long"),
    ("y" * (MAX_FRAME - 100), "bad_message", "too long"),
    (b"\x00\x01", "bad_message", "binary"),
    ('{"type": "undo"}', "not_now", "nothing to undo"),
]


def test_bad_messages_are_answered_and_change_nothing(live: LiveServer) -> None:
    created = live.create("schnauz", ["human", "random"], seed=4, num_players=2,
                          first_dealer=1)
    sock = live.socket(created["id"], created["token"])
    before = sock.until_my_turn()
    for raw, code, expected in BAD_MESSAGES:
        sock.send(raw.replace("SEQ", str(before["seq"])) if isinstance(raw, str) else raw)
        answer = sock.receive()
        assert answer["type"] == "error" and answer["code"] == code, (raw, answer)
        assert expected in answer["message"], (raw, answer)
    sock.send({"type": "sync"})
    after = sock.receive()
    assert after["view"] == before["view"] and after["actions"] == before["actions"]
    assert after["seq"] == before["seq"]
    sock.close()


def test_an_oversized_frame_closes_only_that_socket(live: LiveServer) -> None:
    created = live.create("schnauz", ["human", "random"], seed=4, num_players=2,
                          first_dealer=0)
    sock = live.socket(created["id"], created["token"])
    sock.until_my_turn()
    sock.send("x" * (2 * MAX_FRAME))
    with pytest.raises(Exception, match="1009|too big|message"):
        for _ in range(3):
            sock.receive()
    again = live.socket(created["id"], created["token"])
    assert again.until_my_turn()["actions"] == 0
    again.close()


def test_bad_table_requests(live: LiveServer) -> None:
    url = f"{live.url}/api/tables"
    cases: list[tuple[Any, str]] = [
        ({"game": "poker", "seats": ["human"]}, "game"),
        ({"game": "schnauz", "seats": ["random", "random"], "options": {"num_players": 2}},
         "human"),
        ({"game": "schnauz", "seats": ["human", "genius"], "options": {"num_players": 2}},
         "bot"),
        ({"game": "schnauz", "seats": ["human", "random"], "options": {"num_players": 3}},
         "3 seats"),
        ({"game": "schnauz", "seats": ["human", "random"], "options": {"num_players": 2,
                                                                        "lives": 0}}, "lives"),
    ]
    for body, expected in cases:
        response = httpx.post(url, json=body)
        assert response.status_code == 400 and expected in response.json()["error"], body
    json_type = {"Content-Type": "application/json"}
    assert httpx.post(url, content=b"{", headers=json_type).status_code == 400
    assert httpx.post(url, content=b" " * 20_000, headers=json_type).status_code == 413
    assert httpx.get(f"{live.url}/api/history/nothing").status_code == 404


def test_a_running_match_is_not_in_the_history(live: LiveServer) -> None:
    created = live.create("schnapsen", ["human", "random"], seed=2)
    assert httpx.get(f"{live.url}/api/history/{created['id']}").status_code == 404


def test_undo_until_a_card_comes_into_sight(live: LiveServer) -> None:
    # Schmier, seat 0 bids first: bids and naming trump show no card, the exchange does.
    created = live.create("schmier", ["human"] + ["random"] * 5, seed=4, first_dealer=5)
    sock = live.socket(created["id"], created["token"])
    start = sock.until_my_turn()
    assert not start["can_undo"] and start["view"]["phase"] == "auction"
    sock.act("bid 6")  # the highest bid ends the auction
    sock.receive()
    trump = sock.until_my_turn()
    assert trump["view"]["phase"] == "trump" and trump["can_undo"]
    sock.act("trump S")
    sock.receive()
    sock.send({"type": "undo"})
    undone = sock.receive()
    assert undone["view"] == trump["view"] and undone["can_undo"]
    sock.send({"type": "undo"})
    assert sock.receive()["view"] == start["view"]
    sock.act("bid 6")
    sock.receive()
    sock.until_my_turn()
    sock.act("trump S")
    sock.receive()
    exchange = sock.until_my_turn()
    assert exchange["view"]["phase"] == "exchange"
    sock.act(exchange["view"]["legal_actions"][-1])
    sock.receive()
    later = sock.until_my_turn()
    assert not later["can_undo"]  # new cards were drawn in the exchange
    sock.close()


def test_undo_is_refused_once_new_cards_are_seen(live: LiveServer) -> None:
    created = live.create("schnapsen", ["human", "random"], seed=3, first_dealer=1)
    sock = live.socket(created["id"], created["token"])
    state = sock.until_my_turn()
    sock.act(state["view"]["legal_actions"][0])
    sock.receive()
    after = sock.until_my_turn()
    assert not after["can_undo"]  # the opponent's card, then the drawn cards, were seen
    sock.send({"type": "undo"})
    assert "nothing to undo" in sock.receive()["message"]
    sock.close()


@pytest.mark.slow
def test_undo_never_goes_back_into_an_earlier_deal(live: LiveServer) -> None:
    # After a few deals every card code has been seen; a new deal still shows new cards.
    created = live.create("schnauz", ["human", "random"], seed=11, num_players=2, lives=6)
    sock = live.socket(created["id"], created["token"])
    rng = random.Random(5)
    undone, deals = 0, set()
    for _ in range(600):
        state = sock.until_my_turn()
        if state["result"] is not None:
            break
        deal = state["view"]["deal"]
        deals.add(deal)
        if state["can_undo"] and rng.random() < 0.5:
            sock.send({"type": "undo", "seq": state["seq"]})
            back = sock.until("state")
            assert back["view"]["deal"] == deal, (deal, back["view"]["deal"])
            undone += 1
            continue
        sock.act(rng.choice(state["view"]["legal_actions"]))
        sock.until("state")
    assert undone >= 5 and len(deals) >= 6
    sock.close()


@pytest.mark.slow
def test_a_restarted_server_resumes_the_table(db: Path) -> None:
    first = LiveServer(db)
    created = first.create("scat", ["human", "random", "random"], seed=8, num_players=3)
    sock = first.socket(created["id"], created["token"])
    rng = random.Random(1)
    for _ in range(4):
        sock.until_my_turn()
        sock.act(rng.choice(sock.state["view"]["legal_actions"]))
        sock.receive()
    before = sock.until_my_turn()
    sock.close()
    first.stop()

    second = LiveServer(db)
    again = second.socket(created["id"], created["token"])
    resumed = again.until_my_turn()
    assert resumed["view"] == before["view"] and resumed["actions"] == before["actions"]
    assert resumed["seq"] == before["seq"] > 0
    assert again.events == sock.events
    final = play_out(again, rng)
    assert final["result"] is not None
    again.close()
    second.stop()


def test_pages_and_static_files(live: LiveServer) -> None:
    for path in ("/", "/table/x", "/history", "/history/x", "/static/js/table.js",
                 "/static/css/style.css"):
        response = httpx.get(live.url + path)
        assert response.status_code == 200, path
    games = httpx.get(f"{live.url}/api/games").json()
    assert [g["name"] for g in games] == [g.name for g in stammtisch.games()]


def test_a_record_that_no_longer_replays_is_reported(live: LiveServer) -> None:
    created = live.create("schnapsen", ["human", "random"], seed=2)
    store = live.hub.store
    stored = store.load(created["id"])
    assert stored is not None
    store.save(created["id"], {**stored.record, "actions": ["play JK"]}, None)
    live.hub.tables.clear()
    sock = live.socket(created["id"], created["token"])
    message = sock.receive()
    assert message["type"] == "error" and "cannot be resumed" in message["message"]
    assert message["code"] == "server"
