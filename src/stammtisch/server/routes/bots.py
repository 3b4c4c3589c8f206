"""``POST /api/bots``: a bot account for a program of the bot API (server/botprotocol.py)."""

from __future__ import annotations

import asyncio
import json
import math
from typing import Any

from starlette.requests import Request
from starlette.responses import JSONResponse
from starlette.routing import Route

from stammtisch.server.body import BodyRefused, read_body
from stammtisch.server.botaccounts import register_bot
from stammtisch.server.clientlimit import PerClient
from stammtisch.server.deps import settings, store
from stammtisch.server.tables import TableError

MAX_BODY = 1024
CLOSE = {"Connection": "close"}


def _error(message: str, status: int = 400,
           headers: dict[str, str] | None = None) -> JSONResponse:
    return JSONResponse({"error": message}, status_code=status, headers=headers)


async def create_bot(request: Request) -> JSONResponse:
    """``{"name"}`` -> 201 ``{"name", "token"}``: the token is shown this once."""
    if request.headers.get("content-type", "").partition(";")[0].strip().lower() \
            != "application/json":
        return _error("the body must be JSON, sent as Content-Type: application/json", 415,
                      CLOSE)
    address = request.client.host if request.client else ""
    limit: PerClient = request.app.state.bot_limit
    if not limit.take(address):
        return _error(f"too many new bots from this address: at most {limit.rate * 3600:g} "
                      f"an hour (bursts of {limit.burst:g})", 429,
                      {**CLOSE, "Retry-After": str(math.ceil(limit.retry_after(address)))})
    try:
        body = await read_body(request, MAX_BODY, settings(request).body_timeout)
    except BodyRefused as refused:
        return _error(str(refused), refused.status, CLOSE)
    try:
        data: Any = json.loads(body)
    except ValueError:
        return _error('the body must be a JSON object: {"name": "my-bot"}')
    if not isinstance(data, dict):
        return _error('the body must be a JSON object: {"name": "my-bot"}')
    try:
        token = await asyncio.to_thread(register_bot, store(request), data.get("name"))
    except TableError as refused:
        return _error(str(refused), 409 if refused.code == "seat_taken" else 400)
    return JSONResponse({"name": data["name"], "token": token}, status_code=201)


routes = [Route("/api/bots", create_bot, methods=["POST"])]
