"""No message the server sends to a seat or a watcher shows a card hidden from it
(issue 8): random matches of every game are played through the server's own socket
handler and tables (in memory, see ``wire.py``), every text each client receives is
searched (``leaks.py``), and a few matches over real WebSockets show that the network
path sends the same texts: to one server, to two of one deployment in this process, and
to two ``stammtisch serve`` processes.

Per run, 1,140 matches in memory (:data:`MATCHES`: 800 of Schnapsen, 120 each of
Schnauz and Scat, 100 of Schmier; the bigger games cost about ten times as much per
match, each action being sent to every seat and watcher), the whole file in about a
minute of one core; ``STAMMTISCH_LEAK_SCALE=10`` plays ten times as many. Random options, short
matches: Schnauz and Scat mostly at two or three seats with one life (some with two),
Schnapsen to 1 or 2 game points, Schmier to a target of 1 to 3 points and at most
:data:`SCHMIER_DEALS` deals (a cap: random play rarely reaches even a low target,
scores go down as often as up; about 3 in 100 are cut there). Every match mixes in
what clients do besides acting: watchers come late (a full state with every earlier
deal's events), sockets ask for the full state, a second tab joins, sockets act out
of turn, act on an old ``seq``, a watcher acts, players leave and come back; a quarter
of the tables seat one person against computer players, who take back moves now and
then. Friends take their seats with ``sit``, as in the browser.
"""

from __future__ import annotations

import asyncio
import json
import os
import random
import time
from pathlib import Path
from typing import Any

import pytest
from starlette.applications import Starlette

import stammtisch
from stammtisch.server import Settings, create_app
from stammtisch.server.catalog import field
from stammtisch.server.store import Store
from stammtisch.server.tables import Table
from tests.server.leaks import Leak, Secrets, as_sent, card_words
from tests.server.live import LiveServer, TableSocket
from tests.server.nodes import start_nodes
from tests.server.wire import Wire

GAMES = ("schnauz", "scat", "schnapsen", "schmier")
MATCHES = {"schnauz": 120, "scat": 120, "schnapsen": 800, "schmier": 100}
"""Random matches per game played in memory."""
SCHMIER_DEALS = 3
"""Schmier matches stop after this many deals unless they end before."""
LIVE_MATCHES = 2
"""Matches per game over real WebSockets."""
SCALE = int(os.environ.get("STAMMTISCH_LEAK_SCALE", "1"))
"""More matches: ``STAMMTISCH_LEAK_SCALE=10`` plays ten times as many."""
UNDO = 0.1
"""How often the person at a table with computer players takes a move back."""
QUICK = 1e9
"""The in-memory clients act far faster than people: no rate limit there."""


# --- the matches -------------------------------------------------------------------------


def random_options(game: str, rng: random.Random) -> dict[str, Any]:
    """Every yes/no and choice option at random, the rest short."""
    info = next(g for g in stammtisch.games() if g.name == game)
    options: dict[str, Any] = {}
    for spec in info.options:
        form = field(spec)
        if form["kind"] == "bool":
            options[spec.name] = rng.random() < 0.5
        elif form["kind"] == "choice":
            options[spec.name] = rng.choice(form["values"])
    if game in ("schnauz", "scat"):
        options["num_players"] = rng.choice((2, 2, 2, 2, 2, 2, 3, 3, 4, 5, 6) if game == "schnauz"
                                            else (2, 2, 2, 2, 2, 2, 3, 3, 4, 6, 9))
        options["lives"] = rng.choice((1, 1, 1, 2))
    elif game == "schnapsen":
        options["match_target"] = rng.choice((1, 1, 2))
    else:
        options["target_score"] = rng.choice((1, 2, 3))
    return options


def deal_cap(game: str, secrets: Secrets) -> bool:
    return game == "schmier" and secrets.deal >= SCHMIER_DEALS


