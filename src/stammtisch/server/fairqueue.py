"""A fair queue in front of a helper the server shares (the hint worker, the reviews).

Work waits for one of ``slots`` turns. Whoever asks is a *requester*: a key made by
:func:`requester` (today from the client's address; an account id takes its place once
there are accounts, so that one person's requests count together from anywhere). A
requester has at most ``per_requester`` requests waiting or running; the queue holds at
most ``most`` waiting. Turns go by rank first (rank 0 before rank 1: the lesson coach
before hints, a player of a match before someone who watched it), then to the waiting
requesters of that rank in turn (round robin), each requester's own requests in the
order asked. A waiting request is told its place in the queue (1: next) whenever it
changes.
"""

from __future__ import annotations

import asyncio
import math
import time
from collections import OrderedDict, deque
from collections.abc import AsyncIterator, Awaitable, Callable
from contextlib import asynccontextmanager
from dataclasses import dataclass, field

from stammtisch.server.metrics import Waits

Waiting = Callable[[int], Awaitable[None]]
"""Told the request's place in the queue (1: next) when it waits, and as it moves up."""


def requester(address: str, account: str | None = None) -> str:
    """The key a request is counted and served by: the person's account where there is
    one, else the client's address."""
    return f"account:{account}" if account else f"address:{address}"


class QueueFull(Exception):
    """A request the queue does not take now. ``mine``: the requester's own requests
    reached their limit (else the queue is full); ``wait``: about how many seconds until
    one turn comes round, None while nothing has been timed."""

    def __init__(self, message: str, mine: bool, wait: float | None) -> None:
        super().__init__(message)
        self.mine = mine
        self.wait = wait


@dataclass(eq=False)
class Ticket:
    """A request in the queue: ``place`` while it waits (1: next), then ``granted``."""

    who: str
    rank: int
    entered: float = 0.0
    place: int = 0
    granted: bool = False
    moved: asyncio.Event = field(default_factory=asyncio.Event)
    """Set when ``place`` changed or the turn came."""


class FairQueue:
    """Turns at a shared helper, fairly among requesters (see the module's text)."""

    def __init__(self, slots: int = 1, per_requester: int = 2, most: int = 64,
                 clock: Callable[[], float] = time.monotonic) -> None:
        self.slots = slots
        self.per_requester = per_requester
        self.most = most
        self.clock = clock
        self._held = 0
        self._counts: dict[str, int] = {}
        """Requests waiting or running, per requester."""
        self._ranks: dict[int, OrderedDict[str, deque[Ticket]]] = {}
        """The waiting requests: per rank, per requester in the order of their turns."""
        self._durations: deque[float] = deque(maxlen=16)
        self.waits = Waits()

    @property
    def waiting(self) -> int:
        return sum(len(line) for lines in self._ranks.values() for line in lines.values())

    def waiting_at(self, rank: int) -> int:
        return sum(len(line) for line in self._ranks.get(rank, {}).values())

    def expected_wait(self, place: int) -> float | None:
        """About how many seconds a request at ``place`` waits, from the last turns held."""
        if not self._durations:
            return None
        mean = sum(self._durations) / len(self._durations)
        return math.ceil(place / self.slots) * mean

    @asynccontextmanager
    async def turn(self, who: str, rank: int = 0, waiting: Waiting | None = None,
                   capped: bool = True) -> AsyncIterator[None]:
        """Hold a turn for the body: at once when a slot is free and nobody waits, else
        after waiting (``waiting`` is told the place). Raises :class:`QueueFull` when
        ``who`` has ``per_requester`` requests already, or (``capped``) ``most`` wait."""
        async with self.hold(self.enter(who, rank, capped), waiting):
            yield

    @asynccontextmanager
    async def hold(self, request: Ticket,
                   waiting: Waiting | None = None) -> AsyncIterator[None]:
        """Wait for the turn of a request :meth:`enter`-ed, and hold it for the body."""
        try:
            told = 0
            while not request.granted:
                if waiting is not None and request.place != told:
                    told = request.place
                    await waiting(told)
                    continue
                request.moved.clear()
                await request.moved.wait()
        except BaseException:
            self._leave(request)
            raise
        started = self.clock()
        self.waits.observe(request.rank, started - request.entered)
        try:
            yield
        finally:
            self._durations.append(self.clock() - started)
            self._leave(request)

    def enter(self, who: str, rank: int = 0, capped: bool = True) -> Ticket:
        """A place in the queue at once (as :meth:`turn`), to be :meth:`hold`-en."""
        held = self._counts.get(who, 0)
        if held >= self.per_requester:
            raise QueueFull(f"{held} of your requests are waiting or being worked out",
                            True, self.expected_wait(1))
        if capped and self.waiting >= self.most:
            raise QueueFull(f"{self.waiting} requests are waiting", False,
                            self.expected_wait(self.waiting))
        self._counts[who] = held + 1
        request = Ticket(who, rank, self.clock())
        self._ranks.setdefault(rank, OrderedDict()).setdefault(who, deque()).append(request)
        self._serve()
        return request

    def _leave(self, request: Ticket) -> None:
        """The request is done, or gave up waiting (cancelled): its turn, if it had one,
        goes on."""
        left = self._counts[request.who] - 1
        if left:
            self._counts[request.who] = left
        else:
            del self._counts[request.who]
        if request.granted:
            self._held -= 1
        else:
            lines = self._ranks[request.rank]
            line = lines[request.who]
            line.remove(request)
            if not line:
                del lines[request.who]
        self._serve()

    def _serve(self) -> None:
        """Give free turns to the next in line, then tell every waiting one its place."""
        while self._held < self.slots:
            request = self._next()
            if request is None:
                break
            request.granted = True
            self._held += 1
            request.moved.set()
        for place, request in enumerate(self._order(), start=1):
            if request.place != place:
                request.place = place
                request.moved.set()

    def _next(self) -> Ticket | None:
        for rank in sorted(self._ranks):
            lines = self._ranks[rank]
            if not lines:
                continue
            who, line = next(iter(lines.items()))
            request = line.popleft()
            del lines[who]
            if line:
                lines[who] = line  # back of the round
            return request
        return None

    def _order(self) -> list[Ticket]:
        """The waiting requests in the order their turns come, as things stand."""
        order: list[Ticket] = []
        for rank in sorted(self._ranks):
            lines = list(self._ranks[rank].values())
            for round_ in range(max((len(line) for line in lines), default=0)):
                order.extend(line[round_] for line in lines if round_ < len(line))
        return order
