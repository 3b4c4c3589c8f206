"""A request body read with a cap on its size and on the time it takes to arrive.

The declared ``Content-Length`` is checked before anything is read, and a body sent
in chunks without one is refused as soon as it passes the cap: nothing larger than the
cap is ever held in memory, and a body that trickles in is not waited for.
"""

from __future__ import annotations

import asyncio

from starlette.requests import ClientDisconnect, Request


class BodyRefused(Exception):
    """A body not read; ``status`` and the text are the answer."""

    def __init__(self, message: str, status: int) -> None:
        super().__init__(message)
        self.status = status


async def read_body(request: Request, limit: int, timeout: float) -> bytes:
    """At most ``limit`` bytes of body, arrived within ``timeout`` seconds."""
    declared = request.headers.get("content-length")
    if declared is not None:
        if not declared.isdigit():
            raise BodyRefused("Content-Length must be a whole number", 400)
        if int(declared) > limit:
            raise BodyRefused(f"request too large (at most {limit} bytes)", 413)
    body = bytearray()
    try:
        async with asyncio.timeout(timeout):
            async for chunk in request.stream():
                body += chunk
                if len(body) > limit:
                    raise BodyRefused(f"request too large (at most {limit} bytes)", 413)
    except TimeoutError:
        raise BodyRefused(f"the request body did not arrive within {timeout:g} s", 408) from None
    except ClientDisconnect:
        raise BodyRefused("the client went away before its request body arrived", 400) from None
    return bytes(body)
