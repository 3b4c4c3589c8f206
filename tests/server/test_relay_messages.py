"""The messages between server processes (server/relay_messages.py): each kind goes over
the wire exactly as before and comes back the same; a malformed one is logged and
dropped, never raised into the courier's listener (server/cluster.py)."""

from __future__ import annotations

import json
import logging
from pathlib import Path
from typing import Any

import pytest

from stammtisch.server.cluster import Cluster
from stammtisch.server.hub import Hub
from stammtisch.server.relay_messages import (
    Close,
    Forward,
    Join,
    Leave,
    Moved,
    Offer,
    Out,
    RelayMessage,
    Wants,
    from_wire,
)
from stammtisch.server.settings import Settings
from stammtisch.server.store import Store

WIRE: list[tuple[RelayMessage, dict[str, Any]]] = [
    (Join("c1", "edge-a", "t1", "tok", None, "10.0.0.1", 7, "Anna", True),
     {"op": "join", "conn": "c1", "edge": "edge-a", "table": "t1", "token": "tok",
      "bot": None, "address": "10.0.0.1", "account": 7, "player": "Anna", "updates": True}),
    (Join("c1", "edge-a", "t1", "", "bot:alice", "", None, None, False),
     {"op": "join", "conn": "c1", "edge": "edge-a", "table": "t1", "token": "",
      "bot": "bot:alice", "address": "", "account": None, "player": None,
      "updates": False}),
    (Forward("c1", "edge-a", '{"type": "sync"}', False),
     {"op": "msg", "conn": "c1", "edge": "edge-a", "raw": '{"type": "sync"}',
      "binary": False}),
    (Forward("c1", "edge-a", None, True),
     {"op": "msg", "conn": "c1", "edge": "edge-a", "raw": None, "binary": True}),
    (Leave("c1"), {"op": "leave", "conn": "c1"}),
    (Out("c1", '{"type":"state"}'), {"op": "out", "conn": "c1", "text": '{"type":"state"}'}),
    (Close("c1", 1008, "too many refused messages"),
     {"op": "close", "conn": "c1", "code": 1008, "reason": "too many refused messages"}),
    (Moved("c1"), {"op": "moved", "conn": "c1"}),
    (Offer("bot:alice", {"type": "offer", "table": "t1"}),
     {"op": "offer", "bot": "bot:alice", "offer": {"type": "offer", "table": "t1"}}),
    (Wants("bot:alice", "edge-b"), {"op": "wants", "bot": "bot:alice", "edge": "edge-b"}),
]


@pytest.mark.parametrize(("message", "wire"), WIRE)
def test_each_message_goes_over_the_wire_as_before_and_comes_back(
        message: RelayMessage, wire: dict[str, Any]) -> None:
    sent = message.to_wire()
    assert json.dumps(sent) == json.dumps(wire)  # the same fields in the same order
    assert from_wire(json.loads(json.dumps(sent))) == message


def test_every_op_has_its_message() -> None:
    assert sorted(wire["op"] for _message, wire in WIRE) == sorted(
        ["join", "join", "msg", "msg", "leave", "out", "close", "moved", "offer", "wants"])


MALFORMED: list[dict[str, Any]] = [
    {"conn": "c1"},  # no op
    {"op": "shout", "conn": "c1"},
    {"op": ["join"], "conn": "c1"},
    {"op": "join", "conn": "c1", "edge": "e", "token": "secret-token", "bot": None,
     "address": ""},  # no table
    {"op": "join", "conn": "c1", "edge": "e", "table": "t", "token": "secret-token",
     "bot": 5, "address": ""},
    {"op": "msg", "conn": "c1", "edge": "e", "raw": {"type": "sync"}, "binary": False},
    {"op": "msg", "conn": "c1", "edge": "e", "raw": None, "binary": 1},
    {"op": "leave", "conn": None},
    {"op": "out", "conn": "c1"},
    {"op": "close", "conn": "c1", "code": "1008", "reason": ""},
    {"op": "close", "conn": "c1", "code": True, "reason": ""},
    {"op": "moved"},
    {"op": "offer", "bot": "bot:alice", "offer": ["t1"]},
    {"op": "wants", "bot": "bot:alice"},
]


@pytest.mark.parametrize("data", MALFORMED)
def test_a_malformed_message_is_logged_and_dropped(
        data: dict[str, Any], caplog: pytest.LogCaptureFixture) -> None:
    with caplog.at_level(logging.ERROR, "stammtisch.server"):
        assert from_wire(data) is None
    said = " ".join(record.getMessage() for record in caplog.records)
    assert "dropped" in said and "secret-token" not in said


def test_the_cluster_drops_a_malformed_message_without_raising(
        tmp_path: Path, caplog: pytest.LogCaptureFixture) -> None:
    store = Store(f"sqlite:///{tmp_path / 'relay.db'}")
    try:
        cluster = Cluster(Hub(store, bot_delay=0.0),
                          Settings(redis="redis://127.0.0.1:1/0"), "me")
        with caplog.at_level(logging.ERROR, "stammtisch.server"):
            for data in MALFORMED:
                cluster._dispatch(data)
        assert not cluster.sessions and not cluster.edges
        assert sum("dropped" in r.getMessage() for r in caplog.records) == len(MALFORMED)
        cluster._dispatch(Leave("nobody").to_wire())  # well-formed, for no client here
    finally:
        store.dispose()
