"""The JSON API: the games on offer, new tables, the lobby, finished matches."""

from __future__ import annotations

import json
import math
from typing import Any

from starlette.requests import Request
from starlette.responses import JSONResponse
from starlette.routing import Route

from stammtisch.errors import StammtischError
from stammtisch.server import history
from stammtisch.server.body import BodyRefused, read_body
from stammtisch.server.catalog import catalog
from stammtisch.server.clientlimit import PerClient
from stammtisch.server.deps import hub, settings, store

MAX_BODY = 16_384
CLOSE = {"Connection": "close"}


def _error(message: str, status: int = 400,
           headers: dict[str, str] | None = None) -> JSONResponse:
    return JSONResponse({"error": message}, status_code=status, headers=headers)


async def games(_request: Request) -> JSONResponse:
    return JSONResponse(catalog())


async def create_table(request: Request) -> JSONResponse:
    """``{"game", "options", "seats": ["human", "open", "random", ...], "seed"?, "name"?,
    "listed"?}`` -> id, the creator's token and seat, the table's address."""
    # Answers given before the body is read close the connection, so that its rest is
    # never read either.
    if request.headers.get("content-type", "").partition(";")[0].strip().lower() \
            != "application/json":
        return _error("the body must be JSON, sent as Content-Type: application/json", 415,
                      CLOSE)
    address = request.client.host if request.client else ""
    limit: PerClient = request.app.state.table_limit
    if not limit.take(address):
        return _error(f"too many new tables from this address: at most {limit.rate * 60:g} "
                      f"a minute (bursts of {limit.burst:g})", 429,
                      {**CLOSE, "Retry-After": str(math.ceil(limit.retry_after(address)))})
    try:
        body = await read_body(request, MAX_BODY, settings(request).body_timeout)
    except BodyRefused as refused:
        return _error(str(refused), refused.status, CLOSE)
    try:
        data: Any = json.loads(body)
    except (json.JSONDecodeError, UnicodeDecodeError):
        return _error("the body must be a JSON object")
    if not isinstance(data, dict) or not isinstance(data.get("game"), str):
        return _error('the body must be a JSON object with "game"')
    seed = data.get("seed")
    if seed is not None and (not isinstance(seed, int) or isinstance(seed, bool)):
        return _error('"seed" must be an integer')
    listed = data.get("listed")
    if listed is not None and not isinstance(listed, bool):
        return _error('"listed" must be true or false')
    try:
        table, token = hub(request).create(
            data["game"], data.get("seats", []), data.get("options", {}), seed,
            name=data.get("name"), listed=listed)
    except StammtischError as error:
        return _error(str(error))
    url = f"/table/{table.id}"
    return JSONResponse({"id": table.id, "token": token, "seat": table.owner_seat,
                         "url": url, "invite": url}, status_code=201)


async def lobby(request: Request) -> JSONResponse:
    return JSONResponse(hub(request).lobby())


async def finished(request: Request) -> JSONResponse:
    return JSONResponse([history.summary(t) for t in store(request).finished()])


async def replay_step(request: Request) -> JSONResponse:
    stored = store(request).load(request.path_params["table_id"])
    if stored is None or not stored.finished:
        return _error("no finished match with this id", 404)
    try:
        index = int(request.query_params.get("step", "0"))
    except ValueError:
        return _error("step must be a whole number")
    return JSONResponse(history.step(stored, index))


routes = [
    Route("/api/games", games, methods=["GET"]),
    Route("/api/tables", create_table, methods=["POST"]),
    Route("/api/lobby", lobby, methods=["GET"]),
    Route("/api/history", finished, methods=["GET"]),
    Route("/api/history/{table_id}", replay_step, methods=["GET"]),
]
