"""One client's gate: the rate limit every message passes, and the count of refusals that
closes a client who goes on after being told.

Used alike by the table socket's loop (server/ws.py ``converse``), by a deployment's
edge (server/cluster.py), which limits a socket before anything reaches Redis, and by
the bot API's program stream (server/botsocket.py).
"""

from __future__ import annotations

import time
from collections.abc import Callable
from typing import Any

from stammtisch.server.protocol import MAX_REFUSED, error
from stammtisch.server.ratelimit import TokenBucket

CALM = 1.0
"""Seconds without a refused message after which a client's refusals are forgiven."""


class Gate:
    """``rate`` messages a second, bursts of ``burst``; more than ``limit`` refusals in a
    row close the client. "In a row" counts every refused message (of any kind) until one
    is accepted after ``calm`` seconds without a refusal, so that a flood which gets a
    message through each time the bucket refills is still one flood."""

    def __init__(self, rate: float, burst: float, *, limit: int = MAX_REFUSED,
                 calm: float = CALM, clock: Callable[[], float] = time.monotonic) -> None:
        self.bucket = TokenBucket(rate, burst, clock)
        self.limit = limit
        self.calm = calm
        self.clock = clock
        self.in_a_row = 0
        self.last_refused = 0.0

    def admit(self) -> bool:
        """True when the next message may pass the rate limit now."""
        return self.bucket.take()

    def too_fast(self, answer_id: int | None) -> dict[str, Any]:
        """The answer to a message :meth:`admit` kept out."""
        return error("rate_limited", f"too many messages: at most {self.bucket.rate:g} a "
                     f"second (bursts of {self.bucket.burst:g})", answer_id)

    def refused(self) -> bool:
        """Count a refused message (rate limited or answered with an error); True when
        the client has now been refused too often and is to be closed."""
        self.in_a_row += 1
        self.last_refused = self.clock()
        return self.in_a_row > self.limit

    def accepted(self) -> None:
        """A message was accepted: after a calm spell, the refusals are forgiven."""
        if self.clock() - self.last_refused > self.calm:
            self.in_a_row = 0
