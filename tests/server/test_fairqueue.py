"""The fair queue (server/fairqueue.py): turns in rank order, requesters of a rank in
turn, a limit per requester and on the queue, places told as they change, and a request
that gives up leaves no hole."""

from __future__ import annotations

import asyncio
from collections.abc import Callable, Coroutine
from typing import Any

import pytest

from stammtisch.server.fairqueue import FairQueue, QueueFull, requester


class Served:
    """Requests that hold their turn until the test releases them, in the order they got
    it; the places each was told."""

    def __init__(self, queue: FairQueue) -> None:
        self.queue = queue
        self.order: list[str] = []
        self.places: dict[str, list[int]] = {}
        self.release: dict[str, asyncio.Event] = {}
        self.tasks: dict[str, asyncio.Task[None]] = {}

    def ask(self, name: str, who: str, rank: int = 0, capped: bool = True) -> None:
        self.places[name] = []
        self.release[name] = asyncio.Event()

        async def told(place: int) -> None:
            self.places[name].append(place)

        async def work() -> None:
            async with self.queue.turn(who, rank, told, capped):
                self.order.append(name)
                await self.release[name].wait()

        self.tasks[name] = asyncio.get_running_loop().create_task(work())

    async def finish(self, name: str) -> None:
        self.release[name].set()
        await self.tasks[name]


async def until(condition: Callable[[], bool]) -> None:
    for _ in range(1000):
        if condition():
            return
        await asyncio.sleep(0)
    raise AssertionError("the condition never held")


def run(test: Callable[[], Coroutine[Any, Any, None]]) -> None:
    asyncio.run(test())


def test_requesters_take_turns_however_many_each_asks() -> None:
    async def go() -> None:
        served = Served(FairQueue(slots=1, per_requester=10))
        served.ask("a1", "a")
        await until(lambda: served.order == ["a1"])
        for n in range(2, 6):
            served.ask(f"a{n}", "a")
        served.ask("b1", "b")
        served.ask("b2", "b")
        served.ask("c1", "c")
        await until(lambda: all(served.places[name] for name in ("a5", "b2", "c1")))
        assert served.places["b1"][-1] == 2 and served.places["c1"][-1] == 3
        for name in ["a1", "a2", "b1", "c1", "a3", "b2", "a4"]:
            await served.finish(name)
        await until(lambda: len(served.order) == 8)
        await served.finish("a5")
        assert served.order == ["a1", "a2", "b1", "c1", "a3", "b2", "a4", "a5"]

    run(go)


def test_a_lower_rank_goes_first_and_places_move_up() -> None:
    async def go() -> None:
        served = Served(FairQueue(slots=1))
        served.ask("hint1", "a", rank=1)
        await until(lambda: served.order == ["hint1"])
        served.ask("hint2", "b", rank=1)
        served.ask("hint3", "c", rank=1)
        await until(lambda: served.places["hint3"] == [2])
        served.ask("coach", "lesson", rank=0)
        await until(lambda: served.places["hint3"] == [2, 3])
        assert served.places["coach"] == [1] and served.places["hint2"] == [1, 2]
        for name in ("hint1", "coach", "hint2", "hint3"):
            await served.finish(name)
        assert served.order == ["hint1", "coach", "hint2", "hint3"]
        assert served.places["hint3"] == [2, 3, 2, 1]

    run(go)


def test_a_requester_has_a_limit_and_so_has_the_queue() -> None:
    async def go() -> None:
        queue = FairQueue(slots=1, per_requester=2, most=2)
        served = Served(queue)
        served.ask("a1", "a")
        served.ask("a2", "a")
        await until(lambda: served.order == ["a1"])
        with pytest.raises(QueueFull) as mine:
            async with queue.turn("a"):
                pass
        assert mine.value.mine
        served.ask("b1", "b")
        await until(lambda: queue.waiting == 2)
        with pytest.raises(QueueFull) as full:
            async with queue.turn("c"):
                pass
        assert not full.value.mine
        async with asyncio.timeout(5):  # a request past the cap (the coach) still waits
            served.ask("coach", "lesson", capped=False)
            await until(lambda: queue.waiting == 3)
        for name in ("a1", "a2", "b1", "coach"):
            await served.finish(name)

    run(go)


def test_a_request_that_gives_up_leaves_its_place_and_turn() -> None:
    async def go() -> None:
        queue = FairQueue(slots=1)
        served = Served(queue)
        served.ask("a1", "a")
        await until(lambda: served.order == ["a1"])
        served.ask("b1", "b")
        served.ask("c1", "c")
        await until(lambda: served.places["c1"] == [2])
        served.tasks["b1"].cancel()
        await until(lambda: served.places["c1"] == [2, 1])
        await served.finish("a1")
        await until(lambda: served.order == ["a1", "c1"])
        served.tasks["c1"].cancel()  # cancelled while holding its turn
        served.ask("d1", "d")
        await until(lambda: served.order == ["a1", "c1", "d1"])
        await served.finish("d1")
        assert queue.waiting == 0 and queue.expected_wait(1) is not None

    run(go)


def test_a_requester_is_an_account_once_there_is_one() -> None:
    assert requester("10.0.0.1") == "address:10.0.0.1"
    assert requester("10.0.0.1", "42") == requester("10.0.0.2", "42") == "account:42"
