"""A shutdown drains (server/drain.py): after SIGTERM a ``stammtisch serve`` refuses new
tables and answers ``/readyz`` with 503 while its sockets still play, then closes them
with the reconnect code and ends; in a deployment of several processes the clients
connect again to another process, which serves their tables at once."""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import httpx
import pytest
from websockets.exceptions import ConnectionClosed
from websockets.sync.client import connect
from websockets.typing import Subprotocol

from stammtisch.server.drain import RECONNECT
from stammtisch.server.seattoken import offered_subprotocols
from tests.server.live import PATIENCE, TableSocket, free_port
from tests.server.nodes import ROOT, RUN, start_nodes
from tests.server.test_metrics import samples

pytestmark = pytest.mark.slow


class Serving:
    """``stammtisch serve`` in a process of its own, with the flags given."""

    def __init__(self, tmp_path: Path, *flags: str) -> None:
        self.port = free_port()
        self.url = f"http://127.0.0.1:{self.port}"
        self.log = tmp_path / "serve.log"
        env = {**os.environ, "PYTHONPATH": os.pathsep.join([str(ROOT / "src"), str(ROOT)])}
        with self.log.open("wb") as out:
            self.process = subprocess.Popen(
                [sys.executable, "-c", RUN, "serve", "--port", str(self.port),
                 "--db", f"sqlite:///{tmp_path / 'tables.db'}", *flags],
                stdout=out, stderr=subprocess.STDOUT, env=env, cwd=ROOT)
        deadline = time.monotonic() + 2 * PATIENCE
        while not self._answers():
            assert self.process.poll() is None and time.monotonic() < deadline, \
                f"the server did not start:\n{self.output()}"
            time.sleep(0.05)

    def _answers(self) -> bool:
        try:
            return httpx.get(f"{self.url}/healthz", timeout=1).status_code == 200
        except httpx.HTTPError:
            return False

    def output(self) -> str:
        return self.log.read_text(errors="replace")

    def socket(self, table: str, token: str) -> TableSocket:
        return TableSocket(connect(
            f"ws://127.0.0.1:{self.port}/ws/tables/{table}",
            subprotocols=[Subprotocol(p) for p in offered_subprotocols(token)],
            open_timeout=PATIENCE, legacy=True))


@pytest.fixture
def draining(tmp_path: Path) -> Iterator[Serving]:
    served = Serving(tmp_path, "--drain", "5", "--log-format", "json")
    yield served
    if served.process.poll() is None:
        served.process.kill()
        served.process.wait(timeout=10)


def closed_code(sock: TableSocket, timeout: float = PATIENCE) -> int:
    """The code the server closed ``sock`` with (its messages until then are read)."""
    deadline = time.monotonic() + timeout
    while True:
        try:
            sock.receive(timeout=max(0.1, deadline - time.monotonic()))
        except ConnectionClosed as closed:
            assert closed.rcvd is not None, "closed without a close frame"
            return closed.rcvd.code


def until(test: Any, what: str, timeout: float = PATIENCE) -> Any:
    deadline = time.monotonic() + timeout
    while True:
        found = test()
        if found:
            return found
        assert time.monotonic() < deadline, what
        time.sleep(0.05)


def test_sigterm_drains_then_closes_the_sockets_with_the_reconnect_code(
        draining: Serving) -> None:
    made = httpx.post(f"{draining.url}/api/tables", timeout=PATIENCE, json={
        "game": "schnapsen", "seats": ["human", "random"], "seed": 1}).json()
    sock = draining.socket(made["id"], made["token"])
    assert httpx.get(f"{draining.url}/readyz", timeout=PATIENCE).json() == {"ready": True}

    draining.process.send_signal(signal.SIGTERM)
    unready = until(lambda: (answer := httpx.get(f"{draining.url}/readyz", timeout=PATIENCE))
                    .status_code == 503 and answer, "readyz never said 503")
    assert unready.json() == {"ready": False, "reason": "shutting down"}
    refused = httpx.post(f"{draining.url}/api/tables", timeout=PATIENCE, json={
        "game": "schnapsen", "seats": ["human", "random"]})
    assert refused.status_code == 503
    assert "shutting down" in refused.json()["error"]
    assert httpx.get(f"{draining.url}/healthz", timeout=PATIENCE).status_code == 200
    scraped = samples(httpx.get(f"{draining.url}/metrics", timeout=PATIENCE).text)
    assert scraped[("stammtisch_draining", ())] == 1

    state = sock.until_my_turn()  # the table still plays while the process drains
    sock.act(state["view"]["legal_actions"][0])
    assert sock.until_state(lambda now: bool(now["seq"] > state["seq"]))["result"] is None
    assert draining.process.poll() is None

    assert closed_code(sock) == RECONNECT
    assert draining.process.wait(timeout=PATIENCE) == 128 + signal.SIGTERM
    said = draining.output()
    assert "Traceback" not in said, said
    lines = [json.loads(line) for line in said.splitlines() if line.startswith("{")]
    assert any(line["message"].startswith("shutting down: new tables are refused")
               and line["level"] == "INFO" for line in lines), said
    assert any(line["message"] == f"shutting down: 1 sockets closed with {RECONNECT} "
               "(connect again)" for line in lines), said


def test_a_drained_process_sends_its_clients_to_another(
        postgres: str, redis_server: str, redis_prefix: str) -> None:
    leaving, staying = start_nodes(2, postgres, redis_server, redis_prefix)
    try:
        made = leaving.create("schnapsen", ["human", "random"])
        person = leaving.socket(made["id"], made["token"])
        seq = person.until_my_turn()["seq"]
        watcher = staying.socket(made["id"])  # relayed to the process that runs it
        watcher.until_state(lambda now: bool(now["seq"] >= seq))
        relayed = samples(httpx.get(f"{staying.url}/metrics", timeout=PATIENCE).text)
        assert relayed[("stammtisch_relay_messages_total", (("direction", "sent"),))] > 0
        assert relayed[("stammtisch_relay_messages_total", (("direction", "received"),))] > 0

        leaving.process.send_signal(signal.SIGTERM)
        assert closed_code(person) == RECONNECT
        assert leaving.process.wait(timeout=PATIENCE) == 128 + signal.SIGTERM

        back = staying.socket(made["id"], made["token"])  # the page connects again
        state = back.until_my_turn()
        assert state["seq"] == seq and state["seat"] == 0
        back.act(state["view"]["legal_actions"][0])
        back.until_state(lambda now: bool(now["seq"] > seq))
        watcher.until_state(lambda now: bool(now["seq"] > seq))  # moved on with it
    finally:
        leaving.stop()
        staying.stop()
