"""A Swiss tournament in the browser, in English and German: a person signs up, creates
a Schnapsen tournament on /tournaments, joins it and adds two computer levels on its
page; a second person joins; at the start the page shows "your table" without being
reloaded (its link and the seat's token kept where the table page looks), the rounds'
tables and the standings go on updating while the people play, and the finished
tournament keeps its final standings. And the creator (only) cancels a tournament with
its button and a confirmation, before the start (a player who joined sees it
cancelled) and during a round (the results so far stay, the match in play counts for
nothing). Screenshots on a desktop and a phone."""

from __future__ import annotations

import json
import re
from collections.abc import Iterator
from functools import partial
from pathlib import Path
from typing import Any

import httpx
import pytest
from starlette.applications import Starlette

from stammtisch.server.clientlimit import PerClient
from stammtisch.server.routes.accounts import AccountLimits
from stammtisch.server.tournaments import runner
from tests.browser.conftest import PATIENCE_MS, shoot
from tests.browser.test_accounts_pages import fresh_name, in_language, sign_up
from tests.server.live import LiveServer
from tests.server.test_tournament_run import (
    PASSWORD,
    WHOLE_RUN,
    Player,
    logged_in,
    new_tournament,
    ok,
    signed_up,
    start_now,
)

pytestmark = pytest.mark.browser

WORDS = {
    "en": {"upcoming": "Starts ", "running": "Round 1 of 2", "finished": "Finished",
           "final": "Final standings", "your_table": "Go to your table"},
    "de": {"upcoming": "Beginnt ", "running": "Runde 1 von 2", "finished": "Beendet",
           "final": "Endstand", "your_table": "Zu deinem Tisch"},
}
CANCEL_WORDS = {
    "en": {"cancel": "Cancel tournament", "by": "Cancelled by {name}",
           "standings": "Standings when it was cancelled", "not_counted": "does not count",
           "before": "It will not start", "during": "No further round is played"},
    "de": {"cancel": "Turnier absagen", "by": "Abgesagt von {name}",
           "standings": "Tabelle bei der Absage", "not_counted": "zählt nicht",
           "before": "Es beginnt nicht", "during": "Es wird keine Runde mehr gespielt"},
}
PHONE = {"width": 390, "height": 844}
DESKTOP = {"width": 1280, "height": 900}


def states(seats: list[Any], payload: str | bytes) -> None:
    message = json.loads(payload)
    if message.get("type") == "state":
        seats.append(message["seat"])


@pytest.fixture(scope="module")
def live(tmp_path_factory: pytest.TempPathFactory) -> Iterator[tuple[LiveServer, Path]]:
    """A server of its own whose tournaments advance quickly and whose account limits
    let the module sign up from the one local address; and its database file."""
    patch = pytest.MonkeyPatch()
    patch.setattr(runner, "EVERY", 0.2)
    db = tmp_path_factory.mktemp("tournaments") / "tables.db"
    server = LiveServer(db, bot_delay=0.0, bot_round=0.0)
    generous = PerClient(100.0, 100.0)
    app = server.server.config.app
    assert isinstance(app, Starlette)
    app.state.account_limits = AccountLimits(generous, generous, generous)
    yield server, db
    server.stop()
    patch.undo()


