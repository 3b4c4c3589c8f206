"""Table talk (issue 43, table/talk.py): the people at a table say fixed phrases to each
other over the socket; watchers hear it only where the table allows it; a watcher, a
program and a lone person at a practice table are refused; a seat is rate-limited; an
unknown phrase is a bad message. What is said never carries a card."""

from __future__ import annotations

import asyncio
import json
import random
import threading
from typing import Any

import httpx
import pytest

import stammtisch
from examples import network_bot
from stammtisch.server.protocol import SAYINGS, ProtocolError, Talk, parse_message
from stammtisch.server.reveal import card_codes
from stammtisch.server.seats import EXTERNAL, HUMAN, Seat
from stammtisch.server.table import Table, TableError
from stammtisch.server.table.part import Client
from stammtisch.server.table.talk import KEPT, RATE, WINDOW
from tests.server.live import LiveServer, TableSocket
from tests.server.test_online import play_steps, two_people
from tests.server.test_table_hardening import FakeTime, MemoryStore


def two_people_watched(live: LiveServer) -> tuple[str, TableSocket, TableSocket]:
    """A Schnapsen table of Anna and Ben whose creator let watchers see the talk."""
    answer = httpx.post(f"{live.url}/api/tables", json={
        "game": "schnapsen", "seats": ["human", "open"], "name": "Anna",
        "talk_watchers": True}, timeout=30)
    assert answer.status_code == 201, answer.text
    created = answer.json()
    anna = live.socket(created["id"], created["token"])
    anna.until("state")
    ben = live.socket(created["id"])
    ben.until("state")
    ben.send({"type": "sit", "seat": 1, "name": "Ben"})
    ben.until("seated")
    for sock in (anna, ben):
        sock.until_state(lambda state: state["phase"] == "playing")
    return created["id"], anna, ben


def said(sock: TableSocket, message: dict[str, Any]) -> dict[str, Any]:
    """Send ``message``; the socket's answer: its ``talk`` or its ``error``."""
    sock.send(message)
    while True:
        answer = sock.receive()
        if answer["type"] in ("talk", "error"):
            return answer


def talk_before_sync(sock: TableSocket) -> list[dict[str, Any]]:
    """The ``talk`` messages this socket receives before the answer to a ``sync`` sent
    now (everything sent to it earlier comes before that answer)."""
    sock.send({"type": "sync", "id": 99})
    heard = []
    while True:
        message = sock.receive()
        if message["type"] == "talk":
            heard.append(message)
        if message["type"] == "state" and message.get("id") == 99:
            return heard


# --- over real sockets -------------------------------------------------------------------


def test_a_phrase_reaches_the_other_player_and_not_the_watchers(live: LiveServer) -> None:
    created, anna, ben, _token = two_people(live)
    watcher = live.socket(created["id"])
    watcher.until("state")
    anna.send({"type": "talk", "say": "good_luck", "id": 5})
    heard = ben.until("talk")
    assert heard["seat"] == 0 and heard["say"] == "good_luck" and "id" not in heard
    assert heard["at"] == anna.state["seq"]
    mine = anna.until("talk")  # the speaker's own page shows it too, as its answer
    assert mine == {**heard, "id": 5}
    assert talk_before_sync(watcher) == []
    assert watcher.state["talk"] == {"may": False, "watchers": False, "said": []}
    # A page that comes later (or again) finds it in the state.
    again = live.socket(created["id"], created["token"])
    state = again.until("state")
    assert state["talk"]["said"] == [heard] and state["talk"]["may"] is True
    assert talk_before_sync(ben) == [] and ben.state["talk"]["said"] == [heard]
    for sock in (anna, ben, watcher, again):
        sock.close()


def test_watchers_hear_the_talk_where_the_table_allows_it(live: LiveServer) -> None:
    table_id, anna, ben = two_people_watched(live)
    assert live.hub.tables[table_id].settings.talk_watchers
    watcher = live.socket(table_id)
    watcher.until("state")
    ben.send({"type": "talk", "say": "well_played"})
    heard = watcher.until("talk")
    assert (heard["seat"], heard["say"]) == (1, "well_played")
    assert anna.until("talk") == heard
    late = live.socket(table_id)
    state = late.until("state")
    assert state["talk"] == {"may": False, "watchers": True, "said": [heard]}
    # Watching is not talking.
    refused = said(watcher, {"type": "talk", "say": "gg", "id": 3})
    assert (refused["type"], refused["code"], refused["id"]) == ("error", "not_seated", 3)
    assert talk_before_sync(anna) == []
    for sock in (anna, ben, watcher, late):
        sock.close()


