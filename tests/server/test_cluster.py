"""Several ``stammtisch serve`` processes on one PostgreSQL database and one Redis
(issue 29): the people of one table on different processes see every action, in order,
once; a process killed mid-match is taken over with no acknowledged action lost or
played twice; the lobby and history are the same from every process."""

from __future__ import annotations

import random
import time
from collections.abc import Iterator
from typing import Any

import pytest
from sqlalchemy import create_engine, select
from sqlalchemy.engine import Engine

from stammtisch.server.store import tables
from tests.server.conftest import fresh_prefix, fresh_schema
from tests.server.live import TableSocket
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


class Seen:
    """What one client was sent: every state's seq, in order, and its event log."""

    def __init__(self, sock: TableSocket) -> None:
        self.sock = sock
        self.seqs: list[int] = []

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
        mover.sock.act(rng.choice(mover.sock.state["view"]["legal_actions"]))
        while True:
            message = mover.sock.receive(timeout=10)
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
    anna.pump(5)
    ben, _token = seat(nodes[1], created["id"], 1, "Ben")
    watcher = Seen(nodes[1].socket(created["id"]))
    watcher.pump(5)
    # The table runs where it was made; Ben and the watcher are relayed to it.
    assert runs_at(db, created["id"]) == nodes[0].process.pid
    play_out([anna, ben], random.Random(1), time.monotonic() + 60)
    for person in (anna, ben, watcher):
        person.drain()
    last = anna.sock.state["seq"]
    row = stored_row(db, created["id"])
    assert row.finished and row.seq == last
    late = Seen(nodes[1].socket(created["id"]))  # the record as either process has it
    late.pump(5)
    for person in (anna, ben, watcher):
        check_every_action_once(person, late.sock.events, last)
    for person in (anna, ben, watcher, late):
        person.sock.close()


def test_three_people_on_three_processes_see_every_action_in_order_once(
        deployment: tuple[str, str, str], trio: list[Node]) -> None:
    db = deployment[0]
    nodes = trio
    created = nodes[1].create("schnauz", ["human", "open", "open"], name="Anna",
                              num_players=3, lives=1)
    anna = Seen(nodes[2].socket(created["id"], created["token"]))
    anna.pump(5)
    ben, _ = seat(nodes[0], created["id"], 1, "Ben")
    cleo, _ = seat(nodes[1], created["id"], 2, "Cleo")
    assert runs_at(db, created["id"]) == nodes[1].process.pid
    play_out([anna, ben, cleo], random.Random(3), time.monotonic() + 90)
    for person in (anna, ben, cleo):
        person.drain()
    last = anna.sock.state["seq"]
    assert stored_row(db, created["id"]).seq == last
    late = Seen(nodes[0].socket(created["id"]))
    late.pump(5)
    for person in (anna, ben, cleo):
        check_every_action_once(person, late.sock.events, last)
    for person in (anna, ben, cleo, late):
        person.sock.close()
