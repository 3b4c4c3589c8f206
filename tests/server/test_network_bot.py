"""The bot API over a live server: the example client plays a full match against the
server's computer players and sees only its seat; the time limit, illegal actions, bad
tokens, the invite link, a program that is away, a hostile stream, and a stream offered
the tables of every process of a deployment."""

from __future__ import annotations

import hashlib
import json
import random
import threading
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import httpx
import pytest
from websockets.exceptions import ConnectionClosed
from websockets.sync.client import connect

import stammtisch
from examples import network_bot
from stammtisch.server.protocol import MAX_REFUSED
from tests.server.live import PATIENCE, LiveServer, TableSocket

BOT_TIME = 0.4
"""Seconds a program has for each decision here: short, so that the tests of its
fallback run quickly. A test whose program must act in time has :data:`ROOMY_BOT_TIME`."""
ROOMY_BOT_TIME = 3.0
"""Time enough for a test's own program to answer on a loaded machine (at 0.4 s the
fallback could play first, and an action meant as illegal was refused as stale)."""


@pytest.fixture
def server(tmp_path: Path) -> Iterator[LiveServer]:
    live = LiveServer(tmp_path / "bots.db", bot_time=BOT_TIME, bot_rate=1000.0,
                      bot_burst=1000.0)
    yield live
    live.stop()


def new_table(server: LiveServer, game: str, seats: list[str], **options: Any) -> dict[str, Any]:
    answer = httpx.post(f"{server.url}/api/tables",
                        json={"game": game, "seats": seats, "options": options})
    assert answer.status_code == 201, answer.text
    made: dict[str, Any] = answer.json()
    return made


def program(server: LiveServer, table: str, token: str) -> TableSocket:
    """A program's socket at ``table``, with its bot token."""
    return TableSocket(connect(f"ws://127.0.0.1:{server.port}/ws/tables/{table}",
                               additional_headers={"Authorization": f"Bearer {token}"},
                               open_timeout=PATIENCE, legacy=True))


def views_by_seq(server: LiveServer, table: str,
                 seat: int) -> tuple[dict[int, Any], list[int | None]]:
    """The view of ``seat`` after each number of actions of the stored match, and who
    played each action."""
    stored = server.hub.store.load(table)
    assert stored is not None
    record = dict(stored.record)
    actions = record.pop("actions")
    match = stammtisch.replay({**record, "actions": []})
    views = {0: json.loads(json.dumps(match.view(seat)))}
    actors: list[int | None] = []
    for count, text in enumerate(actions, 1):
        actors.append(match.to_act)
        match.play(text)
        views[count] = json.loads(json.dumps(match.view(seat)))
    return views, actors


def test_the_example_client_plays_a_full_match_and_sees_only_its_seat(
        server: LiveServer) -> None:
    token = network_bot.register(server.url, "example")
    made = new_table(server, "schnapsen", ["bot:example", "club"])
    assert made["token"] is None and made["seat"] is None  # nobody's seat: a bots' table
    seen: list[dict[str, Any]] = []
    ends = network_bot.play_offers(server.url, token, 1, random.Random(5), seen.append)
    assert [end["table"] for end in ends] == [made["id"]]
    result = ends[0]["result"]
    assert result is not None and result["winner"] in (0, 1), result
    views, actors = views_by_seq(server, made["id"], 0)
    assert len(views) == len(actors) + 1 and 0 in actors
    for state in seen:
        assert state["seat"] == 0 and state["hint"] is False and state["can_undo"] is False
        assert state["view"] == views[state["seq"]], state["seq"]
    assert {state["seq"] for state in seen} >= {seq for seq, actor in enumerate(actors)
                                               if actor == 0}
    assert seen[-1]["seats"][0] == {"kind": "external", "name": "example", "level": "club",
                                    "connected": True, "grace_left": None,
                                    "takeover": False}


