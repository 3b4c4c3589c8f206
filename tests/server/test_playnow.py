"""Play now through its API on one server (the queues in memory), with the pairing
driven by hand on a clock of the test's own: who is found, cancels, moves between
queues, the seats and tokens of the tables made, and which are rated."""

from __future__ import annotations

import asyncio
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import httpx
import pytest
from sqlalchemy import insert, select
from starlette.applications import Starlette

from stammtisch.ratings import Rating
from stammtisch.server.accounttables import accounts
from stammtisch.server.playnow.board import SEATED_TTL, STALE
from stammtisch.server.playnow.queue import FOUND_SECONDS
from stammtisch.server.playnow.service import PlayNow
from stammtisch.server.ratingstore import ratings
from stammtisch.server.seats import BOT, EXTERNAL, HUMAN
from tests.server.accountkit import client, close_app, make_app, sign_up

SCHNAPSEN = "schnapsen:rules"


class Clock:
    def __init__(self) -> None:
        self.now = 1_000_000.0

    def __call__(self) -> float:
        return self.now


@pytest.fixture
def app(tmp_path: Path) -> Iterator[Starlette]:
    built = make_app(f"sqlite:///{tmp_path / 'playnow.db'}", create_rate=1000.0,
                     create_burst=1000.0)
    yield built
    close_app(built)


@pytest.fixture
def clock(app: Starlette) -> Clock:
    ticking = Clock()
    service: PlayNow = app.state.playnow
    service.clock = ticking
    service.board.clock = ticking  # type: ignore[attr-defined]
    return ticking


def service(app: Starlette) -> PlayNow:
    found: PlayNow = app.state.playnow
    return found


def bearer(ticket: str) -> dict[str, str]:
    return {"Authorization": f"Bearer {ticket}"}


async def queue_guest(http: httpx.AsyncClient, name: str, game: str = "schnapsen",
                      **more: Any) -> str:
    answer = await http.post("/api/play-now", json={"game": game, "rules": "rules",
                                                    "name": name, **more})
    assert answer.status_code == 202, answer.text
    assert answer.json()["state"] == "searching"
    ticket: str = answer.json()["ticket"]
    return ticket


async def state(http: httpx.AsyncClient, ticket: str | None = None) -> dict[str, Any]:
    answer = await http.get("/api/play-now", headers=bearer(ticket) if ticket else {})
    assert answer.status_code == 200, answer.text
    found: dict[str, Any] = answer.json()
    return found


def run(coroutine: Any) -> Any:
    return asyncio.run(coroutine)


def test_two_guests_are_found_then_seated_together_each_with_a_token_of_their_own(
        app: Starlette, clock: Clock) -> None:
    async def go() -> None:
        async with client(app) as http:
            ann = await queue_guest(http, "Ann")
            bob = await queue_guest(http, "Bob")
            await service(app).pair_once(SCHNAPSEN)
            found = await state(http, ann)
            assert found["state"] == "found"
            assert sorted(p["name"] for p in found["players"]) == ["Ann", "Bob"]
            assert found["starts_in"] == FOUND_SECONDS
            clock.now += FOUND_SECONDS
            await service(app).pair_once(SCHNAPSEN)
            one, two = await state(http, ann), await state(http, bob)
            assert one["state"] == two["state"] == "seated"
            assert one["url"] == two["url"] and one["seat"] != two["seat"]
            assert one["token"] != two["token"] and one["rated"] is False
            table = app.state.hub.tables[one["table"]]
            assert [info.kind for info in table.seats] == [HUMAN, HUMAN]
            assert table.seat_of(one["token"]) == one["seat"]
            assert table.seat_of(two["token"]) == two["seat"]
            assert table.seats[one["seat"]].name == "Ann"
            assert table.phase == "playing"
            assert (table.settings.clock, table.settings.clock_reserve) == (30, 60)
            assert await state(http) == {"state": "none"}  # no ticket: nothing to see
            clock.now += SEATED_TTL
            await service(app).pair_once(SCHNAPSEN)
            assert service(app).board.who == {}  # type: ignore[attr-defined]
    run(go())


