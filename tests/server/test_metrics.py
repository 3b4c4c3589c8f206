"""``/metrics`` (server/metrics.py): a scrape after a few actions shows them counted, their
latency and their saves timed, the socket and the table open; two apps in one process
keep their own figures; the queues' waits are read from the queues."""

from __future__ import annotations

import asyncio
from pathlib import Path

import httpx
from prometheus_client.parser import text_string_to_metric_families

from stammtisch.server import Settings, create_app
from stammtisch.server.fairqueue import FairQueue
from stammtisch.server.metrics import Metrics
from tests.server.live import LiveServer

Samples = dict[tuple[str, tuple[tuple[str, str], ...]], float]


def scrape(url: str) -> Samples:
    answer = httpx.get(f"{url}/metrics", timeout=30)
    assert answer.status_code == 200
    assert answer.headers["content-type"].startswith("text/plain; version=")
    return samples(answer.text)


def samples(text: str) -> Samples:
    return {(sample.name, tuple(sorted(sample.labels.items()))): sample.value
            for family in text_string_to_metric_families(text) for sample in family.samples}


def test_a_scrape_counts_the_actions_played(live: LiveServer) -> None:
    before = scrape(live.url)
    assert before[("stammtisch_actions_total", ())] == 0
    assert before[("stammtisch_sockets", (("kind", "table"),))] == 0
    made = live.create("schnapsen", ["human", "random"])
    sock = live.socket(made["id"], made["token"])
    played = 0
    while played < 3:
        state = sock.until_my_turn()
        assert state["result"] is None
        sock.act(state["view"]["legal_actions"][0])
        seq: int = state["seq"]
        sock.until_state(lambda now: bool(now["seq"] > seq))  # noqa: B023 - used at once
        played += 1
    after = scrape(live.url)
    mine = after[("stammtisch_action_seconds_count", ())]
    assert mine == played  # the person's actions, timed from message to broadcast
    assert after[("stammtisch_action_seconds_sum", ())] > 0
    # every action stored, the computer player's too, each save timed
    stored = after[("stammtisch_actions_total", ())]
    assert stored >= played
    assert stored == after[("stammtisch_save_seconds_count", ())]
    assert after[("stammtisch_save_seconds_bucket", (("le", "+Inf"),))] == stored
    assert after[("stammtisch_sockets", (("kind", "table"),))] == 1
    assert after[("stammtisch_tables", ())] == 1
    assert after[("stammtisch_draining", ())] == 0
    for queue in ("hint", "coach", "review"):
        assert after[("stammtisch_queue_waiting", (("queue", queue),))] == 0
    sock.close()


def test_two_apps_in_one_process_keep_their_own_figures(tmp_path: Path) -> None:
    one = create_app(Settings(db_url=f"sqlite:///{tmp_path / 'one.db'}"))
    two = create_app(Settings(db_url=f"sqlite:///{tmp_path / 'two.db'}"))
    assert one.state.metrics.registry is not two.state.metrics.registry
    one.state.metrics.actions.inc(5)
    assert samples(two.state.metrics.exposition().decode())[
        ("stammtisch_actions_total", ())] == 0
    assert samples(one.state.metrics.exposition().decode())[
        ("stammtisch_actions_total", ())] == 5
    for app in (one, two):
        app.state.hub.store.dispose()


def test_a_queue_reports_who_waits_and_how_long() -> None:
    now = [100.0]
    queue = FairQueue(slots=1, clock=lambda: now[0])
    metrics = Metrics()
    metrics.watch_queue("hint", queue, (1,))
    metrics.watch_queue("coach", queue, (0,))

    async def scenario() -> Samples:
        held = asyncio.Event()
        release = asyncio.Event()

        async def first() -> None:
            async with queue.turn("a", 1):
                held.set()
                await release.wait()

        async def second() -> None:
            async with queue.turn("b", 1):
                pass

        running = asyncio.create_task(first())
        await held.wait()
        waiting = asyncio.create_task(second())
        while queue.waiting_at(1) == 0:
            await asyncio.sleep(0)
        during = samples(metrics.exposition().decode())
        assert during[("stammtisch_queue_waiting", (("queue", "hint"),))] == 1
        assert during[("stammtisch_queue_waiting", (("queue", "coach"),))] == 0
        now[0] += 3.0  # the second request waits three seconds
        release.set()
        await asyncio.gather(running, waiting)
        return samples(metrics.exposition().decode())

    after = asyncio.run(scenario())
    hint = (("queue", "hint"),)
    assert after[("stammtisch_queue_waiting", hint)] == 0
    assert after[("stammtisch_queue_wait_seconds_count", hint)] == 2
    assert after[("stammtisch_queue_wait_seconds_sum", hint)] == 3.0
    assert after[("stammtisch_queue_wait_seconds_bucket", (("le", "2.0"), *hint))] == 1
    assert after[("stammtisch_queue_wait_seconds_bucket", (("le", "5.0"), *hint))] == 2
    assert after[("stammtisch_queue_wait_seconds_count", (("queue", "coach"),))] == 0
