"""The table socket's messages, checked before anything touches a match.

This docstring is the authoritative copy of the wire protocol of issue 8
(online tables); it follows /tmp/spec/online-tables.md, with the points that
text left open written out here.

Connecting: ``/ws/tables/{id}?token=<seat token>``. A valid token holds that
seat (several sockets may hold the same seat: two tabs); no token is a watcher;
a wrong non-empty token is answered with ``error`` ``bad_token`` and the socket
goes on as a watcher.

Client to server: JSON text of at most :data:`MAX_MESSAGE` characters. Every
message may carry ``"id": <int>``; the direct answer to it (an ``error``, a
``seated``, a ``hint``, the ``state`` answering a ``sync``, and the broadcast
``state`` this socket receives after its own accepted ``act``, ``undo``, ``sit``
or ``fill``) carries the same ``id``. Fields not named here are ignored; in
particular a message never names the seat it acts for: it is always the
socket's own seat.

- ``{"type": "act", "action": "play AS", "seq": 12}``: ``seq`` is required, the
  ``seq`` of the state the client acted on; another one is refused (``stale``)
  and the socket is sent the full current ``state`` right after the error.
- ``{"type": "sit", "seat": 2, "name": "Ben"}``: a watcher takes an open seat;
  answered with ``{"type": "seated", "seat": 2, "token": ...}``, then a broadcast.
- ``{"type": "fill", "seat": 2, "level": "club"}``: the owner puts a computer
  player into an open seat (waiting) or into a seat whose holder has been away
  longer than the grace period (``takeover``).
- ``{"type": "undo", "seq"?: 12}``, ``{"type": "hint"}``, ``{"type": "sync"}``.

Server to client: ``state`` (see :meth:`stammtisch.server.tables.Table.snapshot`
for every field: ``phase``, ``seq``, ``seats`` with ``connected``,
``grace_left`` and ``takeover``, ``watchers``, ``grace``, ``owner`` ...),
``seated``, ``hint`` and ``{"type": "error", "code": ..., "message": ...}``
with a code of :data:`CODES`. An error never changes the table. ``seq`` grows
by one with every change of the match (an action or an undo) and is stored
with the table, so that it survives a restart.

A socket to a table that does not exist is sent an ``error`` (``bad_message``,
"no such table") and closed with 4404; a stored table the engine can no longer
replay is sent an ``error`` (``server``) and closed with 4500.

Seats: ``connected`` is true while a socket holds a person's seat (always for a
computer player, never for an open seat); ``grace_left`` counts down only after
a person's last socket closed. A table is rebuilt from the store when its first
socket comes (after a restart, or after every socket had left): every person then
starts away with a fresh grace period, and ``seq`` goes on from the stored one.

Watchers: the watcher count in ``state`` is brought up to date with the next
broadcast; a watcher coming or going is not broadcast on its own (a crowd of
watchers would otherwise make every join cost a broadcast to all).

Limits: frames over :data:`MAX_FRAME` bytes close the socket with 1009; per
socket a token bucket (20 messages a second, bursts of 40, see Settings) answers
the excess with ``rate_limited``; after more than :data:`MAX_REFUSED` refused
messages in a row the socket is closed with 1008. A socket that stops reading (more
than 200 messages waiting for it) is closed with 1008 too; the table does not wait
for it. "In a row" counts every refused
message (of any code) until a message is accepted after a full second without
refusals: a flood that lets through one message each time the bucket refills is
still one flood.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from typing import Any

MAX_MESSAGE = 2048
MAX_FRAME = 65536
"""Frames up to this size are read and answered; larger ones close the socket (1009)."""
MAX_ACTION = 200
MAX_NAME = 24
MAX_REFUSED = 100
"""More refused messages than this in a row close the socket (1008)."""
KINDS = ("act", "sit", "fill", "undo", "hint", "sync")
CODES = ("bad_message", "bad_token", "not_seated", "not_your_turn", "illegal", "stale",
         "seat_taken", "not_owner", "not_now", "rate_limited", "server")


class ProtocolError(Exception):
    """A message the server refuses; ``code`` and the text are sent back to the client."""

    def __init__(self, message: str, code: str = "bad_message") -> None:
        super().__init__(message)
        self.code = code


@dataclass(frozen=True)
class Message:
    kind: str
    action: str = ""
    seq: int | None = None
    seat: int | None = None
    name: str = ""
    level: str = ""
    id: int | None = None


def error(code: str, message: str, answer_id: int | None = None) -> dict[str, Any]:
    """The error message sent to a client."""
    sent: dict[str, Any] = {"type": "error", "code": code, "message": message}
    if answer_id is not None:
        sent["id"] = answer_id
    return sent


def _int(data: dict[str, Any], key: str, *, required: bool) -> int | None:
    value = data.get(key)
    if value is None and not required:
        return None
    if not isinstance(value, int) or isinstance(value, bool):
        raise ProtocolError(f'"{key}" must be a whole number')
    return value


def clean_name(value: Any) -> str:
    """A display name: 1..24 printable characters once trimmed."""
    if not isinstance(value, str):
        raise ProtocolError(f"a name is text of 1 to {MAX_NAME} characters")
    name = value.strip()
    if not 1 <= len(name) <= MAX_NAME or not name.isprintable():
        raise ProtocolError(f"a name is 1 to {MAX_NAME} printable characters")
    return name


def message_id(raw: str | bytes | None) -> int | None:
    """The ``id`` of a message, if it can be read at all (for error answers)."""
    if not isinstance(raw, str) or len(raw) > MAX_MESSAGE:
        return None
    try:
        data = json.loads(raw)
    except (json.JSONDecodeError, RecursionError):
        return None
    found = data.get("id") if isinstance(data, dict) else None
    return found if isinstance(found, int) and not isinstance(found, bool) else None


def parse_message(raw: str | bytes | None) -> Message:
    if raw is None:
        raise ProtocolError("empty message: send a JSON object such as "
                            '{"type": "act", "action": "pass", "seq": 0}')
    if isinstance(raw, bytes):
        raise ProtocolError("binary messages are not understood: send JSON text")
    if len(raw) > MAX_MESSAGE:
        raise ProtocolError(f"message too long ({len(raw)} characters; at most {MAX_MESSAGE})")
    try:
        data = json.loads(raw)
    except json.JSONDecodeError as problem:
        raise ProtocolError(f"not JSON: {problem.msg} at character {problem.pos}") from None
    except RecursionError:
        raise ProtocolError("not JSON this server reads: nested too deeply") from None
    if not isinstance(data, dict):
        raise ProtocolError("a message is a JSON object with a \"type\"")
    kind = data.get("type")
    if kind not in KINDS:
        raise ProtocolError(f"unknown message type {kind!r}; the types are {', '.join(KINDS)}")
    answer_id = _int(data, "id", required=False)
    if kind == "act":
        action = data.get("action")
        if not isinstance(action, str) or not action.strip():
            raise ProtocolError('an "act" message needs "action": the action in notation')
        if len(action) > MAX_ACTION:
            raise ProtocolError(f"action too long (at most {MAX_ACTION} characters)")
        if "seq" not in data:
            raise ProtocolError('an "act" message needs "seq": the seq of the state it '
                                'acts on')
        return Message(kind, action.strip(), seq=_int(data, "seq", required=True),
                       id=answer_id)
    if kind == "sit":
        return Message(kind, seat=_int(data, "seat", required=True),
                       name=clean_name(data.get("name")), id=answer_id)
    if kind == "fill":
        level = data.get("level")
        if not isinstance(level, str) or not level or len(level) > MAX_NAME:
            raise ProtocolError('a "fill" message needs "level": a computer level')
        return Message(kind, seat=_int(data, "seat", required=True), level=level,
                       id=answer_id)
    if kind == "undo":
        return Message(kind, seq=_int(data, "seq", required=False), id=answer_id)
    return Message(kind, id=answer_id)