def test_a_program_that_never_answers_is_replaced_after_the_time_limit(
        server: LiveServer) -> None:
    token = network_bot.register(server.url, "sleepy")
    made = new_table(server, "schnapsen", ["bot:sleepy", "club"])
    sock = program(server, made["id"], token)
    first = sock.until("state")
    assert first["seat"] == 0
    table = server.hub.tables[made["id"]]
    began = time.monotonic()
    sock.until_state(lambda s: s["actions"] >= 8 and s["seats"][0]["connected"], timeout=60)
    turns = table.actors[:8].count(0)
    assert turns >= 2  # the fallback played each of the program's turns ...
    assert time.monotonic() - began >= turns * BOT_TIME * 0.9  # ... after the limit each
    sock.close()


@pytest.mark.slow  # waits out ROOMY_BOT_TIME (3 s) for the fallback
def test_an_illegal_action_is_refused_and_the_fallback_acts_after_the_limit(
        tmp_path: Path) -> None:
    server = LiveServer(tmp_path / "roomy.db", bot_time=ROOMY_BOT_TIME, bot_rate=1000.0,
                        bot_burst=1000.0)
    try:
        token = network_bot.register(server.url, "clumsy")
        made = new_table(server, "schnapsen", ["bot:clumsy", "club"])
        sock = program(server, made["id"], token)
        state = sock.until_my_turn()
        seq = state["seq"]
        sock.send({"type": "act", "action": "play XX", "seq": seq, "id": 7})
        refused = sock.until("error")
        assert refused["code"] == "illegal" and refused["id"] == 7
        moved = sock.until_state(lambda s: s["seq"] > seq)
        assert server.hub.tables[made["id"]].actors[seq] == 0  # the fallback, for it
        sock.send({"type": "act", "action": state["view"]["legal_actions"][0], "seq": seq})
        assert sock.until("error")["code"] == "stale"
        assert moved["result"] is None
        sock.close()
    finally:
        server.stop()


def test_bad_tokens_are_refused_and_closed(server: LiveServer) -> None:
    made = new_table(server, "schnapsen", ["human", "club"])
    for path in ("/ws/bot", f"/ws/tables/{made['id']}"):
        with connect(f"ws://127.0.0.1:{server.port}{path}",
                     additional_headers={"Authorization": "Bearer nonsense"}) as sock:
            assert json.loads(sock.recv(timeout=PATIENCE))["code"] == "bad_token"
            with pytest.raises(ConnectionClosed) as closed:
                sock.recv(timeout=PATIENCE)
            assert closed.value.rcvd is not None and closed.value.rcvd.code == 4401
    with connect(f"ws://127.0.0.1:{server.port}/ws/bot") as sock:  # no token at all
        assert json.loads(sock.recv(timeout=PATIENCE))["code"] == "bad_token"


def test_without_its_program_the_fallback_plays_the_match_to_the_end(
        server: LiveServer) -> None:
    network_bot.register(server.url, "absent")
    made = new_table(server, "schnauz", ["bot:absent", "club", "beginner"],
                     num_players=3)
    watcher = server.socket(made["id"])
    end = watcher.until_state(lambda s: s["result"] is not None, timeout=60)
    assert end["seats"][0]["kind"] == "external" and not end["seats"][0]["connected"]


def test_a_program_takes_an_open_seat_through_the_invite_link(server: LiveServer) -> None:
    token = network_bot.register(server.url, "guest")
    made = new_table(server, "schnapsen", ["human", "open"])
    sock = program(server, made["id"], token)
    assert sock.until("state")["seat"] is None
    sock.send({"type": "sit", "seat": 1, "name": "guest", "id": 3})
    seated = sock.until("seated")
    assert seated == {"type": "seated", "seat": 1, "token": None, "id": 3}
    state = sock.until_state(lambda s: s["seat"] == 1)
    assert state["phase"] == "playing"
    assert state["seats"][1]["kind"] == "external" and state["seats"][1]["name"] == "guest"
    sock.send({"type": "hint"})
    assert sock.until("error")["code"] == "not_now"
    sock.close()