class Seating:
    """One table in memory with a client per seat, a watcher, and what clients do."""

    def __init__(self, app: Starlette, game: str, rng: random.Random,
                 options: dict[str, Any] | None = None, solo: bool | None = None) -> None:
        self.app = app
        self.rng = rng
        hub = app.state.hub
        options = random_options(game, rng) if options is None else options
        size = stammtisch.new_match(game, seed=1, **options).num_players
        self.solo = rng.random() < 0.25 if solo is None else solo
        creator = rng.randrange(size)
        kinds = ["human" if seat == creator else ("random" if self.solo else "open")
                 for seat in range(size)]
        hub.new_seed = lambda: rng.getrandbits(128)  # the server's seed size, reproducible
        table, token = hub.create(game, kinds, options)
        self.table: Table = table
        self.match = table.match
        self.secrets = Secrets(table.match, table.seq)
        self.secrets.watch(lambda: table.seq)
        self.tokens: dict[int, str] = {creator: token}
        self.wires: dict[int, list[Wire]] = {}
        self.watchers: list[Wire] = []
        self.human = [creator] if self.solo else list(range(size))
        self.failures: list[Exception] = []
        self.leaving: list[Wire] = []
        self.undo = UNDO

    def hear(self, wire: Wire, text: str, message: dict[str, Any]) -> None:
        # Never raise here: the table drops a client whose send fails, silently.
        try:
            self.secrets.check(text, wire.seat, message)
        except Exception as failure:  # noqa: BLE001 - reported by play()
            self.failures.append(failure)

    def connect(self, seat: int | None) -> Wire:
        token = self.tokens.get(seat, "") if seat is not None else ""
        wire = Wire(self.app, self.table.id, token, self.hear, seat)
        (self.watchers if seat is None else self.wires.setdefault(seat, [])).append(wire)
        return wire

    async def sit_down(self) -> None:
        for seat in self.human:
            if seat in self.tokens:
                self.connect(seat)
                continue
            wire = self.connect(None)
            self.watchers.remove(wire)
            wire.sit(seat, f"Gast {seat}")
            await wire.handled()
            seated = [m for m in wire.received if m["type"] == "seated"]
            assert seated and wire.seat == seat, wire.received[-3:]
            self.tokens[seat] = seated[0]["token"]
            self.wires[seat] = [wire]
        self.connect(None)
        await self.settle()

    async def settle(self) -> None:
        """Until every socket has been answered and no computer player is to move."""
        while True:
            for wire in self.all_wires():
                await wire.handled()
            bots_done = self.match.to_act not in self.table.bots or self.match.result is not None
            if bots_done and all(w.state.get("seq") == self.table.seq for w in self.all_wires()):
                return
            await asyncio.sleep(0.0005)

    def all_wires(self) -> list[Wire]:
        return [w for wires in self.wires.values() for w in wires] + self.watchers

    async def step(self, game: str) -> bool:
        """One action of the player to act, and now and then something else;
        False once the match is over (or capped)."""
        if self.match.result is not None or deal_cap(game, self.secrets):
            return False
        seat = self.match.to_act
        assert seat is not None and seat in self.wires
        if self.failures:
            return False
        wire = self.rng.choice(self.wires[seat])
        state = wire.state
        assert state["to_act"] == seat and state["seq"] == self.table.seq, (
            state["to_act"], seat, state["seq"], self.table.seq, self.match.actions[-3:],
            wire.received[-1])
        legal = state["view"]["legal_actions"]
        self.extras(seat, state)
        if self.solo and state["can_undo"] and self.rng.random() < self.undo:
            wire.send({"type": "undo", "seq": state["seq"]})
        else:
            wire.send({"type": "act", "action": self.rng.choice(legal), "seq": state["seq"]})
        await self.settle()
        while self.leaving:
            await self.leaving.pop().close()
        return True

    def extras(self, seat: int, state: dict[str, Any]) -> None:
        """What clients do besides acting, each now and then."""
        rng = self.rng
        roll = rng.random()
        if roll < 0.02:
            self.connect(None)  # a watcher comes late: the full state
            if len(self.watchers) > 2:  # and an earlier one goes
                self.leaving.append(self.watchers.pop(1))
        elif roll < 0.04:
            rng.choice(self.all_wires()).send({"type": "sync"})
        elif roll < 0.05:
            others = [s for s in self.wires if s != seat]
            if others:  # out of turn: an error
                rng.choice(self.wires[rng.choice(others)]).send(
                    {"type": "act", "action": state["view"]["legal_actions"][0],
                     "seq": state["seq"]})
        elif roll < 0.06 and state["seq"] > 0:  # an old seq: an error and the full state
            self.wires[seat][0].send({"type": "act", "action": "pass",
                                      "seq": state["seq"] - 1})
        elif roll < 0.07:
            self.watchers[0].send({"type": "act", "action": "pass", "seq": state["seq"]})
        elif roll < 0.08:
            seat = rng.choice(list(self.wires))
            self.connect(seat)  # a second tab: the full state
            if len(self.wires[seat]) > 2:
                self.leaving.append(self.wires[seat].pop(0))

    async def leave_and_return(self) -> None:
        seat = self.rng.choice(list(self.wires))
        for wire in self.wires.pop(seat):
            await wire.close()
        self.connect(seat)
        await self.settle()

    async def close(self) -> None:
        for wire in self.all_wires():
            await wire.close()


