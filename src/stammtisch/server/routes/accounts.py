"""The JSON API of accounts (issue 42): sign up, log in and out, the account itself.
The protocol is in server/protocol.py's header ("Accounts")."""

from __future__ import annotations

import asyncio
import hashlib
import math
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from starlette.requests import Request
from starlette.responses import JSONResponse, Response
from starlette.routing import Route

from stammtisch.server import shared
from stammtisch.server.accounts import AccountError, Accounts
from stammtisch.server.clientlimit import PerClient
from stammtisch.server.deps import settings
from stammtisch.server.names import skeleton
from stammtisch.server.routes.api import read_json_request
from stammtisch.server.seats import token_hash
from stammtisch.server.sessions import (
    Session,
    Sessions,
    clear_session_cookie,
    sent_session_id,
    set_session_cookie,
)

if TYPE_CHECKING:
    from stammtisch.server.cluster import Cluster

MAX_BODY = 65_536
"""Bytes of a request body: a name, passwords and up to :data:`MAX_SEAT_TOKENS` tokens."""
MAX_SEAT_TOKENS = 1000
MAX_TOKEN = 100
"""Characters of one seat token (they are 43)."""
NO_STORE = {"Cache-Control": "no-store"}
CLOSE = {"Connection": "close"}
NOT_LOGGED_IN = "not logged in"


@dataclass(frozen=True)
class AccountLimits:
    """How often one client address may sign up, and try passwords (logins, and the
    password that confirms a change); and how often anyone may try a password for one
    name (its case-blind reading), from all addresses together."""

    sign_ups: PerClient
    logins: PerClient
    names: PerClient


SIGN_UPS = (10 / 3600, 5.0)
"""Sign-ups per address: 10 an hour, 5 at once."""
LOGINS = (10 / 60, 10.0)
"""Password tries per address: 10 a minute, 10 at once."""
NAMES = (1 / 60, 10.0)
"""Password tries (and sign-ups) per name: 1 a minute, 10 at once."""


def account_limits(cluster: Cluster | None) -> AccountLimits:
    """The limits of one server; counted in Redis where several processes serve."""
    if cluster is None:
        return AccountLimits(PerClient(*SIGN_UPS), PerClient(*LOGINS), PerClient(*NAMES))
    return AccountLimits(shared.SharedPerClient(cluster, "sign-ups", *SIGN_UPS),
                         shared.SharedPerClient(cluster, "logins", *LOGINS),
                         shared.SharedPerClient(cluster, "names", *NAMES))


def _error(message: str, status: int = 400,
           headers: dict[str, str] | None = None) -> JSONResponse:
    return JSONResponse({"error": message}, status_code=status,
                        headers={**NO_STORE, **(headers or {})})


def _accounts(request: Request) -> Accounts:
    found: Accounts = request.app.state.accounts
    return found


def _sessions(request: Request) -> Sessions:
    found: Sessions = request.app.state.sessions
    return found


def _limits(request: Request) -> AccountLimits:
    found: AccountLimits = request.app.state.account_limits
    return found


def name_key(name: object) -> str:
    """The key of a name's limit: its case-blind reading, hashed (look-alikes share
    it); "" for no name."""
    if not isinstance(name, str):
        return ""
    return hashlib.sha256(skeleton(name[:100]).encode("utf-8")).hexdigest()[:32]


async def _name_limited(request: Request, name: object) -> JSONResponse | None:
    """The 429 answer when the name has had its password tries; None to go on."""
    key = await _accounts(request).run(name_key, name)
    wait = await _limits(request).names.acquire(key)
    if wait is None:
        return None
    return _error("too many tries for this name: try again later", 429,
                  {"Retry-After": str(math.ceil(wait))})


def _seat_hashes(data: dict[str, Any]) -> list[str] | JSONResponse:
    """The hashes of the seat tokens this browser holds (``"seat_tokens"``)."""
    tokens = data.get("seat_tokens", [])
    if not isinstance(tokens, list) or len(tokens) > MAX_SEAT_TOKENS or not all(
            isinstance(token, str) and 0 < len(token) <= MAX_TOKEN for token in tokens):
        return _error(f'"seat_tokens" must be a list of at most {MAX_SEAT_TOKENS} seat '
                      "tokens")
    return [token_hash(token) for token in tokens]


async def _body(request: Request, limit: PerClient, shape: str) -> dict[str, Any] | JSONResponse:
    """The JSON object of a request, or the error answer."""
    data = await read_json_request(
        request, limit, f"too many tries from this address: at most {limit.rate * 60:g} "
        f"a minute (bursts of {limit.burst:g})", MAX_BODY)
    if isinstance(data, JSONResponse):
        data.headers.update(NO_STORE)
        return data
    if not isinstance(data, dict):
        return _error(f"the body must be a JSON object: {shape}")
    return data


async def _logged_in(request: Request, account_id: int, answer: dict[str, Any],
                     status: int = 200) -> JSONResponse:
    """``answer``, with a new session of the account in the cookie (whatever session id
    the browser sent is ended, never kept)."""
    session_id = await asyncio.to_thread(_sessions(request).start, account_id,
                                         sent_session_id(request))
    response = JSONResponse(answer, status_code=status, headers=NO_STORE)
    set_session_cookie(response, request, session_id, settings(request).public_url)
    return response


