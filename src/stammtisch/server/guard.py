"""Security headers on every answer, and no requests or sockets from other sites.

A browser names the page that made a request in ``Origin`` (on every POST, every
cross-site fetch and every WebSocket). A request or socket whose ``Origin`` is present and
is not the site it was sent to (its ``Host``) is refused: 403 with a JSON error, or the
WebSocket handshake answered 403. Requests without ``Origin`` (other programs, typed
addresses, links) pass. The pages send ``Referrer-Policy: same-origin``, under which a
browser names their own origin rather than ``null``.
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


def same_site(origin: str, host: str | None) -> bool:
    """True when ``origin`` (``scheme://host[:port]``) names the site ``host`` addresses."""
    scheme, sep, netloc = origin.partition("://")
    scheme = scheme.lower()
    if not sep or scheme not in ("http", "https") or host is None or "/" in netloc \
            or "@" in netloc:
        return False
    own = _site(scheme, netloc)
    return own is not None and own == _site(scheme, host)


class Guard:
    """Pure ASGI (it sees WebSocket handshakes too): the Origin check and the headers."""

    def __init__(self, app: ASGIApp) -> None:
        self.app = app

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] not in ("http", "websocket"):
            await self.app(scope, receive, send)
            return
        origin = _header(scope, b"origin")
        if origin is not None and not same_site(origin, _header(scope, b"host")):
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
