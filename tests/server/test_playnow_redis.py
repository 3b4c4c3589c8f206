"""The Play now queues in Redis (server/playnow/redisboard.py), as two processes see
them: one holds a queue's lease at a time; a person is claimed for one group at most;
a group is seated once; a cancel in the found phase sends the others back."""

from __future__ import annotations

import asyncio
import json
import time
from typing import Any

import redis.asyncio as aioredis

from stammtisch.server.playnow.board import group_record
from stammtisch.server.playnow.queue import Entry
from stammtisch.server.playnow.redisboard import RedisBoard

QUEUE = "schnapsen:rules"


def entry(person: str, rating: float = 1500.0) -> Entry:
    return Entry(person, person.title(), rating, time.time(), 20.0)


async def two_boards(url: str, prefix: str) -> tuple[RedisBoard, RedisBoard, Any]:
    client = aioredis.from_url(url)
    return RedisBoard(client, prefix, "one"), RedisBoard(client, prefix, "two"), client


def group(people: list[Entry], starts: float = 0.0, name: str = "g1") -> dict[str, Any]:
    return group_record(name, QUEUE, people, [], starts)


def test_one_process_holds_a_queue_until_its_lease_runs_out(
        redis_server: str, redis_prefix: str) -> None:
    async def go() -> None:
        one, two, client = await two_boards(redis_server, redis_prefix)
        now = [0.0]
        for board in (one, two):
            board.lease, board.clock = 0.375, lambda: now[0]  # thirds exact in binary
        assert await one.hold(QUEUE)
        assert not await two.hold(QUEUE)
        now[0] += 0.125  # a third of the lease: each asks Redis again
        assert await one.hold(QUEUE)  # renewed
        assert not await two.hold(QUEUE)
        deadline = time.monotonic() + 10
        while not await two.hold(QUEUE):  # one no longer renews: its lease runs out
            assert time.monotonic() < deadline, "the lease never ran out"
            now[0] += 0.125
        now[0] += 0.125
        assert await two.hold(QUEUE)  # renewed just now: a slow machine may not let
        assert not await one.hold(QUEUE)  # its 0.375 s in Redis pass before one asks
        await two.release()
        now[0] += 0.125
        assert await one.hold(QUEUE)
        await client.aclose()
    asyncio.run(go())


def test_a_person_is_claimed_for_one_group_and_a_group_seated_once(
        redis_server: str, redis_prefix: str) -> None:
    async def go() -> None:
        one, two, client = await two_boards(redis_server, redis_prefix)
        ann, bob, cat = entry("ann"), entry("bob"), entry("cat")
        for person in (ann, bob, cat):
            assert await one.join(person, QUEUE) is None
        texts = {e.person: text for e, text in await two.searching(QUEUE)}
        assert await one.claim(QUEUE, group([ann, bob]), texts)
        assert not await two.claim(QUEUE, group([bob, cat], name="g2"), texts)
        assert [e.person for e, _ in await two.searching(QUEUE)] == ["cat"]
        due = await two.due(QUEUE, time.time())
        assert [g["id"] for g in due] == ["g1"]
        assert await two.commit(due[0])
        assert not await one.commit(due[0])
        record, _ = await one.look("bob")
        assert record is not None and record["state"] == "seating"
        assert await one.cancel("bob") == "seating"  # too late
        assert await one.join(bob, QUEUE) == "seating"
        await client.aclose()
    asyncio.run(go())


def test_a_cancel_in_the_found_phase_sends_the_others_back_and_no_group_is_seated(
        redis_server: str, redis_prefix: str) -> None:
    async def go() -> None:
        one, two, client = await two_boards(redis_server, redis_prefix)
        ann, bob = entry("ann"), entry("bob")
        for person in (ann, bob):
            await one.join(person, QUEUE)
        texts = {e.person: text for e, text in await one.searching(QUEUE)}
        made = group([ann, bob])
        assert await one.claim(QUEUE, made, texts)
        record, _ = await two.look("ann")
        assert record is not None and record["state"] == "found"
        assert json.loads(record["entry"])["person"] == "ann"
        assert await two.cancel("bob") == "found"
        assert await one.due(QUEUE, time.time()) == []
        assert not await one.commit(made)
        back, _ = await one.look("ann")
        assert back is not None and back["state"] == "searching"
        assert [e.person for e, _ in await one.searching(QUEUE)] == ["ann"]
        assert (await one.look("bob"))[0] is None
        await client.aclose()
    asyncio.run(go())


def test_a_second_ask_moves_a_person_and_a_page_that_stopped_asking_is_unseen(
        redis_server: str, redis_prefix: str) -> None:
    async def go() -> None:
        one, two, client = await two_boards(redis_server, redis_prefix)
        ann = entry("ann")
        await one.join(ann, QUEUE)
        await two.join(ann, "schnapsen:traditional")
        assert await one.searching(QUEUE) == []
        assert len(await one.searching("schnapsen:traditional")) == 1
        assert await one.unseen(["ann"]) == []
        await client.delete(f"{redis_prefix}playnow:seen:ann")  # as if STALE passed
        assert await one.unseen(["ann"]) == ["ann"]
        await two.look("ann")
        assert await one.unseen(["ann"]) == []
        await client.aclose()
    asyncio.run(go())
