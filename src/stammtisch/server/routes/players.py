"""The JSON API of players: My matches (an account's, or this browser's for a guest),
a player's profile (ratings with their history, recent matches, counts, review
accuracy) and each game's leaderboard, with the computer levels as landmarks."""

from __future__ import annotations

import asyncio
import time
from functools import partial
from typing import Any

from sqlalchemy import select
from starlette.requests import Request
from starlette.responses import JSONResponse
from starlette.routing import Route

from stammtisch.games import REGISTRY
from stammtisch.ratings import Rating
from stammtisch.ratings.levels import calibration
from stammtisch.server import records
from stammtisch.server.accounts import readings
from stammtisch.server.accounttables import accounts
from stammtisch.server.deps import player, store
from stammtisch.server.matchseats import OUTCOMES
from stammtisch.server.ratingstore import (
    ACCOUNT,
    BOT,
    LEVEL,
    account_subject,
    history_of,
    ratings_of,
    top,
)
from stammtisch.server.routes.api import _error, read_json_request
from stammtisch.server.schema import bots
from stammtisch.server.seats import token_hash

ACTIVE = 30 * 86400.0
"""A leaderboard shows the accounts rated within this many seconds."""
NO_STORE = {"Cache-Control": "no-store"}


def shown(rating: Rating, program: bool = False) -> dict[str, Any]:
    return {"value": round(rating.value), "deviation": round(rating.deviation),
            "display": rating.display(program=program), "provisional": rating.provisional,
            "games": rating.games}


def _filters(source: Any) -> dict[str, Any] | JSONResponse:
    game, result, before = source.get("game"), source.get("result"), source.get("before")
    if game is not None and game not in REGISTRY:
        return _error(f"no game {game!r}; the games are {', '.join(sorted(REGISTRY))}")
    if result is not None and result not in OUTCOMES:
        return _error(f'"result" is one of {", ".join(OUTCOMES)}')
    if before is not None and not isinstance(before, str):
        return _error('"before" is the "next" of the page before')
    return {"game": game, "result": result, "before": before}


async def _page(request: Request, who: records.Whose,
                body: dict[str, Any] | None = None) -> JSONResponse:
    filters = _filters(request.query_params if body is None else body)
    if isinstance(filters, JSONResponse):
        return filters
    try:
        page = await asyncio.to_thread(partial(records.matches, store(request).engine, who,
                                               **filters))
    except records.BadCursor as bad:
        return _error(str(bad))
    return JSONResponse(page, headers=NO_STORE)


async def my_matches(request: Request) -> JSONResponse:
    """``GET``: the logged-in account's matches; ``?game``, ``?result``, ``?before``."""
    account = await player(request)
    if account is None:
        return _error("not logged in: a guest's matches are asked for with POST and the "
                      "browser's seat tokens", 401)
    return await _page(request, records.of_account(account.id))


async def browser_matches(request: Request) -> JSONResponse:
    """``POST {"seat_tokens": [...], "game"?, "result"?, "before"?}``: the matches of the seats
    these tokens hold (a guest's browser), or the account's when logged in."""
    data = await read_json_request(request, request.app.state.table_limit,
                                   "too many requests from this address", 131_072)
    if isinstance(data, JSONResponse):
        return data
    if not isinstance(data, dict):
        return _error('the body is a JSON object: {"seat_tokens": [...]}')
    account = await player(request)
    if account is not None:
        return await _page(request, records.of_account(account.id), data)
    tokens = data.get("seat_tokens", [])
    if not isinstance(tokens, list) or len(tokens) > records.MAX_TOKENS or not all(
            isinstance(token, str) and 0 < len(token) <= 100 for token in tokens):
        return _error(f'"seat_tokens" is a list of at most {records.MAX_TOKENS} seat tokens')
    return await _page(request, records.of_tokens([token_hash(t) for t in tokens]), data)


def _profile(engine: Any, name: str) -> dict[str, Any] | None:
    with engine.connect() as db:
        row = db.execute(select(accounts.c.id, accounts.c.name, accounts.c.created)
                         .where(accounts.c.name_skeleton == readings(name)[0],
                                accounts.c.deleted.is_(None))).first()
        program = None if row is not None else db.execute(
            select(bots.c.name, bots.c.created).where(bots.c.name == name)).first()
    if row is not None or program is not None:
        if row is not None:
            subject, who = account_subject(row.id), records.of_account(row.id)
            answer: dict[str, Any] = {"name": row.name, "kind": ACCOUNT,
                                      "created": row.created}
        else:
            assert program is not None
            subject, who = f"{BOT}:{program.name}", records.of_program(program.name)
            answer = {"name": program.name, "kind": BOT, "created": program.created}
        answer.update(recent=records.matches(engine, who, limit=10)["matches"],
                      stats=records.stats(engine, who), accuracy=records.accuracy(engine, who))
    else:
        levels = {game: data["levels"][name] for game, data in calibration()["games"].items()
                  if name in data["levels"]}
        if not levels:
            return None
        return {"name": name, "kind": LEVEL, "recent": [], "stats": {}, "accuracy": {},
                "history": {}, "ratings": {game: shown(Rating.from_row(level))
                                           for game, level in levels.items()}}
    rated = ratings_of(engine, subject)
    answer["ratings"] = {game: shown(rating, answer["kind"] == BOT)
                         for game, rating in rated.items()}
    answer["history"] = {game: history_of(engine, subject, game) for game in rated}
    return answer


async def profile(request: Request) -> JSONResponse:
    name = request.path_params["name"]
    if not 0 < len(name) <= 64:
        return _error("no player of that name", 404)
    found = await asyncio.to_thread(_profile, store(request).engine, name)
    if found is None:
        return _error("no player of that name", 404)
    return JSONResponse(found)


def _leaderboard(engine: Any, game: str) -> dict[str, Any]:
    since = time.time() - ACTIVE
    best = top(engine, game, kind=ACCOUNT, since=since)
    ids = [int(subject.partition(":")[2]) for subject, _ in best]
    with engine.connect() as db:
        names = dict(db.execute(select(accounts.c.id, accounts.c.name)
                                .where(accounts.c.id.in_(ids), accounts.c.deleted.is_(None)))
                     .tuples().all()) if ids else {}
    players = [{"name": names[account], **shown(rating), "program": False}
               for account, (_, rating) in zip(ids, best, strict=True) if account in names]
    for rank, entry in enumerate(players, 1):
        entry["rank"] = rank
    calibrated = calibration()["games"].get(game, {}).get("levels", {})
    levels = sorted(({"level": level, **shown(Rating.from_row(row))}
                     for level, row in calibrated.items()), key=lambda e: -e["value"])
    return {"game": game, "players": players, "levels": levels}


async def leaderboard(request: Request) -> JSONResponse:
    game = request.path_params["game"]
    if game not in REGISTRY:
        return _error(f"no game {game!r}; the games are {', '.join(sorted(REGISTRY))}", 404)
    return JSONResponse(await asyncio.to_thread(_leaderboard, store(request).engine, game))


routes = [
    Route("/api/me/matches", my_matches, methods=["GET"]),
    Route("/api/me/matches", browser_matches, methods=["POST"]),
    Route("/api/players/{name}", profile, methods=["GET"]),
    Route("/api/leaderboard/{game}", leaderboard, methods=["GET"]),
]
