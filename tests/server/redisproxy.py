"""A TCP proxy in front of the test Redis that a test can cut (every connection through it
closed, new ones refused, as when Redis goes away) and mend again."""

from __future__ import annotations

import asyncio
import contextlib
import threading
from collections.abc import Coroutine
from typing import Any
from urllib.parse import urlsplit

from tests.server.live import free_port


class CuttableProxy:
    """Listens on a free local port and passes every connection on to the Redis of
    ``redis_url``, in a thread with an event loop of its own; :attr:`url` is the Redis
    URL to give the server instead."""

    def __init__(self, redis_url: str) -> None:
        parts = urlsplit(redis_url)
        self.target = (parts.hostname or "127.0.0.1", parts.port or 6379)
        self.port = free_port()
        self.url = f"redis://127.0.0.1:{self.port}{parts.path}"
        self.loop = asyncio.new_event_loop()
        self.thread = threading.Thread(target=self.loop.run_forever, daemon=True)
        self.thread.start()
        self._server: asyncio.Server | None = None
        self._writers: set[asyncio.StreamWriter] = set()
        self.connections = 0
        """Connections passed on since the proxy started."""
        self.mend()

    def _call(self, job: Coroutine[Any, Any, None]) -> None:
        asyncio.run_coroutine_threadsafe(job, self.loop).result(timeout=10)

    async def _listen(self) -> None:
        self._server = await asyncio.start_server(self._pass, "127.0.0.1", self.port)

    async def _pass(self, reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        try:
            upstream_reader, upstream = await asyncio.open_connection(*self.target)
        except OSError:
            writer.transport.abort()
            return
        self.connections += 1
        pair = {writer, upstream}
        self._writers |= pair

        async def copy(source: asyncio.StreamReader, sink: asyncio.StreamWriter) -> None:
            with contextlib.suppress(OSError):
                while data := await source.read(65536):
                    sink.write(data)
                    await sink.drain()
            sink.transport.abort()

        await asyncio.gather(copy(reader, upstream), copy(upstream_reader, writer))
        self._writers -= pair

    async def _cut(self) -> None:
        if self._server is not None:
            self._server.close()
            self._server = None
        for writer in list(self._writers):
            writer.transport.abort()

    def cut(self) -> None:
        """Redis is gone: every connection is closed, and new ones are refused."""
        self._call(self._cut())

    def mend(self) -> None:
        """Redis is back: new connections are passed on again."""
        self._call(self._listen())

    def close(self) -> None:
        self.cut()
        self.loop.call_soon_threadsafe(self.loop.stop)
        self.thread.join(timeout=10)