@pytest.mark.parametrize("lang", ["en", "de"])
def test_a_tournament_page_follows_the_tournament_live(
        page: Any, live: tuple[LiveServer, Path], lang: str) -> None:
    server, db = live
    words = WORDS[lang]
    anna = fresh_name("Anna")
    in_language(page, server, lang)
    sign_up(page, server, anna, PASSWORD)  # the password the API drivers log in with

    page.goto(server.url + "/tournaments")
    page.wait_for_selector(".tournament-form")
    page.fill("#tour-name", f"Cup {lang}")
    page.select_option("#tour-game", "schnapsen")
    page.fill("#tour-rounds", "2")
    page.select_option("#tour-clock", "30")
    page.check("#tour-computers")
    shoot(page, f"tournaments-list-{lang}")
    page.click(".tournament-form button[type=submit]")
    page.wait_for_url(re.compile(r".*/tournaments/[\w-]+$"))
    tournament = page.url.rsplit("/", 1)[1]

    page.click("#tour-join")
    page.wait_for_selector("#tour-leave")
    for level in ("random", "beginner"):
        page.select_option("#tour-level", level)
        page.click("#tour-add-level")
        page.wait_for_selector(f".tour-players li:nth-child({3 if level == 'beginner' else 2})")
    bert_name = fresh_name("Bert")
    bert = signed_up(server, bert_name)
    ok(bert.post(f"/api/tournaments/{tournament}/join", json={}))
    page.wait_for_selector(".tour-players li:nth-child(4)")
    assert page.locator(".tour-state").inner_text().startswith(words["upcoming"])
    shoot(page, f"tournament-upcoming-{lang}")

    start_now(db, tournament)
    link = page.locator("#your-table-link")  # the page asks again by itself
    link.wait_for(timeout=PATIENCE_MS)
    assert link.inner_text() == words["your_table"]
    assert page.locator(".tour-state").inner_text() == words["running"]
    mine = ok(logged_in(server, anna).get(f"/api/tournaments/{tournament}"))["you"]["table"]
    assert link.get_attribute("href") == f"/table/{mine['table']}"
    kept = page.evaluate("(id) => localStorage.getItem(`stammtisch.token.${id}`)",
                         mine["table"])
    assert kept == mine["token"]
    assert page.locator(".tour-round[data-round='1'] .tour-tables li").count() == 2
    shoot(page, f"tournament-running-{lang}")
    page.set_viewport_size(PHONE)
    shoot(page, f"tournament-running-phone-{lang}")
    page.set_viewport_size(DESKTOP)

    seats: list[Any] = []  # the table page holds her seat: its first state says which
    page.on("websocket", lambda socket: socket.on("framereceived", partial(states, seats)))
    link.click()
    page.wait_for_url(f"**/table/{mine['table']}")
    page.wait_for_selector("#table")
    page.wait_for_function("() => document.querySelectorAll('#table .card').length > 0")
    assert seats and seats[0] == mine["seat"]
    page.go_back()
    page.wait_for_selector("#your-table-link")

    people = [Player(server, http, tournament, seed) for seed, http in
              enumerate((logged_in(server, anna), bert))]
    for person in people:
        person.start()
    page.wait_for_selector(".tournament-page[data-state='finished']",
                           timeout=WHOLE_RUN * 1000)
    for person in people:
        person.join(WHOLE_RUN)
        assert person.failure is None, person.failure
    assert page.locator(".tour-state").inner_text() == words["finished"]
    assert page.locator(".tour-standings h2").inner_text() == words["final"]
    final = ok(httpx.get(f"{server.url}/api/tournaments/{tournament}"))
    rows = page.locator(".tour-standings tbody tr")
    assert rows.count() == 4
    shown = [rows.nth(at).get_attribute("data-key") for at in range(4)]
    assert shown == [row["key"] for row in final["standings"]]
    assert page.locator(".tour-round").count() == 2  # both rounds kept, to look back at
    shoot(page, f"tournament-finished-{lang}")
    page.set_viewport_size(PHONE)
    shoot(page, f"tournament-finished-phone-{lang}")
    page.goto(server.url + "/tournaments")
    page.wait_for_selector(f".tournament-list[data-state='finished'] "
                           f"tr[data-id='{tournament}']")
    shoot(page, f"tournaments-list-phone-{lang}")


def shoot_both(page: Any, name: str) -> None:
    shoot(page, name)
    page.set_viewport_size(PHONE)
    shoot(page, f"{name}-phone")
    page.set_viewport_size(DESKTOP)


def confirm_cancel(page: Any, question: str) -> None:
    page.click("#tour-cancel")
    assert question in page.locator("#tour-cancel-question").inner_text()
    assert page.evaluate("() => document.activeElement.id") == "tour-cancel-no"
    page.click("#tour-cancel-yes")
    page.wait_for_selector(".tournament-page[data-state='cancelled']")


