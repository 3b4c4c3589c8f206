"""The JSON API: the games on offer, new tables, the lobby, finished matches."""

from __future__ import annotations

import json
import logging
from typing import Any

from sqlalchemy.exc import SQLAlchemyError
from starlette.requests import Request
from starlette.responses import JSONResponse
from starlette.routing import Route

from stammtisch.errors import StammtischError
from stammtisch.server import history
from stammtisch.server.catalog import catalog
from stammtisch.server.deps import hub, store
from stammtisch.server.hub import SEED_BITS

MAX_BODY = 16_384
log = logging.getLogger("stammtisch.server")


def _error(message: str, status: int = 400) -> JSONResponse:
    return JSONResponse({"error": message}, status_code=status)


async def games(_request: Request) -> JSONResponse:
    return JSONResponse(catalog())


async def create_table(request: Request) -> JSONResponse:
    """``{"game", "options", "seats": ["human", "open", "random", ...], "seed"?, "name"?,
    "listed"?}`` -> id, the creator's token and seat, the table's address."""
    body = await request.body()
    if len(body) > MAX_BODY:
        return _error(f"request too large (at most {MAX_BODY} bytes)", 413)
    try:
        data: Any = json.loads(body)
    except ValueError:  # not JSON, not UTF-8, or a number past Python's digit limit
        return _error("the body must be a JSON object (numbers of at most 4300 digits)")
    if not isinstance(data, dict) or not isinstance(data.get("game"), str):
        return _error('the body must be a JSON object with "game"')
    seed = data.get("seed")
    if seed is not None and (not isinstance(seed, int) or isinstance(seed, bool)
                             or not 0 <= seed < 2**SEED_BITS):
        return _error(f'"seed" must be an integer from 0 to 2^{SEED_BITS} - 1')
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


async def create_lesson(request: Request) -> JSONResponse:
    """``{"game", "name"?}`` -> a guided first deal of the game (server/lessons.py),
    answered like a new table."""
    body = await request.body()
    if len(body) > MAX_BODY:
        return _error(f"request too large (at most {MAX_BODY} bytes)", 413)
    try:
        data: Any = json.loads(body)
    except ValueError:
        return _error("the body must be a JSON object")
    if not isinstance(data, dict) or not isinstance(data.get("game"), str):
        return _error('the body must be a JSON object with "game"')
    try:
        table, token = hub(request).create_lesson(data["game"], name=data.get("name"))
    except StammtischError as error:
        return _error(str(error))
    url = f"/table/{table.id}"
    return JSONResponse({"id": table.id, "token": token, "seat": table.owner_seat,
                         "url": url, "invite": url}, status_code=201)


async def lobby(request: Request) -> JSONResponse:
    return JSONResponse(hub(request).lobby())


def _replays(request: Request) -> history.Replays:
    """The app's replays of finished matches, made on first use."""
    state = request.app.state
    replays: history.Replays | None = getattr(state, "replays", None)
    if replays is None:
        replays = state.replays = history.Replays()
    return replays


async def finished(request: Request) -> JSONResponse:
    stored = await _replays(request).run(store(request).finished)
    return JSONResponse([history.summary(t) for t in stored])


async def replay_step(request: Request) -> JSONResponse:
    """One step of a finished match, replayed off the event loop; one at a time per
    client address (429 while its last one is still being replayed)."""
    table_id = request.path_params["table_id"]
    try:
        index = int(request.query_params.get("step", "0"))
    except ValueError:
        return _error("step must be a whole number")
    client = request.client.host if request.client is not None else ""
    try:
        shown = await _replays(request).show(client, store(request), table_id, index)
    except history.Busy as busy:
        return _error(str(busy), 429)
    except history.NotFinished as missing:
        return _error(str(missing), 404)
    except StammtischError as broken:
        return _error(f"this match cannot be replayed: {broken}", 409)
    except SQLAlchemyError:
        log.exception("finished table %s: the database cannot be read", table_id)
        return _error("the database cannot be read now; try again later", 503)
    except Exception:
        log.exception("finished table %s cannot be replayed", table_id)
        return _error("this match cannot be replayed: the server failed on its record", 409)
    return JSONResponse(shown)


routes = [
    Route("/api/games", games, methods=["GET"]),
    Route("/api/tables", create_table, methods=["POST"]),
    Route("/api/lessons", create_lesson, methods=["POST"]),
    Route("/api/lobby", lobby, methods=["GET"]),
    Route("/api/history", finished, methods=["GET"]),
    Route("/api/history/{table_id}", replay_step, methods=["GET"]),
]
