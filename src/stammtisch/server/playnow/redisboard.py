"""The Play now queues in Redis, for several server processes (server/cluster.py).

Keys under ``<redis prefix>playnow:``: ``who:<person>`` a person's record (JSON, as
server/playnow/board.py describes), ``q:<queue>`` a hash of the searching entries,
``groups:<queue>`` and ``group:<id>`` the groups in their found phase, ``seen:<person>``
(expiring: the page still asks) and ``found:<person>`` (who was found so far, expiring),
``lease:<queue>`` the process that pairs the queue. Every change of a person's state is
one Lua script, so it is atomic across the processes: a person is claimed for one
group at most and a group is seated once, even where two processes pair one queue for
a moment (a lease running out under a paused process).
"""

from __future__ import annotations

import json
import time
from collections.abc import Callable
from typing import Any

import redis.asyncio as aioredis

from stammtisch.server.playnow.board import SEATED_TTL, STALE, found_record
from stammtisch.server.playnow.queue import Entry

LEASE = 3.0
"""Seconds a process holds a queue without renewing it."""

_BACK = """
local function back(K, person, gid)
  local raw = redis.call('GET', K .. 'who:' .. person)
  if not raw then return end
  local rec = cjson.decode(raw)
  if rec.state ~= 'found' or rec.group ~= gid then return end
  redis.call('HSET', K .. 'q:' .. rec.queue, person, rec.entry)
  redis.call('SET', K .. 'who:' .. person,
             cjson.encode({state = 'searching', queue = rec.queue, entry = rec.entry}))
end
"""

JOIN = """
local K, person, queue, entry, stale = ARGV[1], ARGV[2], ARGV[3], ARGV[4], ARGV[5]
local old = redis.call('GET', K .. 'who:' .. person)
if old then
  local rec = cjson.decode(old)
  if rec.state == 'found' or rec.state == 'seating' then return rec.state end
  if rec.state == 'searching' then redis.call('HDEL', K .. 'q:' .. rec.queue, person) end
end
redis.call('HSET', K .. 'q:' .. queue, person, entry)
redis.call('SET', K .. 'who:' .. person,
           cjson.encode({state = 'searching', queue = queue, entry = entry}))
redis.call('SET', K .. 'seen:' .. person, '1', 'PX', stale)
redis.call('DEL', K .. 'found:' .. person)
return ''
"""

CANCEL = _BACK + """
local K, person = ARGV[1], ARGV[2]
local raw = redis.call('GET', K .. 'who:' .. person)
if not raw then return '' end
local rec = cjson.decode(raw)
if rec.state == 'seating' then return rec.state end
redis.call('DEL', K .. 'who:' .. person, K .. 'found:' .. person, K .. 'seen:' .. person)
if rec.state == 'searching' then redis.call('HDEL', K .. 'q:' .. rec.queue, person) end
if rec.state == 'found' then
  local graw = redis.call('GET', K .. 'group:' .. rec.group)
  if graw then
    redis.call('DEL', K .. 'group:' .. rec.group)
    redis.call('SREM', K .. 'groups:' .. rec.queue, rec.group)
    for _, other in ipairs(cjson.decode(graw).persons) do back(K, other, rec.group) end
  end
end
return rec.state
"""

CLAIM = """
local K, queue, gid, group, n = ARGV[1], ARGV[2], ARGV[3], ARGV[4], tonumber(ARGV[5])
for i = 1, n do
  local raw = redis.call('GET', K .. 'who:' .. ARGV[4 + 2 * i])
  if not raw then return 0 end
  local rec = cjson.decode(raw)
  if rec.state ~= 'searching' or rec.queue ~= queue then return 0 end
end
for i = 1, n do
  local person = ARGV[4 + 2 * i]
  redis.call('HDEL', K .. 'q:' .. queue, person)
  redis.call('SET', K .. 'who:' .. person, ARGV[5 + 2 * i])
  redis.call('DEL', K .. 'found:' .. person)
end
redis.call('SET', K .. 'group:' .. gid, group)
redis.call('SADD', K .. 'groups:' .. queue, gid)
return 1
"""

COMMIT = _BACK + """
local K, queue, gid = ARGV[1], ARGV[2], ARGV[3]
local graw = redis.call('GET', K .. 'group:' .. gid)
if not graw then return 0 end
redis.call('DEL', K .. 'group:' .. gid)
redis.call('SREM', K .. 'groups:' .. queue, gid)
local persons = cjson.decode(graw).persons
local records = {}
for i, person in ipairs(persons) do
  local raw = redis.call('GET', K .. 'who:' .. person)
  local rec = raw and cjson.decode(raw)
  if not rec or rec.state ~= 'found' or rec.group ~= gid then
    for _, other in ipairs(persons) do back(K, other, gid) end
    return 0
  end
  records[i] = rec
end
for i, person in ipairs(persons) do
  records[i].state = 'seating'
  redis.call('SET', K .. 'who:' .. person, cjson.encode(records[i]))
end
return 1
"""

UNSEAT = """
local K, queue = ARGV[1], ARGV[2]
for i = 3, #ARGV do
  local raw = redis.call('GET', K .. 'who:' .. ARGV[i])
  if raw then
    local rec = cjson.decode(raw)
    if rec.state == 'seating' then
      redis.call('HSET', K .. 'q:' .. queue, ARGV[i], rec.entry)
      redis.call('SET', K .. 'who:' .. ARGV[i],
                 cjson.encode({state = 'searching', queue = queue, entry = rec.entry}))
    end
  end
end
return 1
"""

