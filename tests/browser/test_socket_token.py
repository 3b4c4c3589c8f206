"""The table page sends its seat token as its socket's subprotocol: the socket's address,
which the browser shows in console errors and proxies write to their logs, carries no
token, and the page still holds its seat."""

from __future__ import annotations

from typing import Any

from tests.browser.conftest import shoot
from tests.browser.table_driver import open_table, wait_turn
from tests.server.live import LiveServer


def test_the_seat_token_is_not_in_the_socket_address(page: Any, server: LiveServer) -> None:
    addresses: list[str] = []
    page.on("websocket", lambda socket: addresses.append(socket.url))
    table = open_table(page, server, "schnapsen", ["human", "random"], seed=3)
    assert wait_turn(page) == "me"  # the seat is held: the token reached the server
    token = page.evaluate("(id) => localStorage.getItem(`stammtisch.token.${id}`)", table)
    assert token and addresses, addresses
    assert all(address.endswith(f"/ws/tables/{table}") for address in addresses), addresses
    assert not any(token in address or "token" in address for address in addresses)
    shoot(page, "table-seat-token-as-subprotocol")
