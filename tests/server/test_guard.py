"""Security headers on every answer; requests and sockets from other sites refused (a
DNS-rebinding page's own ``Host`` included); new tables only from JSON bodies."""

from __future__ import annotations

import socket
from pathlib import Path

import httpx
import pytest
from websockets.exceptions import InvalidStatus
from websockets.sync.client import connect
from websockets.typing import Origin

from stammtisch.server.guard import CSP, address_reached, origin_allowed
from tests.server.live import LiveServer

TABLE = {"game": "schnapsen", "seats": ["human", "random"]}


def test_pages_and_answers_carry_the_security_headers(live: LiveServer) -> None:
    for path in ("/", "/lobby", "/table/x", "/history", "/static/css/style.css",
                 "/api/games", "/api/history/nothing"):
        headers = httpx.get(f"{live.url}{path}").headers
        assert headers["content-security-policy"] == CSP, path
        assert headers["x-frame-options"] == "DENY"
        assert headers["x-content-type-options"] == "nosniff"
        assert headers["referrer-policy"] == "same-origin"
    assert "frame-ancestors 'none'" in CSP and "default-src 'self'" in CSP


def test_the_pages_need_nothing_the_policy_forbids() -> None:
    # The policy allows only the site's own files (and a data: icon): no inline script
    # or style, no other host.
    from stammtisch.server.settings import WEB_DIR
    for page in WEB_DIR.glob("*.html"):
        text = page.read_text(encoding="utf-8")
        assert "<style" not in text and "style=" not in text, page.name
        for line in text.splitlines():
            if "<script" in line:
                assert 'src="/static/' in line, (page.name, line)
        assert "http://" not in text and "https://" not in text, page.name


def test_a_post_from_another_site_is_refused(live: LiveServer) -> None:
    url = f"{live.url}/api/tables"
    refused = httpx.post(url, json=TABLE, headers={"Origin": "http://evil.example"})
    assert refused.status_code == 403 and "other sites" in refused.json()["error"]
    assert httpx.get(f"{live.url}/api/lobby",
                     headers={"Origin": "http://evil.example"}).status_code == 403
    assert httpx.post(url, json=TABLE, headers={"Origin": "null"}).status_code == 403
    # The site itself, and programs that send no Origin, are served.
    assert httpx.post(url, json=TABLE, headers={"Origin": live.url}).status_code == 201
    assert httpx.post(url, json=TABLE).status_code == 201


def test_a_socket_from_another_site_is_refused(live: LiveServer) -> None:
    created = live.create("schnapsen", ["human", "random"])
    address = f"ws://127.0.0.1:{live.port}/ws/tables/{created['id']}"
    with pytest.raises(InvalidStatus) as refused:
        connect(address, origin=Origin("http://evil.example"), open_timeout=10)
    assert refused.value.response.status_code == 403
    with connect(address, origin=Origin(live.url), open_timeout=10) as sock:
        assert '"state"' in str(sock.recv(timeout=10))


def test_new_tables_only_from_json(live: LiveServer) -> None:
    url = f"{live.url}/api/tables"
    body = b'{"game": "schnapsen", "seats": ["human", "random"]}'
    for kind in ("text/plain", "application/x-www-form-urlencoded", "multipart/form-data", None):
        headers = {"Content-Type": kind} if kind else {}
        answer = httpx.post(url, content=body, headers=headers)
        assert answer.status_code == 415 and "application/json" in answer.json()["error"], kind
    answer = httpx.post(url, content=body,
                        headers={"Content-Type": "Application/JSON; charset=utf-8"})
    assert answer.status_code == 201


def _to(server: LiveServer) -> socket.socket:
    """A connection to the test server, whatever name the request is made to."""
    return socket.create_connection(("127.0.0.1", server.port), timeout=10)


