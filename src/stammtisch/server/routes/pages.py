"""The pages (start, lobby, table, history, replay, review, rules; login, account, my matches,
profiles, leaderboards); their scripts and styles are static files. The head every page
shares (meta, title, the style sheet) is written once, in ``web/parts/head.html``, and
filled in where a page marks it."""

from __future__ import annotations

from functools import cache
from pathlib import Path

from starlette.exceptions import HTTPException
from starlette.requests import Request
from starlette.responses import HTMLResponse, RedirectResponse, Response
from starlette.routing import Route

import stammtisch
from stammtisch.server.deps import settings

SHARED_HEAD = Path("parts") / "head.html"
HEAD_MARK = "<!-- the shared head: parts/head.html -->"
"""Where a page's ``<head>`` takes the shared head, before its own style sheets and script."""


@cache
def page_text(web_dir: Path, name: str) -> str:
    """The page ``name`` with the shared head filled in, read once per server process."""
    page = (web_dir / name).read_text(encoding="utf-8")
    if page.count(HEAD_MARK) != 1:
        raise ValueError(f"{name} must mark the shared head once: {HEAD_MARK}")
    head = (web_dir / SHARED_HEAD).read_text(encoding="utf-8").rstrip("\n")
    return page.replace(HEAD_MARK, head)


def page_response(request: Request, name: str) -> Response:
    return HTMLResponse(page_text(settings(request).web_dir, name),
                        headers={"Cache-Control": "no-cache"})


def page_route(path: str, name: str) -> Route:
    async def page(request: Request) -> Response:
        return page_response(request, name)
    return Route(path, page, methods=["GET"], name=name.removesuffix(".html"))


async def rules(request: Request) -> Response:
    """``/rules`` lists the games; ``/rules/<game>`` is one game's rules page (the page's
    script reads the game from the path and its texts from ``web/rules/<game>/``)."""
    game = request.path_params.get("game")
    if game is not None and game not in {info.name for info in stammtisch.games()}:
        raise HTTPException(404, "no such game")
    return page_response(request, "rules.html")


FIRST_BOARD = "schnapsen"
"""The leaderboard ``/leaderboard`` shows: the start page's default game."""


async def leaderboard(request: Request) -> Response:
    """``/leaderboard/<game>`` is one game's leaderboard; ``/leaderboard`` goes to
    :data:`FIRST_BOARD`'s."""
    games = [info.name for info in stammtisch.games()]
    game = request.path_params.get("game")
    if game is None:
        first = FIRST_BOARD if FIRST_BOARD in games else games[0]
        return RedirectResponse(f"/leaderboard/{first}", status_code=307)
    if game not in games:
        raise HTTPException(404, "no such game")
    return page_response(request, "leaderboard.html")


routes = [
    page_route("/", "index.html"),
    page_route("/lobby", "lobby.html"),
    page_route("/table/{table_id}", "table.html"),
    page_route("/history", "history.html"),
    page_route("/history/{table_id}", "replay.html"),
    page_route("/review/{table_id}", "review.html"),
    Route("/rules", rules, methods=["GET"], name="rules"),
    Route("/rules/{game}", rules, methods=["GET"], name="rules_game"),
    page_route("/login", "login.html"),
    page_route("/me", "me.html"),
    page_route("/me/matches", "mymatches.html"),
    page_route("/players/{name:path}", "profile.html"),
    Route("/leaderboard", leaderboard, methods=["GET"], name="leaderboard_first"),
    Route("/leaderboard/{game}", leaderboard, methods=["GET"], name="leaderboard"),
]
