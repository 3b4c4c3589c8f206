"""The program stream of the bot API, ``/ws/bot``: a program connects with its bot token
and is sent an ``offer`` for every seat kept for it; it plays each table on that table's
own socket (server/botprotocol.py). Also: who a socket's bot token belongs to."""

from __future__ import annotations

import asyncio
import contextlib
import json

from starlette.websockets import WebSocket, WebSocketDisconnect

from stammtisch.server.botaccounts import bot_of_token
from stammtisch.server.botoffers import MAX_STREAMS, waiting_for
from stammtisch.server.deps import hub, settings
from stammtisch.server.gate import Gate
from stammtisch.server.outbox import SlowReader, socket_outbox
from stammtisch.server.protocol import MAX_MESSAGE, error, message_id

BAD_TOKEN = 4401
TOO_MANY = 4429


def bot_token(websocket: WebSocket) -> str:
    """The bot token a socket came with, in ``Authorization: Bearer`` (only there: an
    address, where proxies log it, never carries one)."""
    scheme, _, value = websocket.headers.get("authorization", "").partition(" ")
    if scheme.lower() == "bearer" and value.strip():
        return value.strip()
    return ""


async def program_of(websocket: WebSocket) -> tuple[str | None, bool]:
    """The bot account of an accepted socket's bot token (None: no bot token), and
    whether to go on: a token of no bot, or one in the address (``?bot_token=``), is
    told ``bad_token`` and closed (4401)."""
    if "bot_token" in websocket.query_params:
        await websocket.send_json(error(
            "bad_token", "a bot token in the socket's address is refused (addresses end up "
            "in logs): send it as Authorization: Bearer <token>"))
        await websocket.close(code=BAD_TOKEN)
        return None, False
    token = bot_token(websocket)
    if not token:
        return None, True
    name = await asyncio.to_thread(bot_of_token, hub(websocket).store, token)
    if name is None:
        await websocket.send_json(error("bad_token", "this bot token belongs to no bot"))
        await websocket.close(code=BAD_TOKEN)
        return None, False
    return name, True


def _answer(raw: str | bytes | None) -> dict[str, object]:
    """The stream's answer to a message: ``pong`` to a ping, else an error."""
    if isinstance(raw, str) and len(raw) <= MAX_MESSAGE:
        with contextlib.suppress(ValueError, RecursionError):
            data = json.loads(raw)
            if isinstance(data, dict) and data.get("type") == "ping":
                return {"type": "pong", "id": message_id(raw)}
    return error("bad_message", 'the bot stream understands {"type": "ping"} only: play on '
                 "each table's own socket", message_id(raw))


async def bot_socket(websocket: WebSocket) -> None:
    await websocket.accept()
    name, known = await program_of(websocket)
    if not known:
        return
    if name is None:
        await websocket.send_json(error("bad_token", "the bot stream needs a bot token: "
                                        "Authorization: Bearer <token>"))
        await websocket.close(code=BAD_TOKEN)
        return

    outbox = socket_outbox(websocket)
    offers = hub(websocket).offers
    if not offers.listen(name, outbox):
        await websocket.send_json(error("rate_limited", f"a bot holds at most {MAX_STREAMS} "
                                        "streams at once"))
        await websocket.close(code=TOO_MANY)
        return
    writer = asyncio.get_running_loop().create_task(outbox.run())
    config = settings(websocket)
    gate = Gate(config.rate, config.burst)
    try:
        outbox.push({"type": "hello", "bot": name, "bot_time": config.bot_time})
        for offer in waiting_for(name, list(hub(websocket).tables.values())):
            outbox.push(offer)
        cluster = getattr(websocket.app.state, "cluster", None)
        if cluster is not None:  # several server processes: tables run at the others too
            cluster.ask_offers(name)
        while True:
            incoming = await websocket.receive()
            if incoming["type"] == "websocket.disconnect":
                break
            raw = incoming.get("text")
            if raw is None:
                raw = incoming.get("bytes")
            answer = _answer(raw) if gate.admit() else error(
                "rate_limited", f"too many messages: at most {config.rate:g} a second",
                message_id(raw))
            outbox.push(answer)
            if answer["type"] != "error":
                gate.accepted()
            elif gate.refused():
                await websocket.close(code=1008, reason="too many refused messages")
                break
    except (WebSocketDisconnect, SlowReader):
        pass
    finally:
        offers.forget(name, outbox)
        writer.cancel()