def test_a_watcher_cannot_talk_and_nobody_hears_it(live: LiveServer) -> None:
    created, anna, ben, _token = two_people(live)
    watcher = live.socket(created["id"])
    watcher.until("state")
    refused = said(watcher, {"type": "talk", "say": "oops"})
    assert refused["code"] == "not_seated"
    assert talk_before_sync(anna) == [] and talk_before_sync(ben) == []
    assert not live.hub.tables[created["id"]].talker.said
    for sock in (anna, ben, watcher):
        sock.close()


def test_a_practice_table_refuses_talk(live: LiveServer) -> None:
    created = live.create("schnapsen", ["human", "club"], seed=3)
    me = live.socket(created["id"], created["token"])
    state = me.until("state")
    assert state["talk"]["may"] is False
    refused = said(me, {"type": "talk", "say": "gg"})
    assert refused["type"] == "error" and refused["code"] == "not_now"
    assert "two people" in refused["message"]
    me.close()


def test_an_unknown_phrase_is_a_bad_message(live: LiveServer) -> None:
    created, anna, ben, _token = two_people(live)
    for wrong in ("you fool", "GG", "", 7, None, ["gg"]):
        refused = said(anna, {"type": "talk", "say": wrong})
        assert refused["code"] == "bad_message", wrong
    refused = said(anna, {"type": "talk"})
    assert refused["code"] == "bad_message" and "gg" in refused["message"]
    assert talk_before_sync(ben) == []
    for sock in (anna, ben):
        sock.close()


def test_a_seat_that_talks_too_much_is_rate_limited(live: LiveServer) -> None:
    created, anna, ben, _token = two_people(live)
    answers = [said(anna, {"type": "talk", "say": say}) for say in SAYINGS[:RATE + 1]]
    assert [a["type"] for a in answers] == ["talk"] * RATE + ["error"]
    assert answers[-1]["code"] == "rate_limited"
    # The limit is the seat's, not the socket's: another tab of Anna's is refused too.
    tab = live.socket(created["id"], created["token"])
    tab.until("state")
    assert said(tab, {"type": "talk", "say": "gg"})["code"] == "rate_limited"
    assert [m["say"] for m in talk_before_sync(ben)] == list(SAYINGS[:RATE])
    # Ben's seat has its own allowance.
    assert said(ben, {"type": "talk", "say": "thanks"})["type"] == "talk"
    for sock in (anna, ben, tab):
        sock.close()


def test_talk_never_shows_a_card(live: LiveServer) -> None:
    """The hidden cards stay hidden: a talk message, and the state's talk, name no card
    (the talk part sees nothing of the match but its seq and the log's length)."""
    created, anna, ben, _token = two_people(live)
    anna.send({"type": "talk", "say": "smile"})
    heard = ben.until("talk")
    assert card_codes(heard) == set()
    talk_before_sync(ben)
    assert card_codes(ben.state["talk"]) == set()
    for sock in (anna, ben):
        sock.close()


# --- the part and the protocol -----------------------------------------------------------


def test_the_protocol_reads_talk() -> None:
    assert parse_message(json.dumps({"type": "talk", "say": "thumbs_up", "id": 4})) == \
        Talk("thumbs_up", 4)
    with pytest.raises(ProtocolError):
        parse_message(json.dumps({"type": "talk", "say": "x" * 30}))


def heard_by(table: Table, seat: int | None, sent: list[dict[str, Any]],
             bot: str | None = None) -> Client:
    async def hear(message: dict[str, Any]) -> None:
        sent.append(message)

    client = Client(seat, hear, bot=bot)
    table.clients.append(client)
    return client


