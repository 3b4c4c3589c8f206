"""Reviews begin when a match ends (issue 44): nobody asks, yet the review of the
person's seat is worked out in the background, and while it is the deals already
judged are served, each as soon as it is done; a running match stays reviewable only
by its own players, each their own seat."""

from __future__ import annotations

import asyncio
import json
import os
import random
import threading
import time
from collections.abc import Iterator
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from typing import Any

import httpx
import pytest
from starlette.applications import Starlette

import stammtisch
from stammtisch.bots import review
from stammtisch.server import Settings, create_app
from stammtisch.server.reviews import BACKGROUND_NICENESS, ReviewRefused, Reviews, _spawned
from stammtisch.server.store import Store
from stammtisch.server.table import Table
from tests.server.test_reviews import DictBoard

PATIENCE = 60.0
"""Seconds a test waits for a condition (on a loaded machine too)."""


class DealGate:
    """A fake expert: the decisions of deals before ``open_below`` pass at once, the
    others wait until the test opens them."""

    def __init__(self, open_below: int) -> None:
        self.open_below = open_below
        self.opened = threading.Event()
        self.calls = 0

    def __call__(self, game: str, view: dict[str, Any], **_: Any) -> list[tuple[str, float]]:
        self.calls += 1
        if int(view.get("deal") or 0) >= self.open_below:
            self.opened.wait(PATIENCE)
        return [(action, 0.1 * n) for n, action in enumerate(view["legal_actions"])]


@pytest.fixture
def app(tmp_path: Path) -> Iterator[Starlette]:
    built = create_app(Settings(db_url=f"sqlite:///{tmp_path / 'begin.db'}", bot_delay=0.0))
    built.state.reviews = Reviews(budget=0.01, pool=lambda: ThreadPoolExecutor(1))
    yield built
    built.state.reviews.close()
    built.state.replays.close()
    built.state.hub.store.dispose()


async def play(table: Table, *, to_end: bool, seed: int = 3) -> None:
    """Random actions at ``table`` for every seat, to the match's end or to the second
    deal."""
    rng = random.Random(seed)
    match = table.match
    while match.result is None and (to_end or int(match.view(None).get("deal") or 0) < 1):
        async with table.lock:
            assert match.to_act is not None
            assert await table.commit(match.to_act, rng.choice(match.legal_actions()).text)


async def until(http: httpx.AsyncClient, path: str, done: Any,
                headers: dict[str, str] | None = None) -> dict[str, Any]:
    """GET ``path`` until ``done(answer)``; the answer."""
    deadline = time.monotonic() + PATIENCE
    while True:
        answer = await http.get(path, headers=headers or {})
        body: dict[str, Any] = answer.json()
        body["code"] = answer.status_code
        if done(body):
            return body
        assert time.monotonic() < deadline, f"{path} last said {body}"
        await asyncio.sleep(0.01)


def client(app: Starlette) -> httpx.AsyncClient:
    transport = httpx.ASGITransport(app=app, client=("10.0.0.9", 4000))
    return httpx.AsyncClient(transport=transport, base_url="http://test")


