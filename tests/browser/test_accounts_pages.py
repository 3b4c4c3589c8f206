"""Issue 42, the account pages in the browser: sign up, see one's name in the header, log
out, log in again; a guest's finished match comes along into My matches; a profile and
the leaderboard; the "Rated" box of a new table only for a logged-in person; changing
the password and deleting the account; a name written as markup stays text. In English
and German."""

from __future__ import annotations

import json
import random
import secrets
from collections.abc import Iterator
from typing import Any

import httpx
import pytest
from starlette.applications import Starlette

import stammtisch
from stammtisch.server.clientlimit import PerClient
from stammtisch.server.routes.accounts import AccountLimits
from stammtisch.server.seats import Seat, new_token, token_hash
from tests.browser.conftest import shoot
from tests.server.live import PATIENCE, LiveServer

pytestmark = pytest.mark.browser

PASSWORD = "a pub at the corner of the square"
WORDS = {  # what the pages say, per language
    "en": {"log_in": "Log in", "club": "Club player", "win": "Won", "loss": "Lost",
           "claimed": "1 match played in this browser is now part of your account.",
           "no_filtered": "No matches with these filters.",
           "nobody": "There is no player of that name.",
           "rated": "Rated match", "wrong": "wrong name or password"},
    "de": {"log_in": "Anmelden", "club": "Vereinsspieler", "win": "Gewonnen", "loss": "Verloren",
           "claimed": "1 Spiel aus diesem Browser gehört jetzt zu deinem Konto.",
           "no_filtered": "Keine Spiele mit diesen Filtern.",
           "nobody": "Einen Spieler dieses Namens gibt es nicht.",
           "rated": "Gewertetes Spiel", "wrong": "wrong name or password"},
}
LANGS = ["en", "de"]


@pytest.fixture(scope="module")
def live(tmp_path_factory: pytest.TempPathFactory) -> Iterator[LiveServer]:
    """A server of its own (My matches holds only these tests' matches), whose account
    limits let every test of the module sign up and log in from the one local address."""
    server = LiveServer(tmp_path_factory.mktemp("accounts") / "tables.db", bot_delay=0.0)
    generous = PerClient(100.0, 100.0)
    app = server.server.config.app
    assert isinstance(app, Starlette)
    app.state.account_limits = AccountLimits(generous, generous, generous)
    yield server
    server.stop()


def fresh_name(prefix: str) -> str:
    return f"{prefix}{secrets.token_hex(3)}"


def in_language(page: Any, live: LiveServer, lang: str) -> None:
    page.goto(live.url + "/login")
    page.evaluate("(lang) => localStorage.setItem('stammtisch.lang', lang)", lang)


def header_account(page: Any) -> str:
    link = page.locator("#account-link")
    link.wait_for()
    return str(link.inner_text())


def sign_up(page: Any, live: LiveServer, name: str, password: str = PASSWORD) -> None:
    page.goto(live.url + "/login")
    page.fill("#signup-name", name)
    page.fill("#signup-password", password)
    page.click("#signup-submit")
    page.wait_for_url(live.url + "/me")
    page.wait_for_selector("#account-name")


def store_finished(live: LiveServer, name: str, seed: int) -> tuple[str, str, str]:
    """A finished Schnapsen match of ``name`` (seat 0, by a guest's token) against the
    Club computer: its id, the seat token, and how it ended for the guest."""
    match: stammtisch.Match = stammtisch.new_match("schnapsen", seed=seed, match_target=1)
    rng = random.Random(seed)
    while match.result is None:
        match.play(rng.choice(match.legal_actions()))
    token = new_token()
    seats = [Seat("human", token_hash=token_hash(token), name=name, owner=True).stored(),
             Seat("bot", level="club").stored()]
    table_id = f"acct-{secrets.token_hex(4)}"
    live.hub.store.create(table_id, "schnapsen", seats, {**match.record(), "actions": []})
    live.hub.store.save(table_id, match.record(), match.result, 1)
    return table_id, token, "win" if match.result["winner"] == 0 else "loss"


@pytest.mark.parametrize("lang", LANGS)
def test_sign_up_see_the_name_log_out_and_log_in_again(page: Any, live: LiveServer,
                                                        lang: str) -> None:
    words = WORDS[lang]
    name = fresh_name("Kathi")
    in_language(page, live, lang)
    page.goto(live.url + "/")
    assert header_account(page) == words["log_in"]
    page.click("#account-link")
    page.wait_for_selector("#signup-form")
    shoot(page, f"accounts-login-{lang}")

    sign_up(page, live, name)
    assert header_account(page) == name
    assert page.inner_text("#account-name") == name
    assert page.get_attribute("#account-link", "href") == f"/players/{name}"
    shoot(page, f"accounts-me-{lang}")

    page.click("#log-out")
    page.wait_for_url(live.url + "/")
    assert header_account(page) == words["log_in"]

    page.goto(live.url + "/login")
    page.fill("#login-name", name.upper())  # the name is found whatever its case
    page.fill("#login-password", PASSWORD + "!")
    page.click("#login-submit")
    assert page.locator("#login-error").inner_text() == words["wrong"]
    assert page.input_value("#login-name") == name.upper()  # what was typed stays
    page.fill("#login-password", PASSWORD)
    page.click("#login-submit")
    page.wait_for_url(live.url + "/me")
    assert header_account(page) == name


