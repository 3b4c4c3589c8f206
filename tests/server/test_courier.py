"""The messages between server processes (server/courier.py) on a real Redis: in order,
each once, through a publish that failed or whose reply was lost, through Redis closing
the sender's connection, and after Redis closed the receiver's subscription."""

from __future__ import annotations

import asyncio
import json
import logging
from collections.abc import Awaitable, Callable
from typing import Any, cast

import pytest
import redis.asyncio as aioredis
from redis.exceptions import ConnectionError as RedisConnectionError

from stammtisch.server import courier as courier_module
from stammtisch.server.courier import ALL, Courier


class FlakyPipeline:
    """A pipeline whose execute fails as its client was told: ``before`` Redis got the
    commands, or ``after`` Redis ran them (the reply lost)."""

    def __init__(self, pipe: Any, client: FlakyRedis) -> None:
        self.pipe = pipe
        self.client = client

    async def __aenter__(self) -> FlakyPipeline:
        await self.pipe.__aenter__()
        return self

    async def __aexit__(self, *exc: object) -> None:
        await self.pipe.__aexit__(*exc)

    def publish(self, channel: str, text: str) -> None:
        self.pipe.publish(channel, text)

    async def execute(self) -> list[Any]:
        failure = self.client.failures.pop(0) if self.client.failures else None
        if failure == "before":
            raise RedisConnectionError("Connection closed by server.")
        heard: list[Any] = await self.pipe.execute()
        if failure == "after":
            raise RedisConnectionError("Connection closed by server.")
        return heard


class FlakyRedis:
    def __init__(self, client: aioredis.Redis, failures: list[str]) -> None:
        self.client = client
        self.failures = failures

    def pipeline(self, **kwargs: Any) -> FlakyPipeline:
        return FlakyPipeline(self.client.pipeline(**kwargs), self)

    def __getattr__(self, name: str) -> Any:
        return getattr(self.client, name)


async def _two_processes(url: str, prefix: str, failures: list[str],
                         body: Callable[[Courier, list[dict[str, Any]]], Awaitable[None]],
                         names: tuple[str | None, str | None] = (None, None),
                         gone: list[str] | None = None) -> list[dict[str, Any]]:
    """Process "a" (its Redis failing as ``failures`` say) posts to process "b"; what
    "b" dispatched, after ``body`` ran. ``names``: the two processes' Redis client names;
    ``gone``: where the processes found to be gone are put (else there must be none)."""
    clients = [aioredis.from_url(url, client_name=name) for name in names]
    got: list[dict[str, Any]] = []
    expect_none = gone is None
    gone = [] if gone is None else gone
    sender = Courier(cast(aioredis.Redis, FlakyRedis(clients[0], failures)), prefix, "a",
                     lambda m: pytest.fail(f"a heard {m}"), gone.append)
    receiver = Courier(clients[1], prefix, "b", got.append, gone.append)
    await sender.subscribe()
    await receiver.subscribe()
    tasks = [asyncio.create_task(job) for job in
             (sender.write(), sender.listen(), receiver.write(), receiver.listen())]
    try:
        await body(sender, got)
    finally:
        for task in tasks:
            task.cancel()
        await sender.close()
        await receiver.close()
        for client in clients:
            await client.aclose()
    if expect_none:
        assert gone == []
    return got


async def _until(test: Callable[[], bool], seconds: float = 30.0) -> None:
    deadline = asyncio.get_running_loop().time() + seconds
    while not test():
        assert asyncio.get_running_loop().time() < deadline, f"not within {seconds} s"
        await asyncio.sleep(0.01)


def _post_numbered(sender: Courier, first: int, last: int) -> None:
    for number in range(first, last + 1):
        sender.post("b", {"op": "out", "n": number})


