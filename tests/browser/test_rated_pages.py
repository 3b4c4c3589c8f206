"""Issue 42 end to end in the browser: a person signs up, starts a rated Schnapsen match
against a computer level from the page, plays it to its end, and sees the rating move on
their profile, the match in My matches with both names, and "you" on its review; "log
out everywhere" ends a second browser's session. In English and German."""

from __future__ import annotations

import time
from collections.abc import Iterator
from typing import Any

import pytest
from starlette.applications import Starlette

from stammtisch.server.clientlimit import PerClient
from stammtisch.server.routes.accounts import AccountLimits
from tests.browser.conftest import shoot
from tests.browser.test_accounts_pages import (
    fresh_name,
    header_account,
    in_language,
    sign_up,
)
from tests.server.live import PATIENCE, LiveServer
from tests.server.test_rated import play_to_the_end

pytestmark = pytest.mark.browser

WORDS = {
    "en": {"random": "Random", "win": "Won", "loss": "Lost", "rated": "rated",
           "provisional": "provisional: too few rated matches yet",
           "heading": "Review of your play: Schnapsen", "log_in": "Log in",
           "change": "Your rating: 1500 → "},
    "de": {"random": "Zufall", "win": "Gewonnen", "loss": "Verloren", "rated": "gewertet",
           "provisional": "vorläufig: noch zu wenige gewertete Spiele",
           "heading": "Analyse deines Spiels: Schnapsen", "log_in": "Anmelden",
           "change": "Deine Wertung: 1500 → "},
}


@pytest.fixture(scope="module")
def live(tmp_path_factory: pytest.TempPathFactory) -> Iterator[LiveServer]:
    """A server of its own whose expert reviews quickly and whose account limits let the
    module's tests sign up from the one local address."""
    server = LiveServer(tmp_path_factory.mktemp("rated") / "tables.db", bot_delay=0.0,
                        review_budget=0.05)
    generous = PerClient(100.0, 100.0)
    app = server.server.config.app
    assert isinstance(app, Starlette)
    app.state.account_limits = AccountLimits(generous, generous, generous)
    yield server
    server.stop()


def start_rated_match(page: Any) -> tuple[str, str]:
    """A rated Schnapsen table against the Random computer, asked for by the page as the
    new-table form does (its cookie, its stored token): the table's id and seat token."""
    made: dict[str, Any] = page.evaluate("""async () => {
        const response = await fetch("/api/tables", {method: "POST",
          headers: {"Content-Type": "application/json"},
          body: JSON.stringify({game: "schnapsen", seats: ["human", "random"], rated: true})});
        const body = await response.json();
        localStorage.setItem(`stammtisch.token.${body.id}`, body.token);
        return body;
    }""")
    assert made.get("id") and made.get("token"), made
    return made["id"], made["token"]


def until_rated(page: Any, url: str) -> Any:
    """The profile at ``url`` once it shows a Schnapsen rating (the match is rated
    off the table's loop, just after its end)."""
    card = page.locator(".rating-card[data-game=schnapsen] .rating-line")
    deadline = time.monotonic() + PATIENCE
    page.goto(url)
    while True:
        page.wait_for_selector("main.profile")
        if card.count():
            return card
        assert time.monotonic() < deadline, "the profile shows no rating"
        page.reload()


@pytest.mark.parametrize("lang", ["en", "de"])
def test_a_rated_match_moves_the_rating_and_shows_in_my_matches_and_its_review(
        page: Any, live: LiveServer, lang: str) -> None:
    words = WORDS[lang]
    name = fresh_name("Gitti")
    in_language(page, live, lang)
    sign_up(page, live, name)
    table_id, token = start_rated_match(page)
    final = play_to_the_end(live, table_id, token)
    won = final["result"]["winner"] == 0

    page.goto(f"{live.url}/table/{table_id}")  # the table says how the rating moved
    change = page.locator(".rating-change[role=status]")
    change.wait_for()
    assert change.inner_text().startswith(words["change"])
    assert ("(+" in change.inner_text()) == won
    shoot(page, f"rated-table-{lang}")

    card = until_rated(page, f"{live.url}/players/{name}")
    line = card.inner_text()
    assert words["provisional"] in line and not line.startswith("1500")
    assert (int(line.split("?")[0]) > 1500) == won
    shoot(page, f"rated-profile-{lang}")

    page.goto(live.url + "/me/matches")
    row = page.locator(f".match-row[data-table='{table_id}']")
    row.wait_for()
    assert row.locator(".badge.rated").inner_text() == words["rated"]
    assert row.locator("td[data-label] >> nth=1").inner_text() == words["random"]
    assert row.locator(".result").inner_text() == words["win" if won else "loss"]
    row.locator(".review-link").click()
    page.wait_for_selector("main[data-status=done]", timeout=120_000)
    assert page.inner_text(".review h1") == words["heading"]
    shoot(page, f"rated-review-{lang}")


def test_log_out_everywhere_ends_a_second_browsers_session(
        browser: Any, page: Any, live: LiveServer) -> None:
    name = fresh_name("Wastl")
    sign_up(page, live, name)
    other = browser.new_context()
    try:
        second = other.new_page()
        second.goto(live.url + "/login")
        second.fill("#login-name", name)
        second.fill("#login-password", "a pub at the corner of the square")
        second.click("#login-submit")
        second.wait_for_url(live.url + "/me")
        assert header_account(second) == name

        page.goto(live.url + "/me")
        page.click("#log-out-everywhere")
        page.wait_for_url(live.url + "/")
        assert header_account(page) == WORDS["en"]["log_in"]
        second.goto(live.url + "/")
        assert header_account(second) == WORDS["en"]["log_in"]
    finally:
        other.close()
