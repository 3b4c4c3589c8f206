"""Update frames (server/frames.py): after its first whole state, a socket that takes
updates is sent only what changed for its seat; merged, each update is exactly the
state a socket of the same seat without updates is sent; an update's size does not
grow with the match; a watcher's updates carry no hidden card; a client that misses a
frame notices and asks for the whole state."""

from __future__ import annotations

import asyncio
import json
import random
from typing import Any

import pytest

import stammtisch
from stammtisch.server.frames import merge
from stammtisch.server.seats import HUMAN, Seat
from stammtisch.server.table import Table
from stammtisch.server.table.part import Client
from tests.browser.table_driver import cards_in
from tests.server.live import LiveServer
from tests.server.test_table_hardening import MemoryStore

GAMES: dict[str, dict[str, Any]] = {"schnauz": {"num_players": 3}, "scat": {"num_players": 4},
                                  "schnapsen": {}, "schmier": {}}


class Heard:
    def __init__(self) -> None:
        self.frames: list[dict[str, Any]] = []

    async def __call__(self, message: dict[str, Any]) -> None:
        self.frames.append(json.loads(json.dumps(message)))  # as it goes on the wire


def people_table(game: str, seed: int) -> Table:
    options = GAMES[game]
    match = stammtisch.new_match(game, seed=seed, **options)
    seats = [Seat(HUMAN, token_hash=f"t{n}", name=f"P{n}") for n in range(match.num_players)]
    return Table("t", match, seats, MemoryStore(), 0.0)


async def play_on(table: Table, rng: random.Random, actions: int) -> None:
    for _ in range(actions):
        seat = table.match.to_act
        if seat is None:
            return
        async with table.lock:
            assert await table.commit(seat, rng.choice(table.match.view(seat)["legal_actions"]))
            await table.broadcast()


@pytest.mark.parametrize("game", sorted(GAMES))
def test_a_merged_update_is_the_whole_state_and_a_watcher_sees_no_hidden_card(
        game: str) -> None:
    table = people_table(game, seed=11)
    whole, updated, watching = Heard(), Heard(), Heard()

    async def run() -> None:
        await table.join(Client(0, whole))
        await table.join(Client(0, updated, updates=True))
        await table.join(Client(None, watching, updates=True))
        rng = random.Random(5)
        state, merged_upto = updated.frames[0], 1
        log = list(state["events"])
        for _ in range(200):
            await play_on(table, rng, 1)
            for frame in updated.frames[merged_upto:]:
                assert frame["type"] == "update" and frame["frame"] == state["frame"] + 1
                state = merge(state, frame)
                del log[frame["log_start"]:]
                log.extend(frame["events"])
            merged_upto = len(updated.frames)
            assert same_state(state, whole.frames[-1])
            assert log == table.match.events
            hands = set().union(*(set(table.match.view(s).get("hand") or [])
                                  for s in range(table.match.num_players)))
            hidden = hands - cards_in(table.match.view(None))
            shown = {k: v for k, v in watching.frames[-1].items() if k != "events"}
            assert not cards_in(shown) & hidden  # the events are the public log
            if table.match.result is not None:
                break

    asyncio.run(run())
    assert all(f["type"] == "state" for f in whole.frames)
    assert [f["frame"] for f in watching.frames] == list(range(1, len(watching.frames) + 1))


def same_state(merged: dict[str, Any], whole: dict[str, Any]) -> bool:
    """The two states are the same but for what is each frame's own."""
    own = {"frame", "log_start", "events", "id"}
    return {k: v for k, v in merged.items() if k not in own} == \
        {k: v for k, v in whole.items() if k not in own}


@pytest.mark.slow
def test_an_update_frame_does_not_grow_with_the_match() -> None:
    table = people_table("schmier", seed=3)
    updated = Heard()

    async def run() -> None:
        await table.join(Client(0, updated, updates=True))
        await play_on(table, random.Random(8), 2_000)

    asyncio.run(run())
    sizes = [len(json.dumps(f)) for f in updated.frames[1:]]
    assert len(sizes) >= 2_000
    early, late = sum(sizes[20:120]) / 100, sum(sizes[1_900:2_000]) / 100
    assert late < early * 1.5, (early, late)
    whole = len(json.dumps(updated.frames[0]))
    assert early < whole, (early, whole)


def test_a_client_that_misses_a_frame_asks_for_the_whole_state(tmp_path: Any) -> None:
    live = LiveServer(tmp_path / "frames.db")
    try:
        made = live.create("schnapsen", ["human", "random"], seed=4)
        sock = live.socket(made["id"], made["token"], updates=True)
        first = sock.first_state()
        rng = random.Random(1)
        state = sock.until_my_turn()
        sock.act(rng.choice(state["view"]["legal_actions"]))
        missed = json.loads(sock.conn.recv(timeout=30))  # read past the socket: lost
        assert missed["type"] == "update" and missed["frame"] > first["frame"]
        nxt = json.loads(sock.conn.recv(timeout=30))
        while nxt["type"] != "update":
            nxt = json.loads(sock.conn.recv(timeout=30))
        assert nxt["frame"] != state["frame"] + 1  # the client sees the gap ...
        sock.send({"type": "sync"})  # ... and asks for the whole state
        whole = json.loads(sock.conn.recv(timeout=30))
        while whole["type"] != "state":
            whole = json.loads(sock.conn.recv(timeout=30))
        assert whole["log_start"] == 0 and whole["frame"] > nxt["frame"]
        table = live.hub.tables[made["id"]]
        assert len(whole["events"]) <= table.match.event_count
        sock.close()
    finally:
        live.stop()
