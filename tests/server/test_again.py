""""Play again" over real sockets: every person at a finished table asks, then the
server makes the next table (same game, options, seats; a fresh seed) and sends each
person their own new token; watchers are told where to go too. Hostile askers change
nothing."""

from __future__ import annotations

import random
from pathlib import Path
from typing import Any

import httpx
import pytest

from stammtisch.cli import main
from stammtisch.server.seats import token_hash
from tests.server.live import LiveServer, TableSocket
from tests.server.test_online import play_steps, settle


def finish(socks: list[TableSocket]) -> None:
    play_steps(socks, random.Random(3), 10_000)
    assert all(sock.state["phase"] == "over" for sock in socks)


def refused(sock: TableSocket, message: dict[str, object]) -> str:
    sock.send(message)
    answer = sock.until("error")
    return str(answer["code"])


def test_one_person_against_computers_moves_at_once(live: LiveServer) -> None:
    created = live.create("schnauz", ["human", "club"], seed=4, name="Anna", num_players=2,
                          lives=1)
    me = live.socket(created["id"], created["token"])
    me.receive()
    assert refused(me, {"type": "again"}) == "not_now"  # before the match is over
    finish([me])
    me.send({"type": "again", "id": 7})
    moved = me.until("moved")
    assert moved["seat"] == 0 and moved["token"] != created["token"]
    new = live.hub.tables[moved["table"]]
    old = live.hub.tables[created["id"]]
    assert new.match.game == "schnauz" and new.match.options == old.match.options
    assert new.match.seed != old.match.seed and new.match.seed.bit_length() > 64
    assert [(s.kind, s.level, s.name, s.owner) for s in new.seats] == \
        [("human", "", "Anna", True), ("bot", "club", "", False)]
    assert new.seats[0].token_hash == token_hash(moved["token"])
    # The old token holds nothing at the new table; the new one holds the seat.
    stale = live.socket(moved["table"], created["token"])
    assert stale.receive()["code"] == "bad_token"
    fresh = live.socket(moved["table"], moved["token"])
    state = fresh.until("state")
    # A fresh match under its fresh seed: the computer player may have moved already (with
    # one life each, a dealt 31 may even have ended it).
    assert state["seat"] == 0 and state["table"] == moved["table"] and "hand" in state["view"]
    # Asking once more at the old table: told the same way again, no third table.
    count = len(live.hub.tables)
    me.send({"type": "again"})
    assert me.until("moved") == moved and len(live.hub.tables) == count
    for sock in (me, stale, fresh):
        sock.close()


def test_a_new_table_the_store_refuses_can_be_asked_for_again(
        live: LiveServer, monkeypatch: pytest.MonkeyPatch) -> None:
    created = live.create("schnauz", ["human", "random"], seed=4, num_players=2, lives=1)
    me = live.socket(created["id"], created["token"])
    me.receive()
    finish([me])
    create = live.hub.store.create

    def broken(*_args: Any, **_kwargs: Any) -> float:
        monkeypatch.setattr(live.hub.store, "create", create)  # only this once
        raise OSError("disk full")

    monkeypatch.setattr(live.hub.store, "create", broken)
    assert refused(me, {"type": "again"}) == "server"
    assert live.hub.tables[created["id"]].again == set()
    me.send({"type": "again"})
    assert me.until("moved")["table"] in live.hub.tables
    me.close()


def test_every_person_must_ask_and_each_gets_only_their_own_token(live: LiveServer) -> None:
    created = live.create("schnauz", ["human", "open", "beginner"], seed=5, name="Anna",
                          num_players=3, lives=1)
    anna = live.socket(created["id"], created["token"])
    anna.receive()
    ben = live.socket(created["id"])
    ben.receive()
    ben.send({"type": "sit", "seat": 1, "name": "Ben"})
    ben_token = ben.until("seated")["token"]
    watcher = live.socket(created["id"])
    watcher.receive()
    settle(anna, ben)
    assert refused(ben, {"type": "again"}) == "not_now"
    finish([anna, ben])
    assert refused(watcher, {"type": "again"}) == "not_seated"

    anna.send({"type": "again"})
    assert anna.until_state(lambda s: s["again"] == [0])["moved_to"] is None
    ben.until_state(lambda s: s["again"] == [0])
    assert refused(anna, {"type": "again"}) == "not_now"  # asking twice changes nothing
    assert live.hub.tables[created["id"]].again == {0}

    # A second socket of Anna's (another tab) is told too, with her token only.
    tab = live.socket(created["id"], created["token"])
    tab.until("state")
    ben.send({"type": "again"})
    to_ben, to_anna, to_tab, to_watcher = (s.until("moved") for s in (ben, anna, tab, watcher))
    assert to_watcher == {"type": "moved", "table": to_ben["table"]}
    assert to_ben["seat"] == 1 and to_anna["seat"] == to_tab["seat"] == 0
    assert to_anna["token"] == to_tab["token"] != to_ben["token"]
    assert ben_token not in (to_anna["token"], to_ben["token"])
    new = live.hub.tables[to_ben["table"]]
    assert [(s.kind, s.name) for s in new.seats] == \
        [("human", "Anna"), ("human", "Ben"), ("bot", "")]
    assert new.seats[1].holds(to_ben["token"]) and not new.seats[1].holds(to_anna["token"])
    # Someone coming to the old table later learns where it went (a watcher: no token).
    late = live.socket(created["id"])
    assert late.until("state")["moved_to"] == to_ben["table"]
    assert late.until("moved") == to_watcher
    for sock in (anna, ben, watcher, tab, late):
        sock.close()


def test_the_public_url_makes_invites_absolute(db: Path) -> None:
    server = LiveServer(db, public_url="http://192.168.1.20:8000")
    try:
        made = httpx.post(f"{server.url}/api/tables", json={
            "game": "schnapsen", "seats": ["human", "open"], "options": {}}).json()
        assert made["invite"] == f"http://192.168.1.20:8000/table/{made['id']}"
        assert made["url"] == f"/table/{made['id']}"
    finally:
        server.stop()


def test_without_a_public_url_the_invite_is_the_path(live: LiveServer) -> None:
    made = live.create("schnapsen", ["human", "open"])
    assert made["invite"] == made["url"] == f"/table/{made['id']}"


def test_serve_takes_a_public_url(monkeypatch: pytest.MonkeyPatch) -> None:
    import stammtisch.server

    seen: dict[str, object] = {}
    monkeypatch.setattr(stammtisch.server, "serve", lambda **kwargs: seen.update(kwargs))
    assert main(["serve", "--host", "0.0.0.0", "--public-url", "http://192.168.1.20:8000/"]) == 0
    assert seen["public_url"] == "http://192.168.1.20:8000" and seen["host"] == "0.0.0.0"
    for bad in ("192.168.1.20:8000", "ftp://x", "http://x:port", "http://x/?a=1"):
        assert main(["serve", "--public-url", bad]) == 2
