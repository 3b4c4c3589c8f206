"""Swiss tournaments' API and pages (server/tournaments/): list, create, show, join,
leave, cancel; the pages ``/tournaments`` and ``/tournaments/<id>``.

A person joins and leaves under their account (logged in); the creator of a
tournament that allows computers adds and removes computer levels (``{"level"}``); a
program of the bot API joins and leaves itself, with its bot token
(``Authorization: Bearer``). Joining and leaving end at the start. The creator alone
cancels it, before or during play.
"""

from __future__ import annotations

import asyncio
from typing import Any

from starlette.requests import Request
from starlette.responses import JSONResponse
from starlette.routing import Route

from stammtisch.bots.registry import find_level
from stammtisch.errors import StammtischError
from stammtisch.server.botaccounts import bot_of_token
from stammtisch.server.clientlimit import PerClient
from stammtisch.server.deps import player, store
from stammtisch.server.routes.api import read_json_request
from stammtisch.server.routes.pages import page_route
from stammtisch.server.seats import Player
from stammtisch.server.tournaments import store as db
from stammtisch.server.tournaments import view
from stammtisch.server.tournaments.new import read_new
from stammtisch.server.tournaments.runner import points_of
from stammtisch.server.tournaments.store import (
    LEVEL,
    PERSON,
    PROGRAM,
    Entrant,
    Tournament,
    TournamentError,
    person_key,
)

MAX_BODY = 2048
NO_STORE = {"Cache-Control": "no-store"}


def _error(message: str, status: int = 400) -> JSONResponse:
    return JSONResponse({"error": message}, status_code=status, headers=NO_STORE)


async def _body(request: Request) -> Any | JSONResponse:
    limit: PerClient = request.app.state.table_limit
    return await read_json_request(
        request, limit, "too many requests from this address: wait a little", MAX_BODY)


async def listing(request: Request) -> JSONResponse:
    """``GET /api/tournaments``: ``{"upcoming", "running", "finished"}``."""
    found = await asyncio.to_thread(db.listing, store(request).engine)
    for entries in found.values():
        for entry in entries:
            entry["url"] = f"/tournaments/{entry['id']}"
    return JSONResponse(found, headers=NO_STORE)


async def create(request: Request) -> JSONResponse:
    account = await player(request)
    if account is None:
        return _error("log in to create a tournament", 401)
    data = await _body(request)
    if isinstance(data, JSONResponse):
        return data
    try:
        row = read_new(data, account)
    except TournamentError as bad:
        return _error(str(bad), bad.status)
    await asyncio.to_thread(db.create, store(request).engine, row)
    return JSONResponse({"id": row["id"], "url": f"/tournaments/{row['id']}"},
                        status_code=201)


async def _tournament(request: Request) -> Tournament | JSONResponse:
    found = await asyncio.to_thread(db.load, store(request).engine,
                                    request.path_params["tournament_id"])
    return found if found is not None else _error("no such tournament", 404)


async def show(request: Request) -> JSONResponse:
    found = await _tournament(request)
    if isinstance(found, JSONResponse):
        return found
    return JSONResponse(view.detail(found, await player(request)), headers=NO_STORE)


def _bearer(request: Request) -> str:
    scheme, _, value = request.headers.get("authorization", "").partition(" ")
    return value.strip() if scheme.lower() == "bearer" else ""


async def _entrant(request: Request, tournament: Tournament,
                   data: dict[str, Any]) -> Entrant:
    """Who joins or leaves: a program by its bot token, a computer level the creator
    names, else the logged-in person."""
    token = _bearer(request)
    if token:
        name = await asyncio.to_thread(bot_of_token, store(request), token)
        if name is None:
            raise TournamentError("this bot token belongs to no bot", 401)
        if not tournament.computers:
            raise TournamentError("this tournament is for people only", 403)
        return Entrant(f"bot:{name}", PROGRAM, name)
    account = await player(request)
    if account is None:
        raise TournamentError("log in to join a tournament (a program joins with its bot "
                              "token)", 401)
    level = data.get("level")
    if level is None:
        return Entrant(person_key(account.id), PERSON, account.name, account.id)
    return _level(tournament, account, level)


def _level(tournament: Tournament, account: Player, level: Any) -> Entrant:
    if account.id != tournament.creator_id:
        raise TournamentError("only the tournament's creator adds computer levels", 403)
    if not tournament.computers:
        raise TournamentError("this tournament is for people only: its creator did not "
                              "allow computer levels", 403)
    try:
        found = find_level(tournament.game, level) if isinstance(level, str) else None
    except StammtischError as unknown:
        raise TournamentError(str(unknown)) from None
    if found is None or found.hidden:
        raise TournamentError(f'"level" is a computer level of {tournament.game}')
    return Entrant(f"level:{found.name}", LEVEL, found.name, level=found.name)


async def _change(request: Request, joining: bool) -> JSONResponse:
    found = await _tournament(request)
    if isinstance(found, JSONResponse):
        return found
    data = await _body(request)
    if isinstance(data, JSONResponse):
        return data
    if not isinstance(data, dict):
        return _error('the body is a JSON object: {} for yourself, {"level": "club"} for '
                      "a computer level")
    engine = store(request).engine
    try:
        entrant = await _entrant(request, found, data)
        if joining:
            await asyncio.to_thread(db.join, engine, found.id, entrant)
        else:
            await asyncio.to_thread(db.leave, engine, found.id, entrant.key)
    except TournamentError as refused:
        return _error(str(refused), refused.status)
    return JSONResponse({"player": entrant.key, "joined": joining}, headers=NO_STORE)


async def join(request: Request) -> JSONResponse:
    """``POST /api/tournaments/<id>/join``: before the start."""
    return await _change(request, joining=True)


async def leave(request: Request) -> JSONResponse:
    """``POST /api/tournaments/<id>/leave``: before the start."""
    return await _change(request, joining=False)


async def cancel(request: Request) -> JSONResponse:
    """``POST /api/tournaments/<id>/cancel``: the creator's, before or during play."""
    account = await player(request)
    found = await _tournament(request)
    if isinstance(found, JSONResponse):
        return found
    if account is None:
        return _error("log in to cancel a tournament", 401)
    try:
        await asyncio.to_thread(db.cancel, store(request).engine, found.id, account.id,
                                account.name, points_of)
    except TournamentError as refused:
        return _error(str(refused), refused.status)
    return JSONResponse({"id": found.id, "state": db.CANCELLED}, headers=NO_STORE)


routes = [
    Route("/api/tournaments", listing, methods=["GET"]),
    Route("/api/tournaments", create, methods=["POST"]),
    Route("/api/tournaments/{tournament_id}", show, methods=["GET"]),
    Route("/api/tournaments/{tournament_id}/join", join, methods=["POST"]),
    Route("/api/tournaments/{tournament_id}/leave", leave, methods=["POST"]),
    Route("/api/tournaments/{tournament_id}/cancel", cancel, methods=["POST"]),
    page_route("/tournaments", "tournaments.html"),
    page_route("/tournaments/{tournament_id}", "tournament.html"),
]
