"""The lesson coach answers within a second of one core (issue 44), its first advice of
a fresh server too, whose worker must start and import the experts first: measured in
CPU seconds of the worker (Linux's /proc), which a loaded machine does not stretch."""

from __future__ import annotations

import asyncio
import os
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

import stammtisch
from stammtisch.bots.coach import COACH_BUDGET
from stammtisch.server import coaching, hints
from stammtisch.server.lessons import LESSONS


def worker_cpu() -> float:
    """CPU seconds of the hint worker's processes so far."""
    pool = hints._pool
    total = 0.0
    for pid in getattr(pool, "_processes", None) or {}:
        fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
        total += (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")
    return total


@pytest.fixture
def cold() -> Iterator[None]:
    """No hint worker yet, as in a server that has just started."""
    if not Path("/proc/self/stat").exists():
        pytest.skip("the worker's CPU time is read from Linux's /proc")
    hints.close()
    yield
    hints.close()


def first_view(game: str) -> dict[str, Any]:
    lesson = LESSONS[game]
    match = stammtisch.new_match(game, seed=lesson.seed, **lesson.options)
    assert match.to_act == 0  # the player leads: the coach is asked at once
    view: dict[str, Any] = match.view(0)
    return view


@pytest.mark.usefixtures("cold")
def test_the_coach_answers_within_a_second_of_cpu_from_a_cold_start() -> None:
    view = first_view("schnapsen")

    async def go() -> tuple[dict[str, Any] | None, float, dict[str, Any] | None, float]:
        first = await coaching.advice_for("schnapsen", view, "lesson:test")
        spent = worker_cpu()
        again = await coaching.advice_for("schnapsen", view, "lesson:test")
        return first, spent, again, worker_cpu() - spent

    first, cold_cpu, again, warm_cpu = asyncio.run(go())
    for advice in (first, again):
        assert advice is not None and advice["best"] in view["legal_actions"]
        assert len(advice["ranked"]) == len(view["legal_actions"])
    assert cold_cpu <= coaching.ANSWER_WITHIN, f"{cold_cpu:.2f} CPU s from a cold start"
    assert warm_cpu <= coaching.ANSWER_WITHIN, f"{warm_cpu:.2f} CPU s"
    assert coaching.budget() == COACH_BUDGET  # once started, the whole budget
