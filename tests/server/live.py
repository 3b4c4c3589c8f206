"""A real server on a free local port, in a thread, for the server and browser tests."""

from __future__ import annotations

import json
import socket
import threading
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

import httpx
import uvicorn
from websockets.sync.client import ClientConnection, connect
from websockets.typing import Subprotocol

from stammtisch.server import Settings, create_app
from stammtisch.server.connections import uvicorn_config
from stammtisch.server.frames import merge
from stammtisch.server.hub import Hub, match_seed
from stammtisch.server.seattoken import UPDATES, offered_subprotocols

PATIENCE = 30.0
"""Seconds a test waits for the server's next message (or for the server to start)
before it fails: generous, since a loaded machine (the suite on every core, and other
work beside it) answers in seconds what a quiet one answers in milliseconds. A wait
returns as soon as what it waits for is there."""


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        port: int = sock.getsockname()[1]
        return port


class LiveServer:
    """``stammtisch serve`` in a thread; ``stop()`` and a new one on the same database
    is a server restart."""

    def __init__(self, db: Path | str, *, bot_delay: float = 0.0,
                 port: int | None = None, grace: float = 60.0,
                 rate: tuple[float, float] = (1000.0, 1000.0), **settings: Any) -> None:
        """``db``: a SQLite file, or a database URL. ``rate``: messages a second and
        burst per socket; generous by default so that tests may play at full speed
        (the production limit is ``Settings().rate``, ``Settings().burst``); so are the
        new tables per address. ``settings``: further :class:`Settings` fields. The
        server runs on ``stammtisch serve``'s uvicorn configuration."""
        self.db = db
        self.port = port or free_port()
        self.url = f"http://127.0.0.1:{self.port}"
        url = db if isinstance(db, str) else f"sqlite:///{db}"
        settings = {"create_rate": 1000.0, "create_burst": 1000.0,
                    "reviews_at_end": False, **settings}  # a test asks for the reviews it reads
        app = create_app(Settings(db_url=url, bot_delay=bot_delay, grace=grace,
                                  rate=rate[0], burst=rate[1], **settings))
        self.hub: Hub = app.state.hub
        self._seeds: list[int] = []
        self.hub.new_seed = lambda: self._seeds.pop() if self._seeds else match_seed()
        self.server = uvicorn.Server(uvicorn_config(app, "127.0.0.1", self.port))
        self.thread = threading.Thread(target=self.server.run, daemon=True)
        self.thread.start()
        deadline = time.monotonic() + PATIENCE
        while not self.server.started:
            if time.monotonic() > deadline or not self.thread.is_alive():
                raise RuntimeError("the test server did not start")
            time.sleep(0.02)

    def stop(self) -> None:
        self.server.should_exit = True
        self.thread.join(timeout=10)

    def create(self, game: str, seats: list[str], seed: int = 1, *, name: str | None = None,
               listed: bool | None = None, hints: bool | None = None,
               **options: Any) -> dict[str, Any]:
        """A new table; ``seats`` as in ``POST /api/tables`` (``open`` for a friend).
        The API takes a seed only at a practice table; where a friend may sit, the test
        hands the server its seed directly, as if the OS had drawn it."""
        body: dict[str, Any] = {"game": game, "seats": seats, "options": options}
        if "open" in seats:
            self._seeds.append(seed)
        else:
            body["seed"] = seed
        if name is not None:
            body["name"] = name
        if listed is not None:
            body["listed"] = listed
        if hints is not None:
            body["hints"] = hints
        response = httpx.post(f"{self.url}/api/tables", json=body, timeout=PATIENCE)
        assert response.status_code == 201, response.text
        created: dict[str, Any] = response.json()
        return created

    def socket(self, table: str, token: str = "", cookies: str = "", *,
               updates: bool = False) -> TableSocket:
        """A socket at ``table`` with a seat's ``token``; ``cookies`` as a browser sends
        them (a logged-in person's session); ``updates``: it takes update frames (as the
        page does), each merged here into the state it stands for."""
        offered = offered_subprotocols(token) + ([UPDATES] if updates else [])
        return TableSocket(connect(
            f"ws://127.0.0.1:{self.port}/ws/tables/{table}",
            subprotocols=[Subprotocol(p) for p in offered],
            additional_headers={"Cookie": cookies} if cookies else None,
            max_size=2**24, open_timeout=PATIENCE, legacy=True))


class TableSocket:
    """A client of the table socket that reads the server's JSON messages."""

    def __init__(self, conn: ClientConnection) -> None:
        self.conn = conn
        self.events: list[Any] = []
        self.state: dict[str, Any] = {}
        self.frames: list[dict[str, Any]] = []
        """Every state and update frame as it came."""

    def receive(self, timeout: float = PATIENCE) -> dict[str, Any]:
        """The next message; an update comes as the state it stands for (and a frame
        that does not follow the last one fails the test: none may be missed)."""
        message: dict[str, Any] = json.loads(self.conn.recv(timeout=timeout))
        if message["type"] in ("state", "update"):
            self.frames.append(message)
        if message["type"] == "update":
            assert message["frame"] == self.state.get("frame", -1) + 1, "a frame was missed"
            message = merge(self.state, message)
        if message["type"] == "state":
            del self.events[message["log_start"]:]
            self.events.extend(message["events"])
            self.state = message
        return message

    def send(self, data: Any) -> None:
        self.conn.send(data if isinstance(data, str | bytes) else json.dumps(data))

    def act(self, action: str) -> None:
        """Send ``action`` against the latest state received (its ``seq``); a socket
        just opened waits for its first state."""
        self.first_state()
        self.send({"type": "act", "action": action, "seq": self.state["seq"]})

    def first_state(self, timeout: float = PATIENCE) -> dict[str, Any]:
        """The latest state, once one has come (a socket just opened may have none yet)."""
        return self.until_state(lambda _state: True, timeout)

    def until(self, kind: str, timeout: float = PATIENCE) -> dict[str, Any]:
        """The next message of type ``kind`` (states on the way are kept)."""
        deadline = time.monotonic() + timeout
        while True:
            message = self.receive(timeout=max(0.1, deadline - time.monotonic()))
            if message["type"] == kind:
                return message

    def until_state(self, test: Callable[[dict[str, Any]], bool],
                    timeout: float = PATIENCE) -> dict[str, Any]:
        """The first state (the latest one received included) that passes ``test``."""
        deadline = time.monotonic() + timeout
        while not (self.state and test(self.state)):
            self.receive(timeout=max(0.1, deadline - time.monotonic()))
        return self.state

    def latest(self) -> dict[str, Any]:
        """The newest state once no more messages are waiting (after the first state,
        however long that takes to come)."""
        self.first_state()
        while self.pending():
            pass
        return self.state

    def until_my_turn(self, timeout: float = PATIENCE) -> dict[str, Any]:
        """The next state where this seat is to act or the match is over."""
        deadline = time.monotonic() + timeout
        while True:
            state = self.state
            if state and (state["result"] is not None or state["to_act"] == state["seat"]):
                if not self.pending():
                    return state
                continue  # a message came meanwhile (it was read): look again
            self.receive(timeout=max(0.1, deadline - time.monotonic()))

    def pending(self) -> bool:
        """True while another message is already waiting."""
        try:
            self.receive(timeout=0.02)
        except TimeoutError:
            return False
        return True

    def close(self) -> None:
        self.conn.close()
