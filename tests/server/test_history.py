"""Finished matches: broken stored rows are left out (logged once) instead of failing the
lobby and the history for everyone, a match that cannot be replayed is a clear 409, and
replays run off the event loop, from a cache of recent ones, one per client at a time."""

from __future__ import annotations

import asyncio
import json
import logging
import random
import secrets
import threading
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import httpx
import pytest
from sqlalchemy import update
from starlette.applications import Starlette

import stammtisch
from stammtisch.core.match import Match
from stammtisch.server import Settings, create_app, history
from stammtisch.server.schema import tables
from stammtisch.server.seats import Seat, new_token, token_hash
from stammtisch.server.store import BrokenRow, Store, StoredTable

SEATS = [{"kind": "human", "level": "", "name": "Anna"},
         {"kind": "bot", "level": "random"}, {"kind": "bot", "level": "random"}]


def finished_match(store: Store, seed: int, *, listed: bool = False,
                   seats: list[dict[str, Any]] = SEATS) -> str:
    """A schnauz match of three played to its end and stored finished; its id."""
    match: Match = stammtisch.new_match("schnauz", seed=seed, num_players=3)  # any game's
    rng = random.Random(seed)
    while match.result is None:
        match.play(rng.choice(match.legal_actions()))
    table_id = f"done-{secrets.token_hex(4)}"
    start = {**match.record(), "actions": []}
    store.create(table_id, "schnauz", seats, start, listed=listed)
    store.save(table_id, match.record(), match.result, 1)
    return table_id


def open_table(store: Store) -> str:
    """A listed table not over."""
    table_id = f"open-{secrets.token_hex(4)}"
    store.create(table_id, "schnauz", SEATS, {"game": "schnauz", "options": {"num_players": 3},
                                              "seed": 1, "actions": []}, listed=True)
    return table_id


def break_row(store: Store, table_id: str, **columns: Any) -> None:
    with store.engine.begin() as db:
        db.execute(update(tables).where(tables.c.id == table_id).values(**columns))


@pytest.fixture
def app(tmp_path: Path) -> Iterator[Starlette]:
    built = create_app(Settings(db_url=f"sqlite:///{tmp_path / 'history.db'}", bot_delay=0.0))
    yield built
    replays: history.Replays | None = getattr(built.state, "replays", None)
    if replays is not None:
        replays.close()
    built.state.hub.store.dispose()


def client(app: Starlette, address: str = "10.0.0.1") -> httpx.AsyncClient:
    return httpx.AsyncClient(transport=httpx.ASGITransport(app=app, client=(address, 4000)),
                             base_url="http://test")


def get(app: Starlette, path: str) -> httpx.Response:
    async def fetch() -> httpx.Response:
        async with client(app) as http:
            return await http.get(path)

    return asyncio.run(fetch())


# --- who sat where ----------------------------------------------------------------------------


def test_every_seat_is_named_by_what_the_pages_show_never_by_its_token(app: Starlette) -> None:
    """The list and each step carry every seat's kind, level and name: a person's typed
    name, a computer's level, a program's bot account (with its stand-in level); a person
    who gave no name has none. No token's hash, no owner flag."""
    tokens = [new_token(), new_token()]
    seats = [Seat("human", token_hash=token_hash(tokens[0]), name="Anna", owner=True).stored(),
             Seat("external", level="club", name="page-bot").stored(),
             Seat("human", token_hash=token_hash(tokens[1])).stored()]
    seats.append({**seats.pop(), "kind": "bot", "level": "expert"})  # taken over by a computer
    table_id = finished_match(app.state.hub.store, 6, seats=seats)
    shown = [{"kind": "human", "level": None, "name": "Anna"},
             {"kind": "external", "level": "club", "name": "page-bot"},
             {"kind": "bot", "level": "expert", "name": None}]
    listed = get(app, "/api/history")
    step = get(app, f"/api/history/{table_id}?step=4")
    assert [entry["seats"] for entry in listed.json()] == [shown]
    assert step.json()["seats"] == shown
    for answer in (listed, step):
        for secret in (*tokens, token_hash(tokens[0]), token_hash(tokens[1]), "token", "owner"):
            assert secret not in answer.text


def test_a_name_stored_with_spaces_around_it_or_none_at_all_is_no_name() -> None:
    assert history.shown_seat({"kind": "human", "name": "  Ben "}) == \
        {"kind": "human", "level": None, "name": "Ben"}
    assert history.shown_seat({"kind": "human", "name": "   ", "level": ""}) == \
        {"kind": "human", "level": None, "name": None}
    assert history.shown_seat({"kind": "bot", "level": "random"}) == \
        {"kind": "bot", "level": "random", "name": None}


# --- broken rows ----------------------------------------------------------------------------


@pytest.mark.parametrize("broken", [
    {"record": "{not json"}, {"seats": "[{}]"}, {"record": "[1, 2]"}, {"result": "7"},
    {"record": '{"actions": 5}'},
])
def test_a_broken_row_is_left_out_of_the_lobby_and_the_history(
        app: Starlette, broken: dict[str, str], caplog: pytest.LogCaptureFixture) -> None:
    store: Store = app.state.hub.store
    good_open, bad_open = open_table(store), open_table(store)
    good_done, bad_done = finished_match(store, 1), finished_match(store, 2)
    break_row(store, bad_open, **broken)
    break_row(store, bad_done, **broken)
    with caplog.at_level(logging.ERROR, logger="stammtisch.server"):
        for _ in range(2):
            lobby = get(app, "/api/lobby")
            assert lobby.status_code == 200
            assert [entry["id"] for entry in lobby.json()] == [good_open]
            done = get(app, "/api/history")
            assert done.status_code == 200
            assert [entry["id"] for entry in done.json()] == [good_done]
    logged = [record.getMessage() for record in caplog.records]
    assert sorted(logged) == sorted(  # once per row, however often it is read
        f"the stored table {table_id} is broken: {reason}; it is left out of the lobby and "
        "the history" for table_id, reason in (
            (bad_open, _reason(store, bad_open)), (bad_done, _reason(store, bad_done))))
    step = get(app, f"/api/history/{bad_done}?step=3")
    assert step.status_code == 409
    assert step.json()["error"].startswith(
        f"this match cannot be replayed: the stored table {bad_done} is broken: ")
    assert get(app, f"/api/history/{good_done}?step=3").status_code == 200


