"""Real ``stammtisch serve`` processes of one deployment (one PostgreSQL schema, one
Redis prefix), each on a free port, for the tests of several server processes."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

import httpx
from websockets.typing import Subprotocol

from stammtisch.server.seattoken import offered_subprotocols
from stammtisch.server.settings import Settings
from tests.server.live import PATIENCE, TableSocket, free_port

ROOT = Path(__file__).resolve().parents[2]
RUN = "import sys; from stammtisch.cli import main; sys.exit(main())"


class Node:
    """``stammtisch serve --redis ...`` in a process of its own."""

    def __init__(self, db: str, redis: str, prefix: str, *, lease: float = Settings.lease,
                 grace: float = 60.0, bot_delay: float = 0.0) -> None:
        """``lease``: as ``serve --lease``; the production one by default, since a short
        one may run out on a loaded machine before it is renewed and move a table to
        another process in the middle of a test that did not ask for it."""
        self.port = free_port()
        self.url = f"http://127.0.0.1:{self.port}"
        self.log = tempfile.NamedTemporaryFile(prefix="stammtisch-node-", suffix=".log")  # noqa: SIM115
        env = {**os.environ, "PYTHONPATH": os.pathsep.join([str(ROOT / "src"), str(ROOT)])}
        self.process = subprocess.Popen(
            [sys.executable, "-c", RUN, "serve", "--port", str(self.port), "--db", db,
             "--redis", redis, "--redis-prefix", prefix, "--lease", str(lease),
             "--grace", str(grace), "--bot-delay", str(bot_delay)],
            stdout=self.log, stderr=subprocess.STDOUT, env=env, cwd=ROOT)

    def wait_ready(self, timeout: float = 2 * PATIENCE) -> None:
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            if self.process.poll() is not None:
                raise RuntimeError(f"the server process ended:\n{self.output()}")
            try:
                if httpx.get(f"{self.url}/api/games", timeout=1).status_code == 200:
                    return
            except httpx.HTTPError:
                pass
            time.sleep(0.05)
        raise RuntimeError(f"the server process did not start:\n{self.output()}")

    def output(self) -> str:
        return Path(self.log.name).read_text(errors="replace")

    def kill(self) -> None:
        """SIGKILL: no clean shutdown, no lease given back."""
        self.process.send_signal(signal.SIGKILL)
        self.process.wait(timeout=10)

    def stop(self) -> None:
        if self.process.poll() is None:
            self.process.send_signal(signal.SIGINT)
            try:
                self.process.wait(timeout=10)
            except subprocess.TimeoutExpired:
                self.process.kill()
                self.process.wait(timeout=10)
        self.log.close()

    def create(self, game: str, seats: list[str], *, name: str | None = None,
               listed: bool | None = None, **options: Any) -> dict[str, Any]:
        body: dict[str, Any] = {"game": game, "seats": seats, "options": options}
        if name is not None:
            body["name"] = name
        if listed is not None:
            body["listed"] = listed
        response = httpx.post(f"{self.url}/api/tables", json=body, timeout=PATIENCE)
        assert response.status_code == 201, response.text
        created: dict[str, Any] = response.json()
        return created

    def get(self, path: str) -> Any:
        response = httpx.get(f"{self.url}{path}", timeout=PATIENCE)
        assert response.status_code == 200, response.text
        return response.json()

    def socket(self, table: str, token: str = "", cookies: str = "") -> TableSocket:
        """As :meth:`tests.server.live.LiveServer.socket`."""
        from websockets.sync.client import connect
        return TableSocket(connect(
            f"ws://127.0.0.1:{self.port}/ws/tables/{table}",
            subprotocols=[Subprotocol(p) for p in offered_subprotocols(token)],
            additional_headers={"Cookie": cookies} if cookies else None,
            max_size=2**24, open_timeout=PATIENCE, legacy=True))


def start_nodes(count: int, db: str, redis: str, prefix: str, **options: Any) -> list[Node]:
    """``count`` processes started together (each takes a second or two to import)."""
    nodes = [Node(db, redis, prefix, **options) for _ in range(count)]
    try:
        for node in nodes:
            node.wait_ready()
    except Exception:
        for node in nodes:
            node.stop()
        raise
    return nodes
