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
from collections.abc import Awaitable, Callable
from typing import assert_never

from starlette.websockets import WebSocket, WebSocketDisconnect

from stammtisch.errors import StammtischError
from stammtisch.server.botsocket import program_of
from stammtisch.server.deps import hub, player, settings
from stammtisch.server.gate import Gate
from stammtisch.server.hub import Hub
from stammtisch.server.logformat import current_table
from stammtisch.server.metrics import of as metrics_of
from stammtisch.server.outbox import SlowReader, socket_outbox
from stammtisch.server.protocol import (
    Act,
    Again,
    Fill,
    Hint,
    ProtocolError,
    Sit,
    Sync,
    Talk,
    Undo,
    error,
    message_id,
    parse_message,
)
from stammtisch.server.seats import Player
from stammtisch.server.seattoken import accept_table_socket, seat_token, wants_updates
from stammtisch.server.settings import Settings
from stammtisch.server.tables import Client, Rematch, Send, Table, TableError

log = logging.getLogger("stammtisch.server")


async def _handle(table: Table, client: Client, raw: str | bytes | None,
                  config: Settings, rematch: Rematch) -> None:
    match parse_message(raw):
        case Act(action=action, seq=seq, id=answer):
            with metrics_of(table.store).action_seconds.time():
                await table.act(client, seq, action, answer)
        case Sit(seat=seat, name=name, id=answer):
            await table.sit(client, seat, name, answer)
        case Fill(seat=seat, level=level, id=answer):
            await table.fill(client, seat, level, answer)
        case Undo(seq=seq, id=answer):
            await table.undo(client, seq, answer)
        case Again(id=answer):
            await table.play_again(client, rematch, answer)
        case Hint(id=answer):  # answered when worked out, the socket going on
            await table.hint(client, config.hint_cooldown, answer)
        case Sync(id=answer):
            await table.resend(client, answer)
        case Talk(say=said, id=answer):
            await table.talk(client, said, answer)
        case unknown:
            assert_never(unknown)


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
    gate = Gate(config.rate, config.burst)
    current_table.set(table.id)  # this client's log lines name the table
    try:
        if bad_token:
            await client.send(error("bad_token", "this token holds no seat at this table "
                                    "(any more): you are watching"))
        await table.join(client)
        while True:
            raw = await receive()
            if isinstance(raw, Gone):
                break
            if not gate.admit():
                await client.send(gate.too_fast(message_id(raw)))
            elif await _answer(table, client, raw, config, hub.rematch):
                gate.accepted()
                continue
            if gate.refused():
                await close(1008, "too many refused messages")
                break
    except (WebSocketDisconnect, SlowReader):
        pass
    finally:
        await table.depart(client)
        hub.release(table)


def table_client(table: Table, send: Send, token: str, program: str | None,
                 address: str = "", account: Player | None = None,
                 updates: bool = False) -> Client:
    """The client of a socket from ``address`` with ``token`` (or of the program of bot
    account ``program``), of the logged-in ``account`` or a guest: a seat's, or a
    watcher's."""
    if program is not None:
        return Client(table.seat_for_bot(program), send, bot=program, address=address,
                      updates=updates)
    return Client(table.seat_of(token) if token else None, send, address=address,
                  account=account, updates=updates)


async def table_socket(websocket: WebSocket) -> None:
    if not await accept_table_socket(websocket):
        return
    program, known = await program_of(websocket)
    if not known:
        return
    account = await player(websocket) if program is None else None
    cluster = getattr(websocket.app.state, "cluster", None)
    if cluster is not None:  # several server processes: the table may run elsewhere
        await cluster.edge(websocket, program, account)
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
                          websocket.client.host if websocket.client else "", account,
                          wants_updates(websocket))
    try:
        await converse(table, client, receive, close, settings(websocket), hub(websocket),
                       bad_token=bool(token) and client.seat is None and program is None)
    finally:
        writer.cancel()