async def play(app: Starlette, game: str, rng: random.Random,
               options: dict[str, Any] | None = None, solo: bool | None = None) -> Secrets:
    seating = Seating(app, game, rng, options, solo)
    await seating.sit_down()
    steps = 0
    while not seating.failures and await seating.step(game):
        steps += 1
        if steps % 40 == 0 and rng.random() < 0.3:
            await seating.leave_and_return()
    await seating.close()
    if seating.failures:
        raise seating.failures[0]
    return seating.secrets


async def _no_save(_table: Table) -> None:
    return None


def memory_app(tmp_path: Path) -> Starlette:
    return create_app(Settings(db_url=f"sqlite:///{tmp_path / 'leaks.db'}", bot_delay=0.0,
                               rate=QUICK, burst=QUICK, reviews_at_end=False))


async def play_many(app: Starlette, game: str, count: int, seed: int) -> dict[str, int]:
    rng = random.Random(seed)
    totals = {"matches": 0, "finished": 0, "messages": 0, "actions": 0}
    for _ in range(count):
        secrets = await play(app, game, rng)
        totals["matches"] += 1
        totals["finished"] += secrets.match.result is not None
        totals["messages"] += secrets.messages
        totals["actions"] += len(secrets.match.actions)
    return totals


# --- the tests ---------------------------------------------------------------------------


@pytest.fixture(name="quiet")
def _quiet(monkeypatch: pytest.MonkeyPatch) -> None:
    """In memory, the table's record is not written after every action: the store is
    no part of what a client is sent, and writing it would take most of the time."""
    monkeypatch.setattr(Table, "_save", _no_save)
    monkeypatch.setattr(Table, "_save_seats", _no_save)


@pytest.mark.slow
@pytest.mark.usefixtures("quiet")
@pytest.mark.parametrize("game", GAMES)
def test_no_message_shows_a_hidden_card(game: str, tmp_path: Path) -> None:
    count = MATCHES[game] * SCALE
    totals = asyncio.run(play_many(memory_app(tmp_path), game, count, GAMES.index(game)))
    assert totals["matches"] == count
    # Every match ended, but Schmier's, which are capped: most of those are cut short.
    assert totals["finished"] == count or game == "schmier"
    assert totals["messages"] > 3 * totals["actions"] > 0


@pytest.mark.slow
@pytest.mark.usefixtures("quiet")
def test_undo_stays_within_the_deal(tmp_path: Path) -> None:
    """One person against computer players, taking back a move whenever allowed: an
    undo never goes back over the end of a deal, whose showdown showed every hand (the
    searcher reports a deal going back as a leak). Small decks, many deals: in later
    deals every card has been seen somewhere, which the undo rule must not mistake for
    "nothing new came into sight"."""

    async def run() -> None:
        app = memory_app(tmp_path)
        rng = random.Random(5)
        for game, options in (("schnauz", {"num_players": 5, "deck_variant": "A9",
                                           "lives": 2}),
                              ("scat", {"num_players": 6, "lives": 2})):
            for _ in range(12):
                seating = Seating(app, game, rng, options, solo=True)
                seating.undo = 0.5
                await seating.sit_down()
                while not seating.failures and await seating.step(game):
                    pass
                await seating.close()
                if seating.failures:
                    raise seating.failures[0]

    asyncio.run(run())


# --- the searcher finds a leak -------------------------------------------------------------