def test_a_guest_alone_gets_computer_levels_once_the_wait_is_over(
        app: Starlette, clock: Clock) -> None:
    async def go() -> None:
        async with client(app) as http:
            ann = await queue_guest(http, "Ann", game="scat", wait=10)
            start = clock.now
            await service(app).pair_once("scat:rules")
            assert (await state(http, ann))["state"] == "searching"
            clock.now = start + 10 - FOUND_SECONDS - 0.1
            await service(app).pair_once("scat:rules")
            assert (await state(http, ann))["state"] == "searching"
            clock.now = start + 10 - FOUND_SECONDS
            await service(app).pair_once("scat:rules")
            found = await state(http, ann)
            assert found["state"] == "found"
            assert [p["level"] is None for p in found["players"]] == [True, False, False,
                                                                      False]
            clock.now += FOUND_SECONDS
            await service(app).pair_once("scat:rules")
            seated = await state(http, ann)
            assert seated["state"] == "seated" and clock.now - start == 10
            table = app.state.hub.tables[seated["table"]]
            assert [info.kind for info in table.seats].count(BOT) == 3
            assert table.match.options["num_players"] == 4
            assert table.settings.clock == 0  # one person against computers: no clock
    run(go())


def test_a_cancel_while_found_sends_the_others_back_to_searching(
        app: Starlette, clock: Clock) -> None:
    async def go() -> None:
        async with client(app) as http:
            ann = await queue_guest(http, "Ann")
            bob = await queue_guest(http, "Bob")
            await service(app).pair_once(SCHNAPSEN)
            assert (await state(http, bob))["state"] == "found"
            left = await http.delete("/api/play-now", headers=bearer(bob))
            assert left.json() == {"state": "none", "was": "found"}
            assert (await state(http, bob)) == {"state": "none"}
            back = await state(http, ann)
            assert back["state"] == "searching"
            clock.now += FOUND_SECONDS
            await service(app).pair_once(SCHNAPSEN)
            assert (await state(http, ann))["state"] == "searching"
            assert not app.state.hub.tables
    run(go())


@pytest.mark.usefixtures("clock")
def test_a_cancel_while_searching_leaves_the_queue(app: Starlette) -> None:
    async def go() -> None:
        async with client(app) as http:
            ann = await queue_guest(http, "Ann")
            left = await http.delete("/api/play-now", headers=bearer(ann))
            assert left.json()["was"] == "searching"
            await queue_guest(http, "Bob")
            await service(app).pair_once(SCHNAPSEN)
            assert (await state(http, ann)) == {"state": "none"}
            assert await service(app).board.searching(SCHNAPSEN) != []
    run(go())


@pytest.mark.usefixtures("clock")
def test_a_person_is_in_one_queue_at_most_and_a_second_ask_moves_them(
        app: Starlette) -> None:
    async def go() -> None:
        async with client(app) as http:
            ann = await queue_guest(http, "Ann")
            moved = await http.post("/api/play-now", headers=bearer(ann), json={
                "game": "schnapsen", "rules": "traditional"})
            assert moved.status_code == 202 and "ticket" not in moved.json()
            assert moved.json()["rules"] == "traditional"
            board = service(app).board
            assert await board.searching(SCHNAPSEN) == []
            assert len(await board.searching("schnapsen:traditional")) == 1
            bob = await queue_guest(http, "Bob", rules="traditional")
            await service(app).pair_once("schnapsen:traditional")
            again = await http.post("/api/play-now", headers=bearer(bob), json={
                "game": "schnapsen", "rules": "rules"})
            assert again.status_code == 409
            assert (await state(http, bob))["state"] == "found"
    run(go())


def test_people_whose_page_stopped_asking_leave_the_queue(
        app: Starlette, clock: Clock) -> None:
    async def go() -> None:
        async with client(app) as http:
            ann = await queue_guest(http, "Ann")
            clock.now += STALE - 1
            await state(http, ann)  # asking keeps her in
            clock.now += 2
            await queue_guest(http, "Bob")
            await service(app).pair_once(SCHNAPSEN)
            assert (await state(http, ann))["state"] == "found"
            cat = await queue_guest(http, "Cat", rules="traditional")
            clock.now += STALE + 1
            dan = await queue_guest(http, "Dan", rules="traditional")
            await service(app).pair_once("schnapsen:traditional")
            assert (await state(http, cat)) == {"state": "none"}
            assert (await state(http, dan))["state"] == "searching"
    run(go())