HOLD = """
local held = redis.call('GET', KEYS[1])
if not held then
  redis.call('SET', KEYS[1], ARGV[1], 'PX', ARGV[2])
  return 1
end
if held == ARGV[1] then
  redis.call('PEXPIRE', KEYS[1], ARGV[2])
  return 1
end
return 0
"""

RELEASE = """
if redis.call('GET', KEYS[1]) == ARGV[1] then redis.call('DEL', KEYS[1]) end
return 1
"""


def _text(value: Any) -> str:
    return value.decode() if isinstance(value, bytes) else str(value)


class RedisBoard:
    """The queues of a deployment, shared by its processes in Redis."""

    def __init__(self, client: aioredis.Redis, prefix: str, me: str,
                 lease: float = LEASE, clock: Callable[[], float] = time.monotonic) -> None:
        self.redis = client
        self.key = f"{prefix}playnow:"
        self.me = me
        self.lease = lease
        self.held: set[str] = set()
        self._asked: dict[str, float] = {}
        self.clock = clock
        """When this process last asked Redis about a lease (tests pass their own)."""
        self._scripts = {name: client.register_script(code) for name, code in (
            ("join", JOIN), ("cancel", CANCEL), ("claim", CLAIM), ("commit", COMMIT),
            ("unseat", UNSEAT), ("hold", HOLD), ("release", RELEASE))}

    async def _run(self, name: str, *args: Any, keys: list[str] | None = None) -> Any:
        return await self._scripts[name](keys=keys or [], args=list(args))

    async def hold(self, queue: str) -> bool:
        """Asks Redis once every third of the lease, for each queue; in between, what
        it last said holds (a held lease has two thirds of its time left)."""
        now = self.clock()
        if now - self._asked.get(queue, float("-inf")) < self.lease / 3:
            return queue in self.held
        held = bool(await self._run("hold", self.me, int(self.lease * 1000),
                                    keys=[f"{self.key}lease:{queue}"]))
        self._asked[queue] = now  # once answered: while Redis is away, asked every tick
        if held:
            self.held.add(queue)
        else:
            self.held.discard(queue)
        return held

    async def release(self) -> None:
        for queue in list(self.held):
            await self._run("release", self.me, keys=[f"{self.key}lease:{queue}"])
        self.held.clear()
        self._asked.clear()

    async def join(self, entry: Entry, queue: str) -> str | None:
        refused = _text(await self._run("join", self.key, entry.person, queue,
                                        json.dumps(entry.stored()), int(STALE * 1000)))
        return refused or None

    async def cancel(self, person: str) -> str | None:
        return _text(await self._run("cancel", self.key, person)) or None

    async def look(self, person: str) -> tuple[dict[str, Any] | None, list[str]]:
        async with self.redis.pipeline(transaction=False) as pipe:
            pipe.get(f"{self.key}who:{person}")
            pipe.get(f"{self.key}found:{person}")
            raw, found = await pipe.execute()
        if raw is None:
            return None, []
        record = json.loads(raw)
        if record.get("state") != "seated":
            await self.redis.set(f"{self.key}seen:{person}", "1", px=int(STALE * 1000))
        return record, json.loads(found) if found is not None else []

    async def searching(self, queue: str) -> list[tuple[Entry, str]]:
        stored = await self.redis.hgetall(f"{self.key}q:{queue}")
        return [(Entry.from_stored(json.loads(text)), _text(text))
                for text in stored.values()]

    async def unseen(self, persons: list[str]) -> list[str]:
        if not persons:
            return []
        seen = await self.redis.mget([f"{self.key}seen:{p}" for p in persons])
        return [p for p, mark in zip(persons, seen, strict=True) if mark is None]

    async def claim(self, queue: str, group: dict[str, Any],
                    texts: dict[str, str]) -> bool:
        pairs: list[str] = []
        for person in group["persons"]:
            pairs += [person, json.dumps(found_record(queue, texts[person], group))]
        return bool(await self._run("claim", self.key, queue, group["id"],
                                    json.dumps(group), len(group["persons"]), *pairs))

    async def due(self, queue: str, now: float) -> list[dict[str, Any]]:
        ids = await self.redis.smembers(f"{self.key}groups:{queue}")
        if not ids:
            return []
        stored = await self.redis.mget([f"{self.key}group:{_text(i)}" for i in ids])
        groups = [json.loads(text) for text in stored if text is not None]
        return [group for group in groups if group["starts"] <= now]

    async def commit(self, group: dict[str, Any]) -> bool:
        return bool(await self._run("commit", self.key, group["queue"], group["id"]))

    async def seat(self, person: str, record: dict[str, Any]) -> None:
        await self.redis.set(f"{self.key}who:{person}", json.dumps(record),
                             px=int(SEATED_TTL * 1000))

    async def unseat(self, group: dict[str, Any]) -> None:
        await self._run("unseat", self.key, group["queue"], *group["persons"])

    async def tell_found(self, found: dict[str, list[str]]) -> None:
        if not found:
            return
        async with self.redis.pipeline(transaction=False) as pipe:
            for person, names in found.items():
                pipe.set(f"{self.key}found:{person}", json.dumps(names),
                         px=int(STALE * 1000))
            await pipe.execute()
