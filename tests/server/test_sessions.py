"""Sessions (issue 42): the cookie's flags, a new id at every login (no fixation), only
the id's hash stored, expiry and renewal, logging out here and everywhere, and one
session known to every server process on the same database."""

from __future__ import annotations

import asyncio
import hashlib
from collections.abc import Iterator
from pathlib import Path

import pytest
from sqlalchemy import select
from starlette.applications import Starlette

from stammtisch.server.accounttables import sessions
from stammtisch.server.sessions import COOKIE, LIFETIME, RENEW_EVERY, Sessions
from tests.server.accountkit import (
    DATABASES,
    PASSWORD,
    app_on,
    client,
    close_app,
    log_in,
    make_app,
    session_cookie,
    sign_up,
    with_session,
)


@pytest.fixture(params=DATABASES)
def app(request: pytest.FixtureRequest, tmp_path: Path) -> Iterator[Starlette]:
    yield from app_on(request, tmp_path)


class Clock:
    """A clock the test moves on."""

    def __init__(self) -> None:
        self.now = 1_000_000.0

    def __call__(self) -> float:
        return self.now


@pytest.fixture
def sqlite_app(tmp_path: Path) -> Iterator[Starlette]:
    built = make_app(f"sqlite:///{tmp_path / 'sessions.db'}")
    yield built
    close_app(built)


def test_the_cookie_is_http_only_same_site_lax_and_not_secure_over_http(
        sqlite_app: Starlette) -> None:
    async def scenario() -> None:
        async with client(sqlite_app) as http:
            cookie = session_cookie(await sign_up(http, "Alice"))
            assert cookie["httponly"] is True and cookie["samesite"].lower() == "lax"
            assert cookie["path"] == "/" and cookie["max-age"] == str(int(LIFETIME))
            assert not cookie["secure"]
            assert len(cookie.value) >= 43

    asyncio.run(scenario())


def test_the_cookie_is_secure_over_https(sqlite_app: Starlette) -> None:
    async def scenario() -> None:
        async with client(sqlite_app, base_url="https://test:8443") as http:
            cookie = session_cookie(await sign_up(http, "Alice"))
            assert cookie["secure"] is True and cookie["httponly"] is True
            assert (await http.get("/api/me")).json()["name"] == "Alice"
            gone = await http.delete("/api/session")
            assert session_cookie(gone)["secure"] is True

    asyncio.run(scenario())


def test_the_cookie_is_secure_behind_a_public_https_address(tmp_path: Path) -> None:
    app = make_app(f"sqlite:///{tmp_path / 'public.db'}",
                   public_url="https://cards.example")

    async def scenario() -> None:  # TLS ends at the proxy; the request comes by http
        async with client(app, "127.0.0.1", base_url="http://localhost:8000") as http:
            assert session_cookie(await sign_up(http, "Alice"))["secure"] is True

    try:
        asyncio.run(scenario())
    finally:
        close_app(app)


def test_a_session_id_sent_before_login_is_never_the_one_after(app: Starlette) -> None:
    async def scenario() -> None:
        async with client(app) as http:
            await sign_up(http, "Alice")
            await http.delete("/api/session")
        chosen = "chosen-by-the-attacker-" + "x" * 20
        async with client(app, "10.0.0.2") as http:
            logged = await http.post("/api/session", headers=with_session(chosen),
                                     json={"name": "Alice", "password": PASSWORD})
            assert logged.status_code == 200
            given = session_cookie(logged).value
            assert given != chosen
            assert (await http.get("/api/me", headers=with_session(chosen))).json() is None
            assert (await http.get("/api/me", headers=with_session(given))).status_code == 200

    asyncio.run(scenario())


def test_a_login_ends_the_session_the_browser_had(app: Starlette) -> None:
    async def scenario() -> None:
        async with client(app) as http:
            first = session_cookie(await sign_up(http, "Alice")).value
            second = session_cookie(await log_in(http, "Alice")).value
            assert first != second
            assert (await http.get("/api/me", headers=with_session(first))).json() is None
            assert (await http.get("/api/me", headers=with_session(second))).status_code == 200

    asyncio.run(scenario())


def test_only_the_session_id_s_hash_is_stored(app: Starlette) -> None:
    async def scenario() -> str:
        async with client(app) as http:
            return session_cookie(await sign_up(http, "Alice")).value

    session_id = asyncio.run(scenario())
    with app.state.hub.store.engine.connect() as db:
        rows = db.execute(select(sessions)).all()
    assert [row.id_hash for row in rows] == [hashlib.sha256(session_id.encode()).hexdigest()]
    assert session_id not in repr(rows)


def test_logging_out_ends_this_session_only(app: Starlette) -> None:
    async def scenario() -> None:
        async with client(app) as http, client(app, "10.0.0.2") as elsewhere:
            await sign_up(http, "Alice")
            await log_in(elsewhere, "Alice")
            gone = await http.delete("/api/session")
            assert gone.status_code == 204
            cookie = session_cookie(gone)
            assert cookie.value == "" and cookie["max-age"] == "0"
            assert (await http.get("/api/me")).json() is None
            assert (await elsewhere.get("/api/me")).status_code == 200
            assert (await http.delete("/api/session")).status_code == 204  # again: the same

    asyncio.run(scenario())