@pytest.mark.parametrize("failures", [[], ["before"], ["after"], ["after", "before", "after"]])
def test_every_message_arrives_once_and_in_order(redis_server: str, redis_prefix: str,
                                                 failures: list[str]) -> None:
    async def body(sender: Courier, got: list[dict[str, Any]]) -> None:
        _post_numbered(sender, 1, 30)
        await _until(lambda: len(got) >= 30)
        _post_numbered(sender, 31, 40)
        await _until(lambda: len(got) >= 40)
        # A copy published again would come before a message posted after it: once this
        # one is here, any copy is too.
        _post_numbered(sender, 41, 41)
        await _until(lambda: any(m["n"] == 41 for m in got))

    got = asyncio.run(_two_processes(redis_server, redis_prefix, list(failures), body))
    assert [m["n"] for m in got] == list(range(1, 42))


def test_a_batch_given_up_is_logged_and_the_next_goes(
        redis_server: str, redis_prefix: str, monkeypatch: pytest.MonkeyPatch,
        caplog: pytest.LogCaptureFixture) -> None:
    monkeypatch.setattr(courier_module, "RETRY_AFTER", (0.01, 0.01))

    async def body(sender: Courier, got: list[dict[str, Any]]) -> None:
        _post_numbered(sender, 1, 3)
        await sender.flush()  # 1-3 are one batch, in hand: 4 and 5 will be the next
        _post_numbered(sender, 4, 5)
        await _until(lambda: len(got) >= 2)

    with caplog.at_level(logging.WARNING, "stammtisch.server"):
        got = asyncio.run(_two_processes(redis_server, redis_prefix,
                                         ["before"] * 3, body))
    assert [m["n"] for m in got] == [4, 5]
    assert any("given up" in record.getMessage() for record in caplog.records)


def test_redis_closing_the_connection_loses_nothing(redis_server: str,
                                                    redis_prefix: str) -> None:
    """Redis closes the sending process's connection between two batches: the next
    batch still arrives."""
    name = f"{redis_prefix.rstrip(':')}_sender"

    async def body(sender: Courier, got: list[dict[str, Any]]) -> None:
        _post_numbered(sender, 1, 10)
        await _until(lambda: len(got) >= 10)
        admin = aioredis.from_url(redis_server)
        try:
            for client in await admin.client_list():
                if client.get("name") == name:
                    await admin.client_kill_filter(_id=client["id"])
        finally:
            await admin.aclose()
        _post_numbered(sender, 11, 20)
        await _until(lambda: len(got) >= 20)

    got = asyncio.run(_two_processes(redis_server, redis_prefix, [], body, names=(name, None)))
    assert [m["n"] for m in got] == list(range(1, 21))


async def _kill_clients(url: str, name: str) -> int:
    admin = aioredis.from_url(url)
    try:
        killed = 0
        for client in await admin.client_list():
            if client.get("name") == name:
                killed += int(await admin.client_kill_filter(_id=client["id"]))
        return killed
    finally:
        await admin.aclose()


def test_a_receiver_whose_subscription_redis_closed_listens_again(
        redis_server: str, redis_prefix: str, caplog: pytest.LogCaptureFixture) -> None:
    """Redis closes the receiving process's subscription: it subscribes again, the sender
    notices the process gone meanwhile (what it posted then is lost, and the receiver
    says how many), and what is posted afterwards arrives."""
    name = f"{redis_prefix.rstrip(':')}_receiver"
    gone: list[str] = []

    async def body(sender: Courier, got: list[dict[str, Any]]) -> None:
        _post_numbered(sender, 1, 5)
        await _until(lambda: len(got) >= 5)
        assert await _kill_clients(redis_server, name) >= 1
        _post_numbered(sender, 6, 6)
        await _until(lambda: bool(gone))
        channel = sender.channel("b")

        async def listening() -> bool:
            return bool((await sender.redis.pubsub_numsub(channel))[0][1])

        deadline = asyncio.get_running_loop().time() + 30
        while not await listening():
            assert asyncio.get_running_loop().time() < deadline, "b never listened again"
            await asyncio.sleep(0.01)
        _post_numbered(sender, 7, 10)
        await _until(lambda: len(got) >= 9)

    with caplog.at_level(logging.WARNING, "stammtisch.server"):
        got = asyncio.run(_two_processes(redis_server, redis_prefix, [], body,
                                         names=(None, name), gone=gone))
    assert [m["n"] for m in got] == [1, 2, 3, 4, 5, 7, 8, 9, 10]
    assert gone == ["b"]
    said = [record.getMessage() for record in caplog.records]
    assert any(line.startswith("lost this process's Redis channel (Redis: ")
               and "; listening again every" in line for line in said), said
    assert "listening on this process's Redis channel again" in " ".join(said)
    assert not any(record.exc_info for record in caplog.records)  # an expected loss
    assert "messages from server process a were lost: 1" in said


