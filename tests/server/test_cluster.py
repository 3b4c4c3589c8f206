"""Several ``stammtisch serve`` processes on one PostgreSQL database and one Redis
(issue 29): the people of one table on different processes see every action, in order,
once; a process killed mid-match is taken over with no acknowledged action lost or
played twice; the lobby and history are the same from every process."""

from __future__ import annotations

import json
import random
import signal
import time
from collections.abc import Iterator
from typing import Any

import httpx
import pytest
from sqlalchemy import create_engine, select
from sqlalchemy.engine import Engine
from websockets.exceptions import ConnectionClosed

from stammtisch.server.schema import tables
from stammtisch.server.settings import Settings
from tests.server.accountkit import PASSWORD
from tests.server.conftest import fresh_prefix, fresh_schema
from tests.server.live import PATIENCE, TableSocket
from tests.server.nodes import Node, start_nodes

pytestmark = pytest.mark.slow


@pytest.fixture(scope="module")
def deployment(postgres_server: Engine, redis_server: str) -> Iterator[tuple[str, str, str]]:
    """One PostgreSQL schema and one Redis prefix: a deployment's shared state."""
    with fresh_schema(postgres_server) as db, fresh_prefix(redis_server) as prefix:
        yield db, redis_server, prefix


@pytest.fixture(scope="module")
def trio(deployment: tuple[str, str, str]) -> Iterator[list[Node]]:
    """Three server processes of the deployment, shared by the tests that kill none
    (starting one takes seconds)."""
    nodes = start_nodes(3, *deployment)
    yield nodes
    for node in nodes:
        node.stop()


def stored_row(db: str, table: str) -> Any:
    engine = create_engine(db)
    try:
        with engine.connect() as conn:
            return conn.execute(select(tables).where(tables.c.id == table)).first()
    finally:
        engine.dispose()


def runs_at(db: str, table: str) -> int:
    """The process id of the server process holding the table's lease."""
    owner = stored_row(db, table).owner
    assert owner, "nobody holds the table"
    return int(owner.split(":")[1])


PACE = 1 / 15
"""Seconds between one client's actions: under the server's 20 messages a second
(Settings.rate), which a quiet machine's round trips would pass once the burst is spent."""


class Seen:
    """What one client was sent: every state's seq, in order, and its event log."""

    def __init__(self, sock: TableSocket) -> None:
        self.sock = sock
        self.seqs: list[int] = []
        self.acted = 0.0

    def act(self, action: str) -> None:
        time.sleep(max(0.0, self.acted + PACE - time.monotonic()))
        self.acted = time.monotonic()
        self.sock.act(action)

    def pump(self, timeout: float = 0.02) -> bool:
        try:
            message = self.sock.receive(timeout=timeout)
        except TimeoutError:
            return False
        if message["type"] == "state":
            self.seqs.append(message["seq"])
        return True

    def drain(self) -> None:
        while self.pump():
            pass


def seat(node: Node, table: str, seat_no: int, name: str) -> tuple[Seen, str]:
    sock = node.socket(table)
    sock.receive()
    sock.send({"type": "sit", "seat": seat_no, "name": name})
    token = sock.until("seated")["token"]
    return Seen(sock), token


def catch_up(people: list[Seen], seq: int, deadline: float) -> None:
    """Read until every person's latest state is at ``seq`` at least."""
    for person in people:
        while person.sock.state.get("seq", -1) < seq:
            assert person.pump(max(0.1, deadline - time.monotonic())), "no state came"


def play_out(people: list[Seen], rng: random.Random, deadline: float) -> None:
    """The people act in turn (each against its own latest state) until the match is
    over; every answer is the next seq, and everyone gets it."""
    for person in people:
        while person.sock.state.get("phase") != "playing":
            assert person.pump(max(0.1, deadline - time.monotonic())), "no state came"
    catch_up(people, max(p.sock.state.get("seq", 0) for p in people), deadline)
    while time.monotonic() < deadline:
        state = people[0].sock.state
        if state["result"] is not None:
            return
        mover = next(p for p in people if p.sock.state["to_act"] == p.sock.state["seat"])
        seq = mover.sock.state["seq"]
        assert all(p.sock.state["seq"] == seq for p in people)
        mover.act(rng.choice(mover.sock.state["view"]["legal_actions"]))
        while True:
            message = mover.sock.receive()
            if message["type"] == "state":
                mover.seqs.append(message["seq"])
                if message["seq"] > seq:
                    break
            assert message["type"] != "error", message
        assert message["seq"] == seq + 1, message
        catch_up(people, seq + 1, deadline)
    raise AssertionError("the match did not end in time")


