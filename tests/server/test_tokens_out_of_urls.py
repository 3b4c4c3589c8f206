"""No token in a socket's address, where console errors and proxy logs show it: a seat
token is offered as the subprotocol ``token.<token>`` beside ``stammtisch``, a bot token
goes in ``Authorization``; the old ``?token=`` and ``?bot_token=`` are refused with a
message that says what to do instead."""

from __future__ import annotations

import json
from typing import Any

import httpx
import pytest
from websockets.exceptions import ConnectionClosed
from websockets.sync.client import ClientConnection, connect
from websockets.typing import Subprotocol

from examples import network_bot
from tests.server.live import LiveServer


def _open(live: LiveServer, path: str, subprotocols: list[str] | None = None,
          **options: Any) -> ClientConnection:
    offered = None if subprotocols is None else [Subprotocol(p) for p in subprotocols]
    sock: ClientConnection = connect(f"ws://127.0.0.1:{live.port}{path}",
                                     subprotocols=offered, open_timeout=10, **options)
    return sock


def _first_state(sock: ClientConnection) -> dict[str, Any]:
    while True:
        message: dict[str, Any] = json.loads(sock.recv(timeout=10))
        if message["type"] == "state":
            return message


def _refused(sock: ClientConnection) -> tuple[dict[str, Any], int]:
    """The error a refused socket is told, and the code it is closed with."""
    said: dict[str, Any] = json.loads(sock.recv(timeout=10))
    with pytest.raises(ConnectionClosed) as closed:
        sock.recv(timeout=10)
    assert closed.value.rcvd is not None
    return said, closed.value.rcvd.code


def test_the_seat_token_is_offered_as_a_subprotocol(live: LiveServer) -> None:
    made = live.create("schnapsen", ["human", "random"])
    path = f"/ws/tables/{made['id']}"
    with _open(live, path, ["stammtisch", f"token.{made['token']}"]) as sock:
        assert sock.subprotocol == "stammtisch"  # a browser needs it answered
        assert _first_state(sock)["seat"] == 0
    with _open(live, path, ["stammtisch"]) as sock:  # no token: a watcher
        assert sock.subprotocol == "stammtisch"
        assert _first_state(sock)["seat"] is None
    with _open(live, path, ["stammtisch", "token.wrong"]) as sock:
        assert json.loads(sock.recv(timeout=10))["code"] == "bad_token"
        assert _first_state(sock)["seat"] is None


@pytest.mark.parametrize("query", ["?token={token}", "?token=", "?x=1&token={token}"])
def test_a_seat_token_in_the_address_is_refused(live: LiveServer, query: str) -> None:
    made = live.create("schnapsen", ["human", "random"])
    path = f"/ws/tables/{made['id']}" + query.format(token=made["token"])
    with _open(live, path) as sock:
        said, code = _refused(sock)
    assert said["type"] == "error" and said["code"] == "bad_message"
    assert "subprotocol" in said["message"] and "token.<token>" in said["message"]
    assert code == 4400
    with _open(live, f"/ws/tables/{made['id']}", ["stammtisch"]) as watcher:
        assert not _first_state(watcher)["seats"][0]["connected"]  # nobody took the seat


def test_a_bot_token_is_taken_from_the_header_only(live: LiveServer) -> None:
    token = network_bot.register(live.url, "header-only")
    made = httpx.post(f"{live.url}/api/tables", json={
        "game": "schnapsen", "seats": ["human", "bot:header-only"]}).json()
    for path in ("/ws/bot", f"/ws/tables/{made['id']}"):
        with _open(live, f"{path}?bot_token={token}") as sock:
            said, code = _refused(sock)
        assert said["code"] == "bad_token" and "Authorization: Bearer" in said["message"]
        assert code == 4401, path
    with _open(live, "/ws/bot", additional_headers={"Authorization": f"Bearer {token}"}) \
            as stream:
        assert json.loads(stream.recv(timeout=10))["type"] == "hello"
