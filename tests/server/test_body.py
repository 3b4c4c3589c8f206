"""A new table's body: a declared size over the cap is refused before a byte of it is
read, a body sent in chunks is cut off at the cap, a body that does not come is not
waited for."""

from __future__ import annotations

import json
import time
from collections.abc import Iterator
from pathlib import Path

import httpx
import pytest

from stammtisch.server.routes.api import MAX_BODY
from tests.server.live import LiveServer
from tests.server.rawhttp import answer, closed, opened

HEAD = ("POST /api/tables HTTP/1.1\r\nHost: 127.0.0.1\r\n"
        "Content-Type: application/json\r\n{}\r\n")


def test_a_declared_size_over_the_cap_is_refused_before_the_body(live: LiveServer) -> None:
    with opened(live) as sock:
        sock.sendall(HEAD.format("Content-Length: 200000000\r\n").encode())
        status, headers, body = answer(sock)  # no byte of the body sent
        assert status == 413 and str(MAX_BODY) in json.loads(body)["error"]
        assert headers["connection"] == "close" and closed(sock)


def test_a_chunked_body_is_cut_off_at_the_cap(live: LiveServer) -> None:
    with opened(live) as sock:
        sock.sendall(HEAD.format("Transfer-Encoding: chunked\r\n").encode())
        chunk = b"x" * 8192
        for _ in range(3):  # past the cap, and the body never ends
            sock.sendall(b"%x\r\n%s\r\n" % (len(chunk), chunk))
        status, headers, body = answer(sock)
        assert status == 413 and "too large" in json.loads(body)["error"]
        assert headers["connection"] == "close" and closed(sock)


def test_a_streamed_body_is_not_read_to_its_end(live: LiveServer) -> None:
    sent = 0

    def endless() -> Iterator[bytes]:
        nonlocal sent
        while sent < 200_000_000:
            sent += 65536
            yield b" " * 65536

    try:
        status = httpx.post(f"{live.url}/api/tables", content=endless(),
                            headers={"Content-Type": "application/json"}).status_code
    except httpx.TransportError:  # the server closed while the client was still sending
        status = 413
    assert status == 413 and sent < 200_000_000


@pytest.fixture
def patient(db: Path) -> Iterator[LiveServer]:
    server = LiveServer(db, body_timeout=0.5)
    yield server
    server.stop()


@pytest.mark.slow
def test_a_body_that_does_not_come_is_not_waited_for(patient: LiveServer) -> None:
    with opened(patient) as sock:
        sock.sendall(HEAD.format("Content-Length: 100\r\n").encode() + b'{"game"')
        started = time.monotonic()
        status, headers, body = answer(sock)
        assert status == 408 and "did not arrive" in json.loads(body)["error"]
        assert time.monotonic() - started >= 0.4 and closed(sock)


def test_a_bad_length_is_a_clear_error(live: LiveServer) -> None:
    with opened(live) as sock:
        sock.sendall(HEAD.format("Content-Length: 12x\r\n").encode())
        status, _, _ = answer(sock)
        assert status == 400  # refused by the HTTP parser before the app