def check_every_action_once(seen: Seen, final: list[Any], last_seq: int) -> None:
    """States came in order (seq never went back), every seq from the first to the
    last was sent (no action missed), and the event log is the final one."""
    assert seen.seqs == sorted(seen.seqs), seen.seqs
    assert set(seen.seqs) == set(range(seen.seqs[0], last_seq + 1))
    assert seen.sock.events == final


def test_two_people_on_two_processes_see_every_action_in_order_once(
        deployment: tuple[str, str, str], trio: list[Node]) -> None:
    db = deployment[0]
    nodes = trio[:2]
    created = nodes[0].create("schnapsen", ["human", "open"], name="Anna")
    anna = Seen(nodes[0].socket(created["id"], created["token"]))
    assert anna.pump(PATIENCE), "no first state"
    ben, _token = seat(nodes[1], created["id"], 1, "Ben")
    watcher = Seen(nodes[1].socket(created["id"]))
    assert watcher.pump(PATIENCE), "no first state"
    # The table runs where it was made; Ben and the watcher are relayed to it.
    assert runs_at(db, created["id"]) == nodes[0].process.pid
    play_out([anna, ben], random.Random(1), time.monotonic() + 60)
    last = anna.sock.state["seq"]
    catch_up([watcher], last, time.monotonic() + PATIENCE)  # relayed: it may come later
    for person in (anna, ben, watcher):
        person.drain()
    row = stored_row(db, created["id"])
    assert row.finished and row.seq == last
    late = Seen(nodes[1].socket(created["id"]))  # the record as either process has it
    late.sock.first_state()
    for person in (anna, ben, watcher):
        check_every_action_once(person, late.sock.events, last)
    for person in (anna, ben, watcher, late):
        person.sock.close()


def test_a_person_logged_in_at_one_process_sits_under_their_account_at_another(
        trio: list[Node]) -> None:
    here, there = trio[0], trio[1]
    anna = httpx.Client(base_url=here.url, headers={"Origin": here.url}, timeout=PATIENCE)
    bert = httpx.Client(base_url=there.url, headers={"Origin": there.url}, timeout=PATIENCE)
    for http, name in ((anna, "Anna-c"), (bert, "Bert-c")):
        signed = http.post("/api/accounts", json={"name": name, "password": PASSWORD})
        assert signed.status_code == 201, signed.text
    made = anna.post("/api/tables", json={"game": "schnapsen", "seats": ["human", "open"],
                                          "rated": True}).json()
    cookie = "; ".join(f"{key}={value}" for key, value in bert.cookies.items())
    sock = there.socket(made["id"], cookies=cookie)  # relayed to the table's process
    sock.first_state()
    sock.send({"type": "sit", "seat": 1, "name": "Someone"})
    assert sock.until("seated")["seat"] == 1
    seated = sock.until_state(lambda state: state["seats"][1]["kind"] == "human")
    assert seated["seats"][1]["name"] == "Bert-c"
    sock.close()
    mine = httpx.get(f"{here.url}/api/me/matches", headers={"Cookie": cookie},
                     timeout=PATIENCE).json()["matches"]  # the session holds everywhere
    assert [(m["table"], m["seat"], m["rated"]) for m in mine] == [(made["id"], 1, True)]


def test_three_people_on_three_processes_see_every_action_in_order_once(
        deployment: tuple[str, str, str], trio: list[Node]) -> None:
    db = deployment[0]
    nodes = trio
    created = nodes[1].create("schnauz", ["human", "open", "open"], name="Anna",
                              num_players=3, lives=1)
    anna = Seen(nodes[2].socket(created["id"], created["token"]))
    assert anna.pump(PATIENCE), "no first state"
    ben, _ = seat(nodes[0], created["id"], 1, "Ben")
    cleo, _ = seat(nodes[1], created["id"], 2, "Cleo")
    assert runs_at(db, created["id"]) == nodes[1].process.pid
    play_out([anna, ben, cleo], random.Random(3), time.monotonic() + 90)
    for person in (anna, ben, cleo):
        person.drain()
    last = anna.sock.state["seq"]
    assert stored_row(db, created["id"]).seq == last
    late = Seen(nodes[0].socket(created["id"]))
    late.sock.first_state()
    for person in (anna, ben, cleo):
        check_every_action_once(person, late.sock.events, last)
    for person in (anna, ben, cleo, late):
        person.sock.close()


