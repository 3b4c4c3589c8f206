"""The hint worker shared fairly (issue 47): one address with six practice tables asking
hints in a loop holds at most its own share, another address's hints come in turn (told
their place while they wait), and the lesson coach goes ahead of waiting hints. The
worker is a fake held by the test (no expert), finished one piece of work at a time."""

from __future__ import annotations

import asyncio
from collections.abc import Callable
from concurrent.futures import Executor, Future
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, ParamSpec, TypeVar

import pytest
from starlette.applications import Starlette

import stammtisch
from stammtisch.server import Settings, create_app, hints
from stammtisch.server.coaching import Coach
from stammtisch.server.fairqueue import FairQueue
from stammtisch.server.hub import Hub
from tests.server.wire import Wire

P = ParamSpec("P")
T = TypeVar("T")


class HeldWorker(Executor):
    """The hint worker as a fake: each piece of work waits until the test finishes it,
    which answers with the first legal action instead of asking the expert."""

    def __init__(self) -> None:
        self.jobs: list[tuple[Callable[..., Any], tuple[Any, ...], Future[Any]]] = []
        self.finished: list[tuple[Callable[..., Any], dict[str, Any]]] = []

    def submit(self, fn: Callable[P, T], /, *args: P.args,
               **kwargs: P.kwargs) -> Future[T]:
        future: Future[T] = Future()
        self.jobs.append((fn, tuple(args), future))
        return future

    def finish_oldest(self) -> None:
        work, args, future = self.jobs.pop(0)
        view = args[1]
        self.finished.append((work, view))
        future.set_result({"best": view["legal_actions"][0], "ranked": []})


@pytest.fixture
def worker(monkeypatch: pytest.MonkeyPatch) -> HeldWorker:
    held = HeldWorker()
    monkeypatch.setattr(hints, "_worker", lambda: held)
    fresh = FairQueue(slots=1, per_requester=getattr(hints, "PER_CLIENT", 2), most=32)
    monkeypatch.setattr(hints, "queue", fresh, raising=False)
    return held


def memory_app(tmp_path: Path) -> Starlette:
    return create_app(Settings(db_url=f"sqlite:///{tmp_path / 'fair.db'}", bot_delay=0.0,
                               hint_cooldown=0.0))


def ignore(_wire: Wire, _text: str, _message: dict[str, Any]) -> None:
    pass


async def eventually(test: Callable[[], object], seconds: float = 30.0) -> None:
    async def poll() -> None:
        while not test():
            await asyncio.sleep(0.005)
    await asyncio.wait_for(poll(), seconds)


@dataclass
class Asker:
    """A player's socket that asks for hints: each request's answers by its id."""

    wire: Wire
    asked: int = 0
    answers: dict[int, list[dict[str, Any]]] = field(default_factory=dict)

    def ask(self) -> None:
        self.asked += 1
        self.answers[self.asked] = []
        self.wire.send({"type": "hint", "id": self.asked})

    def note(self, message: dict[str, Any]) -> None:
        if message.get("id") in self.answers and message.get("type") != "state":
            self.answers[message["id"]].append(message)

    def last(self) -> list[dict[str, Any]]:
        return self.answers.get(self.asked, [])

    def idle(self) -> bool:
        """No request, or the last one answered (a hint or an error)."""
        return not self.asked or any(m["type"] in ("hint", "error") for m in self.last())

    def all(self, kind: str) -> list[dict[str, Any]]:
        return [m for answers in self.answers.values() for m in answers if m["type"] == kind]


