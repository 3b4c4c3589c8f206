"""Reviews over the JSON API: started once and stored, progress while running, and who
may review what (a finished match is public; a running one only for its own players,
each their own seat); hostile input gets a clear 4xx; over several server processes, any
of them answers for a review another works out."""

from __future__ import annotations

import asyncio
import random
import secrets
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
from stammtisch.errors import StammtischError
from stammtisch.server import Settings, create_app
from stammtisch.server.reviews import ReviewRefused, Reviews
from stammtisch.server.seats import token_hash
from stammtisch.server.store import Store
from tests.server.live import LiveServer


class Gate:
    """A fake expert that counts its calls and waits for the test to let each through."""

    def __init__(self, open_: bool = True) -> None:
        self.calls = 0
        self.passes = threading.Semaphore(10_000 if open_ else 0)

    def __call__(self, game: str, view: dict[str, Any], **_: Any) -> list[tuple[str, float]]:
        self.calls += 1
        self.passes.acquire(timeout=PATIENCE)  # a test that failed holds nothing for long
        legal = view["legal_actions"]
        return [(action, 0.1 * n) for n, action in enumerate(legal)]


@pytest.fixture
def app(tmp_path: Path) -> Iterator[Starlette]:
    built = create_app(Settings(db_url=f"sqlite:///{tmp_path / 'reviews.db'}", bot_delay=0.0))
    built.state.reviews = Reviews(budget=0.01, pool=lambda: ThreadPoolExecutor(1))
    yield built
    built.state.reviews.close()
    built.state.replays.close()
    built.state.hub.store.dispose()


def stored_match(store: Store, *, finished: bool, tokens: tuple[str, str] = ("", "")) -> str:
    """A three-seat schnauz match (two people, one computer), played to its end or for
    twenty actions; its id."""
    match: stammtisch.Match = stammtisch.new_match("schnauz", seed=5, num_players=3)  # any game's
    rng = random.Random(5)
    while match.result is None and (finished or len(match.actions) < 20):
        match.play(rng.choice(match.legal_actions()))
    seats = [{"kind": "human", "name": "Anna", "token_hash": token_hash(tokens[0])},
             {"kind": "human", "name": "Ben", "token_hash": token_hash(tokens[1])},
             {"kind": "bot", "level": "random"}]
    table_id = f"t-{secrets.token_hex(4)}"
    store.create(table_id, "schnauz", seats, {**match.record(), "actions": []})
    store.save(table_id, match.record(), match.result, 1)
    return table_id


def call(app: Starlette, method: str, path: str, address: str = "10.0.0.1",
         **kwargs: Any) -> httpx.Response:
    async def go() -> httpx.Response:
        transport = httpx.ASGITransport(app=app, client=(address, 4000))
        async with httpx.AsyncClient(transport=transport, base_url="http://test") as http:
            return await http.request(method, path, **kwargs)

    return asyncio.run(go())


PATIENCE = 60.0
"""Seconds a test waits for a review to finish (on a loaded machine too)."""


def _in_time(deadline: float, what: str) -> None:
    assert time.monotonic() < deadline, f"{what} within {PATIENCE:g} s"


async def _until_done(http: httpx.AsyncClient, path: str, seen: list[float],
                      headers: dict[str, str]) -> dict[str, Any]:
    deadline = time.monotonic() + PATIENCE
    while True:
        answer = await http.get(path, headers=headers)
        assert answer.status_code in (200, 202), answer.text
        body: dict[str, Any] = answer.json()
        seen.append(body["progress"])
        if body["status"] == "done":
            return body
        _in_time(deadline, "the review did not finish")
        await asyncio.sleep(0.01)


def run_review(app: Starlette, table_id: str, seat: int, token: str = "",
               gate: Gate | None = None) -> tuple[dict[str, Any], list[float], int]:
    """POST then GET until done (letting ``gate`` through one call at a time after the
    first progress was seen); the review, the progress figures, the POST's status."""
    headers = {"Authorization": f"Bearer {token}"} if token else {}

    async def go() -> tuple[dict[str, Any], list[float], int]:
        transport = httpx.ASGITransport(app=app, client=("10.0.0.1", 4000))
        async with httpx.AsyncClient(transport=transport, base_url="http://test") as http:
            started = await http.post(f"/api/reviews/{table_id}", json={"seat": seat},
                                      headers=headers)
            assert started.status_code in (200, 202), started.text
            seen: list[float] = [started.json()["progress"]]
            if gate is not None:
                gate.passes.release(3)
                deadline = time.monotonic() + PATIENCE
                while seen[-1] == 0.0:
                    _in_time(deadline, "no progress was shown")
                    await asyncio.sleep(0.01)
                    seen.append((await http.get(f"/api/reviews/{table_id}?seat={seat}",
                                                headers=headers)).json()["progress"])
                gate.passes.release(10_000)
            body = await _until_done(http, f"/api/reviews/{table_id}?seat={seat}", seen,
                                     headers)
            return body, seen, started.status_code

    return asyncio.run(go())


