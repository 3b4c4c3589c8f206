"""What a table is made of: the master (table/master.py) holds the match and tells its
parts what happens; each part has one job (seating, takeback, players, helpers,
rematch) and gives its public piece of a seat's state. A new table feature is a new
part: a :class:`Part` the master lists.

Also the names every part shares: the client of a table, its refusals, its phases.
"""

from __future__ import annotations

import asyncio
from collections.abc import Awaitable, Callable
from dataclasses import dataclass, field
from typing import Any, Protocol

from stammtisch.core.match import Match
from stammtisch.errors import StammtischError
from stammtisch.server.fairqueue import requester
from stammtisch.server.seats import Player, Seat
from stammtisch.server.table.settings import TableSettings

Send = Callable[[dict[str, Any]], Awaitable[None]]
WAITING, PLAYING, OVER = "waiting", "playing", "over"


class TableError(StammtischError):
    """A request the table refuses; ``code`` (see protocol.CODES) and the text go back
    to the client unchanged."""

    def __init__(self, message: str, code: str = "not_now") -> None:
        super().__init__(message)
        self.code = code


@dataclass
class Client:
    seat: int | None
    send: Send
    events_sent: int = 0
    bot: str | None = None
    """The bot account of a program of the bot API; None for a person's socket."""
    address: str = ""
    """The client's address (its socket's, or as the edge process passed it on)."""
    account: Player | None = None
    """The logged-in person of a socket (its session cookie); None for a guest."""
    updates: bool = False
    """It takes ``update`` frames after its first ``state`` (server/frames.py)."""
    frame: int = 0
    """Frames (``state`` or ``update``) sent to it so far."""
    seen: dict[str, Any] | None = None
    """The seat state its last frame stood for (what an update is made against)."""
    seen_seat: int | None = None
    """The seat that state was of."""
    aside: set[asyncio.Task[None]] = field(default_factory=set)
    """Its requests being worked out aside (a hint), while its other messages go on."""

    @property
    def requester(self) -> str:
        """Whom the shared helpers count this client's requests for (server/fairqueue.py)."""
        return requester(self.address)


@dataclass(frozen=True)
class Play:
    """One action played at the table, as every part is told of it."""

    seat: int
    action: str
    seq_before: int
    """The table's ``seq`` the action was played at."""
    events_before: int
    """Where its events begin in ``match.events``."""


class Host(Protocol):
    """What a part sees of its table (the master)."""

    id: str
    match: Match
    seq: int
    actors: list[int]
    """Who played each action of the record."""
    clients: list[Client]
    lock: asyncio.Lock
    clock: Callable[[], float]
    sleep: Callable[[float], Awaitable[None]]
    settings: TableSettings
    """What its creator chose (turn clock, table talk)."""

    @property
    def seats(self) -> list[Seat]: ...

    def view(self, seat: int | None) -> Any:
        """``match.view(seat)``, built once per position: never to be changed."""

    @property
    def phase(self) -> str: ...

    @property
    def human_seats(self) -> list[int]: ...

    async def save_match(self) -> None: ...

    async def save_seats(self) -> None: ...

    async def save_clock(self) -> None: ...

    async def commit(self, seat: int, text: str) -> bool: ...

    async def broadcast(self, *, full: bool = False, answer: Client | None = None,
                        answer_id: int | None = None, skip: Client | None = None) -> None: ...

    async def broadcast_between_changes(self, *, skip: Client | None = None) -> None: ...

    def seat_changed(self, seat: int) -> None: ...

    def wake_bots(self) -> None: ...


class Part:
    """One job of a table. Every hook is called under the table's lock (but
    :meth:`close`, and :meth:`played` while a stored table is rebuilt); the defaults do
    nothing, so a part overrides only what concerns it."""

    def played(self, play: Play) -> None:
        """An action was played and stored (``host.actors`` has its actor already)."""

    def forget(self, play: Play) -> None:
        """An action could not be stored: the match took it back, the table is as it was
        before it (the part was never told it was played)."""

    def seated(self, seat: int) -> None:
        """Who holds ``seat`` changed (a person sat, a computer player or a program
        took it over), and the seats are stored."""

    def left(self, seat: int) -> None:
        """The last socket of ``seat`` closed."""

    async def welcome(self, client: Client) -> None:
        """A socket joined and was sent its first state."""

    def wake(self) -> None:
        """The table may have something to do on its own now (after a change)."""

    def public(self, seat: int | None) -> dict[str, Any]:
        """This part's piece of ``seat``'s state (None: a watcher's)."""
        return {}

    def close(self) -> None:
        """The table leaves memory: stop every timer and task."""


def player(client: Client) -> int:
    """The seat ``client`` plays; watchers are refused."""
    if client.seat is None:
        raise TableError("you are watching this table; only its players act", "not_seated")
    return client.seat


def check_seq(host: Host, seq: int | None) -> None:
    if seq is not None and seq != host.seq:
        raise TableError(f"your view is out of date (seq {seq}, the table is at "
                         f"{host.seq}): here is the current one", "stale")