def test_the_rate_limit_frees_again_after_its_window() -> None:
    time = FakeTime()
    match = stammtisch.new_match("schnapsen", seed=1)
    seats = [Seat(HUMAN, token_hash="a", owner=True), Seat(HUMAN, token_hash="b")]
    table = Table("t", match, seats, MemoryStore(), 0.0, clock=time.clock, sleep=time.sleep)
    heard: list[dict[str, Any]] = []
    anna = heard_by(table, 0, [])
    heard_by(table, 1, heard)

    async def run() -> None:
        for _ in range(RATE):
            await table.talk(anna, "gg")
        with pytest.raises(TableError) as refused:
            await table.talk(anna, "gg")
        assert refused.value.code == "rate_limited"
        time.now += WINDOW - 0.5
        with pytest.raises(TableError):
            await table.talk(anna, "gg")
        time.now += 0.5
        await table.talk(anna, "thanks")

    asyncio.run(run())
    assert [m["say"] for m in heard] == ["gg"] * RATE + ["thanks"]
    assert [m["n"] for m in heard] == list(range(1, RATE + 2))


def test_the_state_keeps_the_last_few_sayings() -> None:
    time = FakeTime()
    match = stammtisch.new_match("schnapsen", seed=1)
    seats = [Seat(HUMAN, token_hash="a", owner=True), Seat(HUMAN, token_hash="b")]
    table = Table("t", match, seats, MemoryStore(), 0.0, clock=time.clock, sleep=time.sleep)
    clients = [heard_by(table, seat, []) for seat in (0, 1)]

    async def run() -> None:
        for n in range(KEPT + 3):
            time.now += WINDOW
            await table.talk(clients[n % 2], SAYINGS[n % len(SAYINGS)])

    asyncio.run(run())
    kept = table.snapshot(clients[0])["talk"]["said"]
    assert [m["n"] for m in kept] == list(range(4, KEPT + 4))
    assert table.snapshot(Client(None, clients[0].send))["talk"]["said"] == []


def test_a_program_hears_the_talk_but_does_not_talk() -> None:
    match = stammtisch.new_match("schnauz", seed=4, num_players=3, first_dealer=1)
    seats = [Seat(HUMAN, token_hash="a", owner=True), Seat(HUMAN, token_hash="b"),
             Seat(EXTERNAL, "club", name="robo")]
    table = Table("t", match, seats, MemoryStore(), 0.0)
    anna = heard_by(table, 0, [])
    heard: list[dict[str, Any]] = []
    program = heard_by(table, 2, heard, bot="robo")

    async def run() -> str:
        await table.talk(anna, "gg")
        with pytest.raises(TableError) as refused:
            await table.talk(program, "gg")
        return refused.value.code

    assert asyncio.run(run()) == "not_now"
    assert [(m["seat"], m["say"]) for m in heard] == [(0, "gg")]
    assert table.snapshot(program)["talk"]["may"] is False


def test_the_example_program_plays_on_while_the_people_talk(live: LiveServer) -> None:
    """examples/network_bot.py is sent the people's talk and plays its seat to the end
    (it ignores message types it does not know)."""
    token = network_bot.register(live.url, "listener")
    answer = httpx.post(f"{live.url}/api/tables", json={
        "game": "schnauz", "seats": ["human", "open", "bot:listener"], "name": "Anna",
        "options": {"num_players": 3, "lives": 1}}, timeout=30)
    assert answer.status_code == 201, answer.text
    created = answer.json()
    anna = live.socket(created["id"], created["token"])
    anna.until("state")
    ben = live.socket(created["id"])
    ben.until("state")
    ben.send({"type": "sit", "seat": 1, "name": "Ben"})
    ben.until("seated")
    ends: list[dict[str, Any]] = []
    heard: list[dict[str, Any]] = []
    program = threading.Thread(target=lambda: ends.append(network_bot.play_table(
        live.url, token, created["id"], random.Random(1), heard.append)))
    program.start()
    anna.until_state(lambda state: state["seats"][2]["connected"])
    anna.send({"type": "talk", "say": "good_luck"})
    assert ben.until("talk")["say"] == "good_luck"
    play_steps([anna, ben], random.Random(2), 10_000)
    program.join(timeout=60)
    assert not program.is_alive() and ends and ends[0]["result"] is not None
    assert any(state["talk"]["said"] for state in heard)  # it was told, and played on
    for sock in (anna, ben):
        sock.close()