def _reason(store: Store, table_id: str) -> str:
    with pytest.raises(BrokenRow) as broken:
        store.load(table_id)
    return str(broken.value).split(" is broken: ", 1)[1]


def test_a_record_the_engine_cannot_replay_is_a_409(app: Starlette) -> None:
    store: Store = app.state.hub.store
    table_id = finished_match(store, 3)
    stored = store.load(table_id)
    assert stored is not None
    actions = list(stored.record["actions"])
    actions[5] = "fly away"
    break_row(store, table_id, record=json.dumps({**stored.record, "actions": actions}))
    assert [entry["id"] for entry in get(app, "/api/history").json()] == [table_id]
    assert get(app, f"/api/history/{table_id}?step=5").status_code == 200  # before it: fine
    refused = get(app, f"/api/history/{table_id}?step=9")
    assert refused.status_code == 409
    assert refused.json()["error"].startswith(
        "this match cannot be replayed: action 5 ('fly away'): ")
    headerless = {**stored.record, "game": "chess"}
    break_row(store, table_id, record=json.dumps(headerless), updated=stored.updated + 1)
    refused = get(app, f"/api/history/{table_id}?step=0")
    assert refused.status_code == 409 and "cannot be replayed" in refused.json()["error"]


# --- replays: off the loop, cached, one per client -------------------------------------------


def _stored(tmp_path: Path) -> StoredTable:
    store = Store(f"sqlite:///{tmp_path / 'cache.db'}")
    stored = store.load(finished_match(store, 4))
    store.dispose()
    assert stored is not None and len(stored.record["actions"]) > 60
    return stored


def test_any_order_of_steps_shows_what_a_fresh_replay_shows(tmp_path: Path) -> None:
    stored = _stored(tmp_path)
    total = len(stored.record["actions"])
    replays = history.Replays(size=2, keep=5)
    rng = random.Random(7)
    order = [0, 1, 2, 3, 2, 1, 0, total, total - 1, total - 7, 40, 46, 39, 38, 60, 12,
             total + 5, -3, *rng.sample(range(total + 1), 30)]
    for index in order:
        assert replays.step(stored, index) == history.step(stored, index), index
    replays.close()


def test_the_next_and_previous_steps_are_not_replayed_from_the_start(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    stored = _stored(tmp_path)
    total = len(stored.record["actions"])
    calls: list[int] = []
    honest = stammtisch.replay

    def counted(record: Any) -> Match:
        calls.append(len(record["actions"]))
        return honest(record)

    monkeypatch.setattr(stammtisch, "replay", counted)
    replays = history.Replays(size=2, keep=5)
    for index in [*range(0, 30), *range(29, 24, -1), total, total - 5]:
        replays.step(stored, index)
    assert len(calls) == 1  # the first step; every later one moved the kept match
    replays.step(stored, 10)  # further back than it keeps: from the start once more
    replays.step(stored, 11)
    assert len(calls) == 2
    replays.close()


def test_one_replay_per_client_at_a_time(app: Starlette, monkeypatch: pytest.MonkeyPatch) -> None:
    """While a client's step is being replayed (held here), that client's next one is
    refused with 429, another client is served, and the event loop answers meanwhile."""
    store: Store = app.state.hub.store
    table_id = finished_match(store, 5)
    entered, release = threading.Event(), threading.Event()
    honest = history.Replays.step

    def held(self: history.Replays, stored: StoredTable, index: int) -> dict[str, Any]:
        if index == 7:
            entered.set()
            assert release.wait(10)
        return honest(self, stored, index)

    monkeypatch.setattr(history.Replays, "step", held)

    async def scenario() -> None:
        async with client(app) as anna, client(app, "10.0.0.2") as ben:
            first = asyncio.create_task(anna.get(f"/api/history/{table_id}?step=7"))
            assert await asyncio.to_thread(entered.wait, 10)
            again = await anna.get(f"/api/history/{table_id}?step=8")
            assert again.status_code == 429
            assert "one step of a finished match at a time" in again.json()["error"]
            other = await ben.get(f"/api/history/{table_id}?step=8")
            assert other.status_code == 200 and other.json()["step"] == 8
            assert (await anna.get("/api/lobby")).status_code == 200
            assert not first.done()
            release.set()
            shown = await first
            assert shown.status_code == 200 and shown.json()["step"] == 7
            after = await anna.get(f"/api/history/{table_id}?step=8")
            assert after.status_code == 200 and after.json() == other.json()

    asyncio.run(scenario())


def test_a_step_of_no_finished_match_is_a_404(app: Starlette) -> None:
    store: Store = app.state.hub.store
    assert get(app, "/api/history/nothing").status_code == 404
    running = open_table(store)
    assert get(app, f"/api/history/{running}").status_code == 404
    assert get(app, f"/api/history/{running}?step=x").status_code == 400
