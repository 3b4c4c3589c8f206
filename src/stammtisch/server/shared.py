"""What the processes of a deployment share in Redis besides their messages
(server/courier.py) and tables (server/cluster.py): the limits per client address, and
the reviews each works out."""

from __future__ import annotations

import json
import logging
from typing import TYPE_CHECKING, Any

from stammtisch.server.clientlimit import PerClient

if TYPE_CHECKING:
    from stammtisch.server.cluster import Cluster

log = logging.getLogger("stammtisch.server")

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

    async def acquire(self, address: str) -> float | None:
        if self.rate <= 0:
            return await super().acquire(address)
        key = f"{self.cluster.prefix}limit:{self.name}:{address}"
        try:
            allowed, wait = await self.cluster.redis.eval(
                BUCKET, 1, key, repr(self.rate), repr(self.burst))
        except Exception:  # noqa: BLE001 - Redis away: each process counts alone
            log.exception("the shared limit %s could not be read from Redis", self.name)
            return await super().acquire(address)
        return None if int(allowed) else max(0.0, float(wait))


class ReviewBoard:
    """The reviews the processes work out (server/reviews.py, :class:`Board`), told to
    Redis: whichever process a page asks knows one is running, how far, or why it failed."""

    def __init__(self, cluster: Cluster) -> None:
        self.cluster = cluster

    def _key(self, table_id: str, seat: int) -> str:
        return f"{self.cluster.prefix}review:{table_id}:{seat}"

    async def tell(self, table_id: str, seat: int, entry: dict[str, Any] | None) -> None:
        if entry is None:
            await self.cluster.redis.delete(self._key(table_id, seat))
        else:
            await self.cluster.redis.set(self._key(table_id, seat), json.dumps(entry),
                                         px=int(REVIEW_TTL * 1000))

    async def read(self, table_id: str, seat: int) -> dict[str, Any] | None:
        text = await self.cluster.redis.get(self._key(table_id, seat))
        entry = json.loads(text) if text is not None else None
        return entry if isinstance(entry, dict) else None
