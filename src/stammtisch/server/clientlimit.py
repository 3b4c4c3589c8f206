"""Token buckets per client address, for actions one client must not repeat without end
(creating tables)."""

from __future__ import annotations

import time
from collections.abc import Callable

from stammtisch.server.ratelimit import TokenBucket

MAX_CLIENTS = 10_000
"""Buckets kept before the full ones (clients idle long enough) are forgotten."""


class PerClient:
    """``rate`` a second on average and at most ``burst`` at once, per address."""

    def __init__(self, rate: float, burst: float,
                 clock: Callable[[], float] = time.monotonic) -> None:
        self.rate = rate
        self.burst = burst
        self.clock = clock
        self.buckets: dict[str, TokenBucket] = {}

    def take(self, address: str) -> bool:
        """True when ``address`` may act once more now."""
        bucket = self.buckets.get(address)
        if bucket is None:
            if len(self.buckets) >= MAX_CLIENTS:
                self._forget_full()
            while len(self.buckets) >= MAX_CLIENTS:  # the oldest go first
                del self.buckets[next(iter(self.buckets))]
            bucket = self.buckets[address] = TokenBucket(self.rate, self.burst, self.clock)
        return bucket.take()

    async def acquire(self, address: str) -> float | None:
        """None when ``address`` may act once more now; else the seconds to wait."""
        return None if self.take(address) else self.retry_after(address)

    def retry_after(self, address: str) -> float:
        """Seconds until ``address`` may act again."""
        bucket = self.buckets.get(address)
        if bucket is None or bucket.tokens >= 1 or self.rate <= 0:
            return 0.0
        return (1 - bucket.tokens) / self.rate

    def _forget_full(self) -> None:
        """Drop the buckets that have refilled: a new one is the same."""
        now = self.clock()
        for address in [a for a, b in self.buckets.items()
                        if b.tokens + (now - b.last) * b.rate >= b.burst]:
            del self.buckets[address]