def test_a_program_comes_back_to_its_seat_with_the_full_state(server: LiveServer) -> None:
    token = network_bot.register(server.url, "flaky")
    made = new_table(server, "schnapsen", ["human", "bot:flaky"])
    person = server.socket(made["id"], made["token"])
    sock = program(server, made["id"], token)
    assert sock.until("state")["seat"] == 1
    sock.close()
    gone = person.until_state(lambda s: not s["seats"][1]["connected"])
    assert gone["seats"][1]["grace_left"] is None  # a program has no grace: its fallback
    again = program(server, made["id"], token)
    back = again.until("state")
    assert back["seat"] == 1 and back["log_start"] == 0
    person.until_state(lambda s: s["seats"][1]["connected"])
    again.close()
    person.close()


def test_the_stream_offers_new_tables_and_refuses_floods(server: LiveServer) -> None:
    token = network_bot.register(server.url, "lurker")
    with connect(f"ws://127.0.0.1:{server.port}/ws/bot",
                 additional_headers={"Authorization": f"Bearer {token}"}) as stream:
        hello = json.loads(stream.recv(timeout=PATIENCE))
        assert hello == {"type": "hello", "bot": "lurker", "bot_time": BOT_TIME}
        made = new_table(server, "scat", ["human", "bot:lurker:beginner", "club"],
                         num_players=3)
        offer = json.loads(stream.recv(timeout=PATIENCE))
        assert offer == {"type": "offer", "table": made["id"], "seat": 1, "game": "scat",
                         "options": offer["options"], "phase": "playing",
                         "chosen_deals": False, "socket": f"/ws/tables/{made['id']}"}
        stream.send(json.dumps({"type": "ping", "id": 1}))
        assert json.loads(stream.recv(timeout=PATIENCE)) == {"type": "pong", "id": 1}
        stream.send(b"\x00binary")
        assert json.loads(stream.recv(timeout=PATIENCE))["code"] == "bad_message"
        with pytest.raises(ConnectionClosed) as closed:
            for _ in range(MAX_REFUSED + 5):
                stream.send("{not json")
            while True:
                stream.recv(timeout=PATIENCE)
        assert closed.value.rcvd is not None and closed.value.rcvd.code == 1008


def test_no_chosen_deals_against_a_program(server: LiveServer) -> None:
    """A seed fixes every hand: a creator who chose it could predict a program's cards, so
    it is taken only where every other seat is one of this server's computer levels."""
    network_bot.register(server.url, "victim")
    for seats in (["human", "bot:victim"], ["human", "bot:victim:club"]):
        answer = httpx.post(f"{server.url}/api/tables",
                            json={"game": "schnapsen", "seats": seats, "seed": 7})
        assert answer.status_code == 400, answer.text
        assert "program of the bot API" in answer.json()["error"]
    practice = httpx.post(f"{server.url}/api/tables",
                          json={"game": "schnapsen", "seats": ["human", "club"], "seed": 7})
    assert practice.status_code == 201, practice.text
    sock = server.socket(practice.json()["id"], practice.json()["token"])
    assert sock.until("state")["chosen_deals"] is True
    sock.close()


def test_bot_accounts_names_tokens_and_seats(server: LiveServer) -> None:
    answer = httpx.post(f"{server.url}/api/bots", json={"name": "Ma Bot"})
    assert answer.status_code == 400 and "lower-case" in answer.json()["error"]
    token = network_bot.register(server.url, "twice")
    answer = httpx.post(f"{server.url}/api/bots", json={"name": "twice"})
    assert answer.status_code == 409
    stored = server.hub.store.bot_named(hashlib.sha256(token.encode()).hexdigest())
    assert stored == "twice"
    assert token.encode() not in Path(server.db).read_bytes()
    for seats, words in ((["human", "bot:nobody"], "no bot named"),
                         (["human", "bot:twice:genius"], "genius"),
                         (["bot:twice", "bot:twice"], "one seat"),
                         (["bot:twice", "open"], "human")):
        answer = httpx.post(f"{server.url}/api/tables",
                            json={"game": "schnapsen", "seats": seats})
        assert answer.status_code == 400 and words in answer.json()["error"], answer.text


