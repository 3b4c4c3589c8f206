"""The example program connects again when its server process shuts down (close code
1012) and finishes its match at another process of the deployment."""

from __future__ import annotations

import random
import signal
from typing import Any

import pytest

from examples import network_bot
from tests.server.live import PATIENCE
from tests.server.nodes import start_nodes

pytestmark = pytest.mark.slow


def test_the_example_client_moves_to_another_process_when_its_own_shuts_down(
        postgres: str, redis_server: str, redis_prefix: str) -> None:
    leaving, staying = start_nodes(2, postgres, redis_server, redis_prefix)
    try:
        token = network_bot.register(leaving.url, "mover")
        made = leaving.create("schnapsen", ["bot:mover", "random"])
        seen: list[dict[str, Any]] = []
        gone_at: list[int] = []

        def on_state(state: dict[str, Any]) -> None:
            seen.append(state)
            if not gone_at:  # the first state: the process the program plays on shuts down
                leaving.process.send_signal(signal.SIGTERM)
                assert leaving.process.wait(timeout=PATIENCE) == 128 + signal.SIGTERM
                gone_at.append(state["seq"])

        end = network_bot.play_table([leaving.url, staying.url], token, made["id"],
                                     random.Random(1), on_state)
        assert end["result"] is not None and end["seat"] == 0
        later = [state for state in seen if state["seq"] > gone_at[0]]
        assert later, "no state came after the shutdown"
        staying.get(f"/api/history/{made['id']}")  # finished and stored (200, or it fails)
    finally:
        leaving.stop()
        staying.stop()
