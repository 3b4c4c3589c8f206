"""The table socket: ``/ws/tables/{id}?token=...``; without a seat's token, a spectator.

Every message is checked (:mod:`stammtisch.server.protocol`) before it reaches the
table; bad or illegal ones are answered with an error and change nothing.
"""

from __future__ import annotations

import logging
from typing import Any

from starlette.websockets import WebSocket, WebSocketDisconnect

from stammtisch.errors import StammtischError
from stammtisch.server.deps import hub
from stammtisch.server.protocol import ProtocolError, parse_message
from stammtisch.server.tables import Client, Table

log = logging.getLogger("stammtisch.server")


async def _handle(table: Table, client: Client, raw: str | bytes | None) -> None:
    message = parse_message(raw)
    if message.kind == "act":
        await table.act(client.seat, message.action)
    elif message.kind == "undo":
        await table.undo(client.seat)
    elif message.kind == "hint":
        await client.send({"type": "hint", "text": await table.hint(client.seat)})
    else:
        await client.send(table.snapshot(client, full=True))


async def table_socket(websocket: WebSocket) -> None:
    await websocket.accept()
    try:
        table = hub(websocket).get(websocket.path_params["table_id"])
    except StammtischError as error:
        # A stored record the engine no longer replays: say so, keep the record.
        log.exception("table %s cannot be resumed", websocket.path_params["table_id"])
        await websocket.send_json(
            {"type": "error", "message": f"this table cannot be resumed: {error}"})
        await websocket.close(code=4500)
        return
    if table is None:
        await websocket.send_json({"type": "error", "message": "no such table"})
        await websocket.close(code=4404)
        return

    async def send(data: dict[str, Any]) -> None:
        await websocket.send_json(data)

    client = Client(table.seat_of(websocket.query_params.get("token", "")), send)
    await table.join(client)
    try:
        while True:
            incoming = await websocket.receive()
            if incoming["type"] == "websocket.disconnect":
                break
            raw = incoming.get("text")
            if raw is None:
                raw = incoming.get("bytes")
            try:
                await _handle(table, client, raw)
            except (ProtocolError, StammtischError) as error:
                await send({"type": "error", "message": str(error)})
            except Exception:
                log.exception("table %s: a message failed", table.id)
                await send({"type": "error", "message": "the server failed on this message; "
                            "the table is unchanged"})
    except WebSocketDisconnect:
        pass
    finally:
        table.leave(client)
        hub(websocket).release(table)