def test_new_bot_accounts_are_rate_limited(tmp_path: Path) -> None:
    live = LiveServer(tmp_path / "limited.db")
    try:
        codes = [httpx.post(f"{live.url}/api/bots", json={"name": f"bot{n}"}).status_code
                 for n in range(4)]
        assert codes == [201, 201, 201, 429]
    finally:
        live.stop()


def test_two_programs_play_a_table_in_threads(server: LiveServer) -> None:
    tokens = [network_bot.register(server.url, name) for name in ("left", "right")]
    made = new_table(server, "schnapsen", ["bot:left", "bot:right"])
    ends: list[dict[str, Any]] = []
    threads = [threading.Thread(target=lambda t=token: ends.append(network_bot.play_table(
        server.url, t, made["id"], random.Random(1)))) for token in tokens]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(timeout=120)
    assert len(ends) == 2 and ends[0]["result"] == ends[1]["result"] is not None


def test_the_example_client_takes_an_open_seat_by_the_invite_link(server: LiveServer) -> None:
    token = network_bot.register(server.url, "invited")
    made = new_table(server, "schnapsen", ["human", "open"])
    person = server.socket(made["id"], made["token"])
    ends: list[dict[str, Any]] = []
    thread = threading.Thread(target=lambda: ends.append(network_bot.play_table(
        server.url, token, made["id"], random.Random(2))))
    thread.start()
    acted = [-1]

    def ready(state: dict[str, Any]) -> bool:
        return state["result"] is not None or (
            state["phase"] == "playing" and state["to_act"] == 0 and state["seq"] != acted[0])

    while thread.is_alive():  # the person plays too, the first legal action each turn
        state = person.until_state(ready, timeout=60)
        if state["result"] is not None:
            break
        acted[0] = state["seq"]
        person.act(state["view"]["legal_actions"][0])
    thread.join(timeout=60)
    assert ends and ends[0]["seat"] == 1 and ends[0]["result"] is not None
    assert ends[0]["seats"][1]["name"] == "invited"
    person.close()


def test_a_stream_is_offered_the_tables_of_every_process(postgres: str, redis_server: str,
                                                          redis_prefix: str) -> None:
    """Two server processes (one PostgreSQL schema, one Redis): a program's stream at the
    second is offered a table already waiting at the first, new tables made at either,
    and none of another bot's; it plays the first process's table through its own."""
    servers = [LiveServer(postgres, redis=redis_server, redis_prefix=redis_prefix,
                          bot_time=BOT_TIME, bot_rate=1000.0, bot_burst=1000.0)
               for _ in range(2)]
    try:
        token = network_bot.register(servers[0].url, "roamer")
        network_bot.register(servers[0].url, "other")
        seats = ["human", "bot:roamer:beginner", "club"]
        waiting = new_table(servers[0], "scat", seats, num_players=3)
        with connect(f"ws://127.0.0.1:{servers[1].port}/ws/bot",
                     additional_headers={"Authorization": f"Bearer {token}"}) as stream:
            assert json.loads(stream.recv(timeout=PATIENCE))["type"] == "hello"
            offered = {json.loads(stream.recv(timeout=PATIENCE))["table"]}
            made = [new_table(server, "scat", seats, num_players=3) for server in servers]
            new_table(servers[0], "scat", ["human", "bot:other", "club"], num_players=3)
            # Made after the other bot's table at the same process: its offer comes after
            # any offer of that one, so once it is here, none of that one will come.
            made.append(new_table(servers[0], "scat", seats, num_players=3))
            expected = {waiting["id"], *(table["id"] for table in made)}
            while offered != expected:
                offer = json.loads(stream.recv(timeout=PATIENCE))
                assert offer["type"] == "offer" and offer["seat"] == 1, offer
                assert offer["table"] in expected, offer
                assert offer["socket"] == f"/ws/tables/{offer['table']}"
                offered.add(offer["table"])
        assert waiting["id"] in servers[0].hub.tables
        assert waiting["id"] not in servers[1].hub.tables
        sock = program(servers[1], waiting["id"], token)
        state = sock.until("state")
        assert state["seat"] == 1 and state["view"]["hand"]
        sock.close()
    finally:
        for server in servers:
            server.stop()
