"""Slow and half-open connections: a request head has a deadline, and one address (and
everyone together) may hold only so many sockets."""

from __future__ import annotations

import contextlib
import socket
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from tests.server.live import LiveServer
from tests.server.rawhttp import answer, closed, get, opened

HALF_HEAD = b"GET /api/games HTTP/1.1\r\nHost: 127.0.0.1\r\n"


@contextlib.contextmanager
def server(db: Path, **settings: Any) -> Iterator[LiveServer]:
    live = LiveServer(db, **settings)
    try:
        yield live
    finally:
        live.stop()


def served(live: LiveServer) -> bool:
    """True when a new connection is answered."""
    with opened(live) as sock:
        try:
            sock.sendall(get())
            return answer(sock)[0] == 200
        except (AssertionError, OSError):
            return False


def counted_soon(live: LiveServer, wanted: int, seconds: float = 30) -> bool:
    """True when the server soon counts ``wanted`` connections open from 127.0.0.1."""
    limits = live.server.config.http_protocol_class.limits  # type: ignore[attr-defined]
    deadline = time.monotonic() + seconds
    while limits.open.get("127.0.0.1", 0) != wanted:
        if time.monotonic() > deadline:
            return False
        time.sleep(0.02)
    return True


def served_soon(live: LiveServer, seconds: float = 30) -> bool:
    """True when a new connection is answered before long (the server needs a moment to
    see a closed socket go)."""
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        if served(live):
            return True
        time.sleep(0.05)
    return False


@pytest.mark.slow
def test_half_a_head_is_closed_after_the_header_timeout(db: Path) -> None:
    with server(db, header_timeout=0.5) as live:
        with opened(live) as silent, opened(live) as half:
            started = time.monotonic()
            half.sendall(HALF_HEAD)
            assert closed(half) and closed(silent)
            assert time.monotonic() - started >= 0.4
        # On a kept-alive connection too: the deadline starts with the next request.
        with opened(live) as kept:
            kept.sendall(get())
            assert answer(kept)[0] == 200
            kept.sendall(HALF_HEAD)
            assert closed(kept)
        assert served(live)


@pytest.mark.slow
def test_a_trickled_body_nobody_reads_is_cut_off(db: Path) -> None:
    with server(db, header_timeout=0.5) as live, opened(live) as sock:
        sock.sendall(b"GET /api/games HTTP/1.1\r\nHost: 127.0.0.1\r\n"
                     b"Content-Length: 1000000\r\n\r\nx")
        assert answer(sock)[0] == 200
        deadline = time.monotonic() + 5
        with contextlib.suppress(OSError):  # the server closes while we send
            while time.monotonic() < deadline:
                sock.sendall(b"x")  # a byte now and then keeps uvicorn's idle timer off
                time.sleep(0.05)
        assert time.monotonic() < deadline and closed(sock)


@pytest.mark.slow
def test_a_table_socket_outlives_the_header_timeout(db: Path) -> None:
    with server(db, header_timeout=0.3) as live:
        created = live.create("schnapsen", ["human", "random"])
        sock = live.socket(created["id"], created["token"])
        sock.until("state")
        time.sleep(1.0)  # well past the header timeout
        sock.send({"type": "sync", "id": 1})
        assert sock.until("state")["seat"] == created["seat"]
        sock.close()


def test_one_address_holds_at_most_its_share(db: Path) -> None:
    # 127.0.0.1 is not a trusted proxy here, so its connections count.
    with server(db, max_per_address=3, trusted_proxies="") as live:
        created = live.create("schnapsen", ["human", "random"])
        assert counted_soon(live, 0)  # the connection of create() has gone
        table = live.socket(created["id"], created["token"])
        table.until("state")
        held = [opened(live), opened(live)]
        try:
            assert counted_soon(live, 3)
            with opened(live) as extra:
                assert closed(extra)  # refused at once
            held[0].sendall(get())  # those held are served meanwhile
            assert answer(held[0])[0] == 200
            held.pop(0).close()
            assert counted_soon(live, 2) and served(live)
            held.append(opened(live))
            assert counted_soon(live, 3)
            table.close()  # a table's socket gives back its place too
            assert counted_soon(live, 2) and served(live)
        finally:
            for sock in held:
                sock.close()


def test_a_trusted_proxy_is_not_held_to_the_share(db: Path) -> None:
    with server(db, max_per_address=1, trusted_proxies="127.0.0.1") as live:
        with opened(live), opened(live):
            assert served(live)


def test_everyone_together_holds_at_most_the_total(db: Path) -> None:
    with server(db, max_connections=2) as live:
        assert served_soon(live)
        held = [opened(live), opened(live)]
        try:
            with opened(live) as extra:
                assert closed(extra)
            held.pop().close()
            assert served_soon(live)
        finally:
            for sock in held:
                sock.close()


@pytest.mark.parametrize("spec", ["", "10.0.0.1", "10.0.0.0/8,::1", "*"])
def test_trusted_addresses(spec: str) -> None:
    from stammtisch.server.connections import Trusted
    trusted = Trusted(spec)
    assert ("10.1.2.3" in trusted) is (spec in ("10.0.0.0/8,::1", "*"))
    assert ("10.0.0.1" in trusted) is (spec != "")
    assert ("::1" in trusted) is (spec in ("10.0.0.0/8,::1", "*"))
    assert ("not an address" in trusted) is (spec == "*")


def test_the_address_count_goes_back_to_nothing(db: Path) -> None:
    with server(db, max_per_address=5, trusted_proxies="") as live:
        socks = [opened(live) for _ in range(4)]
        assert counted_soon(live, 4)
        socks[0].sendall(HALF_HEAD)
        for sock in socks:
            sock.shutdown(socket.SHUT_RDWR)
            sock.close()
        assert counted_soon(live, 0)
        assert not live.server.config.http_protocol_class.limits.open  # type: ignore[attr-defined]
