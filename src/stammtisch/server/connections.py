"""The server's connections on uvicorn: a deadline for request heads, and caps on how many
sockets one address and everyone together may hold open.

uvicorn's own h11 protocol waits for a request head as long as the client likes, so
clients that open sockets and never finish their headers hold descriptors until the
process runs out of them. :class:`GuardedH11` (used by ``stammtisch serve`` and the test
server through :func:`uvicorn_config`) closes a connection whose head is not complete
``header_timeout`` seconds after it opened (or after the first byte of a further request
on a kept-alive connection), or that is still sending a body ``header_timeout`` seconds
after it was answered (a body the app reads has the app's own deadline). It refuses
(closes at once) a connection beyond ``max_per_address`` from its address or beyond
``max_connections`` in all. A socket
upgraded to a table's WebSocket keeps its place in the count until it closes
(:class:`GuardedWebSocket`). Idle kept-alive connections and silent WebSockets are left to
uvicorn's ``timeout_keep_alive`` and ping settings.
"""

from __future__ import annotations

import asyncio
import ipaddress
import logging
import os
from collections import Counter
from typing import ClassVar

import h11
import uvicorn
from starlette.applications import Starlette
from uvicorn.protocols.http.h11_impl import H11Protocol
from uvicorn.protocols.websockets.websockets_sansio_impl import WebSocketsSansIOProtocol

from stammtisch.server.protocol import MAX_FRAME
from stammtisch.server.settings import Settings

log = logging.getLogger("stammtisch.server")

RESERVED_DESCRIPTORS = 100
"""Descriptors kept free of connections (the database, the log, the listening socket)."""
DEFAULT_DESCRIPTORS = 1024
"""The descriptor limit assumed where the system does not say."""
KEEP_ALIVE = 5
"""Seconds an idle kept-alive HTTP connection stays open (uvicorn's default)."""
PING = 20.0
"""Seconds between WebSocket pings, and to wait for the answer before closing."""
MAX_HEAD = 16_384
"""Bytes a request head may have (h11's default, stated here)."""


def descriptor_limit() -> int | None:
    """The process's soft limit of open files, when the system has one."""
    try:
        import resource
    except ImportError:  # not on Unix
        return None
    soft, _hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    return None if soft == resource.RLIM_INFINITY else soft


class Trusted:
    """Addresses and networks named in a comma separated list (``*``: every address)."""

    def __init__(self, spec: str) -> None:
        names = [name.strip() for name in spec.split(",") if name.strip()]
        self.everyone = "*" in names
        self.networks: list[ipaddress.IPv4Network | ipaddress.IPv6Network] = []
        self.literals: set[str] = set()
        for name in names:
            try:
                self.networks.append(ipaddress.ip_network(name, strict=False))
            except ValueError:
                self.literals.add(name)

    def __contains__(self, address: str) -> bool:
        if self.everyone or address in self.literals:
            return True
        try:
            ip = ipaddress.ip_address(address)
        except ValueError:
            return False
        return any(ip in network for network in self.networks)


class Limits:
    """What every connection of one server counts against."""

    def __init__(self, settings: Settings, trusted: str) -> None:
        self.header_timeout = settings.header_timeout
        self.per_address = settings.max_per_address
        self.total = settings.max_connections or max(
            16, (descriptor_limit() or DEFAULT_DESCRIPTORS) - RESERVED_DESCRIPTORS)
        self.trusted = Trusted(trusted)
        self.open: Counter[str] = Counter()

    def acquire(self, address: str | None, open_now: int) -> str | None:
        """Count a new connection; the reason to refuse it instead (then nothing is counted).
        ``open_now``: the server's open connections, this one included."""
        if open_now > self.total:
            return f"{open_now - 1} connections are open (at most {self.total})"
        if address is None or address in self.trusted:
            return None
        if self.open[address] >= self.per_address:
            return f"{self.per_address} connections are open from this address"
        self.open[address] += 1
        return None

    def release(self, address: str | None) -> None:
        if address is None or address in self.trusted or not self.open[address]:
            return
        self.open[address] -= 1
        if not self.open[address]:
            del self.open[address]


