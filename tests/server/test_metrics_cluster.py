"""``/metrics`` of a deployment of several processes (server/metrics.py): a table whose
process was killed is counted as a lease takeover by the process that took it."""

from __future__ import annotations

import httpx
import pytest

from tests.server.live import PATIENCE
from tests.server.nodes import start_nodes
from tests.server.test_metrics import samples

pytestmark = pytest.mark.slow


def test_a_killed_owners_table_is_a_takeover_where_it_is_taken(
        postgres: str, redis_server: str, redis_prefix: str) -> None:
    # 2 s: a shorter lease could run out on a loaded machine before the kill
    victim, taker = start_nodes(2, postgres, redis_server, redis_prefix, lease=2.0)
    try:
        made = victim.create("schnapsen", ["human", "random"])
        person = victim.socket(made["id"], made["token"])
        seq = person.until_my_turn()["seq"]
        before = samples(httpx.get(f"{taker.url}/metrics", timeout=PATIENCE).text)
        assert before[("stammtisch_lease_takeovers_total", ())] == 0

        victim.kill()
        back = taker.socket(made["id"], made["token"])  # taken once the lease ran out
        state = back.until_my_turn(timeout=2 * PATIENCE)
        assert state["seq"] == seq
        after = samples(httpx.get(f"{taker.url}/metrics", timeout=PATIENCE).text)
        assert after[("stammtisch_lease_takeovers_total", ())] == 1
        assert after[("stammtisch_tables", ())] == 1
        assert after[("stammtisch_sockets", (("kind", "table"),))] == 1
    finally:
        victim.stop()
        taker.stop()
