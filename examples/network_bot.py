"""A program that plays stammtisch over the network, through the bot API
(src/stammtisch/server/botprotocol.py): it listens on the bot stream for the seats kept
for it, plays each table on that table's socket, and stops after the matches asked for.
It plays a random legal action, needing only the ``websockets`` library, or with
``--bot module:Class`` your own bot class, the same spec ``stammtisch arena --players``
seats (stammtisch/bots/custom.py: the class gets ``seed``, ``game``, ``seat`` as its
``__init__`` names them, and ``choose(view)`` the seat's view each turn).

    python examples/network_bot.py --server http://127.0.0.1:8000 --register my-bot
    python examples/network_bot.py --server http://127.0.0.1:8000 --token TOKEN --matches 3
    python examples/network_bot.py --server http://127.0.0.1:8000 --token TOKEN --table ID
    python examples/network_bot.py --token TOKEN --bot examples.greedy_bot:GreedyBot

Then start a table whose seat says "bot:my-bot" (the start page's "External bot", or
``POST /api/tables`` with ``{"game": "schnapsen", "seats": ["bot:my-bot", "club"]}``).

A server process that shuts down closes its sockets with code 1012 ("connect again"):
the client then connects again, to the next ``--server`` where several are given (the
processes of one deployment), and goes on where the table is; so it does when the
connection drops, for up to ``RECONNECT_FOR`` seconds.
"""

from __future__ import annotations

import argparse
import json
import random
import sys
import time
import urllib.request
from collections.abc import Callable, Iterator, Sequence
from typing import Any, Protocol

from websockets.exceptions import ConnectionClosed, InvalidHandshake, InvalidStatus
from websockets.sync.client import ClientConnection, connect

State = dict[str, Any]
Servers = str | Sequence[str]
"""One server's address, or those of the processes of one deployment."""

RECONNECT_FOR = 60.0
"""Seconds a client keeps trying to connect again after it lost its socket."""
AGAIN = {1001, 1006, 1011, 1012, 1013}
"""Close codes after which connecting again may help: going away, dropped, a server
error, a restart (1012: a process shutting down), try again later."""


class Chooser(Protocol):
    def choose(self, view: dict[str, Any]) -> str: ...


class RandomChooser:
    """A random legal action (the default)."""

    def __init__(self, rng: random.Random) -> None:
        self.rng = rng

    def choose(self, view: dict[str, Any]) -> str:
        return str(self.rng.choice(view["legal_actions"]))


def class_bot(spec: str) -> Callable[[str, int, random.Random], Chooser]:
    """What makes the bot of class ``spec`` (``module:Class`` or ``file.py:Class``) for a
    table's game and seat: stammtisch's own loader, as the arena uses it. Raises
    ``BotSpecError`` at once where the class cannot be loaded."""
    from stammtisch.bots.custom import construct, load_bot_class

    load_bot_class(spec)

    def make(game: str, seat: int, rng: random.Random) -> Chooser:
        bot: Chooser = construct(spec, game, rng.getrandbits(63), seat, None)
        return bot
    return make


def register(server: str, name: str) -> str:
    """A new bot account on ``server``; its token (shown once: keep it)."""
    request = urllib.request.Request(
        f"{server.rstrip('/')}/api/bots", data=json.dumps({"name": name}).encode(),
        headers={"Content-Type": "application/json"}, method="POST")
    with urllib.request.urlopen(request, timeout=10) as answer:
        token: str = json.load(answer)["token"]
    return token


def _socket(server: str, path: str, token: str) -> ClientConnection:
    address = server.rstrip("/").replace("http://", "ws://").replace("https://", "wss://")
    return connect(address + path, additional_headers={"Authorization": f"Bearer {token}"},
                   max_size=2**24, open_timeout=10)


def _connections(servers: Servers, path: str, token: str) -> Iterator[ClientConnection]:
    """Sockets at ``path``, one after the other: the first server's, then, each time the
    caller comes back for another (its socket was lost), the next server's, waiting a
    little longer each time; gives up after ``RECONNECT_FOR`` seconds without one."""
    addresses = [servers] if isinstance(servers, str) else list(servers)
    turn, pause, since = 0, 0.1, time.monotonic()
    while True:
        try:
            sock = _socket(addresses[turn % len(addresses)], path, token)
        except (OSError, TimeoutError, InvalidHandshake) as error:
            refused = isinstance(error, InvalidStatus) and error.response.status_code < 500
            if refused or time.monotonic() - since > RECONNECT_FOR:  # a 4xx: a bad token
                raise SystemExit(f"could not connect to {path}: {error}") from error
        else:
            with sock:
                yield sock
            since, pause = time.monotonic(), 0.1
        turn += 1
        time.sleep(pause)
        pause = min(2 * pause, 2.0)


