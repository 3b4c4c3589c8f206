"""The pages (start, lobby, table, history, replay); their scripts and styles are static files."""

from __future__ import annotations

from starlette.requests import Request
from starlette.responses import FileResponse, Response
from starlette.routing import Route

from stammtisch.server.deps import settings


def page_route(path: str, name: str) -> Route:
    async def page(request: Request) -> Response:
        return FileResponse(settings(request).web_dir / name,
                            headers={"Cache-Control": "no-cache"})
    return Route(path, page, methods=["GET"], name=name.removesuffix(".html"))


routes = [
    page_route("/", "index.html"),
    page_route("/lobby", "lobby.html"),
    page_route("/table/{table_id}", "table.html"),
    page_route("/history", "history.html"),
    page_route("/history/{table_id}", "replay.html"),
]
