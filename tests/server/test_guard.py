"""Security headers on every answer; requests and sockets from other sites refused; new
tables only from JSON bodies."""

from __future__ import annotations

import httpx
import pytest
from websockets.exceptions import InvalidStatus
from websockets.sync.client import connect
from websockets.typing import Origin

from stammtisch.server.guard import CSP, same_site
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


@pytest.mark.parametrize(("origin", "host", "same"), [
    ("http://localhost:8000", "localhost:8000", True),
    ("https://cards.example", "cards.example", True),
    ("https://cards.example", "cards.example:443", True),
    ("http://Cards.Example", "cards.example:80", True),
    ("http://[::1]:8000", "[::1]:8000", True),
    ("http://localhost:8001", "localhost:8000", False),
    ("https://localhost:8000", "localhost", False),
    ("http://cards.example.evil", "cards.example", False),
    ("http://evil@cards.example", "cards.example", False),
    ("null", "cards.example", False),
    ("http://cards.example", None, False),
    ("http://cards.example/x", "cards.example", False),
    ("ftp://cards.example", "cards.example", False),
    ("http://cards.example:99999", "cards.example:99999", False),
])
def test_same_site(origin: str, host: str | None, same: bool) -> None:
    assert same_site(origin, host) is same
