"""What the processes of a deployment share in Redis besides their messages
(server/courier.py) and tables (server/cluster.py): the limits per client address, and
the reviews each works out. While Redis is away, each process makes do alone, and says
so once (server/outage.py)."""

from __future__ import annotations

import json
from typing import TYPE_CHECKING, Any

from stammtisch.server.clientlimit import PerClient
from stammtisch.server.outage import Outage, expected

if TYPE_CHECKING:
    from stammtisch.server.cluster import Cluster

REVIEW_TTL = 30.0
"""Seconds a review's progress told to Redis is shown without being told again (the
process working it out died, if it is not)."""


BUCKET = """
local now = redis.call('TIME')
now = tonumber(now[1]) + tonumber(now[2]) / 1000000
local rate, burst = tonumber(ARGV[1]), tonumber(ARGV[2])
local held = redis.call('HMGET', KEYS[1], 'tokens', 'last')
local tokens = tonumber(held[1]) or burst
local last = tonumber(held[2]) or now
tokens = math.min(burst, tokens + math.max(0, now - last) * rate)
local allowed = 0
if tokens >= 1 then
  tokens = tokens - 1
  allowed = 1
end
redis.call('HSET', KEYS[1], 'tokens', tostring(tokens), 'last', tostring(now))
redis.call('PEXPIRE', KEYS[1], math.ceil(burst / rate * 1000) + 1000)
return {allowed, tostring((1 - tokens) / rate)}
"""
"""A token bucket in Redis, on Redis's clock: taken from atomically by every process."""


class SharedPerClient(PerClient):
    """:class:`PerClient` counted in Redis, so that an address gets its rate from all
    processes together, not from each; this process's own buckets stand in while Redis
    cannot be reached."""

    def __init__(self, cluster: Cluster, name: str, rate: float, burst: float) -> None:
        super().__init__(rate, burst)
        self.cluster = cluster
        self.name = name
        self.outage = Outage(f"the shared limit of {name} per address could not be read",
                             "each process counts alone meanwhile",
                             f"the shared limit of {name} per address is read again")

    async def acquire(self, address: str) -> float | None:
        if self.rate <= 0:
            return await super().acquire(address)
        key = f"{self.cluster.prefix}limit:{self.name}:{address}"
        try:
            allowed, wait = await self.cluster.redis.eval(
                BUCKET, 1, key, repr(self.rate), repr(self.burst))
        except Exception as error:  # noqa: BLE001 - Redis away: each process counts alone
            self.outage.failed(error)
            return await super().acquire(address)
        self.outage.worked()
        return None if int(allowed) else max(0.0, float(wait))


class ReviewBoard:
    """The reviews the processes work out (server/reviews.py, :class:`Board`), told to
    Redis: whichever process a page asks knows one is running, how far, or why it failed."""

    def __init__(self, cluster: Cluster) -> None:
        self.cluster = cluster
        self.outage = Outage("could not share the progress of reviews with the other "
                             "processes", "each process answers for its own reviews",
                             "the processes share the progress of reviews again")

    def _key(self, table_id: str, seat: int) -> str:
        return f"{self.cluster.prefix}review:{table_id}:{seat}"

    async def tell(self, table_id: str, seat: int, entry: dict[str, Any] | None) -> None:
        try:
            if entry is None:
                await self.cluster.redis.delete(self._key(table_id, seat))
            else:
                await self.cluster.redis.set(self._key(table_id, seat), json.dumps(entry),
                                             px=int(REVIEW_TTL * 1000))
        except Exception as error:
            if not expected(error):
                raise
            self.outage.failed(error)
            return
        self.outage.worked()

    async def read(self, table_id: str, seat: int) -> dict[str, Any] | None:
        try:
            text = await self.cluster.redis.get(self._key(table_id, seat))
        except Exception as error:
            if not expected(error):
                raise
            self.outage.failed(error)  # as if no other process reviewed it
            return None
        self.outage.worked()
        entry = json.loads(text) if text is not None else None
        return entry if isinstance(entry, dict) else None
