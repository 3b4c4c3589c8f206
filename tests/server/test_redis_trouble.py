"""Redis that cannot be reached is told in one line, as a database the server cannot use
is: at start (a non-zero exit), and while serving (a line when it goes, saying what the
process does meanwhile, and one when it is back; no traceback)."""

from __future__ import annotations

import re
import subprocess
import sys
import time
from collections.abc import Callable, Iterator

import pytest
from sqlalchemy.engine import Engine

from tests.server.conftest import fresh_prefix, fresh_schema
from tests.server.nodes import ROOT, RUN, Node
from tests.server.redisproxy import CuttableProxy

pytestmark = pytest.mark.slow

OUTAGE = 5.0
"""Seconds Redis stays away: the issue counted 22 tracebacks in this long."""
AWAY = re.compile(r"\(Redis: [^)]+\)+; \S")
"""An outage's line: what failed, what Redis said, and what the process does meanwhile."""


def test_an_unreachable_redis_at_start_is_one_line(postgres: str) -> None:
    run = subprocess.run(
        [sys.executable, "-c", RUN, "serve", "--port", "0", "--db", postgres,
         "--redis", "redis://someone:secret@127.0.0.1:1/0"],
        capture_output=True, text=True, timeout=60, cwd=ROOT)
    assert run.returncode != 0
    assert run.stdout == ""
    assert run.stderr.startswith("stammtisch: cannot use Redis at redis://127.0.0.1:1/0: ")
    assert run.stderr.count("\n") == 1, run.stderr
    assert "secret" not in run.stderr and "Traceback" not in run.stderr


@pytest.fixture
def proxy(redis_server: str) -> Iterator[CuttableProxy]:
    cut = CuttableProxy(redis_server)
    yield cut
    cut.close()


def _wait(test: Callable[[], bool], seconds: float = 30.0) -> None:
    deadline = time.monotonic() + seconds
    while not test():
        assert time.monotonic() < deadline, "not in time"
        time.sleep(0.05)


def _says(node: Node, text: str) -> Callable[[], bool]:
    return lambda: text in node.output()


def _says_away(node: Node, start: int) -> Callable[[], bool]:
    """True once ``node`` logged an outage's line after its line ``start``."""
    return lambda: any(AWAY.search(line) for line in node.output().splitlines()[start:])


def test_a_cut_of_redis_is_a_line_when_it_goes_and_one_when_it_is_back(
        postgres_server: Engine, redis_server: str, proxy: CuttableProxy) -> None:
    with fresh_schema(postgres_server) as db, fresh_prefix(redis_server) as prefix:
        nodes = [Node(db, proxy.url, prefix) for _ in range(2)]
        try:
            for node in nodes:
                node.wait_ready()
            owner, edge = nodes
            made = owner.create("schnapsen", ["human", "open"], listed=True)
            person = owner.socket(made["id"], made["token"])
            person.until("state")
            watcher = edge.socket(made["id"])  # its messages pass through Redis
            watcher.until("state")
            before = [len(node.output().splitlines()) for node in nodes]

            proxy.cut()
            cut_at = time.monotonic()
            watcher.send({"type": "sync"})
            assert edge.get("/api/lobby") is not None  # served without Redis
            edge.create("schnapsen", ["human", "random"])  # the limit counted alone
            time.sleep(max(0.0, OUTAGE - (time.monotonic() - cut_at)))  # Redis stays away
            for node, start in zip(nodes, before, strict=True):  # a loaded one says it late
                _wait(_says_away(node, start))
            during = [node.output().splitlines()[start:] for node, start in
                      zip(nodes, before, strict=True)]
            proxy.mend()

            for lines in during:
                assert not any("Traceback" in line for line in lines), "\n".join(lines)
                assert 1 <= len(lines) <= 7, "\n".join(lines)  # a line a job (Play now too)
                for line in lines:
                    assert AWAY.search(line) or "given up, they are lost" in line, line
            for node in nodes:
                _wait(_says(node, "listening on this process's Redis channel again"))
            again = edge.socket(made["id"])  # the deployment serves through Redis again
            assert again.until("state")["seats"][0]["connected"]
            for node, start in zip(nodes, before, strict=True):
                assert "Traceback" not in "\n".join(node.output().splitlines()[start:])
        finally:
            for node in nodes:
                node.stop()
