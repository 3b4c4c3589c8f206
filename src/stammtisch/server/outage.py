"""Redis away, told in a line or two instead of a traceback each time a job meets it.

The jobs of a deployment of several processes (server/cluster.py, courier.py,
shared.py) use Redis again and again. When it goes away, the connection is lost,
refused or timed out: an expected failure, which an :class:`Outage` tells once, in one
line with what the process does meanwhile, and once more when the job works again. Any
other error is a bug and keeps its traceback, every time.
"""

from __future__ import annotations

import functools
import logging
import time

log = logging.getLogger("stammtisch.server")


@functools.cache
def _expected_types() -> tuple[type[BaseException], ...]:
    """What a lost, refused or timed-out connection to Redis raises (the Redis client
    comes with the ``cluster`` extra: a single server never imports it)."""
    from redis.exceptions import ConnectionError as RedisConnectionError
    from redis.exceptions import TimeoutError as RedisTimeoutError

    return (RedisConnectionError, RedisTimeoutError, ConnectionError, TimeoutError)


def expected(error: BaseException) -> bool:
    """True for a lost, refused or timed-out connection: Redis is away."""
    return isinstance(error, _expected_types())


def brief(error: BaseException) -> str:
    """The first line of what ``error`` says."""
    said = str(error).strip().splitlines()
    return said[0].rstrip(".") if said else type(error).__name__


class Outage:
    """One job's failures: ``what`` failed (``"lost this process's Redis channel"``) and
    what the process does ``meanwhile`` (``"listening again every 0.5 s"``), told when
    Redis goes away; ``back`` (``"listening on this process's Redis channel again"``)
    when the job works again."""

    def __init__(self, what: str, meanwhile: str, back: str) -> None:
        self.what = what
        self.meanwhile = meanwhile
        self.back = back
        self.since: float | None = None
        """When (``time.monotonic()``) the job began to fail; None while it works."""

    @property
    def down(self) -> bool:
        return self.since is not None

    def failed(self, error: BaseException, *args: object) -> None:
        """The job failed with ``error``; ``args`` fill the ``%`` fields of ``what``."""
        if not expected(error):
            log.error(f"{self.what}; {self.meanwhile}", *args, exc_info=error)
            return
        if self.since is None:
            self.since = time.monotonic()
            log.warning(f"{self.what} (Redis: %s); {self.meanwhile}", *args, brief(error))

    def worked(self) -> None:
        """The job worked: after an outage, say so once."""
        if self.since is not None:
            log.warning(f"{self.back} (Redis was away for %.1f s)",
                        time.monotonic() - self.since)
            self.since = None
