"""Security headers on every answer, and no requests or sockets from other sites.

A browser names the page that made a request in ``Origin`` (on every POST, every
cross-site fetch and every WebSocket). A request or socket whose ``Origin`` is present and
is not one of the server's own origins is refused: 403 with a JSON error, or the
WebSocket handshake answered 403. The server's own origins are the loopback names
(``localhost``, ``127.0.0.1``, ``[::1]``) at the port the connection came to, and: with
``--public-url``, that address; without it, the address the connection came to (the
one the server listens on, ``192.168.1.20:8000`` for a friend on the home network).
The request's own ``Host`` is never trusted for this: a DNS-rebinding page
(``evil.example`` resolved to 127.0.0.1) sends ``Host: evil.example`` itself. Requests
without ``Origin`` (other programs, typed addresses, links) pass. The pages send
``Referrer-Policy: same-origin``, under which a browser names their own origin rather
than ``null``.
"""

from __future__ import annotations

import json
from urllib.parse import urlsplit

from starlette.types import ASGIApp, Message, Receive, Scope, Send

CSP = "; ".join([
    "default-src 'self'",
    "script-src 'self'",
    "style-src 'self'",
    "img-src 'self' data:",
    "connect-src 'self'",
    "object-src 'none'",
    "base-uri 'none'",
    "form-action 'self'",
    "frame-ancestors 'none'",
])
"""The pages load only their own scripts, styles and sockets; the tab icon is a data URL."""
SECURITY_HEADERS = [
    (b"content-security-policy", CSP.encode()),
    (b"x-frame-options", b"DENY"),
    (b"x-content-type-options", b"nosniff"),
    (b"referrer-policy", b"same-origin"),
]
DEFAULT_PORTS = {"http": 80, "https": 443, "ws": 80, "wss": 443}


def _header(scope: Scope, name: bytes) -> str | None:
    for key, value in scope["headers"]:
        if key == name:
            text: str = value.decode("latin-1")
            return text
    return None


def address_reached(scope: Scope) -> tuple[str, int] | None:
    """The address and port the connection came to (None: a Unix socket, say)."""
    server = scope.get("server")
    if not server or server[1] is None:
        return None
    host = str(server[0])
    if host.startswith("::ffff:") and "." in host:  # IPv4 on a socket listening on ::
        host = host.removeprefix("::ffff:")
    return host, int(server[1])


def _site(scheme: str, netloc: str) -> tuple[str, int] | None:
    """``(host, port)`` of ``netloc`` with the scheme's default port filled in."""
    try:
        parts = urlsplit(f"{scheme}://{netloc}")
        port = parts.port or DEFAULT_PORTS.get(scheme)
    except ValueError:
        return None
    if not parts.hostname or port is None:
        return None
    return parts.hostname.lower(), port


LOOPBACK = frozenset({"localhost", "127.0.0.1", "::1"})


def _origin_site(origin: str) -> tuple[str, tuple[str, int]] | None:
    """``(scheme, (host, port))`` of an ``Origin`` header (``scheme://host[:port]``)."""
    scheme, sep, netloc = origin.partition("://")
    scheme = scheme.lower()
    if not sep or scheme not in ("http", "https") or "/" in netloc or "@" in netloc:
        return None
    site = _site(scheme, netloc)
    return None if site is None else (scheme, site)


def origin_allowed(origin: str, server: tuple[str, int] | None,
                   public_url: str | None) -> bool:
    """True when ``origin`` is one of the server's own: the loopback names at the port
    ``server`` (the address the connection came to) names, and ``public_url`` if set,
    else ``server`` itself."""
    named = _origin_site(origin)
    if named is None:
        return False
    site = named[1]
    if server is not None and site[0] in LOOPBACK and site[1] == server[1]:
        return True
    if public_url is not None:
        parts = urlsplit(public_url)
        return named == _origin_site(f"{parts.scheme}://{parts.netloc}")
    return server is not None and site == (server[0].lower(), server[1])


class Guard:
    """Pure ASGI (it sees WebSocket handshakes too): the Origin check and the headers.
    ``public_url``: ``Settings.public_url``, the one origin besides the loopback names."""

    def __init__(self, app: ASGIApp, public_url: str | None = None) -> None:
        self.app = app
        self.public_url = public_url

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] not in ("http", "websocket"):
            await self.app(scope, receive, send)
            return
        origin = _header(scope, b"origin")
        if origin is not None \
                and not origin_allowed(origin, address_reached(scope), self.public_url):
            await self._refuse(scope, send, origin)
            return
        if scope["type"] == "websocket":
            await self.app(scope, receive, send)
            return

        async def send_with_headers(message: Message) -> None:
            if message["type"] == "http.response.start":
                present = {name.lower() for name, _ in message.get("headers", [])}
                message["headers"] = [*message.get("headers", []), *(
                    header for header in SECURITY_HEADERS if header[0] not in present)]
            await send(message)

        await self.app(scope, receive, send_with_headers)

    @staticmethod
    async def _refuse(scope: Scope, send: Send, origin: str) -> None:
        text = f"requests from other sites are refused (Origin {origin[:100]!r})"
        if scope["type"] == "websocket":
            await send({"type": "websocket.close", "code": 1008, "reason": ""})
            return
        body = json.dumps({"error": text}).encode()
        await send({"type": "http.response.start", "status": 403, "headers": [
            (b"content-type", b"application/json"),
            (b"content-length", str(len(body)).encode()),
            *SECURITY_HEADERS,
        ]})
        await send({"type": "http.response.body", "body": body})
