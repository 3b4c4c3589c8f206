"""Messages between the server processes of one deployment, over Redis pub/sub.

Every process listens on its own channel and on one all of them share (for what every
process must hear: :meth:`Courier.broadcast`). Messages posted to other processes leave in
the order posted, in pipelined batches. A batch whose publish fails (Redis closed the
connection, or restarted) is published again a few times over about two seconds before
it is given up: a message lost here would be a seat's confirmation or a state its
client never sees. Publishing again may deliver a message twice (the first try reached
Redis, its reply did not), so every message carries its sender and a number counted
per channel: a receiver drops what it already heard from that sender there, and logs the
messages it never heard (a batch given up, or its subscription lost for a moment).
Redis away is told in a line when it goes and one when it is back (server/outage.py),
not a traceback each time a try fails.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import logging
from collections.abc import Callable
from typing import Any

import redis.asyncio as aioredis
from prometheus_client import Counter

from stammtisch.server.outage import Outage, brief, expected

log = logging.getLogger("stammtisch.server")

ALL = "*"
"""The destination of a message to every other process."""
RETRY_AFTER = (0.05, 0.2, 0.5, 1.0)
"""Seconds waited before each further try of a batch that could not be published."""
MAX_BATCH = 500
LISTEN_AGAIN = 0.5
"""Seconds between two tries to listen again on a channel Redis dropped."""


class Courier:
    """This process's channel: ``dispatch`` gets every message sent to it, once and in
    the order each sender posted; ``gone`` is told of a process that no longer listens."""

    def __init__(self, redis: aioredis.Redis, prefix: str, me: str,
                 dispatch: Callable[[dict[str, Any]], None],
                 gone: Callable[[str], None], counted: Counter | None = None) -> None:
        self.redis = redis
        self.prefix = prefix
        self.me = me
        self.dispatch = dispatch
        self.gone = gone
        self.counted = counted
        """Messages sent, received and lost, by ``direction`` (server/metrics.py)."""
        self._posts: asyncio.Queue[tuple[str, dict[str, Any]]] = asyncio.Queue()
        self._numbers: dict[str, int] = {}
        """The number of the last message posted to each other process (and to :data:`ALL`)."""
        self._heard: dict[tuple[str, str], int] = {}
        """The number of the last message heard from each other process, by its
        destination (this process or :data:`ALL`)."""
        self._pubsub: Any = None
        self._publishing = Outage(
            "could not pass %d messages to other server processes",
            f"trying again for about {sum(RETRY_AFTER):g} s, then giving them up",
            "messages pass to the other server processes again")
        self._listening = Outage(
            "lost this process's Redis channel",
            f"listening again every {LISTEN_AGAIN:g} s (what is sent to this process "
            "meanwhile is lost, and counted once it listens)",
            "listening on this process's Redis channel again")

    def channel(self, process: str) -> str:
        return f"{self.prefix}all" if process == ALL else f"{self.prefix}proc:{process}"

    async def subscribe(self) -> None:
        """Listen on this process's channel and the shared one (before :meth:`listen`
        and :meth:`write` run, so that nothing sent once it was named here is missed)."""
        self._pubsub = self.redis.pubsub(ignore_subscribe_messages=True)
        await self._pubsub.subscribe(self.channel(self.me), self.channel(ALL))

    async def close(self) -> None:
        with contextlib.suppress(Exception):
            await self._pubsub.aclose()

    def post(self, process: str, message: dict[str, Any]) -> None:
        """Send ``message`` to ``process``; messages leave in the order posted."""
        self._posts.put_nowait((process, message))

    def broadcast(self, message: dict[str, Any]) -> None:
        """Send ``message`` to every other process (this one does not hear it)."""
        self._posts.put_nowait((ALL, message))

    async def flush(self) -> None:
        """Wait until every message posted so far has left."""
        while not self._posts.empty():
            await asyncio.sleep(0.01)

    async def write(self) -> None:
        """Every posted message, in order: to this process directly, to others through
        Redis; a process that no longer listens is noticed here."""
        while True:
            batch = [await self._posts.get()]
            while not self._posts.empty() and len(batch) < MAX_BATCH:
                batch.append(self._posts.get_nowait())
            remote = []
            for process, message in batch:
                if process == self.me:
                    self.dispatch(message)
                else:
                    remote.append((process, self._envelope(process, message)))
            if remote:
                await self._publish(remote)

    def _envelope(self, process: str, message: dict[str, Any]) -> str:
        number = self._numbers.get(process, 0) + 1
        self._numbers[process] = number
        return json.dumps({"from": self.me, "to": process, "n": number, "body": message})

    async def _publish(self, remote: list[tuple[str, str]]) -> None:
        for attempt in range(len(RETRY_AFTER) + 1):
            try:
                async with self.redis.pipeline(transaction=False) as pipe:
                    for process, text in remote:
                        pipe.publish(self.channel(process), text)
                    heard = await pipe.execute()
            except Exception as error:  # noqa: BLE001 - Redis away: tried again, given up
                if attempt == len(RETRY_AFTER):
                    log.error("could not pass %d messages to other server processes (Redis: "
                              "%s); given up, they are lost", len(remote), brief(error),
                              exc_info=None if expected(error) else error)
                    return
                self._publishing.failed(error, len(remote))
                await asyncio.sleep(RETRY_AFTER[attempt])
                continue
            self._publishing.worked()
            self._count("sent", len(remote))
            for (process, _text), listeners in zip(remote, heard, strict=True):
                if not listeners and process != ALL:
                    self.gone(process)
            return

    async def listen(self) -> None:
        """Dispatch every message on this process's channel; listen again when Redis
        drops the subscription."""
        while True:
            try:
                async for item in self._pubsub.listen():
                    if item.get("type") == "message":
                        self._receive(item["data"])
            except asyncio.CancelledError:
                raise
            except Exception as error:  # noqa: BLE001 - reconnect and listen on
                self._listening.failed(error)
            await asyncio.sleep(LISTEN_AGAIN)
            try:
                await self._pubsub.subscribe(self.channel(self.me), self.channel(ALL))
            except Exception as error:  # noqa: BLE001 - still away: the next round tries
                self._listening.failed(error)
            else:
                self._listening.worked()

    def _receive(self, data: str | bytes) -> None:
        try:
            envelope = json.loads(data)
            sender, to = envelope["from"], envelope["to"]
            number, message = envelope["n"], envelope["body"]
        except (ValueError, TypeError, KeyError):
            log.error("a message on this process's channel is not a courier's envelope")
            return
        if not isinstance(sender, str) or to not in (self.me, ALL) \
                or not isinstance(number, int) or not isinstance(message, dict):
            log.error("a message on this process's channel is not a courier's envelope")
            return
        if sender == self.me:
            return  # this process's own broadcast
        last = self._heard.get((sender, to), 0)
        if number <= last:
            return  # published again after a lost reply: heard already
        if last and number > last + 1:
            log.warning("messages from server process %s were lost: %d", sender,
                        number - last - 1)
            self._count("lost", number - last - 1)
        self._heard[sender, to] = number
        self._count("received", 1)
        self.dispatch(message)

    def _count(self, direction: str, messages: int) -> None:
        if self.counted is not None:
            self.counted.labels(direction).inc(messages)
