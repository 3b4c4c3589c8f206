"""The pages (start, lobby, table, history, replay, review, rules); their scripts and styles are
static files."""

from __future__ import annotations

from starlette.exceptions import HTTPException
from starlette.requests import Request
from starlette.responses import FileResponse, Response
from starlette.routing import Route

import stammtisch
from stammtisch.server.deps import settings


def page_route(path: str, name: str) -> Route:
    async def page(request: Request) -> Response:
        return FileResponse(settings(request).web_dir / name,
                            headers={"Cache-Control": "no-cache"})
    return Route(path, page, methods=["GET"], name=name.removesuffix(".html"))


async def rules(request: Request) -> Response:
    """``/rules`` lists the games; ``/rules/<game>`` is one game's rules page (the page's
    script reads the game from the path and its texts from ``web/rules/<game>/``)."""
    game = request.path_params.get("game")
    if game is not None and game not in {info.name for info in stammtisch.games()}:
        raise HTTPException(404, "no such game")
    return FileResponse(settings(request).web_dir / "rules.html",
                        headers={"Cache-Control": "no-cache"})


routes = [
    page_route("/", "index.html"),
    page_route("/lobby", "lobby.html"),
    page_route("/table/{table_id}", "table.html"),
    page_route("/history", "history.html"),
    page_route("/history/{table_id}", "replay.html"),
    page_route("/review/{table_id}", "review.html"),
    Route("/rules", rules, methods=["GET"], name="rules"),
    Route("/rules/{game}", rules, methods=["GET"], name="rules_game"),
]