class GuardedH11(H11Protocol):
    """uvicorn's h11 protocol with a deadline for request heads and the connection caps."""

    limits: ClassVar[Limits]
    counted: bool = False
    upgraded: bool = False
    head_timer: asyncio.TimerHandle | None = None

    def connection_made(self, transport: asyncio.Transport) -> None:  # type: ignore[override]
        super().connection_made(transport)
        address = self.client[0] if self.client else None
        refusal = self.limits.acquire(address, len(self.connections))
        if refusal is not None:
            log.warning("refused a connection from %s: %s", address, refusal)
            transport.abort()
            return
        self.counted = True
        self._start_head_timer()

    def connection_lost(self, exc: Exception | None) -> None:
        self._stop_head_timer()
        if self.counted and not self.upgraded:
            self.limits.release(self.client[0] if self.client else None)
        super().connection_lost(exc)

    def data_received(self, data: bytes) -> None:
        if self.conn.their_state is h11.IDLE:
            self._start_head_timer()  # a further request on a kept-alive connection
        super().data_received(data)
        if not self._unanswered_bytes_due():
            self._stop_head_timer()

    def on_response_complete(self) -> None:
        super().on_response_complete()
        if self.conn.their_state is h11.SEND_BODY:
            self._start_head_timer()  # the rest of a body nobody reads

    def _unanswered_bytes_due(self) -> bool:
        """True while the client owes bytes no handler waits for: a request head, or the
        rest of a body sent after the answer (uvicorn reads and drops it; trickled, it
        would keep the connection forever)."""
        their, our = self.conn.their_state, self.conn.our_state
        return their is h11.IDLE or (their is h11.SEND_BODY and our in (h11.DONE, h11.MUST_CLOSE))

    def handle_websocket_upgrade(self, event: h11.Request) -> None:
        self._stop_head_timer()
        self.upgraded = True  # the WebSocket protocol releases the count when it closes
        super().handle_websocket_upgrade(event)

    def _start_head_timer(self) -> None:
        if self.head_timer is None:
            self.head_timer = self.loop.call_later(self.limits.header_timeout, self._head_late)

    def _stop_head_timer(self) -> None:
        if self.head_timer is not None:
            self.head_timer.cancel()
            self.head_timer = None

    def _head_late(self) -> None:
        self.head_timer = None
        if not self.transport.is_closing():
            log.info("closed a connection from %s: its request took over %g s",
                     self.client[0] if self.client else "?", self.limits.header_timeout)
            self.transport.abort()


class GuardedWebSocket(WebSocketsSansIOProtocol):
    """uvicorn's WebSocket protocol, giving back the place its HTTP connection counted."""

    limits: ClassVar[Limits]

    def connection_lost(self, exc: Exception | None) -> None:
        self.limits.release(self.client[0] if self.client else None)
        super().connection_lost(exc)


def uvicorn_config(app: Starlette, host: str, port: int) -> uvicorn.Config:
    """How ``stammtisch serve`` (and the test server) runs ``app``: its settings' limits on
    uvicorn's h11 and WebSocket protocols."""
    settings: Settings = app.state.settings
    trusted = settings.trusted_proxies
    if trusted is None:
        trusted = os.environ.get("FORWARDED_ALLOW_IPS", "127.0.0.1,::1")
    limits = Limits(settings, trusted)

    class Http(GuardedH11):
        pass

    class Socket(GuardedWebSocket):
        pass

    Http.limits = Socket.limits = limits
    return uvicorn.Config(
        app, host=host, port=port, log_level="warning", http=Http, ws=Socket,
        ws_max_size=MAX_FRAME, ws_ping_interval=PING, ws_ping_timeout=PING,
        timeout_keep_alive=KEEP_ALIVE, h11_max_incomplete_event_size=MAX_HEAD, proxy_headers=True,
        forwarded_allow_ips=trusted)