# --- a process killed mid-match ---------------------------------------------------------


class Person:
    """A player who reconnects (to another process) when the connection is cut, and
    keeps every action the server acknowledged: (seq it was played at, action)."""

    def __init__(self, table: str, token: str, node: Node) -> None:
        self.table, self.token, self.node = table, token, node
        self.sock: TableSocket | None = None
        self.acked: list[tuple[int, str]] = []
        self.asked = 0
        self.fresh = 0.0
        """When the last full state came (a join: on arrival, or at a new owner)."""
        self.connect(node)

    def connect(self, node: Node) -> None:
        self.node = node
        self.sock = node.socket(self.table, self.token)

    def read(self, timeout: float) -> dict[str, Any] | None:
        """The next message; None when none came in time or the connection was cut."""
        assert self.sock is not None
        try:
            message = self.sock.receive(timeout=timeout)
        except TimeoutError:
            return None
        except ConnectionClosed:
            self.sock = None
            return None
        if message["type"] == "state" and message["log_start"] == 0:
            self.fresh = time.monotonic()
        return message

    def state(self) -> dict[str, Any]:
        return self.sock.state if self.sock is not None else {}

    def my_turn(self) -> bool:
        state = self.state()
        return bool(state) and state["result"] is None and state["phase"] == "playing" \
            and state["to_act"] == state["seat"]

    def act(self, rng: random.Random) -> None:
        """One action against the latest state; acknowledged or not, as the server says."""
        assert self.sock is not None
        state = self.sock.state
        action = rng.choice(state["view"]["legal_actions"])
        self.asked += 1
        try:
            self.sock.send({"type": "act", "action": action, "seq": state["seq"],
                            "id": self.asked})
        except ConnectionClosed:
            self.sock = None
            return
        deadline = time.monotonic() + 10
        while time.monotonic() < deadline:
            message = self.read(0.5)
            if self.sock is None:
                return  # cut before the answer: not acknowledged
            if message is not None and message["type"] == "state" \
                    and message["log_start"] == 0 and message.get("id") is None:
                return  # the table was joined anew (a new owner): not acknowledged
            if message is None or message.get("id") != self.asked:
                continue
            if message["type"] == "state":
                self.acked.append((state["seq"], action))
            return


