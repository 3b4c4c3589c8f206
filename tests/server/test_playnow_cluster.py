"""Play now over two server processes sharing PostgreSQL and Redis: people ask at
either, cancel at one and ask again at the other, and look at either; each is seated
once, at a table that holds their token; and when the process pairing a queue dies,
another takes the queue over."""

from __future__ import annotations

import hashlib
import json
import time
from collections.abc import Iterator
from typing import Any

import httpx
import pytest
import redis
from sqlalchemy import create_engine, select
from sqlalchemy.engine import Engine

from stammtisch.server.schema import tables
from tests.server.conftest import fresh_prefix, fresh_schema
from tests.server.live import PATIENCE
from tests.server.nodes import Node, start_nodes

pytestmark = pytest.mark.slow

PEOPLE = 36


@pytest.fixture
def pair_of_nodes(postgres_server: Engine,
                  redis_server: str) -> Iterator[tuple[list[Node], str]]:
    """Two server processes of one deployment, and its database's URL."""
    with fresh_schema(postgres_server) as db, fresh_prefix(redis_server) as prefix:
        nodes = start_nodes(2, db, redis_server, prefix)
        try:
            yield nodes, db
        finally:
            for node in nodes:
                node.stop()


def ask(node: Node, game: str, name: str, ticket: str | None = None,
        wait: int = 5) -> dict[str, Any]:
    """``name`` asks at ``node`` (from an address of their own, as through a proxy:
    the limit of new tables is per address)."""
    headers = {"X-Forwarded-For": f"10.1.0.{name[1:]}"}
    if ticket:
        headers["Authorization"] = f"Bearer {ticket}"
    answer = httpx.post(f"{node.url}/api/play-now", timeout=PATIENCE, headers=headers,
                        json={"game": game, "rules": "rules", "name": name, "wait": wait})
    assert answer.status_code == 202, answer.text
    found: dict[str, Any] = answer.json()
    return found


def look(node: Node, ticket: str) -> dict[str, Any]:
    answer = httpx.get(f"{node.url}/api/play-now", timeout=PATIENCE,
                       headers={"Authorization": f"Bearer {ticket}"})
    assert answer.status_code == 200, answer.text
    found: dict[str, Any] = answer.json()
    return found


def test_people_asking_at_two_processes_are_each_seated_once(
        pair_of_nodes: tuple[list[Node], str]) -> None:
    nodes, db_url = pair_of_nodes
    games = ["schnapsen", "scat"]
    tickets: dict[str, str] = {}
    for number in range(PEOPLE):
        name = f"P{number}"
        game = games[number % 2]
        tickets[name] = ask(nodes[number % 2], game, name)["ticket"]
        if number % 6 == 5:  # cancels at the other process and asks again there
            other = nodes[(number + 1) % 2]
            left = httpx.delete(f"{other.url}/api/play-now", timeout=PATIENCE,
                                headers={"Authorization": f"Bearer {tickets[name]}"})
            assert left.status_code == 200 and left.json()["was"] in ("searching", "found")
            ask(other, game, name, tickets[name])
    seated: dict[str, dict[str, Any]] = {}
    deadline = time.monotonic() + 4 * PATIENCE
    turn = 0
    while len(seated) < PEOPLE and time.monotonic() < deadline:
        for name, ticket in tickets.items():
            if name in seated:
                continue
            turn += 1
            state = look(nodes[turn % 2], ticket)
            assert state["state"] in ("searching", "found", "seated"), state
            if state["state"] == "seated":
                seated[name] = state
        time.sleep(0.2)
    assert sorted(seated) == sorted(tickets), "not everyone was seated in time"
    places = [(s["table"], s["seat"]) for s in seated.values()]
    assert len(set(places)) == PEOPLE, "two people were given one seat"
    assert len({s["token"] for s in seated.values()}) == PEOPLE
    engine = create_engine(db_url)
    try:
        with engine.connect() as db:
            rows = {row.id: row for row in db.execute(select(tables).where(
                tables.c.id.in_({s["table"] for s in seated.values()})))}
    finally:
        engine.dispose()
    held: dict[str, str] = {}
    for row in rows.values():
        for seat, info in enumerate(json.loads(row.seats)):
            if info["kind"] == "human":
                held[f"{row.id}:{seat}"] = info["token_hash"]
    assert len(held) == PEOPLE, "a table holds a person nobody was told of"
    for name, state in seated.items():
        token_hash = hashlib.sha256(state["token"].encode()).hexdigest()
        assert held[f"{state['table']}:{state['seat']}"] == token_hash, name
    # each is still seated where they were, whichever process they ask
    for name, ticket in tickets.items():
        assert look(nodes[0], ticket)["url"] == look(nodes[1], ticket)["url"] \
            == seated[name]["url"]


def test_a_queue_goes_on_at_another_process_when_the_one_pairing_it_dies(
        postgres_server: Engine, redis_server: str) -> None:
    with fresh_schema(postgres_server) as db, fresh_prefix(redis_server) as prefix:
        nodes = start_nodes(2, db, redis_server, prefix)
        try:
            client = redis.Redis.from_url(redis_server)
            lease = f"{prefix}playnow:lease:scat:rules"
            deadline = time.monotonic() + PATIENCE
            while not isinstance(holder := client.get(lease), bytes):
                assert time.monotonic() < deadline, "nobody took the queue"
                time.sleep(0.1)
            pid = int(holder.decode().split(":")[1])
            pairing = next(node for node in nodes if node.process.pid == pid)
            other = next(node for node in nodes if node is not pairing)
            pairing.kill()
            ticket = ask(other, "scat", "P1", wait=5)["ticket"]
            deadline = time.monotonic() + PATIENCE
            while (state := look(other, ticket))["state"] != "seated":
                assert time.monotonic() < deadline, f"never seated: {state}"
                time.sleep(0.2)
            now_held = client.get(lease)
            assert isinstance(now_held, bytes)
            assert now_held.decode().split(":")[1] == str(other.process.pid)
            socket = other.socket(state["table"], state["token"])
            try:
                assert socket.until("state")["seat"] == state["seat"]
            finally:
                socket.close()
            client.close()
        finally:
            for node in nodes:
                node.stop()
