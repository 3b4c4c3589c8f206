"""Several server processes on one PostgreSQL database and one Redis (``serve --redis``).

One process at a time runs a live table (its match, computer players and timers): the
one holding the table's lease in the database (store.py), taken when the table is free
or its lease ran out, renewed every third of :attr:`Settings.lease`, given back when
the last client leaves. A socket may arrive at any process (no sticky sessions): that
process is the socket's *edge*. The edge passes the client's messages to the table's
owner over Redis (one pub/sub channel per process, under :attr:`Settings.redis_prefix`:
server/courier.py; the messages are server/relay_messages.py's), and the owner answers
each client through the edge it came by, with that seat's view only; where the edge owns
the table itself, nothing goes through Redis. At the owner, a relayed client is a client
like any other (:func:`~stammtisch.server.ws.converse`: rate limit, refusals, tokens).

When the owner dies, its lease runs out and an edge with clients at the table takes
it: the table is rebuilt from the store (every acknowledged action is there: an action
is answered only after its seq-checked write, and a process whose lease is gone can
no longer write) and every edge joins its clients to the new owner, who sends each a
fresh state. A process that lost its lease (it paused past it) drops the table and
sends its clients' edges on to the new owner.

Besides the tables: the lobby entries of each process's tables, the limits per address,
the progress of the reviews each works out are kept in Redis (server/shared.py), and
the bot API's offers go to every process (:meth:`Cluster.ask_offers`).
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import logging
import os
import secrets
import socket
import time
from dataclasses import dataclass, field
from typing import Any, assert_never

import redis.asyncio as aioredis
from starlette.websockets import WebSocket, WebSocketDisconnect

from stammtisch.errors import StammtischError
from stammtisch.server.botoffers import waiting_for
from stammtisch.server.courier import Courier
from stammtisch.server.gate import Gate
from stammtisch.server.hub import Hub, NotOwner
from stammtisch.server.metrics import of as metrics_of
from stammtisch.server.outage import Outage, expected
from stammtisch.server.outbox import Outbox, SlowReader, socket_outbox
from stammtisch.server.protocol import error, message_id
from stammtisch.server.relay_messages import (
    Close,
    Forward,
    Join,
    Leave,
    Moved,
    Offer,
    Out,
    RelayMessage,
    Wants,
    from_wire,
)
from stammtisch.server.seats import Player
from stammtisch.server.seattoken import seat_token, wants_updates
from stammtisch.server.settings import Settings
from stammtisch.server.ws import GONE, Gone, converse, table_client

log = logging.getLogger("stammtisch.server")
REDIS_CONNECTIONS = 200
"""Connections to Redis a process opens at most. Beyond them a command waits for one
(up to ``REDIS_WAIT`` seconds): redis-py's default pool fails a command past 100 at
once ("Too many connections"), which 5,000 clients on two processes reached."""
REDIS_WAIT = 10.0
"""Seconds a command waits for a free connection before it fails as Redis away."""

WATCH_EVERY = 0.5
"""Seconds between two checks that the processes this one talks to are still there."""
LOBBY_TTL = 3.0
"""Seconds a lobby entry told to Redis is shown without being told again."""
UNANSWERED = 10.0
"""Seconds after which an owner that did not answer a join is asked again (a lost
message; long enough that an owner merely busy is not asked again and again)."""
MAX_REROUTES = 50
"""Times in a row an edge may be sent on to another owner before it gives up."""


def process_name() -> str:
    """A name for this process that no other process shares, now or later."""
    return f"{socket.gethostname()}:{os.getpid()}:{secrets.token_hex(4)}"


@dataclass
class Edge:
    """A socket that arrived at this process, and the owner its table runs at."""

    conn: str
    table_id: str
    websocket: WebSocket
    outbox: Outbox
    token: str
    program: str | None
    address: str = ""
    """The client's address, passed on to the owner in the join (the helpers' fair
    queues count by it)."""
    account: Player | None = None
    """The logged-in person of the socket, passed on in the join; None for a guest."""
    updates: bool = False
    """The socket takes ``update`` frames (server/frames.py), passed on in the join."""
    owner: str | None = None
    """The process the table runs at; None while it is being looked for."""
    reroutes: int = 0
    routing: bool = False
    closing: bool = False
    joined: float = 0.0
    """When (``time.monotonic()``) the client was last joined to an owner ..."""
    heard: bool = False
    """... and whether that owner has answered since."""


@dataclass
class Session:
    """A client of a table run here, whose socket is at ``edge`` (maybe this process)."""

    conn: str
    edge: str
    table_id: str
    inbox: asyncio.Queue[str | bytes | None | Gone] = field(default_factory=asyncio.Queue)
    gone: bool = False
    task: asyncio.Task[None] | None = None


class Cluster:
    """This process's part of a deployment of several: its channel, its edges and the
    clients of the tables it runs."""

    def __init__(self, hub: Hub, settings: Settings, me: str) -> None:
        assert settings.redis is not None
        self.hub = hub
        self.settings = settings
        self.me = me
        self.prefix = settings.redis_prefix
        self.redis = aioredis.Redis(connection_pool=aioredis.BlockingConnectionPool.from_url(
            settings.redis, max_connections=REDIS_CONNECTIONS, timeout=REDIS_WAIT))
        self.edges: dict[str, Edge] = {}
        self.sessions: dict[str, Session] = {}
        self.courier = Courier(self.redis, self.prefix, me, self._dispatch,
                               self._process_gone, metrics_of(hub.store).relay)
        hub.offers.relay = self._relay_offer
        self._tasks: list[asyncio.Task[None]] = []
        every = f"trying again every {WATCH_EVERY:g} s"
        self._asking = Outage("could not ask Redis which server processes listen",
                              f"their clients stay as they are; {every}",
                              "Redis tells which server processes listen again")
        self._telling = Outage("could not tell the lobby about this process's tables",
                               f"the other processes' lobbies leave them out; {every}",
                               "the lobby hears of this process's tables again")
        self._reading = Outage("could not read the lobby entries of other processes",
                               "the lobby shows their tables as the database has them",
                               "the lobby reads the other processes' entries again")
        self._routing = Outage("could not find the process that runs a table",
                               f"its sockets wait; {every}",
                               "the processes that run the tables are found again")

    def channel(self, process: str) -> str:
        return self.courier.channel(process)

    # --- running ----------------------------------------------------------------------

    async def start(self) -> None:
        """Listen on this process's channel (before any socket is accepted), and start
        the writer, the lease renewal and the watch of the other processes."""
        await self.courier.subscribe()
        loop = asyncio.get_running_loop()
        for job in (self.courier.listen(), self.courier.write(), self._renew(),
                    self._watch()):
            self._tasks.append(loop.create_task(job))

    async def drain(self, code: int) -> None:
        """The start of a shutdown (server/drain.py): the sockets that arrived here are
        closed with ``code`` (their clients connect again, to another process), then the
        tables run here are given up (:meth:`give_up`)."""
        edges = list(self.edges.values())
        for edge in edges:
            edge.closing = True  # sent on nowhere: not back to this process's tables
        await asyncio.gather(*(self._close_edge(edge, code, "the server restarts: "
                                                "connect again") for edge in edges))
        await self.give_up()

    async def stop(self) -> None:
        """A clean shutdown: :meth:`give_up`, then this process leaves Redis."""
        await self.give_up()
        for task in self._tasks:
            task.cancel()
        await self.courier.close()
        with contextlib.suppress(Exception):
            await self.redis.aclose()

    async def give_up(self) -> None:
        """The tables run here are given up at once, and the edges of their clients
        sent on (another process takes them over without waiting for the leases to run
        out)."""
        tables = list(self.hub.tables)
        for table_id in tables:
            self.hub.drop(table_id)
        with contextlib.suppress(Exception):
            await asyncio.to_thread(self.hub.store.release_leases, tables)
        for session in list(self.sessions.values()):
            self._end_session(session, moved=True)
        with contextlib.suppress(Exception):
            await asyncio.wait_for(self.courier.flush(), 2.0)

    def post(self, process: str, message: RelayMessage) -> None:
        """Send ``message`` to ``process``; messages leave in the order posted."""
        self.courier.post(process, message.to_wire())

    # --- the bot API's offers, to a program's streams at any process ---------------------

    def _relay_offer(self, bot: str, offer: dict[str, Any]) -> None:
        self.courier.broadcast(Offer(bot, offer).to_wire())

    def ask_offers(self, bot: str) -> None:
        """A stream of ``bot`` connected here: every other process offers it the live
        tables it runs that keep a seat for ``bot``."""
        self.courier.broadcast(Wants(bot, self.me).to_wire())

    # --- messages from other processes ---------------------------------------------------

    def _dispatch(self, data: dict[str, Any]) -> None:
        """Act on a message from another process (or this one); a malformed one is
        logged and dropped by :func:`from_wire`."""
        match from_wire(data):
            case None:
                pass
            case Offer(bot=bot, offer=offer):
                self.hub.offers.push(bot, offer)
            case Wants(bot=bot, edge=edge):
                for offer in waiting_for(bot, list(self.hub.tables.values())):
                    self.post(edge, Offer(bot, offer))
            case Join(conn=conn, edge=edge, table=table, token=token, bot=bot,
                      address=address, account=account, player=name, updates=updates):
                who = Player(account, name) if account is not None and name else None
                self._open_session(conn, edge, table, token, bot, address, who, updates)
            case Forward(conn=conn, edge=edge, raw=raw, binary=binary):
                session = self.sessions.get(conn)
                if session is None:  # its table left this process: the edge goes on
                    self.post(edge, Moved(conn))
                else:  # a binary frame is refused by the parser: its bytes do not matter
                    session.inbox.put_nowait(b"" if binary else raw)
            case Leave(conn=conn):
                session = self.sessions.get(conn)
                if session is not None:
                    session.inbox.put_nowait(GONE)
            case Out(conn=conn, text=text):
                if (socket_edge := self.edges.get(conn)) is not None:
                    socket_edge.reroutes, socket_edge.heard = 0, True
                    try:
                        socket_edge.outbox.push_text(text)
                    except SlowReader:
                        pass  # the socket is being closed; its edge says leave
            case Close(conn=conn, code=code, reason=reason):
                if (socket_edge := self.edges.get(conn)) is not None:
                    asyncio.get_running_loop().create_task(
                        self._close_edge(socket_edge, code, reason))
            case Moved(conn=conn):
                if (socket_edge := self.edges.get(conn)) is not None:
                    asyncio.get_running_loop().create_task(self._reroute(socket_edge))
            case unknown:
                assert_never(unknown)

    # --- the owner's side: clients of tables run here ------------------------------------

    def _open_session(self, conn: str, edge: str, table_id: str, token: str,
                      program: str | None, address: str = "",
                      account: Player | None = None, updates: bool = False) -> None:
        old = self.sessions.get(conn)
        if old is not None:  # the edge joined again (it thought the table had moved)
            self._end_session(old)
        session = Session(conn, edge, table_id)
        self.sessions[conn] = session
        session.task = asyncio.get_running_loop().create_task(
            self._run_session(session, token, program, address, account, updates))

    async def _run_session(self, session: Session, token: str, program: str | None,
                           address: str = "", account: Player | None = None,
                           updates: bool = False) -> None:
        conn, edge = session.conn, session.edge
        try:
            try:
                table = await self.hub.open(session.table_id)
            except NotOwner:
                self.post(edge, Moved(conn))
                return
            except StammtischError as problem:
                log.exception("table %s cannot be resumed", session.table_id)
                self._tell(session, error("server", f"this table cannot be resumed: {problem}"))
                self.post(edge, Close(conn, 4500, ""))
                return
            if table is None:
                self._tell(session, error("bad_message", "no such table"))
                self.post(edge, Close(conn, 4404, ""))
                return

            async def send(data: dict[str, Any]) -> None:
                if session.gone:
                    raise SlowReader("the client's server process is gone")
                self._tell(session, data)

            async def receive() -> str | bytes | None | Gone:
                return await session.inbox.get()

            async def close(code: int, reason: str) -> None:
                self.post(edge, Close(conn, code, reason))

            client = table_client(table, send, token, program, address, account, updates)
            await converse(table, client, receive, close, self.settings, self.hub,
                           bad_token=bool(token) and client.seat is None and program is None)
        finally:
            if self.sessions.get(conn) is session:
                del self.sessions[conn]

    def _tell(self, session: Session, data: dict[str, Any]) -> None:
        self.post(session.edge, Out(session.conn, json.dumps(data, separators=(",", ":"),
                                                             ensure_ascii=False)))

    def _end_session(self, session: Session, *, moved: bool = False) -> None:
        """The session ends: its client left, its edge is gone, or (``moved``) its table
        no longer runs here and the edge is sent on."""
        session.gone = True
        if self.sessions.get(session.conn) is session:
            del self.sessions[session.conn]
        if moved:
            self.post(session.edge, Moved(session.conn))
            if session.task is not None:
                session.task.cancel()
        else:
            session.inbox.put_nowait(GONE)

    def _process_gone(self, process: str) -> None:
        """``process`` no longer listens: its clients here leave; edges whose table ran
        there look for the new owner."""
        for session in [s for s in self.sessions.values() if s.edge == process]:
            self._end_session(session)
        for edge in [e for e in self.edges.values() if e.owner == process]:
            edge.owner = None  # the watch routes it once the lease is free

    async def _renew(self) -> None:
        """Renew the leases of the tables run here; a table whose lease is gone is
        dropped and its clients' edges are sent on."""
        while True:
            await asyncio.sleep(self.settings.lease / 3)
            held = list(self.hub.tables)
            try:
                kept = await asyncio.to_thread(self.hub.store.renew_leases, held)
            except Exception:  # noqa: BLE001 - the database away: tried again
                log.exception("could not renew the leases of %d tables", len(held))
                continue
            for table_id in held:
                if table_id not in kept and table_id in self.hub.tables:
                    log.warning("table %s: this process lost its lease; it runs elsewhere",
                                table_id)
                    self.hub.drop(table_id)
                    for session in [s for s in self.sessions.values()
                                    if s.table_id == table_id]:
                        self._end_session(session, moved=True)

    async def _tell_lobby(self) -> None:
        """Write the lobby entries of the listed tables run here (who sits, who
        watches) to Redis, for the lobby of every process; each lives a few seconds."""
        live = [table for table in self.hub.tables.values()
                if table.listed and table.phase != "over"]
        if not live:
            return
        async with self.redis.pipeline(transaction=False) as pipe:
            for table in live:
                pipe.set(f"{self.prefix}lobby:{table.id}", json.dumps(table.lobby_entry()),
                         px=int(LOBBY_TTL * 1000))
            await pipe.execute()

    async def lobby(self) -> list[dict[str, Any]]:
        """The lobby (Hub.lobby) with the entries of tables run by other processes as
        their owners last told them."""
        entries = self.hub.lobby()
        remote = [i for i, entry in enumerate(entries) if entry["id"] not in self.hub.tables]
        if not remote:
            return entries
        try:
            told = await self.redis.mget([f"{self.prefix}lobby:{entries[i]['id']}"
                                          for i in remote])
        except Exception as error:  # noqa: BLE001 - Redis away: the database's entries do
            self._reading.failed(error)
            return entries
        self._reading.worked()
        for index, text in zip(remote, told, strict=True):
            if text is not None:
                entries[index] = json.loads(text)
        return entries

    async def _watch(self) -> None:
        """Notice processes that died (no listener on their channel) and edges without
        an owner, and route them once a process may take the table."""
        while True:
            await asyncio.sleep(WATCH_EVERY)
            try:
                await self._check_processes()
            except Exception as error:  # noqa: BLE001 - Redis away for a moment: next time
                self._asking.failed(error)
            else:
                self._asking.worked()
            try:
                await self._tell_lobby()
            except Exception as error:  # noqa: BLE001 - Redis away for a moment: next time
                self._telling.failed(error)
            else:
                self._telling.worked()
            try:
                await self._check_owners()
            except Exception:  # noqa: BLE001 - the database away for a moment: next time
                log.exception("could not check who runs the tables of this process's sockets")
            for edge in [e for e in self.edges.values() if e.owner is None]:
                await self._reroute(edge)

    async def _check_owners(self) -> None:
        """Edges whose table is run by another process than they think (a message
        about the change was lost), whose owner never answered their join, or whose
        owner let the lease run out while still listening (paused), are joined again
        (taking the table over in the last case)."""
        now = time.monotonic()
        edges = [e for e in self.edges.values() if e.owner is not None and not e.routing]
        if not edges:
            return
        owners = await asyncio.to_thread(self.hub.store.lease_owners,
                                         sorted({e.table_id for e in edges}))
        for edge in edges:
            held, left = owners.get(edge.table_id, (None, None))
            if not edge.heard and now - edge.joined > UNANSWERED:
                problem = "never answered"
            elif held is not None and held != edge.owner:
                problem = f"is now {held}"
            elif left is not None and left < 0:
                problem = "let its lease run out (it is paused or stuck)"
            else:
                continue
            log.warning("table %s: a socket's owner %s %s; joining it again",
                        edge.table_id, edge.owner, problem)
            await self._reroute(edge)

    async def _check_processes(self) -> None:
        others = {s.edge for s in self.sessions.values()} | {
            e.owner for e in self.edges.values() if e.owner is not None}
        others.discard(self.me)
        if not others:
            return
        names = sorted(others)
        counts = await self.redis.pubsub_numsub(*[self.channel(p) for p in names])
        for process, (_channel, listeners) in zip(names, counts, strict=True):
            if not listeners:
                self._process_gone(str(process))

    # --- the edge's side: sockets that arrived here ---------------------------------------

    async def edge(self, websocket: WebSocket, program: str | None,
                   account: Player | None = None) -> None:
        """Serve an accepted table socket from this process, wherever its table runs."""
        outbox = socket_outbox(websocket)
        writer = asyncio.get_running_loop().create_task(outbox.run())
        edge = Edge(secrets.token_urlsafe(12), websocket.path_params["table_id"], websocket,
                    outbox, seat_token(websocket), program,
                    websocket.client.host if websocket.client else "", account,
                    wants_updates(websocket))
        self.edges[edge.conn] = edge
        try:
            await self._reroute(edge)
            await self._relay(edge)
        except (WebSocketDisconnect, SlowReader):
            pass
        finally:
            del self.edges[edge.conn]
            if edge.owner is not None:
                self.post(edge.owner, Leave(edge.conn))
            writer.cancel()

    async def _relay(self, edge: Edge) -> None:
        """Pass the socket's messages on to the owner; this process's own limit comes
        first, so that a flood never reaches Redis."""
        gate = Gate(self.settings.rate, self.settings.burst)
        while True:
            incoming = await edge.websocket.receive()
            if incoming["type"] == "websocket.disconnect":
                return
            raw: str | None = incoming.get("text")
            binary = raw is None and incoming.get("bytes") is not None
            if not gate.admit():
                edge.outbox.push(gate.too_fast(message_id(raw)))
                if gate.refused():
                    await edge.websocket.close(code=1008, reason="too many refused messages")
                    return
                continue
            gate.accepted()
            if edge.owner is not None:
                self.post(edge.owner, Forward(edge.conn, self.me, raw, binary))
            else:  # its process died a moment ago: the client gets a fresh state soon
                edge.outbox.push(error("server", "the table is moving to another server "
                                       "process: nothing was played; wait for its state",
                                       message_id(raw)))

    async def _reroute(self, edge: Edge) -> None:
        """Join the edge's client to its table's owner: on arrival, and when the table
        left its owner (or the owner died); while the old lease still runs, the watch
        comes back."""
        if edge.conn not in self.edges or edge.routing or edge.closing:
            return
        edge.routing = True
        try:
            await self._find_owner(edge)
        finally:
            edge.routing = False

    async def _find_owner(self, edge: Edge) -> None:
        if edge.owner is not None:
            self.post(edge.owner, Leave(edge.conn))
        edge.reroutes += 1
        if edge.reroutes > MAX_REROUTES:
            await self._close_edge(edge, 1013, "the table could not be reached; reconnect")
            return
        try:
            holder, _left = await asyncio.to_thread(self.hub.store.lease_of, edge.table_id)
            if holder is None or holder == edge.owner or not await self._listens(holder):
                held, holder = holder, await asyncio.to_thread(self.hub.store.take_lease,
                                                               edge.table_id)
                metrics_of(self.hub.store).took_over(held, holder, self.me)
            if holder and not await self._listens(holder):
                edge.owner = None  # its lease still runs: the watch tries again
                return
        except Exception as problem:  # noqa: BLE001 - the database away: the watch tries again
            if expected(problem):  # Redis away
                self._routing.failed(problem)
            else:
                log.exception("table %s: could not find its owner", edge.table_id)
            edge.owner = None
            return
        self._routing.worked()
        if not holder:
            edge.outbox.push(error("bad_message", "no such table"))
            await self._close_edge(edge, 4404, "")
            return
        edge.owner, edge.joined, edge.heard = holder, time.monotonic(), False
        who = edge.account
        self.post(holder, Join(edge.conn, self.me, edge.table_id, edge.token, edge.program,
                               edge.address, who.id if who else None,
                               who.name if who else None, edge.updates))

    async def _listens(self, process: str) -> bool:
        if process == self.me:
            return True
        counts = await self.redis.pubsub_numsub(self.channel(process))
        return bool(counts and counts[0][1])

    async def _close_edge(self, edge: Edge, code: int, reason: str) -> None:
        edge.closing = True
        # what the owner sent before (the error) goes out first
        await asyncio.sleep(0)
        for _ in range(50):
            if edge.outbox.queue.empty():
                break
            await asyncio.sleep(0.01)
        with contextlib.suppress(Exception):
            await edge.websocket.close(code=code, reason=reason)