def test_a_killed_owner_is_taken_over_and_no_acknowledged_action_is_lost(
        postgres: str, redis_server: str, redis_prefix: str) -> None:
    """Three processes, three tables of people spread over them (one with a computer
    player); the process running the first table is killed (SIGKILL) mid-match. The
    people it served reconnect to the others; everyone else's edge finds the new
    owner. Every table finishes, and every acknowledged action is in the final record
    at the seq it was acknowledged at, the record holding exactly one action a seq."""
    # 2 s, as below: with 1 s a renewal delayed on a loaded machine could hand the table
    # to another process before the kill, and the kill would then take over nothing.
    lease = 2.0
    nodes = start_nodes(3, postgres, redis_server, redis_prefix, lease=lease)
    rng = random.Random(29)
    try:
        games: list[tuple[str, list[Person]]] = []
        tables_made: list[tuple[str, list[str], dict[str, Any]]] = [
                ("schnapsen", ["human", "open"], {}),
                ("schnapsen", ["human", "open"], {}),
                ("schnauz", ["human", "open", "random"], {"num_players": 3, "lives": 1})]
        for index, (game, seats, options) in enumerate(tables_made):
            home, away = nodes[index], nodes[(index + 1) % 3]
            created = home.create(game, seats, name="Anna", **options)
            sitter = away.socket(created["id"])
            sitter.receive()
            sitter.send({"type": "sit", "seat": 1, "name": "Ben"})
            token = sitter.until("seated")["token"]
            sitter.close()
            people = [Person(created["id"], created["token"], home),
                      Person(created["id"], token, away)]
            games.append((created["id"], people))
        owner = runs_at(postgres, games[0][0])
        victim = next(node for node in nodes if node.process.pid == owner)
        alive = [node for node in nodes if node is not victim]
        killed_at: float | None = None
        back: dict[str, float] = {}
        deadline = time.monotonic() + 120
        while time.monotonic() < deadline:
            done = 0
            for table, people in games:
                for person in people:
                    if person.sock is None:  # cut with its process: to another one
                        person.connect(alive[len(person.acked) % 2])
                    while person.read(0.01) is not None:
                        pass
                if all(p.state().get("result") is not None for p in people if p.sock):
                    done += 1
                    continue
                if killed_at is not None and table == games[0][0] and table not in back \
                        and all(p.fresh > killed_at for p in people):
                    back[table] = max(p.fresh for p in people) - killed_at
                mover = next((p for p in people if p.sock is not None and p.my_turn()), None)
                if mover is not None:
                    mover.act(rng)
            if done == len(games):
                break
            if killed_at is None and sum(len(p.acked) for p in games[0][1]) >= 8:
                victim.kill()
                killed_at = time.monotonic()
        else:
            raise AssertionError("the tables did not finish in time: " + "; ".join(
                f"{table} at {stored_row(postgres, table).owner}: " + ", ".join(
                    f"{p.node.port} {p.sock is not None} {p.state().get('seq')} "
                    f"{p.state().get('to_act')}/{p.state().get('seat')}" for p in people)
                for table, people in games) + "\n" + "\n".join(
                    f"{n.port} {n.process.pid}: {n.output()[-3000:]}" for n in nodes))
        assert killed_at is not None and games[0][0] in back, "never taken over"
        assert back[games[0][0]] < 60  # the grace period: nobody lost their seat
        taken = runs_at(postgres, games[0][0])
        assert taken in (alive[0].process.pid, alive[1].process.pid)
        for table, people in games:
            row = stored_row(postgres, table)
            record = json.loads(row.record)["actions"]
            assert row.finished and row.seq == len(record)
            acked = [pair for person in people for pair in person.acked]
            assert len({seq for seq, _ in acked}) == len(acked)  # one action a seq
            for seq, action in acked:
                assert record[seq] == action, (table, seq, action)
        print(f"taken over after {back[games[0][0]]:.2f} s (lease {lease} s); "
              f"acknowledged actions: {sum(len(p.acked) for _, ps in games for p in ps)}")
    finally:
        for node in nodes:
            node.stop()


def test_the_lobby_history_and_invite_links_are_the_same_from_every_process(
        trio: list[Node]) -> None:
    created = trio[0].create("schnapsen", ["human", "open"], name="Anna", listed=True)
    anna = Seen(trio[1].socket(created["id"], created["token"]))
    assert anna.pump(PATIENCE), "no first state"
    watcher = Seen(trio[2].socket(created["id"]))  # through the invite link, elsewhere
    assert watcher.pump(PATIENCE), "no first state"
    assert httpx.get(trio[2].url + created["url"], timeout=10).status_code == 200

    def entry(node: Node) -> dict[str, Any]:
        return next(e for e in node.get("/api/lobby") if e["id"] == created["id"])

    deadline = time.monotonic() + PATIENCE
    while not all(entry(node)["watchers"] == 1 for node in trio):
        assert time.monotonic() < deadline, [entry(node) for node in trio]
        time.sleep(0.2)
    for node in trio:  # the owner's view of the table, from every process
        shown = entry(node)
        assert shown["free_seats"] == 1 and shown["seats"][0]["name"] == "Anna"
        assert shown["seats"][0]["connected"] is True

    ben, _ = seat(trio[2], created["id"], 1, "Ben")
    play_out([anna, ben], random.Random(5), time.monotonic() + 60)
    for node in trio:
        assert created["id"] not in {e["id"] for e in node.get("/api/lobby")}
        finished = {t["id"] for t in node.get("/api/history")}
        assert created["id"] in finished
    step = trio[2].get(f"/api/history/{created['id']}?step=1")  # not where it ran
    assert step["total"] == anna.sock.state["actions"] and step["step"] == 1
    for person in (anna, ben, watcher):
        person.drain()
        person.sock.close()


