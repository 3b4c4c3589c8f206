"""What the tests of accounts and sessions share: an app on SQLite or PostgreSQL whose
password hashing is cheap and counted, clients from chosen addresses, cookies read."""

from __future__ import annotations

from collections.abc import Iterator
from http.cookies import Morsel, SimpleCookie
from pathlib import Path
from typing import Any, Literal

import httpx
import pytest
from argon2 import PasswordHasher
from starlette.applications import Starlette

from stammtisch.server import Settings, create_app
from stammtisch.server.accounts import Accounts
from stammtisch.server.sessions import COOKIE

PASSWORD = "correct horse battery"
"""A password every test may use: long enough and not a common one."""


class CountingHasher(PasswordHasher):
    """Argon2id with the cheapest parameters (the tests hash hundreds of passwords),
    counting its verifications."""

    def __init__(self, time_cost: int = 1) -> None:
        super().__init__(time_cost=time_cost, memory_cost=8, parallelism=1)
        self.verified = 0

    def verify(self, hash: str | bytes, password: str | bytes) -> Literal[True]:
        self.verified += 1
        return super().verify(hash, password)


def make_app(db_url: str, **settings: Any) -> Starlette:
    app = create_app(Settings(db_url=db_url, bot_delay=0.0, **settings))
    accounts: Accounts = app.state.accounts
    accounts.hasher = CountingHasher()
    return app


def close_app(app: Starlette) -> None:
    app.state.accounts.close()
    app.state.replays.close()
    app.state.hub.store.dispose()


DATABASES = ["sqlite", "postgresql"]
"""The kinds of database the tests of accounts run on (parameters of :func:`app_on`)."""


def app_on(request: pytest.FixtureRequest, tmp_path: Path) -> Iterator[Starlette]:
    """An app on a database of the kind ``request.param``: a SQLite file, or PostgreSQL
    in a fresh schema (skipped where there is none, as tests/server/conftest.py's
    ``postgres`` says)."""
    if request.param == "sqlite":
        url = f"sqlite:///{tmp_path / 'accounts.db'}"
    else:
        url = request.getfixturevalue("postgres")
    built = make_app(url)
    yield built
    close_app(built)


def client(app: Starlette, address: str = "10.0.0.1",
           base_url: str = "http://test:8000") -> httpx.AsyncClient:
    """A client from ``address`` whose requests come from the server's own pages."""
    return httpx.AsyncClient(transport=httpx.ASGITransport(app=app, client=(address, 4000)),
                             base_url=base_url, headers={"Origin": base_url})


def hasher(app: Starlette) -> CountingHasher:
    found: CountingHasher = app.state.accounts.hasher
    return found


async def sign_up(http: httpx.AsyncClient, name: str, password: str = PASSWORD,
                  **more: Any) -> httpx.Response:
    return await http.post("/api/accounts", json={"name": name, "password": password, **more})


async def log_in(http: httpx.AsyncClient, name: str, password: str = PASSWORD,
                 **more: Any) -> httpx.Response:
    return await http.post("/api/session", json={"name": name, "password": password, **more})


def session_cookie(response: httpx.Response) -> Morsel[str]:
    """The session cookie the answer sets (fails when it sets none, or two)."""
    found = []
    for header in response.headers.get_list("set-cookie"):
        parsed: SimpleCookie = SimpleCookie()
        parsed.load(header)
        if COOKIE in parsed:
            found.append(parsed[COOKIE])
    assert len(found) == 1, response.headers.get_list("set-cookie")
    return found[0]


def with_session(session_id: str) -> dict[str, str]:
    """Headers of a request that sends ``session_id`` (and nothing from a cookie jar)."""
    return {"Cookie": f"{COOKIE}={session_id}"}
