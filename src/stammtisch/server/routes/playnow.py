"""Play now's API: ``POST``, ``GET`` and ``DELETE /api/play-now`` (server/protocol.py
documents them; server/playnow/ runs the queues).

Who asks: a program by its bot token (``Authorization: Bearer``), a logged-in person by
their session, a guest by the ticket the first ``POST`` answered (``Authorization:
Bearer playnow.<ticket>``). The ticket is the guest's only credential for the queue:
only it reads the seat token once the table is made.
"""

from __future__ import annotations

import asyncio
import secrets

from starlette.requests import Request
from starlette.responses import JSONResponse
from starlette.routing import Route

from stammtisch.server.botaccounts import bot_of_token
from stammtisch.server.catalog import PRESETS
from stammtisch.server.deps import player, store
from stammtisch.server.playnow.queue import DEFAULT_WAIT, RULE_SETS, TABLE_SIZES, WAITS
from stammtisch.server.playnow.service import GUEST, Asker, PlayNow
from stammtisch.server.protocol import ProtocolError, clean_name
from stammtisch.server.routes.api import read_json_request
from stammtisch.server.seats import token_hash

TICKET = "playnow."
"""How a guest's ticket begins (a bot token never does)."""


def _error(message: str, status: int = 400) -> JSONResponse:
    return JSONResponse({"error": message}, status_code=status)


def _service(request: Request) -> PlayNow:
    found: PlayNow = request.app.state.playnow
    return found


def _bearer(request: Request) -> str:
    scheme, _, value = request.headers.get("authorization", "").partition(" ")
    return value.strip() if scheme.lower() == "bearer" else ""


async def _asker(request: Request, name: str = GUEST) -> Asker | JSONResponse | None:
    """Who asks (None: a guest without a ticket yet), or the refusal of a bad token."""
    bearer = _bearer(request)
    if bearer.startswith(TICKET):
        return Asker(f"guest:{token_hash(bearer)}", name)
    if bearer:
        bot = await asyncio.to_thread(bot_of_token, store(request), bearer)
        if bot is None:
            return _error("unknown token: a program sends its bot token, a guest's page "
                          "the ticket its first POST /api/play-now answered", 401)
        return Asker(f"bot:{bot}", bot, program=bot)
    account = await player(request)
    if account is not None:
        return Asker(f"account:{account.id}", account.name, account=account)
    return None


async def join(request: Request) -> JSONResponse:
    """``{"game", "rules", "wait"?, "name"?}`` -> 202 and the searching state (with a
    guest's new ``ticket``); 409 while the person's table is being formed."""
    data = await read_json_request(
        request, request.app.state.table_limit, "too many requests for new tables from "
        "this address: wait a little")
    if isinstance(data, JSONResponse):
        return data
    if not isinstance(data, dict):
        return _error('the body must be a JSON object with "game" and "rules"')
    game, rules = data.get("game"), data.get("rules", "rules")
    if game not in TABLE_SIZES:
        return _error(f'"game" is one of {", ".join(sorted(TABLE_SIZES))}')
    if rules not in RULE_SETS or rules not in PRESETS.get(game, {}):
        return _error(f'"rules" is one of {", ".join(RULE_SETS)}')
    wait = data.get("wait", DEFAULT_WAIT)
    low, high = WAITS
    if isinstance(wait, bool) or not isinstance(wait, int | float) or not low <= wait <= high:
        return _error(f'"wait" is the seconds to wait for people, from {low} to {high}')
    name = GUEST
    if data.get("name") not in (None, ""):
        try:
            name = clean_name(data["name"])
        except ProtocolError as bad:
            return _error(f'"name": {bad}')
    asker = await _asker(request, name)
    if isinstance(asker, JSONResponse):
        return asker
    ticket = None
    if asker is None:
        ticket = TICKET + secrets.token_urlsafe(32)
        asker = Asker(f"guest:{token_hash(ticket)}", name)
    service = _service(request)
    refused = await service.join(asker, game, rules, wait)
    if refused is not None:
        return _error("your table is being formed: cancel it first (DELETE /api/play-now)"
                      if refused != "seating" else "your table is being made", 409)
    answer = await service.status(asker.person)
    if ticket is not None:
        answer["ticket"] = ticket
    return JSONResponse(answer, status_code=202)


async def status(request: Request) -> JSONResponse:
    """The asker's state: ``searching``, ``found``, ``seated`` or ``none``."""
    asker = await _asker(request)
    if isinstance(asker, JSONResponse):
        return asker
    if asker is None:
        return JSONResponse({"state": "none"})
    return JSONResponse(await _service(request).status(asker.person))


async def leave(request: Request) -> JSONResponse:
    """Leave the queue (or the found group); 409 once the table is being made."""
    asker = await _asker(request)
    if isinstance(asker, JSONResponse):
        return asker
    if asker is None:
        return JSONResponse({"state": "none", "was": None})
    was = await _service(request).cancel(asker.person)
    if was == "seating":
        return _error("too late: your table is being made", 409)
    return JSONResponse({"state": "none", "was": was})


routes = [
    Route("/api/play-now", join, methods=["POST"]),
    Route("/api/play-now", status, methods=["GET"]),
    Route("/api/play-now", leave, methods=["DELETE"]),
]