def _peek(table: Table, client_seat: int | None) -> dict[str, Any]:
    """What a careless server might add: another seat's hand, the top of the stock, a
    face-down discard, the seed."""
    dump = table.match.state.dump()
    other = 0 if client_seat != 0 else 1
    stock = dump.get("stock", dump.get("talon", []))
    return {
        "hand": {"hand_of_other": dump["hands"][other]},
        "stock": {"next_card": stock[:1]},
        "discards": {"face_down": [c for d in dump.get("discards", []) for c in d][:1]},
        "seed": {"deal_seed": table.match.seed},
    }


@pytest.mark.usefixtures("quiet")
@pytest.mark.parametrize(("game", "leak"), [
    ("schnauz", "hand"), ("scat", "stock"), ("schnapsen", "hand"), ("schnapsen", "stock"),
    ("schmier", "discards"), ("scat", "seed"),
])
def test_the_searcher_finds_a_planted_leak(game: str, leak: str, tmp_path: Path,
                                           monkeypatch: pytest.MonkeyPatch) -> None:
    """A snapshot that shows one hidden card (or the seed) fails the search."""
    honest = Table.snapshot

    def leaky(self: Table, client: Any, **kwargs: Any) -> dict[str, Any]:
        state = honest(self, client, **kwargs)
        planted = _peek(self, client.seat)[leak]
        if any(planted.values()):
            state["view"] = {**state["view"], **planted}
        return state

    monkeypatch.setattr(Table, "snapshot", leaky)
    with pytest.raises(Leak):
        asyncio.run(play_many(memory_app(tmp_path), game, 20, 7))


def test_whole_words_only() -> None:
    assert card_words('{"a":"play AS","b":["10H","JK"],"c":"swap 7H TD"}') == {
        "AS", "TH", "JK", "7H", "TD"}
    assert card_words('{"id":"x-5S","t":"AS_KS","w":"ASK","k":"KSX"}') == set()


# --- the same over real sockets ---------------------------------------------------------------


class LiveClient:
    """A real socket; every message it receives is checked as the bytes came."""

    def __init__(self, sock: TableSocket, seat: int | None, secrets: Secrets) -> None:
        self.sock = sock
        self.seat = seat
        self.secrets = secrets
        self.sitting: int | None = None

    def read(self, wait: float = 0.0) -> None:
        """Every message waiting; the first one awaited ``wait`` seconds at most."""
        while True:
            try:
                text = self.sock.conn.recv(timeout=wait)
            except TimeoutError:
                return
            wait = 0.0
            assert isinstance(text, str)
            message = json.loads(text)
            assert as_sent(message) == text  # the in-memory runs search the same text
            self.secrets.check(text, self.seat, message)
            if message["type"] == "state":
                self.sock.state = message
            elif message["type"] == "seated" and message["seat"] == self.sitting:
                self.seat = self.sitting

    def sit(self, seat: int) -> None:
        self.sitting = seat
        self.sock.send({"type": "sit", "seat": seat, "name": f"Gast {seat}"})
        deadline = time.monotonic() + 10
        while self.seat != seat:
            assert time.monotonic() < deadline, "no seat"
            self.read(0.05)


class Replica:
    """The match of a table run in another OS process, built from its stored record and
    played on by the test as its clients' actions are accepted (every seat is one of
    the test's clients, so the test knows every action)."""

    def __init__(self, record: dict[str, Any], seq: int) -> None:
        self.match = stammtisch.replay({**record, "actions": []})
        for action in record["actions"]:
            self.match.play(action)
        self.seq = seq

    def played(self, action: str) -> None:
        self.match.play(action)
        self.seq += 1


