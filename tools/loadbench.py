"""The web server under load (issue 8): a benchmark, not a test.

``python -m tools.loadbench [--clients 100,1000] [--think 0.5,2.0] [--seconds 120]``
(or ``make bench-server``) starts ``stammtisch serve`` as a subprocess on a fresh
SQLite file, opens tables through the API with every seat but the creator's "open",
and connects one WebSocket client per seat (each friend takes an open seat with
``sit``) plus watchers, until the wanted number of clients is connected. The players
play complete matches with random legal actions after a think time drawn uniformly
from ``--think`` (people: 0.5 to 2 s); when a match ends its table's clients leave and
a new table is opened, so the number of clients stays.

Measured over ``--seconds`` once every client is connected:

- actions a second (accepted by the server, over the whole server),
- the latency of each action: from the moment the acting client sends it to the
  moment the state with the new ``seq`` has reached every client of its table
  (median and p99),
- errors (every ``error`` message, refused connection, closed socket, timeout),
- lost actions: per table, the actions its clients saw accepted against the actions
  in the stored record (read from the SQLite file afterwards), and acts sent that
  were neither accepted nor refused,
- the CPU time of the server process per action and of this process (the clients):
  when the clients' process is near a full core, the latencies include its delay.

With ``--processes 1,2`` each size runs once per count of server processes: two or
more share a PostgreSQL database (``--postgres``, a fresh schema per run) and a Redis
(``--redis``, a fresh prefix per run), and the clients of each table connect to the
processes in turn, so that most of them are relayed to the table's process
(server/cluster.py). One process runs on its SQLite file as before.

With ``--play-now FRACTION`` that part of the clients ask for tables through Play now
instead (tools/loadbench_playnow.py): the report's ``play_now`` says how long past
their chosen wait they were seated, and whether any seat was given twice or any person
seated twice (the stored tables hold exactly the seats the clients were given).

The report is one JSON object on stdout per run. ``--scrape FILE`` appends each
server's ``/metrics`` (server/metrics.py), scraped at the end of each window, to FILE.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import math
import os
import random
import resource
import signal
import socket
import sqlite3
import statistics
import subprocess
import sys
import tempfile
import time
import urllib.request
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from websockets.asyncio.client import ClientConnection, connect
from websockets.exceptions import ConnectionClosed
from websockets.typing import Subprotocol

from stammtisch.server.frames import merge
from stammtisch.server.seattoken import UPDATES, offered_subprotocols
from tools.loadbench_playnow import Seekers

GAMES = (("schnauz", {"num_players": 4, "lives": 1}), ("scat", {"num_players": 4, "lives": 1}))
"""The tables, in turn: four seats each, one life (matches of a few minutes)."""
WATCHERS = 1
"""Watchers per table."""
TIMEOUT = 30.0
"""Seconds an action may take to reach every client before it counts as lost."""
WIND_DOWN = 60.0
"""Seconds the clients have to stop after the window; those still waiting are cut (a
run of 5,000 clients on two starved processes once waited half an hour here)."""


@dataclass
class Totals:
    latencies: list[float] = field(default_factory=list)
    firsts: list[float] = field(default_factory=list)
    """Per action: until the first client had the new state (the server's share)."""
    accepted: int = 0
    """Actions whose new state reached every client of the table (in the window)."""
    accepted_all: int = 0
    sent: int = 0
    errors: list[str] = field(default_factory=list)
    matches: int = 0
    tables: dict[str, int] = field(default_factory=dict)
    """Per table: the actions its clients saw accepted."""
    frames: int = 0
    frame_bytes: int = 0
    """State and update frames the clients received (in the window), and their bytes."""
    measuring: bool = False


class Player:
    """One WebSocket client: a seat (it acts on its turn) or a watcher."""

    def __init__(self, run: TableRun, seat: int | None, server: int) -> None:
        self.run = run
        self.seat = seat
        self.server = server
        """Which of the server processes this client connects to."""
        self.state: dict[str, Any] = {}
        self.turn = asyncio.Event()
        self.ws: ClientConnection | None = None
        self.over = asyncio.Event()

    async def open(self, token: str = "") -> None:
        url = f"{self.run.bench.ws_urls[self.server]}/ws/tables/{self.run.table_id}"
        offered = [*offered_subprotocols(token), UPDATES]  # as the page: update frames
        self.ws = await connect(url, subprotocols=[Subprotocol(p) for p in offered],
                                max_size=2**24, open_timeout=TIMEOUT, ping_interval=None,
                                compression="deflate" if self.run.bench.deflate else None)

    async def sit(self, seat: int) -> None:
        assert self.ws is not None
        await self.ws.send(json.dumps({"type": "sit", "seat": seat, "name": f"Bot {seat}"}))
        async for text in self.ws:
            message = json.loads(text)
            if message["type"] == "seated":
                self.seat = seat
                return
            if message["type"] == "error":
                self.run.bench.totals.errors.append(f"sit: {message}")
                return

    async def read(self) -> None:
        assert self.ws is not None
        try:
            async for text in self.ws:
                message = json.loads(text)
                kind = message["type"]
                if kind in ("state", "update") and self.run.bench.totals.measuring:
                    self.run.bench.totals.frames += 1
                    self.run.bench.totals.frame_bytes += len(text)
                if kind == "update":
                    message, kind = merge(self.state, message), "state"
                if kind == "state":
                    self.state = message
                    self.run.arrived(self, message["seq"])
                    if message["result"] is not None:
                        self.over.set()
                    elif message["to_act"] == self.seat and message["phase"] == "playing":
                        self.turn.set()
                elif kind == "error":
                    self.run.bench.totals.errors.append(f"{message['code']}: "
                                                        f"{message['message']}")
        except ConnectionClosed as closed:
            if not self.run.closing:
                self.run.bench.totals.errors.append(f"socket closed: {closed}")
        self.over.set()
        self.turn.set()

    async def act(self) -> None:
        """On each turn: think, then a random legal action on the state seen."""
        assert self.ws is not None
        bench = self.run.bench
        while not self.over.is_set():
            await self.turn.wait()
            self.turn.clear()
            state = self.state
            if self.over.is_set() or state.get("to_act") != self.seat:
                continue
            await asyncio.sleep(random.uniform(*bench.think))
            if self.run.stopping:
                return
            if self.state is not state or self.over.is_set():
                continue
            choice = random.choice(state["view"]["legal_actions"])
            self.run.sending(state["seq"] + 1)
            bench.totals.sent += 1
            try:
                await self.ws.send(json.dumps({"type": "act", "action": choice,
                                               "seq": state["seq"]}))
            except ConnectionClosed:
                return


class TableRun:
    """The clients of one table; a new table when a match ends."""

    def __init__(self, bench: Bench, index: int) -> None:
        self.bench = bench
        self.index = index
        self.game, self.options = GAMES[index % len(GAMES)]
        # Each table's creator is another client to the server's limit of new tables per
        # address (the bench is a trusted local proxy to it).
        self.address = f"10.0.{index // 256 % 256}.{index % 256}"
        self.table_id = ""
        self.players: list[Player] = []
        self.pending: dict[int, tuple[float, set[Player], list[float]]] = {}
        """Per new ``seq`` on its way: when its action was sent, the clients still
        without it, when the first client had it."""
        self.closing = False
        self.stopping = False
        """Time is up: no more actions; the one on its way is awaited."""
        self.seq = 0

    def sending(self, seq: int) -> None:
        self.pending[seq] = (time.monotonic(), set(self.players), [])

    def arrived(self, player: Player, seq: int) -> None:
        """``player`` has the state of ``seq``: every action up to it reached it."""
        self.seq = max(self.seq, seq)
        for waiting in [s for s in self.pending if s <= seq]:
            sent, missing, first = self.pending[waiting]
            missing.discard(player)
            if not first:
                first.append(time.monotonic())
            if missing:
                continue
            del self.pending[waiting]
            totals = self.bench.totals
            totals.accepted_all += 1
            totals.tables[self.table_id] = totals.tables.get(self.table_id, 0) + 1
            if totals.measuring:
                totals.accepted += 1
                totals.latencies.append(time.monotonic() - sent)
                totals.firsts.append(first[0] - sent)

    async def connect(self) -> None:
        """A new table, its seats taken, every client reading."""
        servers = len(self.bench.ws_urls)
        created = await asyncio.to_thread(
            self.bench.post, "/api/tables",
            {"game": self.game, "options": self.options,
             "seats": ["human"] + ["open"] * (self.options["num_players"] - 1),
             "name": "Bot 0"}, self.address, self.index % servers)
        self.table_id = created["id"]
        self.bench.totals.tables[self.table_id] = 0
        self.closing, self.stopping, self.pending, self.seq = False, False, {}, 0
        self.players = [Player(self, 0, self.index % servers)]
        await self.players[0].open(created["token"])
        for seat in range(1, self.options["num_players"]):
            friend = Player(self, None, (self.index + seat) % servers)
            await friend.open()
            await friend.sit(seat)
            self.players.append(friend)
        for number in range(WATCHERS):
            watcher = Player(self, None, (self.index + len(self.players) + number) % servers)
            await watcher.open()
            self.players.append(watcher)

    async def play(self, stop: asyncio.Event) -> None:
        """Matches one after another until ``stop``."""
        while not stop.is_set():
            try:
                await self.connect()
            except (OSError, ConnectionClosed, TimeoutError, KeyError) as failed:
                self.bench.totals.errors.append(f"connect: {failed!r}")
                await asyncio.sleep(1)
                continue
            self.bench.connected += len(self.players)
            tasks = [asyncio.create_task(p.read()) for p in self.players]
            tasks += [asyncio.create_task(p.act()) for p in self.players if p.seat is not None]
            ended = asyncio.create_task(self.players[-1].over.wait())
            stopped = asyncio.create_task(stop.wait())
            await asyncio.wait({ended, stopped}, return_when=asyncio.FIRST_COMPLETED)
            self.stopping = stop.is_set()
            await self._settle()
            if ended.done() and not self.stopping:
                self.bench.totals.matches += 1
            self.closing = True
            self.bench.connected -= len(self.players)
            for player in self.players:
                player.over.set()
                player.turn.set()
                if player.ws is not None:
                    await player.ws.close()
            stopped.cancel()
            ended.cancel()
            await asyncio.gather(*tasks, return_exceptions=True)

    async def _settle(self) -> None:
        deadline = time.monotonic() + TIMEOUT
        while self.pending and time.monotonic() < deadline:
            await asyncio.sleep(0.05)
        for seq in self.pending:
            self.bench.totals.errors.append(f"table {self.table_id}: seq {seq} "
                                            "never reached every client")


class Bench:
    """One run: the server, the tables, the figures."""

    def __init__(self, clients: int, think: tuple[float, float], seconds: float,
                 port: int, workdir: Path, profile: str = "", deflate: bool = True,
                 cluster: Cluster | None = None) -> None:
        self.cluster = cluster
        ports = [port, *(_free_port() for _ in range(1, cluster.processes if cluster else 1))]
        self.http_urls = [f"http://127.0.0.1:{p}" for p in ports]
        self.ws_urls = [f"ws://127.0.0.1:{p}" for p in ports]
        self.ports = ports
        self.profile = profile
        self.deflate = deflate
        """Clients offer permessage-deflate, as browsers do; without it the server
        sends uncompressed frames."""
        self.think = think
        self.seconds = seconds
        self.port = port
        per_table = GAMES[0][1]["num_players"] + WATCHERS
        self.tables = max(1, round(clients / per_table))
        self.db = workdir / f"bench-{clients}-{port}.db"
        self.totals = Totals()
        self.connected = 0
        self.server_nice = 0
        """The servers' nice increment (``--server-nice``)."""

    def post(self, path: str, body: dict[str, Any], client: str,
             server: int = 0) -> dict[str, Any]:
        request = urllib.request.Request(self.http_urls[server] + path,
                                         json.dumps(body).encode(), {
            "Content-Type": "application/json", "X-Forwarded-For": client})
        with urllib.request.urlopen(request, timeout=TIMEOUT) as answer:
            found: dict[str, Any] = json.loads(answer.read())
            return found

    def start_servers(self) -> list[subprocess.Popen[bytes]]:
        started: list[subprocess.Popen[bytes]] = []
        try:
            for port in self.ports:
                started.append(self.start_server(port))
        except Exception:
            for server in started:
                server.kill()
            raise
        return started

    def start_server(self, port: int) -> subprocess.Popen[bytes]:
        command = [str(Path(sys.executable).with_name("stammtisch")), "serve",
                   "--port", str(port), "--db", f"sqlite:///{self.db}"]
        if self.cluster is not None:
            command[-1] = self.cluster.db
            command += ["--redis", self.cluster.redis, "--redis-prefix", self.cluster.prefix]
        if self.profile:  # the server's main thread under cProfile (slower)
            command = [sys.executable, "-m", "cProfile", "-o", self.profile, *command]
        nice = self.server_nice
        server = subprocess.Popen(command, stdout=subprocess.DEVNULL,
                                  preexec_fn=(lambda: os.nice(nice)) if nice else None)
        deadline = time.monotonic() + 30
        while True:
            try:
                with socket.create_connection(("127.0.0.1", port), timeout=1):
                    return server
            except OSError:
                if time.monotonic() > deadline or server.poll() is not None:
                    server.kill()
                    raise RuntimeError("the server did not start") from None
                time.sleep(0.1)

    async def drive(self) -> dict[str, Any]:
        stop = asyncio.Event()
        runs = [TableRun(self, i) for i in range(self.tables)]
        tasks = []
        if self.seekers is not None:
            tasks.append(asyncio.create_task(self.seekers.run(stop)))
        started = time.monotonic()
        for run in runs:  # open the tables a few at a time, as people come
            tasks.append(asyncio.create_task(run.play(stop)))
            await asyncio.sleep(0.02)
        wanted = sum(r.options["num_players"] + WATCHERS for r in runs)
        while self.connected < wanted and time.monotonic() - started < 300:
            await asyncio.sleep(0.1)
        ramp = time.monotonic() - started
        cpu_server = sum(_cpu_seconds(pid) for pid in self.server_pids)
        preempted = sum(_preempted(pid) for pid in self.server_pids)
        cpu_self = time.process_time()
        self.totals.measuring = True
        if self.seekers is not None:
            self.seekers.measuring = True
        window = time.monotonic()
        low = self.connected
        while time.monotonic() - window < self.seconds:
            await asyncio.sleep(0.5)
            low = min(low, self.connected)
        elapsed = time.monotonic() - window
        self.totals.measuring = False
        if self.seekers is not None:
            self.seekers.measuring = False
        cpu_server = sum(_cpu_seconds(pid) for pid in self.server_pids) - cpu_server
        preempted = sum(_preempted(pid) for pid in self.server_pids) - preempted
        cpu_self = time.process_time() - cpu_self
        if self.scrape:  # the servers' own figures, still under load
            await asyncio.to_thread(self.save_scrape, wanted)
        stop.set()
        _, stuck = await asyncio.wait(tasks, timeout=WIND_DOWN)
        for task in stuck:  # a client still waiting on a starved server: cut, and said
            task.cancel()
        await asyncio.gather(*tasks, return_exceptions=True)
        totals = self.totals
        lat = sorted(totals.latencies)
        first = sorted(totals.firsts)
        return {
            "processes": len(self.server_pids), "clients": wanted, "tables": self.tables,
            "connected_at_least": low,
            "think_s": list(self.think), "ramp_s": round(ramp, 1), "window_s": round(elapsed, 1),
            "actions": totals.accepted, "actions_per_s": round(totals.accepted / elapsed, 1),
            "latency_ms": {
                "median": _ms(statistics.median(lat)) if lat else None,
                "p90": _ms(lat[int(0.90 * (len(lat) - 1))]) if lat else None,
                "p99": _ms(lat[int(0.99 * (len(lat) - 1))]) if lat else None,
                "p99_interval95": _quantile_interval(lat, 0.99),
                "median_interval95": _quantile_interval(lat, 0.5),
                "max": _ms(lat[-1]) if lat else None,
            },
            "first_client_ms": {
                "median": _ms(statistics.median(first)) if first else None,
                "p99": _ms(first[int(0.99 * (len(first) - 1))]) if first else None,
            },
            "matches_completed": totals.matches,
            "bytes_per_frame": round(totals.frame_bytes / max(1, totals.frames)),
            "server_cpu_s": round(cpu_server, 2),
            "server_cpu_ms_per_action": round(1000 * cpu_server / max(1, totals.accepted), 2),
            "server_preempted_per_s": round(preempted / elapsed, 1),
            "clients_cpu_s": round(cpu_self, 2),
            "errors": len(totals.errors), "error_samples": totals.errors[:5],
            "sent": totals.sent, "accepted_total": totals.accepted_all,
            "clients_cut_at_stop": len(stuck),
        }

    server_pids: list[int] = []
    seekers: Seekers | None = None
    """The clients of Play now (``--play-now``), if any."""
    scrape = ""
    """A file the servers' ``/metrics`` are appended to at the end of the window."""

    def save_scrape(self, clients: int) -> None:
        with open(self.scrape, "a", encoding="utf-8") as out:
            for url in self.http_urls:
                with urllib.request.urlopen(f"{url}/metrics", timeout=TIMEOUT) as answer:
                    text = answer.read().decode()
                out.write(f"# stammtisch loadbench: {clients} clients, "
                          f"{len(self.http_urls)} processes, {url}/metrics\n{text}")

    def lost(self) -> dict[str, int]:
        """Per table: the stored record's actions against those the clients saw."""
        if self.cluster is not None:
            stored = self.cluster.stored()
        else:
            with sqlite3.connect(self.db) as db:
                stored = _actions_of(db.execute(STORED_ACTIONS))
        if self.seekers is not None:
            self.seekers.check_stored(self.stored_seats())
        differ = {t: stored.get(t, -1) - seen for t, seen in self.totals.tables.items()
                  if stored.get(t, -1) != seen}
        return {"tables_checked": len(self.totals.tables), "tables_differing": len(differ),
                "actions_stored": sum(stored.get(t, 0) for t in self.totals.tables),
                "actions_seen": sum(self.totals.tables.values()),
                "unanswered_acts": self.totals.sent - self.totals.accepted_all
                - len(self.totals.errors)}


    def stored_seats(self) -> list[list[dict[str, Any]]]:
        """Every stored table's seats."""
        if self.cluster is not None:
            return self.cluster.seats()
        with sqlite3.connect(self.db) as db:
            return [json.loads(row[0]) for row in db.execute("SELECT seats FROM tables")]


STORED_ACTIONS = ("SELECT id, record, (SELECT count(*) FROM table_actions a "
                  "WHERE a.table_id = tables.id) FROM tables")
"""Each table's record and how many actions were appended after it (server/store.py)."""


def _actions_of(rows: Any) -> dict[str, int]:
    """Each stored table's count of actions: its record's and those appended."""
    return {row[0]: len(json.loads(row[1]).get("actions", [])) + row[2] for row in rows}


def _quantile_interval(ordered: list[float], q: float) -> list[float] | None:
    """A 95% interval of the ``q`` quantile from the order statistics (no assumption
    on the distribution): ranks ``n q -+ 1.96 sqrt(n q (1 - q))``."""
    n = len(ordered)
    if n < 100:
        return None
    spread = 1.96 * math.sqrt(n * q * (1 - q))
    low, high = max(0, int(n * q - spread)), min(n - 1, math.ceil(n * q + spread))
    return [_ms(ordered[low]), _ms(ordered[high])]


def _ms(seconds: float) -> float:
    return round(1000 * seconds, 1)


def _preempted(pid: int) -> int:
    """How often the server was taken off the CPU while it could run (other work)."""
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith("nonvoluntary_ctxt_switches:"):
            return int(line.split()[1])
    return 0


def _cpu_seconds(pid: int) -> float:
    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def _free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        port: int = sock.getsockname()[1]
        return port


def _raise_open_files(wanted: int) -> None:
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    if soft < wanted:
        resource.setrlimit(resource.RLIMIT_NOFILE, (min(wanted, hard), hard))


class Cluster:
    """Several server processes: a fresh PostgreSQL schema and Redis prefix for one run."""

    def __init__(self, processes: int, postgres: str, redis: str) -> None:
        from sqlalchemy import create_engine, text
        from sqlalchemy.engine import make_url

        self.processes = processes
        self.redis = redis
        name = f"stammtisch_bench_{os.urandom(6).hex()}"
        self.prefix = f"{name}:"
        self._admin = create_engine(postgres)
        with self._admin.begin() as db:
            db.execute(text(f"CREATE SCHEMA {name}"))
        self.schema = name
        self.db = make_url(postgres).update_query_dict(
            {"options": f"-csearch_path={name}"}).render_as_string(hide_password=False)

    def stored(self) -> dict[str, int]:
        """Each stored table's count of actions."""
        from sqlalchemy import create_engine, text

        engine = create_engine(self.db)
        try:
            with engine.connect() as db:
                return _actions_of(db.execute(text(STORED_ACTIONS)))
        finally:
            engine.dispose()

    def seats(self) -> list[list[dict[str, Any]]]:
        """Every stored table's seats."""
        from sqlalchemy import create_engine, text

        engine = create_engine(self.db)
        try:
            with engine.connect() as db:
                return [json.loads(row[0])
                        for row in db.execute(text("SELECT seats FROM tables"))]
        finally:
            engine.dispose()

    def drop(self) -> None:
        from sqlalchemy import text

        with self._admin.begin() as db:
            db.execute(text(f"DROP SCHEMA {self.schema} CASCADE"))
        self._admin.dispose()


def run_once(clients: int, think: tuple[float, float], seconds: float,
             workdir: Path, profile: str = "", deflate: bool = True,
             cluster: Cluster | None = None, scrape: str = "",
             play_now: float = 0.0, server_nice: int = 0) -> dict[str, Any]:
    seekers = round(clients * play_now)
    bench = Bench(clients - seekers, think, seconds, _free_port(), workdir, profile, deflate,
                  cluster)
    if seekers:
        bench.seekers = Seekers(seekers, bench.http_urls, bench.ws_urls)
    bench.scrape = scrape
    bench.server_nice = server_nice
    servers = bench.start_servers()
    bench.server_pids = [server.pid for server in servers]
    try:
        report = asyncio.run(bench.drive())
    finally:
        for server in servers:
            server.send_signal(signal.SIGINT)  # Ctrl-C: the profiler, if any, writes out
        for server in servers:
            server.wait(timeout=60)
    report["lost"] = bench.lost()
    if bench.seekers is not None:
        report["play_now"] = bench.seekers.report()
    report["load_average"] = [round(x, 2) for x in os.getloadavg()]
    return report


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        description="the web server under many WebSocket clients playing matches")
    parser.add_argument("--clients", default="100,1000",
                        help="connected clients of each run, comma-separated")
    parser.add_argument("--think", default="0.5,2.0",
                        help="a player's think time before each action: min,max seconds")
    parser.add_argument("--seconds", type=float, default=120.0,
                        help="the measuring window of each run, once all are connected")
    parser.add_argument("--profile", default="",
                        help="write the server's cProfile statistics to this file "
                             "(one run only; the profiler slows the server down)")
    parser.add_argument("--processes", default="1",
                        help="server processes of each run, comma-separated (2 or more: "
                             "on --postgres and --redis)")
    parser.add_argument("--postgres", default="postgresql+psycopg://postgres@127.0.0.1:5432/test",
                        help="the PostgreSQL database of several processes (a fresh schema "
                             "per run, dropped after it)")
    parser.add_argument("--redis", default="redis://127.0.0.1:6379/0",
                        help="the Redis of several processes (a fresh prefix per run)")
    parser.add_argument("--no-deflate", action="store_true",
                        help="clients do not offer compression (browsers do): what the "
                             "server would save without it")
    parser.add_argument("--scrape", default="", metavar="FILE",
                        help="append each server's /metrics (Prometheus' text format), "
                             "scraped at the end of each run's window, to FILE")
    parser.add_argument("--play-now", type=float, default=0.0, metavar="FRACTION",
                        help="this part of the clients (0 to 1) ask for tables through "
                             "Play now instead (tools/loadbench_playnow.py)")
    parser.add_argument("--server-nice", type=int, default=0, metavar="N",
                        help="the servers' nice increment (negative: a higher priority, "
                             "as root): on a machine shared with the clients and other "
                             "work, a server's own share of it, as on a host of its own")
    args = parser.parse_args(argv)
    low, high = (float(x) for x in args.think.split(","))
    _raise_open_files(20000)
    with tempfile.TemporaryDirectory(prefix="stammtisch-bench-") as workdir:
        for clients in (int(x) for x in args.clients.split(",")):
            for processes in (int(x) for x in args.processes.split(",")):
                cluster = Cluster(processes, args.postgres, args.redis) \
                    if processes > 1 else None
                try:
                    report = run_once(clients, (low, high), args.seconds, Path(workdir),
                                      args.profile, not args.no_deflate, cluster,
                                      args.scrape, args.play_now, args.server_nice)
                finally:
                    if cluster is not None:
                        cluster.drop()
                report["deflate"] = not args.no_deflate
                report["server_nice"] = args.server_nice
                sys.stdout.write(json.dumps(report) + "\n")
                sys.stdout.flush()
    return 0


if __name__ == "__main__":
    sys.exit(main())