@pytest.mark.parametrize("lang", ["en", "de"])
def test_the_creator_cancels_a_tournament_before_and_during_play(
        page: Any, browser: Any, live: tuple[LiveServer, Path], lang: str) -> None:
    server, db = live
    words = CANCEL_WORDS[lang]
    anna = fresh_name("Anna")
    in_language(page, server, lang)
    sign_up(page, server, anna, PASSWORD)
    api = logged_in(server, anna)
    early = new_tournament(api, name=f"Stammtischcup {lang}")
    bert_name = fresh_name("Bert")
    context = browser.new_context(viewport=DESKTOP, locale="en-GB", reduced_motion="reduce")
    try:
        bert_page = context.new_page()
        in_language(bert_page, server, lang)
        sign_up(bert_page, server, bert_name, PASSWORD)
        ok(logged_in(server, bert_name).post(f"/api/tournaments/{early}/join", json={}))
        bert_page.goto(f"{server.url}/tournaments/{early}")
        bert_page.wait_for_selector("#tour-leave")
        assert bert_page.locator("#tour-cancel").count() == 0  # the creator's only

        page.goto(f"{server.url}/tournaments/{early}")
        page.wait_for_selector(".tour-players li")
        assert page.locator("#tour-cancel").inner_text() == words["cancel"]
        page.click("#tour-cancel")
        page.wait_for_selector("#tour-cancel-yes")
        shoot_both(page, f"tournament-cancel-confirm-{lang}")
        page.click("#tour-cancel-no")  # thought better of it: nothing happened
        page.wait_for_selector("#tour-cancel")
        assert ok(api.get(f"/api/tournaments/{early}"))["state"] == "upcoming"
        confirm_cancel(page, words["before"])
        assert page.locator(".tour-state").inner_text() == words["by"].format(name=anna)
        assert page.locator("#tour-cancel, #tour-join, #tour-leave").count() == 0
        assert page.locator(".tour-players li").inner_text() == bert_name
        shoot_both(page, f"tournament-cancelled-before-{lang}")
        bert_page.wait_for_selector(".tournament-page[data-state='cancelled']")
        assert bert_page.locator(".tour-state").inner_text() == \
            words["by"].format(name=anna)
    finally:
        context.close()

    late = new_tournament(api, name=f"Abendrunde {lang}", rounds=2)
    ok(api.post(f"/api/tournaments/{late}/join", json={}))
    for level in ("random", "beginner", "club"):
        ok(api.post(f"/api/tournaments/{late}/join", json={"level": level}))
    page.goto(f"{server.url}/tournaments/{late}")
    page.wait_for_selector("#tour-cancel")
    start_now(db, late)
    # seeded: club meets beginner (computers, over soon), Anna random (waits for her)
    page.wait_for_selector(".tour-tables li.over", timeout=WHOLE_RUN * 1000)
    page.wait_for_selector(".tour-standings tbody tr td.result strong")
    assert page.locator("#your-table-link").count() == 1
    shoot_both(page, f"tournament-running-cancel-button-{lang}")
    confirm_cancel(page, words["during"])
    assert page.locator(".tour-state").inner_text() == words["by"].format(name=anna)
    assert page.locator(".tour-standings h2").inner_text() == words["standings"]
    assert page.locator(".tour-tables .not-counted").inner_text() == words["not_counted"]
    assert page.locator("#your-table-link, #tour-cancel").count() == 0
    final = ok(api.get(f"/api/tournaments/{late}"))
    (tables,) = [one["tables"] for one in final["round_tables"]]
    assert [table["over"] for table in tables] == [True, False]
    assert sum(row["points"] for row in final["standings"]) == 1.0  # the computers' match
    shoot_both(page, f"tournament-cancelled-during-{lang}")
    page.goto(server.url + "/tournaments")
    row = page.locator(f".tournament-list[data-state='finished'] tr[data-id='{late}']")
    row.wait_for()
    assert row.locator("td").last.inner_text() == words["by"].format(name=anna)