def test_a_receiver_drops_copies_and_what_is_not_an_envelope(
        caplog: pytest.LogCaptureFixture) -> None:
    """Numbers count per sender and channel: a broadcast's number 1 is not a copy of a
    direct message's; a message for another process, or from this one, is not heard."""
    got: list[dict[str, Any]] = []
    receiver = Courier(cast(aioredis.Redis, None), "p:", "b", got.append, lambda p: None)

    def sent(sender: str, number: Any, k: int, to: str = "b") -> dict[str, Any]:
        return {"from": sender, "to": to, "n": number, "body": {"k": k}}

    envelopes = [sent("a", 1, 1), sent("a", 1, 1), sent("c", 1, 2), sent("a", 1, 3, ALL),
                 sent("a", 2, 4), sent("a", 2, 4, ALL), sent("b", 9, 0, ALL),
                 sent("a", "3", 0), sent("a", 3, 0, "c"), {"from": "a", "n": 4, "body": {}},
                 ["a", 5], sent("a", 5, 5)]
    with caplog.at_level(logging.WARNING, "stammtisch.server"):
        for envelope in envelopes:
            receiver._receive(json.dumps(envelope))
        receiver._receive(b"not json")
    assert got == [{"k": k} for k in (1, 2, 3, 4, 4, 5)]
    said = [(record.levelname, record.getMessage()) for record in caplog.records]
    assert said[-1] == ("ERROR", "a message on this process's channel is not a courier's "
                        "envelope")
    assert said.count(said[-1]) == 5
    assert ("WARNING", "messages from server process a were lost: 2") in said


def test_a_broadcast_reaches_every_other_process_once(redis_server: str,
                                                      redis_prefix: str) -> None:
    async def run() -> dict[str, list[dict[str, Any]]]:
        clients = [aioredis.from_url(redis_server) for _ in range(3)]
        got: dict[str, list[dict[str, Any]]] = {name: [] for name in "abc"}
        couriers = [Courier(client, redis_prefix, name, got[name].append, lambda p: None)
                    for client, name in zip(clients, "abc", strict=True)]
        tasks = []
        for courier in couriers:
            await courier.subscribe()
            tasks += [asyncio.create_task(courier.write()),
                      asyncio.create_task(courier.listen())]
        try:
            couriers[0].broadcast({"k": 1})
            couriers[0].post("b", {"k": 2})
            couriers[0].broadcast({"k": 3})
            await _until(lambda: len(got["b"]) >= 3 and len(got["c"]) >= 2)
            # Then one from c to everyone, on the same channel: a copy of a's, or a's own
            # broadcast heard back at a, would have come before it.
            couriers[2].broadcast({"k": 4})
            await _until(lambda: {"k": 4} in got["a"] and {"k": 4} in got["b"])
        finally:
            for task in tasks:
                task.cancel()
            for courier, client in zip(couriers, clients, strict=True):
                await courier.close()
                await client.aclose()
        return got

    got = asyncio.run(run())
    assert got == {"a": [{"k": 4}], "b": [{"k": 1}, {"k": 2}, {"k": 3}, {"k": 4}],
                   "c": [{"k": 1}, {"k": 3}]}