def test_a_finished_match_is_reviewed_once_with_progress_and_is_public(
        app: Starlette, monkeypatch: pytest.MonkeyPatch) -> None:
    gate = Gate(open_=False)
    monkeypatch.setattr(review, "rank", gate)
    table_id = stored_match(app.state.hub.store, finished=True)
    body, seen, status = run_review(app, table_id, 1, gate=gate)
    assert status == 202
    assert seen == sorted(seen) and any(0.0 < p < 1.0 for p in seen) and seen[-1] == 1.0
    done = body["review"]
    assert done["seat"] == 1 and done["decisions"] and gate.calls == len(done["decisions"])
    assert all(move["action"] for move in done["moves"])  # finished: every action named
    calls = gate.calls
    again = call(app, "POST", f"/api/reviews/{table_id}", address="10.0.0.9",
                 json={"seat": 1})
    assert again.status_code == 200 and again.json()["status"] == "done"
    assert again.json()["review"] == done and gate.calls == calls  # stored: not again


def test_a_running_match_is_reviewed_only_by_its_players_each_their_own_seat(
        app: Starlette, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(review, "rank", Gate())
    anna, ben = secrets.token_urlsafe(16), secrets.token_urlsafe(16)
    table_id = stored_match(app.state.hub.store, finished=False, tokens=(anna, ben))
    path = f"/api/reviews/{table_id}"
    refused = [
        call(app, "POST", path, json={"seat": 0}),  # a watcher
        call(app, "GET", f"{path}?seat=0"),
        call(app, "POST", path, json={"seat": 0, "token": ben}),  # someone else's seat
        call(app, "POST", path, json={"seat": 2}, headers={"Authorization": f"Bearer {anna}"}),
        call(app, "GET", f"{path}?seat=1", headers={"Authorization": f"Bearer {anna}"}),
        call(app, "POST", path, json={"seat": 0, "token": "forged"}),
    ]
    assert [answer.status_code for answer in refused] == [403] * len(refused)
    assert all("only its players" in answer.json()["error"]
               or "does not hold" in answer.json()["error"] for answer in refused)
    in_address = call(app, "GET", f"{path}?seat=0&token={anna}")  # where proxies log it
    assert in_address.status_code == 400 and "Authorization" in in_address.json()["error"]
    body, _, status = run_review(app, table_id, 0, token=anna)
    assert status == 202
    moves = body["review"]["moves"]
    assert all((move["action"] is None) == (move["seat"] != 0) for move in moves)
    shown = call(app, "POST", path, json={"seat": 1, "token": ben})
    assert shown.status_code == 202


@pytest.mark.parametrize(("path", "body", "status", "said"), [
    ("/api/reviews/nope", {"seat": 0}, 404, "no match"),
    ("/api/reviews/{id}", {"seat": 3}, 400, '"seat" must be a seat'),
    ("/api/reviews/{id}", {"seat": -1}, 400, '"seat" must be a seat'),
    ("/api/reviews/{id}", {"seat": "x"}, 400, '"seat" must be a seat'),
    ("/api/reviews/{id}", {"seat": True}, 400, '"seat" must be a seat'),
    ("/api/reviews/{id}", {}, 400, "which seat"),
    ("/api/reviews/{id}", [0], 400, "JSON object"),
])
def test_hostile_requests_get_a_clear_4xx(app: Starlette, path: str, body: Any, status: int,
                                           said: str, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(review, "rank", Gate())
    table_id = stored_match(app.state.hub.store, finished=True)
    answer = call(app, "POST", path.format(id=table_id), json=body)
    assert answer.status_code == status and said in answer.json()["error"]
    broken = call(app, "POST", f"/api/reviews/{table_id}", content=b"{nope")
    assert broken.status_code == 400
    unstarted = call(app, "GET", f"/api/reviews/{table_id}?seat=0")
    assert unstarted.status_code == 404 and "POST" in unstarted.json()["error"]


def test_one_review_in_flight_per_client_address(
        app: Starlette, monkeypatch: pytest.MonkeyPatch) -> None:
    gate = Gate(open_=False)
    monkeypatch.setattr(review, "rank", gate)
    store = app.state.hub.store
    first, second = stored_match(store, finished=True), stored_match(store, finished=True)

    async def go() -> list[int]:
        transport = httpx.ASGITransport(app=app, client=("10.0.0.1", 4000))
        async with httpx.AsyncClient(transport=transport, base_url="http://test") as http:
            one = await http.post(f"/api/reviews/{first}", json={"seat": 0})
            two = await http.post(f"/api/reviews/{second}", json={"seat": 0})
            same = await http.post(f"/api/reviews/{first}", json={"seat": 0})
            gate.passes.release(10_000)
            return [one.status_code, two.status_code, same.status_code]

    assert asyncio.run(go()) == [202, 429, 202]


def test_reviews_from_five_addresses_queue_and_each_sees_its_place(
        app: Starlette, monkeypatch: pytest.MonkeyPatch) -> None:
    """Issue 47: four review requests from four addresses held every slot and everyone
    else got 503 for minutes. Now the fifth and more wait in turn, each told its place
    (on the page's polls too), and each is worked out when its turn comes."""
    gate = Gate(open_=False)
    monkeypatch.setattr(review, "rank", gate)
    store = app.state.hub.store
    matches = [stored_match(store, finished=True) for _ in range(5)]

    async def go() -> tuple[list[int], list[dict[str, Any]], list[dict[str, Any]]]:
        clients = [httpx.AsyncClient(transport=httpx.ASGITransport(
            app=app, client=(f"10.0.1.{n}", 4000)), base_url="http://test")
            for n in range(len(matches))]
        try:
            started = [await http.post(f"/api/reviews/{table_id}", json={"seat": 0})
                       for http, table_id in zip(clients, matches, strict=True)]
            polled = [(await http.get(f"/api/reviews/{table_id}?seat=0")).json()
                      for http, table_id in zip(clients, matches, strict=True)]
            gate.passes.release(10_000)
            done = [await _until_done(http, f"/api/reviews/{table_id}?seat=0", [], {})
                    for http, table_id in zip(clients, matches, strict=True)]
            return [answer.status_code for answer in started], polled, done
        finally:
            for http in clients:
                await http.aclose()

    statuses, polled, done = asyncio.run(go())
    assert statuses == [202] * 5
    assert [answer["status"] for answer in polled] == ["running"] * 2 + ["queued"] * 3
    assert [answer.get("place") for answer in polled[2:]] == [1, 2, 3]
    assert all(answer["review"]["decisions"] for answer in done)


def test_a_player_of_the_match_goes_ahead_of_a_watcher(
        app: Starlette, monkeypatch: pytest.MonkeyPatch) -> None:
    """While both slots are taken, a watcher's review (seat 1) waits first; a player's
    (Anna's own seat 0), asked after it, goes ahead (the watcher moves to place 2) and is
    worked out first."""
    gate = Gate(open_=False)
    monkeypatch.setattr(review, "rank", gate)
    walked: list[int] = []

    def walk(record: dict[str, Any], seat: int) -> review.Walk:
        walked.append(seat)
        return review.decisions(record, seat)

    monkeypatch.setattr("stammtisch.server.reviews.decisions", walk)
    store = app.state.hub.store
    anna = secrets.token_urlsafe(16)
    busy = [stored_match(store, finished=True) for _ in range(2)]
    watched = stored_match(store, finished=True)
    played = stored_match(store, finished=True, tokens=(anna, ""))
    works = app.state.reviews

    async def go() -> tuple[dict[str, Any], dict[str, Any], dict[str, Any]]:
        for n, table_id in enumerate(busy):
            await works.start(f"10.0.2.{n}", store, table_id, 2, "")
        watcher = await works.start("10.0.2.8", store, watched, 1, "")
        player = await works.start("10.0.2.9", store, played, 0, anna)
        moved = await works.status(store, watched, 1, "")
        gate.passes.release(10_000)
        deadline = time.monotonic() + PATIENCE
        for table_id, seat in ((watched, 1), (played, 0)):
            while (await works.status(store, table_id, seat, ""))["status"] != "done":
                _in_time(deadline, "the reviews did not finish")
                await asyncio.sleep(0.005)
        return watcher, player, moved

    watcher, player, moved = asyncio.run(go())
    assert watcher == {"status": "queued", "place": 1, "progress": 0.0}
    assert player == {"status": "queued", "place": 1, "progress": 0.0}
    assert moved["place"] == 2
    assert walked == [2, 2, 0, 1]


# --- several server processes ------------------------------------------------------------


class DictBoard:
    """The shared board of reviews (reviews.Board) as a dict, for two Reviews in one loop."""

    def __init__(self) -> None:
        self.entries: dict[tuple[str, int], dict[str, Any]] = {}

    async def tell(self, table_id: str, seat: int, entry: dict[str, Any] | None) -> None:
        if entry is None:
            self.entries.pop((table_id, seat), None)
        else:
            self.entries[table_id, seat] = entry

    async def read(self, table_id: str, seat: int) -> dict[str, Any] | None:
        return self.entries.get((table_id, seat))


def test_a_review_running_at_one_process_is_known_at_another(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Two processes' Reviews on one store and board: the second answers the first's
    review as running (and starts no second one), then done; a failure at the first is
    told at the second."""
    gate = Gate(open_=False)
    monkeypatch.setattr(review, "rank", gate)
    store = Store(f"sqlite:///{tmp_path / 'shared.db'}")
    board = DictBoard()
    first, second = (Reviews(budget=0.01, pool=lambda: ThreadPoolExecutor(1), board=board)
                     for _ in range(2))
    table_id = stored_match(store, finished=True)

    async def go() -> tuple[dict[str, Any], dict[str, Any], dict[str, Any]]:
        started = await first.start("10.0.0.1", store, table_id, 1, "")
        elsewhere = await second.start("10.0.0.2", store, table_id, 1, "")
        gate.passes.release(10_000)
        deadline = time.monotonic() + PATIENCE
        while (done := await second.status(store, table_id, 1, ""))["status"] != "done":
            _in_time(deadline, "the review did not finish")
            await asyncio.sleep(0.01)
        return started, elsewhere, done

    try:
        started, elsewhere, done = asyncio.run(go())
        assert started == elsewhere == {"status": "running", "progress": 0.0}
        assert gate.calls == len(done["review"]["decisions"])  # worked out once
        assert board.entries == {}

        def broken(*_: Any, **__: Any) -> Any:
            raise StammtischError("a broken record")

        monkeypatch.setattr(review, "rank", broken)
        other = stored_match(store, finished=True)

        async def fail() -> None:
            await first.start("10.0.0.1", store, other, 0, "")
            deadline = time.monotonic() + PATIENCE
            while (other, 0) in first._jobs:
                _in_time(deadline, "the failed review was still there")
                await asyncio.sleep(0.01)
            await second.status(store, other, 0, "")

        with pytest.raises(ReviewRefused) as refused:
            asyncio.run(fail())
        assert refused.value.status == 409 and "a broken record" in str(refused.value)
    finally:
        first.close()
        second.close()
        store.dispose()


def test_two_server_processes_answer_for_each_others_reviews(
        postgres: str, redis_server: str, redis_prefix: str) -> None:
    """A page that starts a review at one process and asks another (no sticky sessions)
    sees it running, then done."""
    servers = [LiveServer(postgres, redis=redis_server, redis_prefix=redis_prefix,
                          review_budget=0.01) for _ in range(2)]
    try:
        table_id = stored_match(servers[0].hub.store, finished=True)
        started = httpx.post(f"{servers[0].url}/api/reviews/{table_id}", json={"seat": 0})
        assert started.status_code == 202, started.text
        answers = []
        deadline = time.monotonic() + PATIENCE
        while True:
            answer = httpx.get(f"{servers[1].url}/api/reviews/{table_id}?seat=0")
            answers.append(answer.status_code)
            if answer.status_code != 202:
                break
            _in_time(deadline, "the review did not finish")
            time.sleep(0.02)
        assert answers[0] == 202 and answers[-1] == 200, answers
        assert answer.json()["review"]["decisions"]
    finally:
        for server in servers:
            server.stop()
