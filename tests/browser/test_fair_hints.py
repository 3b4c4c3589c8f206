"""A hint that waits for the shared hint worker (issue 47): the table says where it
stands in line, in the page's language, in each of the five languages, and leaves the
player free to play meanwhile."""

from __future__ import annotations

from typing import Any

import pytest

from stammtisch.server import hints
from stammtisch.server.fairqueue import FairQueue
from tests.browser.conftest import shoot
from tests.browser.table_driver import open_table, wait_turn
from tests.server.live import LiveServer

pytestmark = pytest.mark.browser

SAID = {"en": "number 2 in line", "de": "Nummer 2 in der Reihe", "el": "νούμερο 2 στη σειρά",
        "ro": "numărul 2 la rând", "gl": "número 2 na cola"}


def test_a_waiting_hint_says_its_place_in_every_language(
        page: Any, server: LiveServer, monkeypatch: pytest.MonkeyPatch) -> None:
    for lang, said in SAID.items():
        held = FairQueue(slots=0)  # the worker serves nobody meanwhile: one hint is ahead
        held.enter("address:10.9.9.1", hints.HINT)
        monkeypatch.setattr(hints, "queue", held)
        open_table(page, server, "schnapsen", ["human", "club"], seed=4, first_dealer=1)
        page.evaluate("(lang) => localStorage.setItem('stammtisch.lang', lang)", lang)
        page.reload()
        wait_turn(page)
        page.click(".tools button.secondary:last-child")
        line = page.locator(".hint-queued")
        line.wait_for()
        assert said in line.inner_text(), lang
        assert page.locator(".actions .action, .hand button.card").first.is_enabled()
        if lang in ("en", "de"):
            shoot(page, f"hint-queued-{lang}")
