"""The table socket's messages, checked before anything touches a match.

Client to server (JSON text, at most :data:`MAX_MESSAGE` characters):
``{"type": "act", "action": "play AS"}``, ``{"type": "undo"}``,
``{"type": "hint"}``, ``{"type": "sync"}``.

Server to client: ``{"type": "state", ...}`` (the seat's view, the events from
``log_start`` on, the seats, whether undo and hints are offered),
``{"type": "hint", "text": ...}`` and ``{"type": "error", "message": ...}``;
an error changes nothing at the table.
"""

from __future__ import annotations

import json
from dataclasses import dataclass

MAX_MESSAGE = 2048
MAX_FRAME = 65536
"""Frames up to this size are read and answered; larger ones close the socket (1009)."""
MAX_ACTION = 200
KINDS = ("act", "undo", "hint", "sync")


class ProtocolError(Exception):
    """A message the server cannot read; the text is sent back to the client."""


@dataclass(frozen=True)
class Message:
    kind: str
    action: str = ""


def parse_message(raw: str | bytes | None) -> Message:
    if raw is None:
        raise ProtocolError("empty message: send a JSON object such as "
                            '{"type": "act", "action": "pass"}')
    if isinstance(raw, bytes):
        raise ProtocolError("binary messages are not understood: send JSON text")
    if len(raw) > MAX_MESSAGE:
        raise ProtocolError(f"message too long ({len(raw)} characters; at most {MAX_MESSAGE})")
    try:
        data = json.loads(raw)
    except json.JSONDecodeError as error:
        raise ProtocolError(f"not JSON: {error.msg} at character {error.pos}") from None
    if not isinstance(data, dict):
        raise ProtocolError("a message is a JSON object with a \"type\"")
    kind = data.get("type")
    if kind not in KINDS:
        raise ProtocolError(f"unknown message type {kind!r}; the types are {', '.join(KINDS)}")
    if kind != "act":
        return Message(kind)
    action = data.get("action")
    if not isinstance(action, str) or not action.strip():
        raise ProtocolError('an "act" message needs "action": the action in notation')
    if len(action) > MAX_ACTION:
        raise ProtocolError(f"action too long (at most {MAX_ACTION} characters)")
    return Message(kind, action.strip())
