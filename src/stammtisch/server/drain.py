"""A shutdown that drains: the first SIGTERM (or Ctrl-C) of ``stammtisch serve`` stops
the process taking new tables and turns ``/readyz`` to 503 at once, waits ``wait``
seconds (``serve --drain``: time for a load balancer to notice), then closes every
socket with :data:`RECONNECT` so that its client connects again (in a deployment of
several processes: to another one, the tables run here given up first so that the
other processes take them at once), and only then lets uvicorn shut down. A second
signal shuts down at once.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
from collections.abc import Awaitable, Callable
from typing import Any

import uvicorn
from starlette.applications import Starlette
from starlette.responses import JSONResponse
from starlette.types import ASGIApp, Receive, Scope, Send
from starlette.websockets import WebSocket

log = logging.getLogger("stammtisch.server")

RECONNECT = 1012
"""The close code of a socket whose server process shuts down (WebSocket's "service
restart"): connect again. The page does after any code under 4000."""
REFUSED_WHILE_DRAINING = {("POST", "/api/tables"), ("POST", "/api/lessons"),
                          ("POST", "/api/play-now")}
"""The requests that would open a new table at this process (or queue for one)."""


class Drain:
    """One app's shutdown: whether it began, and the sockets still open."""

    def __init__(self) -> None:
        self.draining = False
        """A shutdown began: no new tables, ``/readyz`` says 503."""
        self.closed = False
        """The sockets were closed: new ones are refused too."""
        self.sockets: dict[WebSocket, str] = {}
        """The open sockets, each with its kind (``table``, ``bot``)."""

    def counts(self) -> dict[str, int]:
        counted = {"table": 0, "bot": 0}
        for kind in self.sockets.values():
            counted[kind] = counted.get(kind, 0) + 1
        return counted

    def tracked(self, kind: str, endpoint: Callable[[WebSocket], Awaitable[None]]
                ) -> Callable[[WebSocket], Awaitable[None]]:
        """``endpoint`` with its socket counted while it is open, refused once the
        sockets were closed."""
        async def run(websocket: WebSocket) -> None:
            if self.closed:  # refused at the handshake: the client tries again
                await websocket.close(code=RECONNECT)
                return
            self.sockets[websocket] = kind
            try:
                await endpoint(websocket)
            finally:
                self.sockets.pop(websocket, None)
        return run

    async def run(self, wait: float, cluster: Any = None) -> None:
        """Drain (the module's text): refuse new tables, wait, give up the tables run
        here (``cluster``: server/cluster.py's, or None) and close every socket."""
        self.draining = True
        log.info("shutting down: new tables are refused and /readyz answers 503; "
                 "%d sockets close in %g s", len(self.sockets), wait)
        await asyncio.sleep(wait)
        self.closed = True
        if cluster is not None:
            await cluster.drain(RECONNECT)
        sockets = list(self.sockets)
        await asyncio.gather(*(self._close(socket) for socket in sockets))
        log.info("shutting down: %d sockets closed with %d (connect again)", len(sockets),
                 RECONNECT)

    async def _close(self, websocket: WebSocket) -> None:
        with contextlib.suppress(Exception):  # gone meanwhile
            await websocket.close(code=RECONNECT, reason="the server restarts: connect again")


class RefuseWhileDraining:
    """ASGI middleware: a new table (:data:`REFUSED_WHILE_DRAINING`) is answered 503
    with a JSON reason once the app drains."""

    def __init__(self, app: ASGIApp) -> None:
        self.app = app

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        drain: Drain | None = getattr(scope["app"].state, "drain", None) \
            if "app" in scope else None
        if scope["type"] == "http" and drain is not None and drain.draining \
                and (scope["method"], scope["path"]) in REFUSED_WHILE_DRAINING:
            response = JSONResponse(
                {"error": "this server process is shutting down and takes no new tables: "
                          "try again in a moment"},
                status_code=503, headers={"Retry-After": "5", "Connection": "close"})
            await response(scope, receive, send)
            return
        await self.app(scope, receive, send)


class DrainingServer(uvicorn.Server):
    """uvicorn's server of ``app``, whose first SIGTERM or Ctrl-C drains it (its
    ``state.drain``) before uvicorn's own shutdown."""

    def __init__(self, config: uvicorn.Config, app: Starlette, wait: float = 0.0) -> None:
        super().__init__(config)
        self.app = app
        self.wait = wait
        self.drain_asked = False
        self._draining: asyncio.Task[None] | None = None

    def handle_exit(self, sig: int, frame: Any) -> None:
        first = not self.drain_asked and not self.should_exit
        super().handle_exit(sig, frame)  # the signal is raised again after the shutdown
        if first:
            self.should_exit = False  # the next tick starts the drain, which ends it
            self.drain_asked = True

    async def on_tick(self, counter: int) -> bool:
        if self.drain_asked and self._draining is None:
            state = self.app.state
            self._draining = asyncio.get_running_loop().create_task(
                state.drain.run(self.wait, state.cluster))
            self._draining.add_done_callback(self._drained)
        return await super().on_tick(counter)

    def _drained(self, task: asyncio.Task[None]) -> None:
        if not task.cancelled() and task.exception() is not None:
            log.error("the drain failed; shutting down", exc_info=task.exception())
        self.should_exit = True
