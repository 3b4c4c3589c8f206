"""``/readyz`` of one of several processes (server/routes/health.py): 503 with the reason
while its Redis cannot be reached, ready again once it can."""

from __future__ import annotations

import time
from collections.abc import Iterator

import httpx
import pytest

from tests.server.live import PATIENCE
from tests.server.nodes import Node
from tests.server.redisproxy import CuttableProxy

pytestmark = pytest.mark.slow


@pytest.fixture
def proxy(redis_server: str) -> Iterator[CuttableProxy]:
    cut = CuttableProxy(redis_server)
    yield cut
    cut.close()


def _readiness(node: Node, wanted: int) -> dict[str, object]:
    deadline = time.monotonic() + PATIENCE
    while True:
        answer = httpx.get(f"{node.url}/readyz", timeout=PATIENCE)
        if answer.status_code == wanted:
            said: dict[str, object] = answer.json()
            return said
        assert time.monotonic() < deadline, f"/readyz never said {wanted}: {answer.text}"
        time.sleep(0.05)


def test_not_ready_while_redis_is_away(postgres: str, redis_prefix: str,
                                       proxy: CuttableProxy) -> None:
    node = Node(postgres, proxy.url, redis_prefix)
    try:
        node.wait_ready()
        assert _readiness(node, 200) == {"ready": True}
        proxy.cut()
        away = _readiness(node, 503)
        assert away["ready"] is False
        assert str(away["reason"]).startswith("Redis ")
        assert httpx.get(f"{node.url}/healthz", timeout=PATIENCE).status_code == 200
        proxy.mend()
        assert _readiness(node, 200) == {"ready": True}
    finally:
        node.stop()
