"""The messages between the server processes of one deployment (server/cluster.py), each a
frozen dataclass with exactly its fields.

On the wire (server/courier.py carries them) a message is a JSON object: its ``op`` and
its fields by name, ``{"op": "leave", "conn": "..."}``. :func:`from_wire` reads one back
and checks every field's type; a message that is not one of these (another op, a field
missing or of another type) is logged and dropped, never raised into the listener.
"""

from __future__ import annotations

import logging
import types
from dataclasses import dataclass, fields
from typing import Any, ClassVar, Union, get_args, get_origin, get_type_hints

log = logging.getLogger("stammtisch.server")


class _Wire:
    OP: ClassVar[str]

    def to_wire(self) -> dict[str, Any]:
        """The message as the courier sends it: its ``op`` and its fields."""
        return {"op": self.OP, **vars(self)}


@dataclass(frozen=True)
class Join(_Wire):
    """Edge to owner: the socket ``conn`` at ``edge`` comes to ``table`` with a seat's
    ``token`` (or none), or as the program of bot account ``bot``; from ``address``, of
    the logged-in account ``account`` named ``player`` (None for a guest)."""

    OP: ClassVar[str] = "join"
    conn: str
    edge: str
    table: str
    token: str
    bot: str | None
    address: str
    account: int | None
    player: str | None
    updates: bool
    """The socket takes ``update`` frames (server/frames.py)."""


@dataclass(frozen=True)
class Forward(_Wire):
    """Edge to owner: the socket's next message, its text (``raw``; None for an empty
    frame) or, where ``binary``, a binary frame (its bytes do not matter: it is refused)."""

    OP: ClassVar[str] = "msg"
    conn: str
    edge: str
    raw: str | None
    binary: bool


@dataclass(frozen=True)
class Leave(_Wire):
    """Edge to owner: the socket closed."""

    OP: ClassVar[str] = "leave"
    conn: str


@dataclass(frozen=True)
class Out(_Wire):
    """Owner to edge: send ``text`` (a JSON message) to the socket."""

    OP: ClassVar[str] = "out"
    conn: str
    text: str


@dataclass(frozen=True)
class Close(_Wire):
    """Owner to edge: close the socket with ``code`` and ``reason``."""

    OP: ClassVar[str] = "close"
    conn: str
    code: int
    reason: str


@dataclass(frozen=True)
class Moved(_Wire):
    """Owner to edge: the socket's table no longer runs here; look for its owner."""

    OP: ClassVar[str] = "moved"
    conn: str


@dataclass(frozen=True)
class Offer(_Wire):
    """To a process with streams of the bot API: an ``offer`` of a seat for ``bot``."""

    OP: ClassVar[str] = "offer"
    bot: str
    offer: dict[str, Any]


@dataclass(frozen=True)
class Wants(_Wire):
    """To every process: a stream of ``bot`` connected at ``edge``; offer it your tables."""

    OP: ClassVar[str] = "wants"
    bot: str
    edge: str


RelayMessage = Join | Forward | Leave | Out | Close | Moved | Offer | Wants
_KINDS: dict[str, type[RelayMessage]] = {
    kind.OP: kind for kind in (Join, Forward, Leave, Out, Close, Moved, Offer, Wants)}
_FIELDS: dict[type[RelayMessage], list[tuple[str, Any]]] = {
    kind: [(f.name, get_type_hints(kind)[f.name]) for f in fields(kind)]
    for kind in _KINDS.values()}
"""Each kind's fields, in order, with their types."""


def _fits(value: Any, expected: Any) -> bool:
    """Whether ``value`` read from JSON is of the field type ``expected``."""
    if get_origin(expected) in (Union, types.UnionType):
        return any(_fits(value, option) for option in get_args(expected))
    if expected is type(None):
        return value is None
    if expected is int:  # JSON's true and false are not numbers here
        return isinstance(value, int) and not isinstance(value, bool)
    return isinstance(value, get_origin(expected) or expected)


def from_wire(data: dict[str, Any]) -> RelayMessage | None:
    """The message ``data`` holds, or None (logged) when it holds none."""
    op = data.get("op")
    kind = _KINDS.get(op) if isinstance(op, str) else None
    if kind is None:
        log.error("a message from another server process has an unknown op %r: dropped",
                  op if isinstance(op, str) else type(op).__name__)
        return None
    wrong = [name for name, expected in _FIELDS[kind]
             if name not in data or not _fits(data[name], expected)]
    if wrong:  # the values are not logged: a join carries a seat's token
        log.error("a %r message from another server process is malformed (%s): dropped",
                  op, ", ".join(wrong))
        return None
    return kind(**{name: data[name] for name, _expected in _FIELDS[kind]})
