"""A client's message, checked (server/protocol.py ``parse_message``), is one of the
typed kinds with exactly its fields; what is wrong is said as before."""

from __future__ import annotations

import json
from typing import Any

import pytest

from stammtisch.server.protocol import (
    Act,
    Again,
    Fill,
    Hint,
    ProtocolError,
    Sit,
    Sync,
    Undo,
    parse_message,
)


def parse(data: dict[str, Any]) -> object:
    return parse_message(json.dumps(data))


def test_each_kind_is_its_own_message() -> None:
    assert parse({"type": "act", "action": " play AS ", "seq": 3, "id": 9}) == \
        Act("play AS", 3, 9)
    assert parse({"type": "sit", "seat": 2, "name": " Ben "}) == Sit(2, "Ben", None)
    assert parse({"type": "fill", "seat": 1, "level": "club", "id": 4}) == Fill(1, "club", 4)
    assert parse({"type": "undo"}) == Undo(None, None)
    assert parse({"type": "undo", "seq": 5, "id": 1}) == Undo(5, 1)
    assert parse({"type": "again", "id": 2}) == Again(2)
    assert parse({"type": "hint", "seat": 3}) == Hint(None)
    assert parse({"type": "sync", "id": 0}) == Sync(0)


def test_a_message_never_carries_a_field_of_another_kind() -> None:
    sync = parse({"type": "sync", "seat": 1, "action": "pass", "seq": 2})
    assert sync == Sync(None) and not hasattr(sync, "seat") and not hasattr(sync, "seq")
    act = parse({"type": "act", "action": "pass", "seq": 0, "seat": 1})
    assert not hasattr(act, "seat")
    with pytest.raises(AttributeError):
        act.seq = 1  # type: ignore[attr-defined]


@pytest.mark.parametrize(("data", "said"), [
    ({"type": "act", "action": "pass"}, 'an "act" message needs "seq": the seq of the '
                                         'state it acts on'),
    ({"type": "act", "action": "pass", "seq": "1"}, '"seq" must be a whole number'),
    ({"type": "sit", "name": "Ben"}, '"seat" must be a whole number'),
    ({"type": "fill", "seat": 1}, 'a "fill" message needs "level": a computer level'),
    ({"type": "undo", "seq": True}, '"seq" must be a whole number'),
    ({"type": "sync", "id": 1.5}, '"id" must be a whole number'),
    ({"type": "wave"}, "unknown message type 'wave'; the types are act, sit, fill, undo, "
                       "hint, sync, again, talk"),
])
def test_what_is_wrong_is_said_as_before(data: dict[str, Any], said: str) -> None:
    with pytest.raises(ProtocolError) as refused:
        parse(data)
    assert str(refused.value) == said and refused.value.code == "bad_message"