def test_logging_out_everywhere_ends_every_session_of_the_account(app: Starlette) -> None:
    async def scenario() -> None:
        async with client(app) as http, client(app, "10.0.0.2") as elsewhere, \
                client(app, "10.0.0.3") as bruno:
            await sign_up(http, "Alice")
            await log_in(elsewhere, "Alice")
            await sign_up(bruno, "Bruno")
            assert (await http.delete("/api/sessions")).status_code == 204
            assert (await http.get("/api/me")).json() is None
            assert (await elsewhere.get("/api/me")).json() is None
            assert (await bruno.get("/api/me")).status_code == 200
            refused = await http.delete("/api/sessions")
            assert (refused.status_code, refused.json()) == (401, {"error": "not logged in"})

    asyncio.run(scenario())


def test_a_session_expires_unused_and_is_renewed_at_most_once_a_day(
        sqlite_app: Starlette) -> None:
    clock = Clock()
    held: Sessions = sqlite_app.state.sessions
    held.clock = clock
    store_engine = sqlite_app.state.hub.store.engine

    def expires() -> float:
        with store_engine.connect() as db:
            return float(db.execute(select(sessions.c.expires)).scalar_one())

    async def scenario() -> None:
        async with client(sqlite_app) as http:
            await sign_up(http, "Alice")
            assert expires() == clock.now + LIFETIME
            clock.now += RENEW_EVERY / 2
            used = await http.get("/api/me")
            assert used.status_code == 200 and "set-cookie" not in used.headers
            assert expires() == clock.now - RENEW_EVERY / 2 + LIFETIME
            clock.now += RENEW_EVERY
            renewed = await http.get("/api/me")
            assert renewed.status_code == 200
            assert session_cookie(renewed)["max-age"] == str(int(LIFETIME))
            assert expires() == clock.now + LIFETIME
            clock.now += LIFETIME - 1
            assert (await http.get("/api/me")).status_code == 200  # renewed again
            clock.now += LIFETIME
            assert (await http.get("/api/me")).json() is None
        with store_engine.connect() as db:
            assert db.execute(select(sessions)).first() is None

    asyncio.run(scenario())


def test_only_an_answer_that_sets_the_cookie_again_renews_the_session(
        sqlite_app: Starlette) -> None:
    """A renewal the browser's cookie does not follow would leave the cookie expiring
    before its session: the routes that cannot set it (My matches, a new table, the
    table socket) read the session without renewing it."""
    clock = Clock()
    sqlite_app.state.sessions.clock = clock
    store_engine = sqlite_app.state.hub.store.engine

    def expires() -> float:
        with store_engine.connect() as db:
            return float(db.execute(select(sessions.c.expires)).scalar_one())

    async def scenario() -> None:
        async with client(sqlite_app) as http:
            await sign_up(http, "Alice")
            first = expires()
            clock.now += RENEW_EVERY * 2
            mine = await http.get("/api/me/matches")
            assert mine.status_code == 200 and "set-cookie" not in mine.headers
            assert expires() == first
            renewed = await http.get("/api/me")
            assert session_cookie(renewed)["max-age"] == str(int(LIFETIME))
            assert expires() == clock.now + LIFETIME

    asyncio.run(scenario())


def test_sessions_past_their_time_are_cleared_at_the_next_login(
        sqlite_app: Starlette) -> None:
    clock = Clock()
    sqlite_app.state.sessions.clock = clock

    async def scenario() -> None:
        for n in range(3):
            async with client(sqlite_app, f"10.0.0.{n}") as http:
                await (sign_up(http, "Alice") if n == 0 else log_in(http, "Alice"))
        clock.now += LIFETIME + 1
        async with client(sqlite_app, "10.0.0.9") as http:
            await log_in(http, "Alice")

    asyncio.run(scenario())
    with sqlite_app.state.hub.store.engine.connect() as db:
        assert len(db.execute(select(sessions)).all()) == 1


def test_every_server_process_knows_every_session(postgres: str) -> None:
    first, second = make_app(postgres), make_app(postgres)

    async def scenario() -> None:
        async with client(first) as http:
            session_id = session_cookie(await sign_up(http, "Alice")).value
        async with client(second) as http:
            me = await http.get("/api/me", headers=with_session(session_id))
            assert me.status_code == 200 and me.json()["name"] == "Alice"
            assert (await http.delete("/api/session",
                                      headers=with_session(session_id))).status_code == 204
        async with client(first) as http:
            assert (await http.get("/api/me",
                                   headers=with_session(session_id))).json() is None

    try:
        asyncio.run(scenario())
    finally:
        close_app(first)
        close_app(second)


def test_a_cookie_that_is_no_session_is_no_one(sqlite_app: Starlette) -> None:
    async def scenario() -> None:
        async with client(sqlite_app) as http:
            for value in ("", "x" * 5000, "nothing"):
                me = await http.get("/api/me", headers={"Cookie": f"{COOKIE}={value}"})
                assert (me.status_code, me.json()) == (200, None)

    asyncio.run(scenario())


def test_a_change_without_a_session_is_refused_before_its_body_is_read(
        sqlite_app: Starlette) -> None:
    async def scenario() -> None:
        async with client(sqlite_app) as http:
            for method, path in (("POST", "/api/me/password"), ("DELETE", "/api/me")):
                refused = await http.request(method, path, json={"password": "anything"})
                assert (refused.status_code, refused.json()) == (
                    401, {"error": "not logged in"})
                assert refused.headers["connection"] == "close"

    asyncio.run(scenario())
