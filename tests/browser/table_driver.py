"""Helpers that drive the table page the way a player does."""

from __future__ import annotations

import json
import re
import time
from typing import Any

from tests.server.live import LiveServer


def open_table(page: Any, server: LiveServer, game: str, seats: list[str], seed: int,
               **options: Any) -> str:
    """A table made through the API (a fixed seed), opened in the page with its seat token."""
    created = server.create(game, seats, seed=seed, **options)
    open_seat(page, server, created["id"], created["token"])
    page.wait_for_selector("#table")
    return str(created["id"])


def open_seat(page: Any, server: LiveServer, table: str, token: str) -> None:
    """The table's page, holding the seat of ``token`` (as the browser that made it)."""
    page.goto(server.url + "/history")
    page.evaluate("([id, token]) => localStorage.setItem(`stammtisch.token.${id}`, token)",
                  [table, token])
    page.goto(f"{server.url}/table/{table}")


def acts_sent(page: Any) -> list[dict[str, Any]]:
    """Every action the page sends from now on, on any of its sockets, as sent."""
    sent: list[dict[str, Any]] = []

    def heard(payload: str | bytes) -> None:
        message = json.loads(payload)
        if message.get("type") == "act":
            sent.append(message)

    page.on("websocket", lambda socket: socket.on("framesent", heard))
    return sent


def actions(page: Any) -> int:
    return int(page.get_attribute("#table", "data-actions"))


def wait_turn(page: Any, after: int | None = None) -> str:
    """Wait until it is this seat's turn or the match is over (after action ``after``)."""
    page.wait_for_function(
        """(after) => { const t = document.querySelector('#table');
            return t && t.dataset.turn !== 'other'
              && (after === null || Number(t.dataset.actions) > after); }""",
        arg=after, timeout=30_000)
    return str(page.get_attribute("#table", "data-turn"))


def log_text(page: Any) -> str:
    return str(page.inner_text(".log-list"))


UNLABELLED = """() => [...document.querySelectorAll('button, input, select, [role=img], a')]
    .filter((n) => {
      const named = (n.getAttribute('aria-label') || '').trim() || (n.labels && n.labels.length)
        || (n.tagName !== 'INPUT' && n.tagName !== 'SELECT' && n.innerText.trim());
      return !named;
    }).map((n) => n.outerHTML.slice(0, 80))"""


CARD_CODE = re.compile(r"^(?:[2-9TJQKA][CDHS]|JK)$")


def card_faces(page: Any) -> set[str]:
    """The card faces the page shows anywhere (backs carry an empty code)."""
    codes = page.eval_on_selector_all("#app .card[data-card]",
                                      "nodes => nodes.map(n => n.dataset.card)")
    return {code for code in codes if code}


def cards_in(value: Any) -> set[str]:
    """Every card code anywhere in a JSON value (a view, an event)."""
    if isinstance(value, str):
        return {value} if CARD_CODE.match(value) else set()
    if isinstance(value, dict):
        return set().union(*(cards_in(v) for v in value.values())) if value else set()
    if isinstance(value, list):
        return set().union(*(cards_in(v) for v in value)) if value else set()
    return set()


def turn(page: Any) -> str:
    return str(page.get_attribute("#table", "data-turn"))


def next_to_act(pages: dict[str, Any], timeout: float = 30) -> str:
    """The name of the page whose turn it is (or "over" when the match ended)."""
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        for name, page in pages.items():
            state = page.evaluate("document.querySelector('#table')?.dataset.turn || ''")
            if state == "me":
                return name
            if state == "over":
                return "over"
        time.sleep(0.05)
    raise AssertionError(f"nobody of {', '.join(pages)} got a turn within {timeout} s")
