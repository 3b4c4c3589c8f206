"""The web server's cost per action as a match grows long: ``python -m tools.longbench``
(run by ``make bench-server`` after tools/loadbench.py).

One ``stammtisch serve`` process on a fresh SQLite file; at one table of people (each a
WebSocket client taking update frames, as the page does) every person plays a random
legal action the moment it is their turn, so the server is never idle. The server's CPU
time (``/proc``) is read at the bucket edges of the match (actions 1–100, 100–1,000 and
1,000 on), and every frame's bytes are counted: what one action costs the server, and
what one frame weighs, early and late in the same match. Schnauz (20 lives) and
Schmier, the games whose matches run to thousands of actions; a Schnauz person knocks
rarely (as a careful player does), else random play ends its match in a few hundred.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import random
import socket
import subprocess
import sys
import tempfile
import time
import urllib.request
from pathlib import Path
from typing import Any

from websockets.asyncio.client import ClientConnection, connect
from websockets.typing import Subprotocol

from stammtisch.server.frames import merge
from stammtisch.server.seattoken import UPDATES, offered_subprotocols
from tools.loadbench import TIMEOUT, _cpu_seconds, _free_port

EDGES = (1, 100, 1_000)
"""The first action of each bucket."""
GAMES: dict[str, dict[str, Any]] = {
    "schnauz": {"num_players": 4, "lives": 20},
    "schmier": {},
}
KNOCK = 0.02
"""How often a Schnauz person knocks when they may (and need not)."""
PACE = 1 / 18
"""Seconds at least between one person's actions: under the socket's rate limit (20 a
second), so that what is measured is the action and not its refusal and the whole
state sent again."""


class Person:
    """One seat's client: plays a random legal action on its turn, at once."""

    def __init__(self, bench: Match, seat: int, ws: ClientConnection) -> None:
        self.bench, self.seat, self.ws = bench, seat, ws
        self.state: dict[str, Any] = {}
        self.acted = -1
        """The ``seq`` this person last acted at: once per position."""
        self.next_act = 0.0
        """When (loop time) this person may act next (:data:`PACE`)."""

    async def run(self) -> None:
        async for text in self.ws:
            message = json.loads(text)
            if message["type"] == "error":  # too fast for the socket's limit, say
                await asyncio.sleep(0.2)
                self.acted = -1  # the action did not count: again on the whole state
                await self.ws.send(json.dumps({"type": "sync"}))
                continue
            if message["type"] in ("state", "update"):
                self.bench.frame(len(text))
                if message["type"] == "update":
                    message = merge(self.state, message)
                self.state = message
                self.bench.seen(message["actions"])
                if message["result"] is not None or self.bench.done():
                    return
                if message["to_act"] == self.seat and message["phase"] == "playing" \
                        and message["seq"] != self.acted:
                    self.acted = message["seq"]
                    await self.pace()
                    await self.ws.send(json.dumps({
                        "type": "act", "action": self.bench.choose(message["view"]),
                        "seq": message["seq"]}))


    async def pace(self) -> None:
        loop = asyncio.get_running_loop()
        wait = self.next_act - loop.time()
        if wait > 0:
            await asyncio.sleep(wait)
        self.next_act = max(self.next_act, loop.time()) + PACE