def test_a_rebinding_page_is_refused_though_it_names_itself_as_host(
        live: LiveServer) -> None:
    """evil.example resolved to 127.0.0.1: its page sends its own name as Host and as
    Origin; neither is one of the server's names."""
    url = f"{live.url}/api/tables"
    rebinding = {"Host": f"evil.example:{live.port}", "Origin": f"http://evil.example:{live.port}"}
    refused = httpx.post(url, json=TABLE, headers=rebinding)
    assert refused.status_code == 403 and "other sites" in refused.json()["error"]
    created = live.create("schnapsen", ["human", "random"])
    rebound = f"ws://evil.example:{live.port}/ws/tables/{created['id']}"
    with pytest.raises(InvalidStatus) as closed:
        connect(rebound, sock=_to(live), origin=Origin(f"http://evil.example:{live.port}"),
                open_timeout=10)
    assert closed.value.response.status_code == 403
    for name in ("localhost", "127.0.0.1", "[::1]"):  # the loopback names pass
        own = {"Host": f"{name}:{live.port}", "Origin": f"http://{name}:{live.port}"}
        assert httpx.post(url, json=TABLE, headers=own).status_code == 201, name
    other_port = {"Origin": f"http://localhost:{live.port + 1}"}
    assert httpx.post(url, json=TABLE, headers=other_port).status_code == 403


def test_with_a_public_url_its_origin_and_loopback_pass(db: Path) -> None:
    server = LiveServer(db, public_url="https://cards.example")
    try:
        url = f"{server.url}/api/tables"
        public = {"Host": "cards.example", "Origin": "https://cards.example"}
        assert httpx.post(url, json=TABLE, headers=public).status_code == 201
        own = {"Origin": f"http://localhost:{server.port}"}
        assert httpx.post(url, json=TABLE, headers=own).status_code == 201
        for origin in ("http://cards.example", "https://cards.example:8443",
                       f"http://evil.example:{server.port}"):
            refused = httpx.post(url, json=TABLE, headers={"Host": "cards.example",
                                                           "Origin": origin})
            assert refused.status_code == 403, origin
        created = server.create("schnapsen", ["human", "random"])
        address = f"ws://cards.example/ws/tables/{created['id']}"  # through its proxy
        with connect(address, sock=_to(server), origin=Origin("https://cards.example"),
                     open_timeout=10) as sock:
            assert '"state"' in str(sock.recv(timeout=10))
    finally:
        server.stop()


LAN = ("192.168.1.20", 8000)
"""A server listening on every interface, reached by a friend at its network address."""


@pytest.mark.parametrize(("origin", "server", "public", "allowed"), [
    ("http://localhost:8000", LAN, None, True),
    ("http://127.0.0.1:8000", LAN, None, True),
    ("http://[::1]:8000", LAN, None, True),
    ("http://LOCALHOST:8000", LAN, None, True),
    ("https://localhost:8000", LAN, None, True),
    ("http://192.168.1.20:8000", LAN, None, True),
    ("http://localhost:8001", LAN, None, False),
    ("http://localhost", LAN, None, False),
    ("http://192.168.1.20:8001", LAN, None, False),
    ("http://evil.example:8000", LAN, None, False),
    ("http://evil.example:8000", ("127.0.0.1", 8000), None, False),
    ("http://127.0.0.1.evil.example:8000", ("127.0.0.1", 8000), None, False),
    ("http://evil@localhost:8000", LAN, None, False),
    ("null", LAN, None, False),
    ("http://localhost:8000/x", LAN, None, False),
    ("ftp://localhost:8000", LAN, None, False),
    ("http://localhost:99999", LAN, None, False),
    ("http://localhost:8000", None, None, False),
    ("https://cards.example", ("127.0.0.1", 8000), "https://cards.example", True),
    ("https://Cards.Example:443", ("127.0.0.1", 8000), "https://cards.example", True),
    ("http://cards.example", ("127.0.0.1", 8000), "https://cards.example", False),
    ("https://cards.example", ("127.0.0.1", 8000), "https://cards.example/tables", True),
    ("http://localhost:8000", ("127.0.0.1", 8000), "https://cards.example", True),
    ("http://192.168.1.20:8000", LAN, "http://cards.example:8000", False),
    ("http://192.168.1.20:8000", LAN, "http://192.168.1.20:8000", True),
])
def test_origin_allowed(origin: str, server: tuple[str, int] | None, public: str | None,
                        allowed: bool) -> None:
    assert origin_allowed(origin, server, public) is allowed


def test_the_address_reached_is_read_from_the_connection() -> None:
    """Listening on ``::``, an IPv4 friend's connection arrives at ``::ffff:a.b.c.d``."""
    scope = {"server": ("::ffff:192.168.1.20", 8000)}
    assert address_reached(scope) == LAN and address_reached({"server": None}) is None
