"""Helpers that drive the table page the way a player does."""

from __future__ import annotations

from typing import Any

from server.live import LiveServer


def open_table(page: Any, server: LiveServer, game: str, seats: list[str], seed: int,
               **options: Any) -> str:
    """A table made through the API (a fixed seed), opened in the page with its seat token."""
    created = server.create(game, seats, seed=seed, **options)
    page.goto(server.url + "/history")
    page.evaluate("([id, token]) => localStorage.setItem(`stammtisch.token.${id}`, token)",
                  [created["id"], created["token"]])
    page.goto(server.url + created["url"])
    page.wait_for_selector("#table")
    return str(created["id"])


def actions(page: Any) -> int:
    return int(page.get_attribute("#table", "data-actions"))


def wait_turn(page: Any, after: int | None = None) -> str:
    """Wait until it is this seat's turn or the match is over (after action ``after``)."""
    page.wait_for_function(
        """(after) => { const t = document.querySelector('#table');
            return t && t.dataset.turn !== 'other'
              && (after === null || Number(t.dataset.actions) > after); }""",
        arg=after, timeout=15_000)
    return str(page.get_attribute("#table", "data-turn"))


def log_text(page: Any) -> str:
    return str(page.inner_text(".log-list"))
