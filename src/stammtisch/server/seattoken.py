"""How a table socket names its seat token: as a WebSocket subprotocol, never in its
address, where browsers' console errors and proxies' logs would show it.

The client offers the subprotocols ``stammtisch`` and ``token.<seat token>`` (a seat
token is URL-safe base64, whose characters are all allowed in a subprotocol name); the
server accepts ``stammtisch``. A ``token`` in the address (``?token=``, the old way) is
refused: an ``error`` that says how to send it instead, and the socket closed with
:data:`TOKEN_IN_ADDRESS`.
"""

from __future__ import annotations

from starlette.websockets import WebSocket

from stammtisch.server.protocol import error

SUBPROTOCOL = "stammtisch"
"""The subprotocol the server accepts where the client offers it (a browser that offered
subprotocols fails a handshake whose answer names none)."""
TOKEN_PREFIX = "token."
"""The seat token is offered as the subprotocol ``token.<seat token>``."""
UPDATES = "stammtisch.updates"
"""Offered beside :data:`SUBPROTOCOL`: the client takes ``update`` frames after its first
``state`` (server/frames.py); without it every frame is a whole ``state``."""
TOKEN_IN_ADDRESS = 4400
"""The close code of a socket that came with its seat token in the address."""


def offered_subprotocols(token: str) -> list[str]:
    """The subprotocols a client offers to hold the seat of ``token`` ("" : to watch)."""
    return [SUBPROTOCOL, TOKEN_PREFIX + token] if token else [SUBPROTOCOL]


def wants_updates(websocket: WebSocket) -> bool:
    """The socket offered :data:`UPDATES`: it is sent what changed, not whole states."""
    return UPDATES in websocket.scope.get("subprotocols", [])


def seat_token(websocket: WebSocket) -> str:
    """The seat token the socket offered as a subprotocol; "" for none (a watcher)."""
    for offered in websocket.scope.get("subprotocols", []):
        if offered.startswith(TOKEN_PREFIX):
            return str(offered[len(TOKEN_PREFIX):])
    return ""


async def accept_table_socket(websocket: WebSocket) -> bool:
    """Accept the socket (with :data:`SUBPROTOCOL` where offered); False when it came
    with a token in its address, and was told so and closed."""
    offered = websocket.scope.get("subprotocols", [])
    await websocket.accept(subprotocol=SUBPROTOCOL if SUBPROTOCOL in offered else None)
    if "token" not in websocket.query_params:
        return True
    await websocket.send_json(error(
        "bad_message", "a seat token in the socket's address is refused (addresses end up "
        f"in logs): offer it as the WebSocket subprotocol \"{TOKEN_PREFIX}<token>\" beside "
        f"\"{SUBPROTOCOL}\", and no token in the address"))
    await websocket.close(code=TOKEN_IN_ADDRESS)
    return False