class Match:
    """One long match at a fresh server; the CPU and bytes of each bucket."""

    def __init__(self, game: str, url: str, pid: int, actions: int, seed: int) -> None:
        self.game, self.url, self.pid, self.wanted = game, url, pid, actions
        self.rng = random.Random(seed)
        self.actions = 0
        self.cpu: dict[int, float] = {}
        """The server's CPU seconds when the match reached each edge."""
        self.bytes: dict[int, list[int]] = {edge: [0, 0] for edge in EDGES}
        """Per bucket: frames received, their bytes."""
        self.finished = asyncio.Event()

    def choose(self, view: dict[str, Any]) -> str:
        legal: list[str] = view["legal_actions"]
        calm = [a for a in legal if a != "knock"]
        if self.game == "schnauz" and calm and self.rng.random() > KNOCK:
            return self.rng.choice(calm)
        return self.rng.choice(legal)

    def bucket(self) -> int:
        return max(edge for edge in EDGES if edge <= max(1, self.actions))

    def frame(self, size: int) -> None:
        counted = self.bytes[self.bucket()]
        counted[0] += 1
        counted[1] += size

    def seen(self, actions: int) -> None:
        while actions > self.actions:
            self.actions += 1
            if self.actions in EDGES:
                self.cpu[self.actions] = _cpu_seconds(self.pid)
        if self.done():
            self.cpu.setdefault(-1, _cpu_seconds(self.pid))
            self.finished.set()

    def done(self) -> bool:
        return self.actions >= self.wanted

    async def play(self) -> dict[str, Any]:
        seats = len(_seats(self.game))
        made = _post(self.url + "/api/tables", {
            "game": self.game, "options": GAMES[self.game],
            "seats": ["human"] + ["open"] * (seats - 1)})
        table, token = made["id"], made["token"]
        ws_url = self.url.replace("http", "ws", 1) + f"/ws/tables/{table}"
        people = []
        for seat in range(seats):
            offered = [*offered_subprotocols(token if seat == 0 else ""), UPDATES]
            ws = await connect(ws_url, subprotocols=[Subprotocol(p) for p in offered],
                               max_size=2**24, open_timeout=TIMEOUT, ping_interval=None)
            if seat:
                await ws.send(json.dumps({"type": "sit", "seat": seat, "name": f"P{seat}"}))
            people.append(Person(self, seat, ws))
        self.cpu[0] = _cpu_seconds(self.pid)
        runs = [asyncio.ensure_future(person.run()) for person in people]
        ended = asyncio.ensure_future(asyncio.wait(runs))
        await asyncio.wait([ended, asyncio.ensure_future(self.finished.wait())],
                           return_when=asyncio.FIRST_COMPLETED)
        self.cpu.setdefault(-1, _cpu_seconds(self.pid))
        for person in people:
            await person.ws.close()
        for run in runs:
            run.cancel()
        return self.report()

    def report(self) -> dict[str, Any]:
        edges = sorted(e for e in self.cpu if e >= 1) + [-1]
        rows = {}
        for low, high in zip(edges, edges[1:], strict=False):
            end = self.actions if high == -1 else high
            if end <= low:
                continue
            label = f"{low}-{end}"
            frames, size = self.bytes[low]
            rows[label] = {
                "server_cpu_ms_per_action": round(
                    1000 * (self.cpu[high] - self.cpu[low]) / (end - low), 3),
                "bytes_per_frame": round(size / max(1, frames))}
        return {"game": self.game, "actions": self.actions, "buckets": rows}


def start_serve(port: int, db: str, src: str | None = None) -> subprocess.Popen[bytes]:
    """``stammtisch serve`` on ``port`` and ``db`` (the package from ``src``, if named:
    another commit's, to compare), once it takes connections."""
    env = {**os.environ, "PYTHONPATH": src} if src else None
    server = subprocess.Popen([str(Path(sys.executable).with_name("stammtisch")), "serve",
                               "--port", str(port), "--db", db], stdout=subprocess.DEVNULL,
                              env=env)
    deadline = time.monotonic() + 4 * TIMEOUT  # a busy machine starts it slowly
    while True:
        try:
            with socket.create_connection(("127.0.0.1", port), timeout=1):
                return server
        except OSError:
            if time.monotonic() > deadline or server.poll() is not None:
                server.kill()
                raise RuntimeError("the server did not start") from None
            time.sleep(0.1)


def _seats(game: str) -> list[int]:
    return list(range(6 if game == "schmier" else GAMES[game].get("num_players", 4)))


def _post(url: str, body: dict[str, Any]) -> dict[str, Any]:
    request = urllib.request.Request(url, json.dumps(body).encode(),
                                     {"Content-Type": "application/json"})
    with urllib.request.urlopen(request, timeout=TIMEOUT) as answer:
        found: dict[str, Any] = json.loads(answer.read())
        return found


async def bench(games: list[str], actions: int, seed: int,
                src: str | None = None) -> list[dict[str, Any]]:
    found = []
    with tempfile.TemporaryDirectory() as workdir:
        for game in games:
            port = _free_port()
            server = start_serve(port, f"sqlite:///{Path(workdir) / (game + '.db')}", src)
            try:
                match = Match(game, f"http://127.0.0.1:{port}", server.pid, actions, seed)
                found.append(await match.play())
            finally:
                server.terminate()
                server.wait(timeout=30)
    return found


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m tools.longbench", description=__doc__)
    parser.add_argument("--games", default="schnauz,schmier")
    parser.add_argument("--actions", type=int, default=3_000,
                        help="actions of each match measured (default 3000)")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--server-src", help="run the server from this src folder (another "
                        "commit's checkout, to compare)")
    args = parser.parse_args(argv)
    results = asyncio.run(bench(args.games.split(","), args.actions, args.seed,
                                args.server_src))
    json.dump(results, sys.stdout, indent=2)
    print()
    return 0


if __name__ == "__main__":
    sys.exit(main())