def test_an_address_gets_its_new_tables_from_all_processes_together(
        trio: list[Node]) -> None:
    """30 a minute, bursts of 10 (Settings.create_rate, create_burst) from one address,
    wherever its requests land: counted per process, three would let 30 through."""
    settings = Settings()
    body = {"game": "schnapsen", "seats": ["human", "random"], "options": {}}
    headers = {"X-Forwarded-For": "203.0.113.29"}
    started = time.monotonic()
    answers: list[httpx.Response] = []
    while not answers or answers[-1].status_code == 201 and len(answers) < 30:
        answers.append(httpx.post(f"{trio[len(answers) % 3].url}/api/tables", json=body,
                                  headers=headers, timeout=10))
    refilled = int((time.monotonic() - started) * settings.create_rate)  # a slow machine's
    codes = [a.status_code for a in answers]
    assert codes[-1] == 429 and set(codes[:-1]) == {201}
    assert settings.create_burst <= len(codes) - 1 <= settings.create_burst + refilled
    assert 1 <= int(answers[-1].headers["Retry-After"]) <= 2
    other = httpx.post(f"{trio[1].url}/api/tables", json=body,
                       headers={"X-Forwarded-For": "203.0.113.30"}, timeout=10)
    assert other.status_code == 201


def test_a_paused_owner_is_taken_over_and_cannot_write_when_it_wakes(
        postgres: str, redis_server: str, redis_prefix: str) -> None:
    """SIGSTOP: the owner still listens on Redis but renews nothing. Once its lease ran
    out, the process with the players' sockets takes the table over; woken (SIGCONT),
    the old owner's late writes are refused and it lets the table go. Nothing
    acknowledged is lost; the match finishes."""
    # 2 s, renewed every 0.67 s: with 1 s a loaded CI machine once delayed a renewal
    # past the lease before the first move, and the table moved before it was paused.
    lease = 2.0
    nodes = start_nodes(2, postgres, redis_server, redis_prefix, lease=lease)
    rng = random.Random(7)
    try:
        created = nodes[0].create("schnapsen", ["human", "open"], name="Anna")
        sitter = nodes[1].socket(created["id"])
        sitter.receive()
        sitter.send({"type": "sit", "seat": 1, "name": "Ben"})
        token = sitter.until("seated")["token"]
        # Both sockets at the other process (the table stays where it was made while
        # someone is at it): every message goes through Redis.
        people = [Person(created["id"], created["token"], nodes[1]),
                  Person(created["id"], token, nodes[1])]
        for person in people:
            while person.read(PATIENCE) is not None and not person.state():
                pass
        # Only now: had the sitter left before the people were joined, the owner would
        # have been left alone and let the table go (to the people's process).
        sitter.close()
        assert runs_at(postgres, created["id"]) == nodes[0].process.pid

        def step() -> None:
            for person in people:
                while person.read(0.01) is not None:
                    pass
            mover = next((p for p in people if p.my_turn()), None)
            if mover is not None:
                mover.act(rng)

        began = time.monotonic()
        while sum(len(p.acked) for p in people) < 6:
            assert time.monotonic() - began < 60, "the first actions were not acknowledged"
            step()
        nodes[0].process.send_signal(signal.SIGSTOP)
        paused = time.monotonic()
        while not any(p.my_turn() for p in people):
            assert time.monotonic() - paused < PATIENCE, "nobody's turn came"
            step()
        try:
            while not all(p.fresh > paused for p in people):
                assert time.monotonic() - paused < 30, "not taken over"
                step()
            taken = time.monotonic() - paused
            assert runs_at(postgres, created["id"]) == nodes[1].process.pid
            before = sum(len(p.acked) for p in people)
            while sum(len(p.acked) for p in people) < before + 4:
                assert time.monotonic() - paused < 90, "no action acknowledged after it"
                step()
        finally:
            nodes[0].process.send_signal(signal.SIGCONT)
        deadline = time.monotonic() + 60
        while any(p.state().get("result") is None for p in people):
            assert time.monotonic() < deadline, "the match did not end"
            step()
        row = stored_row(postgres, created["id"])
        record = json.loads(row.record)["actions"]
        assert row.finished and row.seq == len(record)
        for seq, action in [pair for p in people for pair in p.acked]:
            assert record[seq] == action
        # The act sent right after the pause waited at the paused owner. Woken, it
        # either tried to store it over the new owner's lease and was refused, or
        # found its lease gone first and let the table go.
        woken = nodes[0].output()
        refused = woken.count(f"table {created['id']} was not saved: this process")
        dropped = f"table {created['id']}: this process lost its lease" in woken
        assert refused or dropped, woken
        print(f"paused owner taken over after {taken:.2f} s (lease {lease} s); "
              f"woken, its late writes refused: {refused}, table let go: {dropped}")
    finally:
        for node in nodes:
            node.stop()