@pytest.mark.parametrize("lang", LANGS)
def test_a_guest_finds_their_finished_match_in_my_matches_after_signing_up(
        page: Any, live: LiveServer, lang: str) -> None:
    words = WORDS[lang]
    name = fresh_name("Resi")
    table_id, token, outcome = store_finished(live, name, seed=7 if lang == "en" else 8)
    in_language(page, live, lang)
    page.evaluate("([id, token]) => localStorage.setItem(`stammtisch.token.${id}`, token)",
                  [table_id, token])

    page.goto(live.url + "/me/matches")  # a guest: this browser's matches
    row = page.locator(f".match-row[data-table='{table_id}']")
    row.wait_for()
    assert page.locator(".match-row").count() == 1

    sign_up(page, live, name)
    assert page.inner_text("[role=status]") == words["claimed"]
    page.goto(live.url + "/me/matches")
    row.wait_for()
    assert page.locator(".match-row").count() == 1
    assert row.locator("td[data-label] >> nth=1").inner_text() == words["club"]
    assert row.locator(".result").inner_text() == words[outcome]
    assert row.locator(".replay-link").get_attribute("href") == f"/history/{table_id}"
    assert row.locator(".review-link").get_attribute("href") == f"/review/{table_id}?seat=0"
    shoot(page, f"accounts-my-matches-{lang}")

    other = "loss" if outcome == "win" else "win"
    page.select_option("#filter-result", other)
    page.wait_for_selector(f".empty-list:text-is('{words['no_filtered']}')")
    assert "result=" + other in page.url
    page.select_option("#filter-result", outcome)
    row.wait_for()

    page.goto(f"{live.url}/players/{name}")
    page.locator(f".match-row[data-table='{table_id}']").wait_for()
    assert page.inner_text("#player-name") == name
    assert page.locator(".rating-card[data-game=schnapsen]").count() == 1
    shoot(page, f"accounts-profile-{lang}")


@pytest.mark.parametrize("lang", LANGS)
def test_nobody_of_that_name_and_the_leaderboards_of_the_four_games(
        page: Any, live: LiveServer, lang: str) -> None:
    in_language(page, live, lang)
    page.goto(live.url + "/players/" + fresh_name("Nobody"))
    assert page.locator(".profile .notice").inner_text() == WORDS[lang]["nobody"]

    page.goto(live.url + "/leaderboard")
    page.wait_for_url(live.url + "/leaderboard/schnapsen")
    tabs = page.locator(".board-tabs a")
    tabs.first.wait_for()
    assert sorted(tabs.evaluate_all("(links) => links.map((a) => a.pathname)")) == sorted(
        f"/leaderboard/{info.name}" for info in stammtisch.games())
    current = page.get_attribute(".board-tabs a[aria-current=page]", "href")
    assert current == "/leaderboard/schnapsen"
    page.wait_for_selector(".leaderboard .board, .leaderboard .empty-list")
    shoot(page, f"accounts-leaderboard-{lang}")


def test_the_rated_box_is_offered_to_a_logged_in_person_only(page: Any,
                                                             live: LiveServer) -> None:
    page.goto(live.url + "/")
    page.wait_for_selector("#start")
    header_account(page)  # GET /api/me has answered
    assert page.locator("#rated").count() == 0

    sign_up(page, live, fresh_name("Vroni"))
    page.goto(live.url + "/")
    page.wait_for_selector("#rated")
    assert page.inner_text("label[for=rated]") == WORDS["en"]["rated"]
    page.select_option("#level-1", "open")  # a friend who logs in may sit there
    page.wait_for_selector("#rated")
    page.select_option("#level-1", "beginner")
    page.check("#rated")

    def creating(request: Any) -> bool:
        return bool(request.url.endswith("/api/tables") and request.method == "POST")

    with page.expect_request(creating) as sent:
        page.click("#start")
    assert json.loads(sent.value.post_data)["rated"] is True
    page.wait_for_url(live.url + "/table/*")  # the server took it


def test_a_name_written_as_markup_stays_text(page: Any, live: LiveServer) -> None:
    name = f"<b>{secrets.token_hex(2)}</b>"
    sign_up(page, live, name)
    assert header_account(page) == name
    assert page.inner_text("#account-name") == name
    assert page.locator("#header b, main b").count() == 0


def test_change_the_password_then_delete_the_account(page: Any, live: LiveServer) -> None:
    name = fresh_name("Sepp")
    sign_up(page, live, name)
    page.fill("#current-password", "not the password at all")
    page.fill("#new-password", PASSWORD + " again")
    page.click("#password-form button[type=submit]")
    assert page.locator("#password-error").inner_text() == "wrong password"
    page.fill("#current-password", PASSWORD)
    page.click("#password-form button[type=submit]")
    page.wait_for_selector("#password-changed")

    assert page.locator("#delete-account").is_disabled()  # not before the box is ticked
    page.fill("#delete-password", PASSWORD + " again")
    page.check("#delete-understood")
    page.click("#delete-account")
    page.wait_for_url(live.url + "/")
    assert header_account(page) == WORDS["en"]["log_in"]
    gone = {"name": name, "password": PASSWORD + " again"}
    answer = httpx.post(live.url + "/api/session", json=gone, timeout=PATIENCE)
    assert (answer.status_code, answer.json()) == (401, {"error": WORDS["en"]["wrong"]})
