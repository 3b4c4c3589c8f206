"""Per-socket rate limit: a token bucket (a steady rate, and bursts up to a size)."""

from __future__ import annotations

import time
from collections.abc import Callable


class TokenBucket:
    """``rate`` messages a second on average, at most ``burst`` at once."""

    def __init__(self, rate: float, burst: float,
                 clock: Callable[[], float] = time.monotonic) -> None:
        self.rate = rate
        self.burst = burst
        self.clock = clock
        self.tokens = burst
        self.last = clock()

    def take(self) -> bool:
        """True when one more message may pass now."""
        now = self.clock()
        self.tokens = min(self.burst, self.tokens + (now - self.last) * self.rate)
        self.last = now
        if self.tokens >= 1:
            self.tokens -= 1
            return True
        return False
