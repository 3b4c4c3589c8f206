"""``POST /api/bots``: a bot account for a program of the bot API (server/botprotocol.py)."""

from __future__ import annotations

import asyncio

from starlette.requests import Request
from starlette.responses import JSONResponse
from starlette.routing import Route

from stammtisch.server.botaccounts import register_bot
from stammtisch.server.clientlimit import PerClient
from stammtisch.server.deps import store
from stammtisch.server.routes.api import read_json_request
from stammtisch.server.tables import TableError

MAX_BODY = 1024
CLOSE = {"Connection": "close"}


def _error(message: str, status: int = 400,
           headers: dict[str, str] | None = None) -> JSONResponse:
    return JSONResponse({"error": message}, status_code=status, headers=headers)


async def create_bot(request: Request) -> JSONResponse:
    """``{"name"}`` -> 201 ``{"name", "token"}``: the token is shown this once."""
    limit: PerClient = request.app.state.bot_limit
    data = await read_json_request(
        request, limit, f"too many new bots from this address: at most "
        f"{limit.rate * 3600:g} an hour (bursts of {limit.burst:g})", MAX_BODY)
    if isinstance(data, JSONResponse):
        return data
    if not isinstance(data, dict):
        return _error('the body must be a JSON object: {"name": "my-bot"}')
    try:
        token = await asyncio.to_thread(register_bot, store(request), data.get("name"))
    except TableError as refused:
        return _error(str(refused), 409 if refused.code == "seat_taken" else 400)
    return JSONResponse({"name": data["name"], "token": token}, status_code=201)


routes = [Route("/api/bots", create_bot, methods=["POST"])]