def test_one_address_with_six_tables_does_not_starve_another(
        tmp_path: Path, worker: HeldWorker) -> None:
    """Issue 47: six practice tables of one address ask a hint whenever their last was
    answered; a second address still gets each of its hints after at most one of
    theirs, told its place meanwhile, never "busy"."""
    app = memory_app(tmp_path)
    hub: Hub = app.state.hub
    made = [hub.create("schnapsen", ["human", "random"], {}, seed=seed)
            for seed in range(1, 8)]

    async def run() -> tuple[list[Asker], Asker, int]:
        askers: list[Asker] = []

        def listen(wire: Wire, _text: str, message: dict[str, Any]) -> None:
            for asker in askers:
                if asker.wire is wire:
                    asker.note(message)

        for n, (table, token) in enumerate(made):
            address = "10.0.0.2" if n == len(made) - 1 else "10.0.0.1"
            askers.append(Asker(Wire(app, table.id, token, listen, 0, address=address)))
        *busy_person, other = askers
        await eventually(lambda: all(a.wire.state.get("to_act") == 0 for a in askers))
        hands = {id(a): a.wire.state["view"]["hand"] for a in askers}

        def working(asker: Asker) -> bool:
            return any(args[1]["hand"] == hands[id(asker)] for _, args, _ in worker.jobs)

        def settled(asker: Asker) -> bool:
            return asker.idle() or working(asker) or any(
                m["type"] == "hint_queued" for m in asker.last())

        finished = 0
        while len(other.all("hint")) < 3 and finished < 12:
            for asker in busy_person:  # the six tables ask again as soon as answered
                if asker.idle():
                    asker.ask()
            if other.idle():
                other.ask()
            await eventually(lambda: all(settled(a) for a in askers) and worker.jobs)
            hand = worker.jobs[0][1][1]["hand"]
            worker.finish_oldest()
            done = next(a for a in askers if hands[id(a)] == hand)
            await eventually(done.idle)  # its hint arrived: it may ask again
            finished += 1
        while worker.jobs:
            worker.finish_oldest()
        for asker in askers:
            await asker.wire.close()
        return busy_person, other, finished

    busy_person, other, finished = asyncio.run(run())
    assert len(other.all("hint")) == 3 and not other.all("error")
    # each of its hints waited behind the six tables' own share at most
    assert finished <= 3 * (hints.PER_CLIENT + 1)
    places = [m["place"] for m in other.all("hint_queued")]
    assert places and max(places) <= 2
    refused = [m for a in busy_person for m in a.all("error")]
    assert refused and all(m["code"] == "busy" and "when your hint has come" in m["message"]
                           for m in refused)


def test_the_coach_goes_ahead_of_waiting_hints(tmp_path: Path, worker: HeldWorker) -> None:
    """A lesson's coach asked while one hint is worked out and another waits is worked
    out next, before the waiting hint."""
    app = memory_app(tmp_path)
    hub: Hub = app.state.hub
    made = [hub.create("schnapsen", ["human", "random"], {}, seed=seed) for seed in (1, 2)]
    match = stammtisch.new_match("schnauz", seed=3, num_players=3)
    coach = Coach("schnauz", match.to_act or 0, match.view(None).get("deal"))

    async def run() -> list[str]:
        wires = [Wire(app, table.id, token, ignore, 0, address=f"10.0.0.{n}")
                 for n, (table, token) in enumerate(made, start=1)]
        await eventually(lambda: all(w.state.get("to_act") == 0 for w in wires))
        wires[0].send({"type": "hint", "id": 1})
        await eventually(lambda: len(worker.jobs) == 1)
        wires[1].send({"type": "hint", "id": 2})
        await eventually(lambda: any(m["type"] == "hint_queued" for m in wires[1].received))
        told = asyncio.Event()

        async def changed() -> None:
            told.set()

        coach.wake(match, lambda: 0, changed)
        await eventually(lambda: hints.queue.waiting == 2)
        for _ in range(3):
            await eventually(lambda: bool(worker.jobs))
            worker.finish_oldest()
        await asyncio.wait_for(told.wait(), 30)
        await eventually(lambda: any(m["type"] == "hint" for m in wires[1].received))
        for wire in wires:
            await wire.close()
        return ["hint" if work is hints.hint else "coach"
                for work, _ in worker.finished]

    assert asyncio.run(run()) == ["hint", "coach", "hint"]
    assert coach.advice is not None