def test_logged_in_people_sit_at_a_rated_table_and_a_guest_makes_it_casual(
        app: Starlette, clock: Clock) -> None:
    async def go() -> None:
        async with client(app, "10.0.0.1") as ann, client(app, "10.0.0.2") as bob, \
                client(app, "10.0.0.3") as cat:
            for http, name in ((ann, "ann"), (bob, "bob")):
                assert (await sign_up(http, name)).status_code == 201
                queued = await http.post("/api/play-now", json={"game": "schnapsen",
                                                                "rules": "rules"})
                assert queued.status_code == 202 and "ticket" not in queued.json()
            await service(app).pair_once(SCHNAPSEN)
            clock.now += FOUND_SECONDS
            await service(app).pair_once(SCHNAPSEN)
            one, two = await state(ann), await state(bob)
            assert one["rated"] is True and one["url"] == two["url"]
            table = app.state.hub.tables[one["table"]]
            assert {info.name for info in table.seats} == {"ann", "bob"}
            assert all(info.account is not None for info in table.seats)
            # a guest with a logged-in person: casual
            await ann.post("/api/play-now", json={"game": "schnapsen", "rules": "rules"})
            guest = await queue_guest(cat, "Cat")
            await service(app).pair_once(SCHNAPSEN)
            clock.now += FOUND_SECONDS
            await service(app).pair_once(SCHNAPSEN)
            assert (await state(ann))["rated"] is False
            assert (await state(cat, guest))["rated"] is False
    run(go())


def test_a_program_queues_with_its_bot_token_and_plays_its_seat(
        app: Starlette, clock: Clock) -> None:
    async def go() -> None:
        async with client(app) as http:
            made = await http.post("/api/bots", json={"name": "robo"})
            assert made.status_code == 201, made.text
            token = made.json()["token"]
            queued = await http.post("/api/play-now", headers=bearer(token),
                                     json={"game": "schnapsen", "rules": "rules"})
            assert queued.status_code == 202
            ann = await queue_guest(http, "Ann")
            await service(app).pair_once(SCHNAPSEN)
            clock.now += FOUND_SECONDS
            await service(app).pair_once(SCHNAPSEN)
            program = await state(http, token)
            assert program["state"] == "seated" and program["token"] is None
            table = app.state.hub.tables[program["table"]]
            assert table.seats[program["seat"]].kind == EXTERNAL
            assert table.seats[program["seat"]].name == "robo"
            assert (await state(http, ann))["url"] == program["url"]
    run(go())


@pytest.mark.parametrize("body", [
    {"game": "chess", "rules": "rules"}, {"game": "schnapsen", "rules": "house"},
    {"game": "schnapsen", "rules": "rules", "wait": 1},
    {"game": "schnapsen", "rules": "rules", "wait": True},
    {"game": "schnapsen", "rules": "rules", "name": "\u202e"}])
def test_bad_requests_are_refused_with_a_reason(app: Starlette, body: dict[str, Any]) -> None:
    async def go() -> None:
        async with client(app) as http:
            answer = await http.post("/api/play-now", json=body)
            assert answer.status_code == 400 and answer.json()["error"]
    run(go())


def test_an_unknown_token_is_refused(app: Starlette) -> None:
    async def go() -> None:
        async with client(app) as http:
            answer = await http.get("/api/play-now", headers=bearer("nobody-knows-this"))
            assert answer.status_code == 401
    run(go())


def rate(app: Starlette, name: str, game: str, value: float) -> None:
    """Give the account ``name`` a stored rating at ``game``."""
    engine = app.state.hub.store.engine
    with engine.begin() as db:
        account = db.execute(select(accounts.c.id).where(accounts.c.name == name)).scalar_one()
        db.execute(insert(ratings).values(subject=f"account:{account}", game=game,
                                          updated=0.0, **Rating(value, 80.0).to_row()))


@pytest.mark.usefixtures("clock")
def test_people_are_paired_by_their_ratings_nearest_first(app: Starlette) -> None:
    async def go() -> None:
        names = ("ann", "bob", "cat")
        http = {name: client(app, f"10.0.1.{i}") for i, name in enumerate(names)}
        for name in names:
            assert (await sign_up(http[name], name)).status_code == 201
        rate(app, "bob", "schnapsen", 2400.0)
        rate(app, "cat", "schnapsen", 1560.0)  # ann has none yet: 1500
        for name in names:
            queued = await http[name].post("/api/play-now", json={"game": "schnapsen",
                                                                  "rules": "rules"})
            assert queued.status_code == 202
        await service(app).pair_once(SCHNAPSEN)
        found = await state(http["ann"])
        assert sorted(p["name"] for p in found["players"]) == ["ann", "cat"]
        assert (await state(http["bob"]))["state"] == "searching"
        for each in http.values():
            await each.aclose()
    run(go())
