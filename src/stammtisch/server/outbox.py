"""What a table sends to one socket, written out in order by the socket's own task, so
that a socket whose reader stopped reading never holds up the table: past
:data:`MAX_BACKLOG` unsent messages it is dropped and closed. Messages are turned
into JSON text when they are queued: what is sent is the table as it was then.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
from collections.abc import Awaitable, Callable, Coroutine
from typing import Any

from starlette.websockets import WebSocket

MAX_BACKLOG = 200
"""Messages waiting for one socket before it counts as gone."""
ENCODER = json.JSONEncoder(separators=(",", ":"), ensure_ascii=False)
"""How a message is written (made once: ``json.dumps`` with options makes one a call)."""


class SlowReader(Exception):
    """The socket did not read its messages; it is being closed."""


class Outbox:
    def __init__(self, write: Callable[[str], Awaitable[None]],
                 drop: Callable[[], Coroutine[Any, Any, None]], limit: int = MAX_BACKLOG) -> None:
        self.write = write
        self.drop = drop
        self.queue: asyncio.Queue[str] = asyncio.Queue(maxsize=limit)
        self.dead = False
        self._closing: asyncio.Task[None] | None = None

    async def send(self, data: dict[str, Any]) -> None:
        """Queue a message; raises SlowReader when the socket is too far behind."""
        self.push(data)

    def push(self, data: dict[str, Any]) -> None:
        """:meth:`send`, from code that does not await."""
        self.push_text(ENCODER.encode(data))

    def push_text(self, text: str) -> None:
        """Queue a message already in JSON (one relayed from another server process)."""
        if self.dead:
            raise SlowReader("this socket does not read its messages")
        try:
            self.queue.put_nowait(text)
        except asyncio.QueueFull:
            self.dead = True
            self._closing = asyncio.get_running_loop().create_task(self.drop())
            raise SlowReader("this socket does not read its messages") from None

    async def run(self) -> None:
        """Write the queued messages until the socket fails or the task is cancelled."""
        with contextlib.suppress(Exception):
            while True:
                await self.write(await self.queue.get())
        self.dead = True


def socket_outbox(websocket: WebSocket) -> Outbox:
    """The outbox of an accepted socket: it writes text frames, and closes the socket
    (1008) when its reader falls behind."""
    async def write(text: str) -> None:
        await websocket.send_text(text)

    async def drop() -> None:
        with contextlib.suppress(Exception):
            await websocket.close(code=1008, reason="messages were not read")

    return Outbox(write, drop)
