"""The hint and review workers end with their server: a real ``stammtisch serve``, with
both workers spawned (a review still being worked out), stopped by SIGTERM, leaves no
process behind (one was found orphaned ten minutes later)."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

import httpx
import pytest
from websockets.sync.client import connect
from websockets.typing import Subprotocol

from stammtisch.server.seattoken import offered_subprotocols
from tests.server.live import TableSocket, free_port
from tests.server.nodes import ROOT, RUN

pytestmark = pytest.mark.slow

SPAWNED = b"from multiprocessing.spawn import spawn_main"


def _children(pid: int) -> list[int]:
    """The processes descended from ``pid`` (read from /proc)."""
    parents: dict[int, int] = {}
    for stat in Path("/proc").glob("[0-9]*/stat"):
        try:
            fields = stat.read_text().rsplit(")", 1)[1].split()
        except (OSError, IndexError):
            continue  # gone meanwhile
        parents[int(stat.parent.name)] = int(fields[1])
    found, frontier = [], [pid]
    while frontier:
        parent = frontier.pop()
        for child, its_parent in parents.items():
            if its_parent == parent:
                found.append(child)
                frontier.append(child)
    return found


def _alive(pid: int) -> bool:
    try:
        state = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()[0]
    except (OSError, IndexError):
        return False
    return state != "Z"


def _command(pid: int) -> bytes:
    try:
        return Path(f"/proc/{pid}/cmdline").read_bytes().replace(b"\0", b" ")
    except OSError:
        return b""


@dataclass
class Served:
    """``stammtisch serve`` in a process of its own."""

    process: subprocess.Popen[bytes]
    url: str
    log: Path

    def socket(self, table: str, token: str) -> TableSocket:
        return TableSocket(connect(
            f"{self.url.replace('http', 'ws', 1)}/ws/tables/{table}",
            subprotocols=[Subprotocol(p) for p in offered_subprotocols(token)],
            open_timeout=10, legacy=True))

    def wait_ready(self, deadline: float) -> None:
        while True:
            try:
                if httpx.get(f"{self.url}/api/games", timeout=1).status_code == 200:
                    return
            except httpx.HTTPError:
                pass
            assert self.process.poll() is None and time.monotonic() < deadline, \
                f"the server did not start:\n{self.log.read_text(errors='replace')}"
            time.sleep(0.05)


@pytest.fixture
def served(tmp_path: Path) -> Iterator[Served]:
    port = free_port()
    log = tmp_path / "serve.log"
    env = {**os.environ, "PYTHONPATH": os.pathsep.join([str(ROOT / "src"), str(ROOT)])}
    with log.open("wb") as out:
        process = subprocess.Popen(
            [sys.executable, "-c", RUN, "serve", "--port", str(port),
             "--db", f"sqlite:///{tmp_path / 'tables.db'}"],
            stdout=out, stderr=subprocess.STDOUT, env=env, cwd=ROOT)
    yield Served(process, f"http://127.0.0.1:{port}", log)
    if process.poll() is None:
        process.kill()
        process.wait(timeout=10)
    for child in _children(process.pid):  # what a failed test left behind
        if _alive(child):
            os.kill(child, signal.SIGKILL)


def _workers(pid: int) -> list[int]:
    return [child for child in _children(pid) if SPAWNED in _command(child)]


def test_sigterm_ends_the_hint_and_review_workers(served: Served) -> None:
    deadline = time.monotonic() + 60
    served.wait_ready(deadline)
    made = httpx.post(f"{served.url}/api/tables", timeout=10, json={
        "game": "schnapsen", "seats": ["human", "random"], "seed": 1}).json()
    sock = served.socket(made["id"], made["token"])
    sock.until_my_turn()
    sock.send({"type": "hint", "id": 1})
    assert sock.until("hint", timeout=60)["id"] == 1  # the hint worker is there
    review = httpx.post(f"{served.url}/api/reviews/{made['id']}", json={"seat": 0},
                        headers={"Authorization": f"Bearer {made['token']}"}, timeout=10)
    assert review.status_code == 202 and review.json()["status"] == "running"
    server = served.process
    while len(_workers(server.pid)) < 2:  # the review's worker is being spawned
        assert time.monotonic() < deadline, "the review worker did not start"
        time.sleep(0.05)
    family = _children(server.pid)  # the workers and multiprocessing's resource tracker
    sock.close()

    server.send_signal(signal.SIGTERM)
    assert server.wait(timeout=30) == 128 + signal.SIGTERM
    stopped = time.monotonic() + 30  # an orphan would not end in ten minutes either
    while any(_alive(pid) for pid in family) and time.monotonic() < stopped:
        time.sleep(0.05)
    assert [pid for pid in family if _alive(pid)] == []
    said = served.log.read_text(errors="replace")
    assert "Traceback" not in said and "leaked" not in said, said
