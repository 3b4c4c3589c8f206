"""The JSON API: the games on offer, new tables, the lobby, finished matches."""

from __future__ import annotations

import json
import logging
import math
from typing import Any

from sqlalchemy.exc import SQLAlchemyError
from starlette.requests import Request
from starlette.responses import JSONResponse
from starlette.routing import Route

from stammtisch.errors import StammtischError
from stammtisch.server import history, reviews
from stammtisch.server.body import BodyRefused, read_body
from stammtisch.server.catalog import catalog
from stammtisch.server.clientlimit import PerClient
from stammtisch.server.deps import hub, player, settings, store
from stammtisch.server.hub import SEED_BITS
from stammtisch.server.tables import Table

MAX_BODY = 16_384
CLOSE = {"Connection": "close"}
log = logging.getLogger("stammtisch.server")


def _error(message: str, status: int = 400,
           headers: dict[str, str] | None = None) -> JSONResponse:
    return JSONResponse({"error": message}, status_code=status, headers=headers)


async def games(_request: Request) -> JSONResponse:
    return JSONResponse(catalog())


async def read_json_request(request: Request, limit: PerClient, too_many: str,
                            max_body: int = MAX_BODY) -> Any | JSONResponse:
    """The JSON of a POST that creates something, or the error answer: JSON content
    type, the address's creation ``limit`` (``too_many`` says what it limits), the body
    cap and timeout. Answers given before the body is read close the connection, so
    that its rest is never read either."""
    if request.headers.get("content-type", "").partition(";")[0].strip().lower() \
            != "application/json":
        return _error("the body must be JSON, sent as Content-Type: application/json", 415,
                      CLOSE)
    address = request.client.host if request.client else ""
    wait = await limit.acquire(address)
    if wait is not None:
        return _error(too_many, 429, {**CLOSE, "Retry-After": str(math.ceil(wait))})
    try:
        body = await read_body(request, max_body, settings(request).body_timeout)
    except BodyRefused as refused:
        return _error(str(refused), refused.status, CLOSE)
    try:
        return json.loads(body)
    except ValueError:  # not JSON, not UTF-8, or a number past Python's digit limit
        return _error("the body must be a JSON object (numbers of at most 4300 digits)")


async def _new_table_request(request: Request) -> dict[str, Any] | JSONResponse:
    """The JSON object of a request for a new table (or lesson), or the error answer."""
    limit: PerClient = request.app.state.table_limit
    data = await read_json_request(
        request, limit, f"too many new tables from this address: at most "
        f"{limit.rate * 60:g} a minute (bursts of {limit.burst:g})")
    if isinstance(data, JSONResponse):
        return data
    if not isinstance(data, dict) or not isinstance(data.get("game"), str):
        return _error('the body must be a JSON object with "game"')
    return data


def _made(table: Table, token: str, public_url: str | None) -> JSONResponse:
    """The answer for a new table; its invite link is absolute when the server was
    given its public address (``serve --public-url``)."""
    url = f"/table/{table.id}"
    invite = public_url.rstrip("/") + url if public_url else url
    return JSONResponse({"id": table.id, "token": token or None, "seat": table.owner_seat,
                         "url": url, "invite": invite}, status_code=201)


TABLE_SETTINGS = ("clock", "clock_reserve", "talk_watchers")
"""The fields of a request for a new table that are its settings (table/settings.py)."""


async def create_table(request: Request) -> JSONResponse:
    """``{"game", "options", "seats": ["human", "open", "random", ...], "seed"?, "name"?,
    "listed"?, "rated"?, "clock"?, "clock_reserve"?, "talk_watchers"?}`` -> id, the
    creator's token and seat, the table's address. A logged-in creator plays under their
    account's name."""
    data = await _new_table_request(request)
    if isinstance(data, JSONResponse):
        return data
    seed = data.get("seed")
    if seed is not None and (not isinstance(seed, int) or isinstance(seed, bool)
                             or not 0 <= seed < 2**SEED_BITS):
        return _error(f'"seed" must be an integer from 0 to 2^{SEED_BITS} - 1')
    listed, hints = data.get("listed"), data.get("hints", False)
    if listed is not None and not isinstance(listed, bool):
        return _error('"listed" must be true or false')
    if not isinstance(hints, bool):
        return _error('"hints" must be true or false')
    rated = data.get("rated", False)
    if not isinstance(rated, bool):
        return _error('"rated" must be true or false')
    account = await player(request)
    try:
        return _made(*hub(request).create(
            data["game"], data.get("seats", []), data.get("options", {}), seed,
            name=data.get("name"), listed=listed, hints=hints, account=account,
            rated=rated, settings={key: data[key] for key in TABLE_SETTINGS if key in data}),
            settings(request).public_url)
    except StammtischError as error:
        return _error(str(error))