def _play_live(sockets: list[Any], created: dict[str, Any], size: int, game: str,
               rng: random.Random, truth: Table | Replica) -> Secrets:
    """One match over real sockets at the table ``created`` (by ``sockets[0]``, a live
    server or a server process; the clients connect to ``sockets`` in turn: with
    several, most of them are relayed to the table's process, server/cluster.py);
    ``truth`` is the table's match: the server's own, or a replica."""
    secrets = Secrets(truth.match, truth.seq)
    secrets.watch(lambda: truth.seq)
    clients = [LiveClient(sockets[1 % len(sockets)].socket(created["id"], created["token"]),
                          0, secrets)]
    for seat in range(1, size):
        clients.append(LiveClient(sockets[seat % len(sockets)].socket(created["id"]), None,
                                  secrets))
        clients[-1].sit(seat)
    clients.append(LiveClient(sockets[size % len(sockets)].socket(created["id"]), None,
                              secrets))
    deadline = time.monotonic() + 120
    expected = 0
    while True:
        behind = [c for c in clients if c.sock.state.get("seq", -1) < expected]
        for client in clients:
            client.read(0.05 if client in behind else 0.0)
        if behind:
            assert time.monotonic() < deadline, "the sockets did not catch up"
            continue
        if truth.match.result is not None or deal_cap(game, secrets):
            break
        assert all(c.sock.state["seq"] == expected == truth.seq for c in clients)
        to_act = truth.match.to_act
        assert to_act is not None
        actor = clients[to_act]
        action = rng.choice(actor.sock.state["view"]["legal_actions"])
        actor.sock.act(action)
        if isinstance(truth, Replica):
            truth.played(action)
        expected += 1
    for client in clients:
        client.sock.close()
    return secrets


def _live_table(server: LiveServer, game: str, rng: random.Random,
                spread: list[LiveServer] | None = None) -> Secrets:
    """A match of random options at a live server (in this process), played over real
    sockets to ``server`` or, with ``spread``, to the servers of one deployment."""
    options = random_options(game, rng)
    size = stammtisch.new_match(game, seed=1, **options).num_players
    created = server.create(game, ["human", *["open"] * (size - 1)],
                            seed=rng.randrange(10**9, 2**31), **options)
    table = server.hub.tables[created["id"]]
    return _play_live(spread or [server], created, size, game, rng, table)


@pytest.mark.slow
def test_real_sockets_send_no_hidden_card(db: Path) -> None:
    server = LiveServer(db)
    try:
        rng = random.Random(11)
        for game in GAMES:
            for _ in range(LIVE_MATCHES):
                secrets = _live_table(server, game, rng)
                assert secrets.messages > len(secrets.moments) > 1
    finally:
        server.stop()


@pytest.mark.slow
def test_two_server_processes_send_no_hidden_card(postgres: str, redis_server: str,
                                                  redis_prefix: str) -> None:
    """The same over a deployment of two servers (each its own app, event loop and
    Redis channel, on one PostgreSQL schema and one Redis): every seat's view is worked
    out by the table's owner and relayed to its socket's server unchanged."""
    servers = [LiveServer(postgres, redis=redis_server, redis_prefix=redis_prefix)
               for _ in range(2)]
    try:
        rng = random.Random(12)
        for game in GAMES:
            secrets = _live_table(servers[0], game, rng, spread=servers)
            assert secrets.messages > len(secrets.moments) > 1
    finally:
        for server in servers:
            server.stop()


@pytest.mark.slow
def test_two_server_os_processes_send_no_hidden_card(postgres: str, redis_server: str,
                                                     redis_prefix: str) -> None:
    """The same with real ``stammtisch serve`` processes (tests/server/nodes.py): the
    table's match lives in another process, so the test follows it on a replica built
    from the stored record (its seed drawn by the server) and the actions it sends."""
    nodes = start_nodes(2, postgres, redis_server, redis_prefix)
    store = Store(postgres)
    try:
        rng = random.Random(13)
        for game in GAMES:
            options = random_options(game, rng)
            size = stammtisch.new_match(game, seed=1, **options).num_players
            created = nodes[0].create(game, ["human", *["open"] * (size - 1)], **options)
            stored = store.load(created["id"])
            assert stored is not None
            replica = Replica(dict(stored.record), stored.seq or 0)
            secrets = _play_live(nodes, created, size, game, rng, replica)
            assert secrets.messages > len(secrets.moments) > 1
        # The search sees through the replica: one of another seed finds the seats'
        # own hands "hidden".
        created = nodes[0].create("schnapsen", ["human", "open"])
        stored = store.load(created["id"])
        assert stored is not None
        wrong = Replica({**stored.record, "seed": stored.record["seed"] + 1}, 0)
        with pytest.raises(Leak):
            _play_live(nodes, created, 2, "schnapsen", rng, wrong)
    finally:
        store.dispose()
        for node in nodes:
            node.stop()
