"""The table socket: ``/ws/tables/{id}``, with a seat's token offered as a subprotocol
(server/seattoken.py); without one, a watcher.
A program of the bot API comes with its bot token instead (``Authorization: Bearer``)
and holds the seat kept for its bot account (server/botprotocol.py).

Every message passes the socket's rate limit and is checked
(:mod:`stammtisch.server.protocol`) before it reaches the table; a refused one is
answered with an error and changes nothing. A socket that goes on sending refused
messages after being told (more than MAX_REFUSED of them without a calm second in
between) is closed (1008); so is a socket that does not read what it is sent
(:mod:`stammtisch.server.outbox`), without holding up the table.
"""

from __future__ import annotations

import asyncio
import logging
import time
from collections.abc import Awaitable, Callable

from starlette.websockets import WebSocket, WebSocketDisconnect

from stammtisch.errors import StammtischError
from stammtisch.server.botsocket import program_of
from stammtisch.server.deps import hub, settings
from stammtisch.server.hub import Hub
from stammtisch.server.outbox import SlowReader, socket_outbox
from stammtisch.server.protocol import (
    MAX_REFUSED,
    ProtocolError,
    error,
    message_id,
    parse_message,
)
from stammtisch.server.ratelimit import TokenBucket
from stammtisch.server.seattoken import accept_table_socket, seat_token
from stammtisch.server.settings import Settings
from stammtisch.server.tables import Client, Rematch, Send, Table, TableError

log = logging.getLogger("stammtisch.server")

CALM = 1.0
"""Seconds without a refused message after which a socket's refusals are forgiven."""


async def _handle(table: Table, client: Client, raw: str | bytes | None,
                  config: Settings, rematch: Rematch) -> None:
    message = parse_message(raw)
    if message.kind == "act":
        assert message.seq is not None  # the parser requires it
        await table.act(client, message.seq, message.action, message.id)
    elif message.kind == "sit":
        assert message.seat is not None
        await table.sit(client, message.seat, message.name, message.id)
    elif message.kind == "fill":
        assert message.seat is not None
        await table.fill(client, message.seat, message.level, message.id)
    elif message.kind == "undo":
        await table.undo(client, message.seq, message.id)
    elif message.kind == "again":
        await table.play_again(client, rematch, message.id)
    elif message.kind == "hint":  # answered when worked out, the socket going on
        await table.hint(client, config.hint_cooldown, message.id)
    else:
        await table.resend(client, message.id)


async def _answer(table: Table, client: Client, raw: str | bytes | None,
                  config: Settings, rematch: Rematch) -> bool:
    """Handle one message; False when it was refused."""
    try:
        await _handle(table, client, raw, config, rematch)
    except SlowReader:
        raise
    except (ProtocolError, TableError) as refused:
        await client.send(error(refused.code, str(refused), message_id(raw)))
        if refused.code == "stale":
            await table.resend(client)
        return False
    except StammtischError as refused:
        await client.send(error("illegal", str(refused), message_id(raw)))
        return False
    except Exception:
        log.exception("table %s: a message failed", table.id)
        await client.send(error("server", "the server failed on this message; the table "
                                "is unchanged", message_id(raw)))
        return False
    return True


class Gone:
    """The client's connection closed."""


GONE = Gone()
Receive = Callable[[], Awaitable[str | bytes | None | Gone]]
"""The next message of a client: its text (or bytes), or :data:`GONE` once it left."""
Close = Callable[[int, str], Awaitable[None]]


async def converse(table: Table, client: Client, receive: Receive, close: Close,
                   config: Settings, hub: Hub, *, bad_token: bool = False) -> None:
    """One client at ``table`` from its arrival to its departure: every message passes
    the rate limit and is answered; a client that goes on sending refused messages is
    closed. The same for a socket here and for one relayed from another server process
    (server/cluster.py)."""
    bucket = TokenBucket(config.rate, config.burst)
    refused, last_refused = 0, 0.0
    try:
        if bad_token:
            await client.send(error("bad_token", "this token holds no seat at this table "
                                    "(any more): you are watching"))
        await table.join(client)
        while True:
            raw = await receive()
            if isinstance(raw, Gone):
                break
            if bucket.take():
                accepted = await _answer(table, client, raw, config, hub.rematch)
            else:
                await client.send(error(
                    "rate_limited", f"too many messages: at most {config.rate:g} a second "
                    f"(bursts of {config.burst:g})", message_id(raw)))
                accepted = False
            now = time.monotonic()
            if not accepted:
                refused, last_refused = refused + 1, now
            elif now - last_refused > CALM:
                refused = 0
            if refused > MAX_REFUSED:
                await close(1008, "too many refused messages")
                break
    except (WebSocketDisconnect, SlowReader):
        pass
    finally:
        await table.depart(client)
        hub.release(table)


def table_client(table: Table, send: Send, token: str, program: str | None,
                 address: str = "") -> Client:
    """The client of a socket from ``address`` with ``token`` (or of the program of bot
    account ``program``): a seat's, or a watcher's."""
    if program is not None:
        return Client(table.seat_for_bot(program), send, bot=program, address=address)
    return Client(table.seat_of(token) if token else None, send, address=address)


async def table_socket(websocket: WebSocket) -> None:
    if not await accept_table_socket(websocket):
        return
    program, known = await program_of(websocket)
    if not known:
        return
    cluster = getattr(websocket.app.state, "cluster", None)
    if cluster is not None:  # several server processes: the table may run elsewhere
        await cluster.edge(websocket, program)
        return
    try:
        table = await hub(websocket).open(websocket.path_params["table_id"])
    except StammtischError as problem:
        # A stored record the engine no longer replays: say so, keep the record.
        log.exception("table %s cannot be resumed", websocket.path_params["table_id"])
        await websocket.send_json(error("server", f"this table cannot be resumed: {problem}"))
        await websocket.close(code=4500)
        return
    if table is None:
        await websocket.send_json(error("bad_message", "no such table"))
        await websocket.close(code=4404)
        return

    async def receive() -> str | bytes | None | Gone:
        incoming = await websocket.receive()
        if incoming["type"] == "websocket.disconnect":
            return GONE
        raw: str | bytes | None = incoming.get("text")
        return incoming.get("bytes") if raw is None else raw

    async def close(code: int, reason: str) -> None:
        await websocket.close(code=code, reason=reason)

    outbox = socket_outbox(websocket)
    writer = asyncio.get_running_loop().create_task(outbox.run())
    token = seat_token(websocket)
    client = table_client(table, outbox.send, token, program,
                          websocket.client.host if websocket.client else "")
    try:
        await converse(table, client, receive, close, settings(websocket), hub(websocket),
                       bad_token=bool(token) and client.seat is None and program is None)
    finally:
        writer.cancel()
