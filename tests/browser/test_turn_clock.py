"""The turn clock in Chromium: a person who does not move sees the countdown at their
seat (and a watcher at that seat in the strip), the stand-in plays at zero, and a
server restart during the countdown keeps the deadline. Screenshots of the countdown
on a desktop in English and on a phone in German."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import httpx
import pytest

from tests.browser.conftest import PATIENCE_MS, shoot
from tests.browser.table_driver import actions, open_seat
from tests.server.live import PATIENCE, LiveServer

pytestmark = pytest.mark.browser

CLOCK = 12
"""Seconds per decision: long enough to look at, short enough for a test."""


@pytest.fixture
def clock_server(tmp_path: Path) -> Iterator[list[LiveServer]]:
    """The server, in a list: the test replaces it to restart on the same database."""
    servers = [LiveServer(tmp_path / "clock.db")]
    yield servers
    servers[-1].stop()


def countdown_seconds(page: Any, where: str) -> int:
    """The seconds a countdown under ``where`` shows ("0:09 left" -> 9)."""
    text = page.inner_text(f"{where} [data-turn-clock]")
    minutes, seconds = text.split(":")[0][-1:], text.split(":")[1][:2]
    return int(minutes) * 60 + int(seconds)


def test_the_countdown_runs_out_the_stand_in_plays_and_a_restart_keeps_it(
        browser: Any, clock_server: list[LiveServer]) -> None:
    server = clock_server[0]
    server._seeds.append(7)
    made = httpx.post(f"{server.url}/api/tables", timeout=PATIENCE, json={
        "game": "schnapsen", "options": {}, "seats": ["human", "open"], "name": "Ann",
        "clock": CLOCK, "clock_reserve": 0})
    assert made.status_code == 201, made.text
    table, token = made.json()["id"], made.json()["token"]
    friend = server.socket(table)
    friend.send({"type": "sit", "seat": 1, "name": "Ben"})
    friend.until("seated")
    contexts = []
    try:
        desktop = browser.new_context(viewport={"width": 1280, "height": 900},
                                      locale="en-GB", reduced_motion="reduce")
        phone = browser.new_context(viewport={"width": 390, "height": 844}, is_mobile=True,
                                    has_touch=True, locale="de-DE", reduced_motion="reduce")
        contexts = [desktop, phone]
        for context in contexts:
            context.set_default_timeout(PATIENCE_MS)
        ann, watcher = desktop.new_page(), phone.new_page()
        open_seat(ann, server, table, token)
        watcher.goto(f"{server.url}/table/{table}")
        # Ben (the socket) never moves: the stand-in plays for him; then it is Ann's turn,
        # and she does not move either.
        ann.wait_for_selector(".hand-head [data-turn-clock]", timeout=PATIENCE_MS * 2)
        watcher.wait_for_selector("[data-turn-clock]")
        first = countdown_seconds(ann, ".hand-head")
        assert 0 < first <= CLOCK
        ann.wait_for_function("() => /left/.test(document.querySelector('.hand-head "
                              "[data-turn-clock]').textContent)")
        shoot(ann, "turn-clock-desktop-en")
        shoot(watcher, "turn-clock-phone-de")
        assert "noch" in watcher.inner_text("[data-turn-clock]")
        state = server.hub.tables[table].turn_clock.state
        assert state.seat == 0
        deadline, before = state.deadline, actions(ann)

        # The server restarts during Ann's countdown: the same deadline afterwards.
        port = server.port
        server.stop()
        ann.wait_for_function("() => document.querySelector('#table')?.dataset.connection "
                              "=== 'down'")
        server = LiveServer(server.db, port=port)
        clock_server.append(server)
        ann.wait_for_function("() => document.querySelector('#table')?.dataset.connection "
                              "=== 'up'")
        ann.wait_for_selector(".hand-head [data-turn-clock]")
        rebuilt = server.hub.tables[table]
        assert rebuilt.turn_clock.state.deadline == deadline
        assert rebuilt.turn_clock.state.seat == 0
        assert countdown_seconds(ann, ".hand-head") <= first

        # At zero the stand-in plays Ann's card; her page moves on without her.
        ann.wait_for_function("(n) => Number(document.querySelector('#table')"
                              ".dataset.actions) > n", arg=before,
                              timeout=(CLOCK + 30) * 1000)
        assert server.hub.tables[table].actors[before] == 0
        assert server.hub.tables[table].turn_clock.state.timeouts[0] == 1
    finally:
        friend.close()
        for context in contexts:
            context.close()