async def create_lesson(request: Request) -> JSONResponse:
    """``{"game", "name"?}`` -> a guided first deal of the game (server/lessons.py),
    answered like a new table."""
    data = await _new_table_request(request)
    if isinstance(data, JSONResponse):
        return data
    try:
        return _made(*hub(request).create_lesson(data["game"], name=data.get("name")),
                     settings(request).public_url)
    except StammtischError as error:
        return _error(str(error))


async def lobby(request: Request) -> JSONResponse:
    cluster = getattr(request.app.state, "cluster", None)
    if cluster is not None:  # tables run by other processes too, as they tell them
        return JSONResponse(await cluster.lobby())
    return JSONResponse(hub(request).lobby())


def _replays(request: Request) -> history.Replays:
    """The app's replays of finished matches (history.Replays)."""
    replays: history.Replays = request.app.state.replays
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


def _reviews(request: Request) -> reviews.Reviews:
    """The app's reviews of matches (reviews.Reviews)."""
    found: reviews.Reviews = request.app.state.reviews
    return found


def _token(request: Request, data: dict[str, Any]) -> str:
    """The seat token of a review request: ``Authorization: Bearer <token>``, else a
    "token" field of the body (never the address, which proxies log)."""
    scheme, _, value = request.headers.get("authorization", "").partition(" ")
    if scheme.lower() == "bearer" and value.strip():
        return value.strip()
    token = data.get("token", "")
    return token if isinstance(token, str) else ""


async def _review(request: Request, start: bool) -> JSONResponse:
    table_id = request.path_params["table_id"]
    if "token" in request.query_params:
        return _error("a seat token goes in the Authorization header (Bearer), never in "
                      "the address, where proxies log it")
    data: Any = {"seat": request.query_params["seat"]} if "seat" in request.query_params \
        else {}
    if start:
        try:
            body = await read_body(request, MAX_BODY, settings(request).body_timeout)
        except BodyRefused as refused:
            return _error(str(refused), refused.status, CLOSE)
        try:
            data = json.loads(body) if body.strip() else {}
        except ValueError:
            return _error('the body must be a JSON object: {"seat": S}')
        if not isinstance(data, dict):
            return _error('the body must be a JSON object: {"seat": S}')
    if "seat" not in data:
        return _error('say which seat to review: "seat"')
    client = request.client.host if request.client is not None else ""
    work = _reviews(request)
    try:
        if start:
            answer = await work.start(client, store(request), table_id, data["seat"],
                                      _token(request, data))
        else:
            answer = await work.status(store(request), table_id, data["seat"],
                                       _token(request, data))
    except reviews.ReviewRefused as refused:
        return _error(str(refused), refused.status)
    except StammtischError as broken:
        return _error(f"this match cannot be reviewed: {broken}", 409)
    except SQLAlchemyError:
        log.exception("table %s: the database cannot be read for a review", table_id)
        return _error("the database cannot be read now; try again later", 503)
    return JSONResponse(answer, status_code=200 if answer["status"] == "done" else 202)


async def start_review(request: Request) -> JSONResponse:
    """``{"seat": S, "token"?}`` -> the review of that seat: the stored one, or it starts
    (202, ``{"status": "running", "progress"}``) or waits for its turn (202,
    ``{"status": "queued", "place", "progress"}``)."""
    return await _review(request, True)


async def review_status(request: Request) -> JSONResponse:
    """``?seat=S`` -> ``{"status": "queued"|"running"|"done", "place"?, "progress": 0..1,
    "review"?}``; while running, ``review`` holds the deals judged so far (``"partial":
    true``, the others ``pending``). A finished match's reviews begin when it ends: 404
    only until they are queued."""
    return await _review(request, False)


routes = [
    Route("/api/games", games, methods=["GET"]),
    Route("/api/tables", create_table, methods=["POST"]),
    Route("/api/lessons", create_lesson, methods=["POST"]),
    Route("/api/lobby", lobby, methods=["GET"]),
    Route("/api/history", finished, methods=["GET"]),
    Route("/api/history/{table_id}", replay_step, methods=["GET"]),
    Route("/api/reviews/{table_id}", start_review, methods=["POST"]),
    Route("/api/reviews/{table_id}", review_status, methods=["GET"]),
]