def test_a_review_begins_when_the_match_ends_without_anyone_asking(
        app: Starlette, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(review, "rank", DealGate(open_below=1_000))
    table, _token = app.state.hub.create("schnapsen", ["human", "random"], {}, seed=11)

    async def go() -> None:
        async with client(app) as http:
            path = f"/api/reviews/{table.id}?seat=0"
            assert (await http.get(path)).status_code == 403  # running: not public
            await play(table, to_end=True)
            done = await until(http, path, lambda body: body.get("status") == "done")
            assert done["code"] == 200 and not done["review"]["partial"]
            assert done["review"]["decisions"] and done["review"]["finished"]
            # Only the person's seat: the computer player's is not reviewed unasked.
            assert (await http.get(f"/api/reviews/{table.id}?seat=1")).status_code == 404

    asyncio.run(go())


def test_the_deals_judged_are_served_before_the_whole_review_is_done(
        app: Starlette, monkeypatch: pytest.MonkeyPatch) -> None:
    gate = DealGate(open_below=1)
    monkeypatch.setattr(review, "rank", gate)
    table, _token = app.state.hub.create("schnapsen", ["human", "random"], {}, seed=11)

    async def go() -> None:
        async with client(app) as http:
            await play(table, to_end=True)
            path = f"/api/reviews/{table.id}?seat=0"
            running = await until(http, path, lambda body: "review" in body)
            gate.opened.set()
            assert running["status"] == "running" and 0.0 < running["progress"] < 1.0
            partial = running["review"]
            assert partial["partial"]
            assert {d["deal"] for d in partial["decisions"]} == {0}
            deals = {d["deal"]: d for d in partial["deals"]}
            assert not deals[0]["pending"] and deals[0]["decisions"]
            assert len(deals) > 1 and all(d["pending"] for n, d in deals.items() if n)
            assert len(partial["moves"]) == len(table.match.actions)
            done = await until(http, path, lambda body: body.get("status") == "done")
            first = [d for d in done["review"]["decisions"] if d["deal"] == 0]
            assert first == partial["decisions"]
            assert not any(d["pending"] for d in done["review"]["deals"])

    asyncio.run(go())


def test_a_running_match_is_not_reviewed_unasked_and_its_deals_stay_its_players(
        app: Starlette, monkeypatch: pytest.MonkeyPatch) -> None:
    """The first deal over, the match goes on: no review begins; the player's own one
    shows their deals judged so far without the other seat's hidden actions, and the
    other seat's is refused to them."""
    gate = DealGate(open_below=1)
    monkeypatch.setattr(review, "rank", gate)
    table, token = app.state.hub.create("schnapsen", ["human", "random"], {}, seed=11)
    mine = {"Authorization": f"Bearer {token}"}

    async def go() -> None:
        async with client(app) as http:
            await play(table, to_end=False)
            path = f"/api/reviews/{table.id}?seat=0"
            assert (await http.get(path, headers=mine)).status_code == 404
            assert gate.calls == 0
            started = await http.post(f"/api/reviews/{table.id}", json={"seat": 0},
                                      headers=mine)
            assert started.status_code == 202
            running = await until(http, path, lambda body: "review" in body, mine)
            gate.opened.set()
            moves = running["review"]["moves"]
            assert all(m["action"] is None for m in moves if m["seat"] == 1)
            assert all(m["action"] is not None for m in moves if m["seat"] == 0)
            assert (await http.get(path)).status_code == 403
            other = await http.get(f"/api/reviews/{table.id}?seat=1", headers=mine)
            assert other.status_code == 403

    asyncio.run(go())


def finished_schnapsen(store: Store, table_id: str) -> None:
    """A Schnapsen match played at random to its end, stored with two people's seats."""
    match = stammtisch.new_match("schnapsen", seed=11)
    rng = random.Random(3)
    while match.result is None:
        match.play(rng.choice(match.legal_actions()))
    store.create(table_id, "schnapsen", [{"kind": "human", "name": "Anna"},
                                         {"kind": "human", "name": "Ben"}],
                 {**match.record(), "actions": []})
    store.save(table_id, match.record(), json.loads(json.dumps(match.result)), 1)


def test_the_people_of_a_match_are_reviewed_one_after_the_other(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Two people's seats: the second's review waits for the first's, so that the first
    is done soonest and the other turn stays free for a review someone asks for."""
    gate = DealGate(open_below=0)
    monkeypatch.setattr(review, "rank", gate)
    store = Store(f"sqlite:///{tmp_path / 'two.db'}")
    reviews = Reviews(budget=0.01, pool=lambda: ThreadPoolExecutor(1))
    finished_schnapsen(store, "t-two")

    async def go() -> tuple[list[int], int]:
        reviews.begin(store, "t-two", [0, 1])
        deadline = time.monotonic() + PATIENCE
        while gate.calls == 0:
            assert time.monotonic() < deadline, "the first review did not begin"
            await asyncio.sleep(0.01)
        running = sorted(seat for _, seat in reviews._jobs)
        free = reviews.queue.slots - len(running)
        gate.opened.set()
        for seat in (0, 1):
            while (await reviews.status(store, "t-two", seat, ""))["status"] != "done":
                assert time.monotonic() < deadline, f"seat {seat}'s review was not done"
                await asyncio.sleep(0.01)
        return running, free

    try:
        running, free = asyncio.run(go())
        assert running == [0] and free == 1
    finally:
        reviews.close()
        store.dispose()


def test_the_deals_judged_at_one_process_are_served_by_another(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Two processes' Reviews on one store and board: the one that begins the review at
    a match's end tells the board its deals as they are judged, and the other serves
    them to a page that asks it."""
    gate = DealGate(open_below=1)
    monkeypatch.setattr(review, "rank", gate)
    store = Store(f"sqlite:///{tmp_path / 'shared.db'}")
    board = DictBoard()
    first, second = (Reviews(budget=0.01, pool=lambda: ThreadPoolExecutor(1), board=board)
                     for _ in range(2))
    table_id = "t-shared"
    finished_schnapsen(store, table_id)

    async def asked() -> dict[str, Any]:
        try:
            return await second.status(store, table_id, 0, "")
        except ReviewRefused as refused:  # not queued yet: the page is told 404
            assert refused.status == 404
            return {"status": "none"}

    async def go() -> tuple[dict[str, Any], dict[str, Any]]:
        first.begin(store, table_id, [0])
        deadline = time.monotonic() + PATIENCE
        while "review" not in (running := await asked()):
            assert time.monotonic() < deadline, f"the other process said {running}"
            await asyncio.sleep(0.01)
        gate.opened.set()
        while (done := await asked())["status"] != "done":
            assert time.monotonic() < deadline, f"the other process said {done}"
            await asyncio.sleep(0.01)
        return running, done

    try:
        running, done = asyncio.run(go())
        assert running["status"] == "running" and running["review"]["partial"]
        assert {d["deal"] for d in running["review"]["decisions"]} == {0}
        assert not second._jobs  # served from the board, not worked out again
        first_deal = [d for d in done["review"]["decisions"] if d["deal"] == 0]
        assert first_deal == json.loads(json.dumps(running["review"]["decisions"]))
    finally:
        first.close()
        second.close()
        store.dispose()


def _niceness() -> int:
    return os.nice(0)


def test_the_review_worker_runs_below_the_server() -> None:
    """Reviews are background work: on a busy machine they must not slow the tables."""

    pool = _spawned()
    try:
        worker = pool.submit(_niceness).result(timeout=PATIENCE)
    finally:
        pool.shutdown()
    assert worker == min(19, os.nice(0) + BACKGROUND_NICENESS)