async def _signed_in(request: Request, data: dict[str, Any], status: int) -> JSONResponse:
    """Sign up (201) or log in (200) with the body ``data``, and claim its seats."""
    hashes = _seat_hashes(data)
    if isinstance(hashes, JSONResponse):
        return hashes
    limited = await _name_limited(request, data.get("name"))
    if limited is not None:
        return limited
    accounts = _accounts(request)
    work = accounts.sign_up if status == 201 else accounts.log_in
    try:
        account = await accounts.run(work, data.get("name"), data.get("password"))
    except AccountError as refused:
        return _error(str(refused), refused.status)
    claimed = await asyncio.to_thread(accounts.claim, account.id, hashes)
    return await _logged_in(request, account.id, {"name": account.name, "claimed": claimed},
                            status)


async def sign_up(request: Request) -> JSONResponse:
    """``{"name", "password", "seat_tokens"?}`` -> 201 ``{"name", "claimed"}``, logged in."""
    shape = '{"name": ..., "password": ..., "seat_tokens": [...]}'
    data = await _body(request, _limits(request).sign_ups, shape)
    if isinstance(data, JSONResponse):
        return data
    return await _signed_in(request, data, 201)


async def log_in(request: Request) -> JSONResponse:
    """``{"name", "password", "seat_tokens"?}`` -> ``{"name", "claimed"}``, logged in."""
    shape = '{"name": ..., "password": ..., "seat_tokens": [...]}'
    data = await _body(request, _limits(request).logins, shape)
    if isinstance(data, JSONResponse):
        return data
    return await _signed_in(request, data, 200)


async def _session(request: Request) -> Session | None:
    return await asyncio.to_thread(_sessions(request).lookup, sent_session_id(request))


def _kept(response: Response, request: Request, session: Session) -> Response:
    """``response``, setting the cookie anew when this use renewed the session."""
    if session.renewed:
        set_session_cookie(response, request, sent_session_id(request),
                           settings(request).public_url)
    return response


def _logged_out(request: Request) -> Response:
    response = Response(status_code=204, headers=NO_STORE)
    clear_session_cookie(response, request, settings(request).public_url)
    return response


async def log_out(request: Request) -> Response:
    """-> 204: this browser's session ends (none or an unknown one: the same)."""
    await asyncio.to_thread(_sessions(request).end, sent_session_id(request))
    return _logged_out(request)


async def log_out_everywhere(request: Request) -> Response:
    """-> 204: every session of the account ends, this one too."""
    session = await _session(request)
    if session is None:
        return _error(NOT_LOGGED_IN, 401)
    await asyncio.to_thread(_sessions(request).end_all, session.account_id)
    return _logged_out(request)


async def me(request: Request) -> Response:
    """-> ``{"name", "created"}`` of the logged-in account; ``null`` for a guest (not an
    error: every page asks, and a browser logs every error answer)."""
    session = await _session(request)
    account = None if session is None else \
        await asyncio.to_thread(_accounts(request).get, session.account_id)
    if session is None or account is None:
        return JSONResponse(None, headers=NO_STORE)
    return _kept(JSONResponse({"name": account.name, "created": account.created},
                              headers=NO_STORE), request, session)


async def _confirmed(request: Request, shape: str
                     ) -> tuple[Session, dict[str, Any]] | Response:
    """The session and the body of a change the account's password confirms, or the
    error answer (not logged in, limits, a body that is not an object)."""
    session = await _session(request)
    if session is None:  # the body is never read: the connection closes
        return _error(NOT_LOGGED_IN, 401, CLOSE)
    data = await _body(request, _limits(request).logins, shape)
    if isinstance(data, JSONResponse):
        return data
    limited = await _name_limited(request, session.name)
    return (session, data) if limited is None else limited


async def change_password(request: Request) -> Response:
    """``{"password", "new_password"}`` -> ``{"name"}``: every other session of the
    account ends; this browser gets a new one."""
    confirmed = await _confirmed(request, '{"password": ..., "new_password": ...}')
    if isinstance(confirmed, Response):
        return confirmed
    session, data = confirmed
    accounts = _accounts(request)
    try:
        await accounts.run(accounts.change_password, session.account_id,
                           data.get("password"), data.get("new_password"))
    except AccountError as refused:
        return _error(str(refused), refused.status)
    await asyncio.to_thread(_sessions(request).end_all, session.account_id)
    return await _logged_in(request, session.account_id, {"name": session.name})


async def delete_me(request: Request) -> Response:
    """``{"password"}`` -> 204: the account is deleted (its matches stay, shown as
    "deleted player"), every session of it ends."""
    confirmed = await _confirmed(request, '{"password": ...}')
    if isinstance(confirmed, Response):
        return confirmed
    session, data = confirmed
    accounts = _accounts(request)
    try:
        await accounts.run(accounts.delete, session.account_id, data.get("password"))
    except AccountError as refused:
        return _error(str(refused), refused.status)
    return _logged_out(request)


async def my_data(request: Request) -> Response:
    """-> the account and its seats, as a JSON file to keep."""
    session = await _session(request)
    found = None if session is None else \
        await asyncio.to_thread(_accounts(request).data, session.account_id)
    if session is None or found is None:
        return _error(NOT_LOGGED_IN, 401)
    return _kept(JSONResponse(found, headers={
        **NO_STORE, "Content-Disposition": 'attachment; filename="stammtisch-account.json"'}),
        request, session)


routes = [
    Route("/api/accounts", sign_up, methods=["POST"]),
    Route("/api/session", log_in, methods=["POST"]),
    Route("/api/session", log_out, methods=["DELETE"]),
    Route("/api/sessions", log_out_everywhere, methods=["DELETE"]),
    Route("/api/me", me, methods=["GET"]),
    Route("/api/me", delete_me, methods=["DELETE"]),
    Route("/api/me/password", change_password, methods=["POST"]),
    Route("/api/me/data", my_data, methods=["GET"]),
]
