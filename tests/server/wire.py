"""The table socket without a network: the server's own socket handler on an in-memory
ASGI channel, so that thousands of matches run in seconds and every text the server
writes to a client is caught exactly as sent.
"""

from __future__ import annotations

import asyncio
import json
from collections.abc import Callable, MutableMapping
from typing import Any

from starlette.applications import Starlette
from starlette.websockets import WebSocket

from stammtisch.server.seattoken import offered_subprotocols
from stammtisch.server.ws import table_socket

Listener = Callable[["Wire", str, dict[str, Any]], None]


class Wire:
    """One client connection: ``send`` puts a message to the server, ``handled`` waits
    until the server has dealt with all of them; every text the server writes goes to
    ``listener`` first (with its JSON read)."""

    def __init__(self, app: Starlette, table_id: str, token: str, listener: Listener,
                 seat: int | None, address: str = "127.0.0.1") -> None:
        self.seat = seat
        """Whom the test connected: the seat of its token, None for a watcher."""
        self.listener = listener
        self.state: dict[str, Any] = {}
        self.received: list[dict[str, Any]] = []
        self.closed = False
        self.sitting: int | None = None
        self._inbox: asyncio.Queue[dict[str, Any]] = asyncio.Queue()
        self._waiting = False
        self._inbox.put_nowait({"type": "websocket.connect"})
        scope = {
            "type": "websocket", "app": app, "path": f"/ws/tables/{table_id}",
            "raw_path": f"/ws/tables/{table_id}".encode(), "root_path": "",
            "query_string": b"", "headers": [], "path_params": {"table_id": table_id},
            "client": (address, 1), "server": ("127.0.0.1", 80),
            "subprotocols": offered_subprotocols(token),
        }
        self.task = asyncio.get_running_loop().create_task(
            table_socket(WebSocket(scope, self._receive, self._send)))

    async def _receive(self) -> dict[str, Any]:
        if self._waiting:
            self._inbox.task_done()
        self._waiting = True
        return await self._inbox.get()

    async def _send(self, message: MutableMapping[str, Any]) -> None:
        if message["type"] == "websocket.close":
            self.closed = True
        if message["type"] != "websocket.send":
            return
        text = message.get("text")
        assert isinstance(text, str), "the table socket sends JSON text"
        data = json.loads(text)
        self.listener(self, text, data)
        self.received.append(data)
        if data.get("type") == "state":
            self.state = data
        elif data.get("type") == "seated" and data.get("seat") == self.sitting:
            self.seat = self.sitting  # from the next message on, this seat's secrets

    def sit(self, seat: int, name: str) -> None:
        self.sitting = seat
        self.send({"type": "sit", "seat": seat, "name": name})

    def send(self, data: dict[str, Any]) -> None:
        self._inbox.put_nowait({"type": "websocket.receive", "text": json.dumps(data)})

    async def handled(self) -> None:
        """Every message sent so far has been answered (its broadcasts included)."""
        await self._inbox.join()

    async def close(self) -> None:
        self._inbox.put_nowait({"type": "websocket.disconnect", "code": 1000})
        await self.task