def _lost(closed: ConnectionClosed) -> bool:
    """Whether a socket closed this way may be connected again."""
    code = closed.rcvd.code if closed.rcvd is not None else 1006
    return code in AGAIN


def play_table(server: Servers, token: str, table: str, rng: random.Random,
               on_state: Callable[[State], None] = lambda _state: None,
               bot: Callable[[str, int, random.Random], Chooser] | None = None) -> State:
    """Play this bot's seat at ``table`` (or its first open seat, through an invite
    link) to the end of the match, connecting again where the socket is lost; the last
    state. ``bot`` makes the player for the table's game and seat (:func:`class_bot`);
    without it, random legal actions."""
    acted, asked = -1, False
    player: Chooser | None = None
    for sock in _connections(server, f"/ws/tables/{table}", token):
        try:
            while True:
                message: State = json.loads(sock.recv(timeout=120))
                if message["type"] == "error":
                    sys.stderr.write(f"table {table}: {message['code']}: "
                                     f"{message['message']}\n")
                    continue
                if message["type"] != "state":
                    continue
                on_state(message)
                if message["result"] is not None:
                    return message
                if message["seat"] is None and not asked:  # an invite link: an open seat
                    asked = True
                    kinds = [seat["kind"] for seat in message["seats"]]
                    if "open" not in kinds:
                        raise SystemExit(f"table {table} keeps no seat for this bot")
                    sock.send(json.dumps({"type": "sit", "seat": kinds.index("open"),
                                          "name": "bot"}))
                mine = message["seat"] is not None and message["to_act"] == message["seat"]
                if mine and message["phase"] == "playing" and message["seq"] != acted:
                    acted = message["seq"]
                    if player is None:
                        player = RandomChooser(rng) if bot is None \
                            else bot(message["view"]["game"], message["seat"], rng)
                    action = player.choose(message["view"])
                    sock.send(json.dumps({"type": "act", "action": action, "seq": acted}))
        except ConnectionClosed as closed:
            if not _lost(closed):
                raise
            sys.stderr.write(f"table {table}: the socket closed ({closed}); connecting again\n")
    raise AssertionError("unreachable: _connections gives up by raising")


def play_offers(server: Servers, token: str, matches: int, rng: random.Random,
                on_state: Callable[[State], None] = lambda _state: None,
                bot: Callable[[str, int, random.Random], Chooser] | None = None,
                ) -> list[State]:
    """Wait on the bot stream for seats kept for this bot and play ``matches`` of them,
    one after the other, connecting again where the stream is lost; the last state of
    each."""
    done: list[State] = []
    played: set[str] = set()
    for stream in _connections(server, "/ws/bot", token):
        try:
            while len(done) < matches:
                message = json.loads(stream.recv())
                if message["type"] == "error":
                    raise SystemExit(f"the server refused: {message['message']}")
                if message["type"] == "offer" and message["table"] not in played:
                    played.add(message["table"])
                    done.append(play_table(server, token, message["table"], rng, on_state,
                                           bot))
            return done
        except ConnectionClosed as closed:
            if not _lost(closed):
                raise
            sys.stderr.write(f"the bot stream closed ({closed}); connecting again\n")
    raise AssertionError("unreachable: _connections gives up by raising")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--server", action="append",
                        help="the server's address (default http://127.0.0.1:8000); give "
                             "it once for each process of a deployment to connect again "
                             "to another when one shuts down")
    parser.add_argument("--token", help="this bot's token")
    parser.add_argument("--register", metavar="NAME", help="make a bot account, print its token")
    parser.add_argument("--table", help="play this table only (its seat kept for this bot)")
    parser.add_argument("--matches", type=int, default=1, help="matches to play (default 1)")
    parser.add_argument("--seed", type=int, default=None)
    parser.add_argument("--bot", metavar="module:Class",
                        help="play with this bot class (as in stammtisch arena --players); "
                             "default: random legal actions")
    args = parser.parse_args(argv)
    servers: list[str] = args.server or ["http://127.0.0.1:8000"]
    if args.register:
        sys.stdout.write(register(servers[0], args.register) + "\n")
        return 0
    if not args.token:
        parser.error("--token is needed (or --register NAME first)")
    rng = random.Random(args.seed)
    bot = None
    if args.bot:
        try:
            bot = class_bot(args.bot)
        except Exception as error:  # the loader's one line says why
            parser.error(str(error))
    if args.table:
        ends = [play_table(servers, args.token, args.table, rng, bot=bot)]
    else:
        ends = play_offers(servers, args.token, args.matches, rng, bot=bot)
    for end in ends:
        sys.stdout.write(f"table {end['table']}: {json.dumps(end['result'])}\n")
    return 0


if __name__ == "__main__":
    sys.exit(main())
