"""Table talk in Chromium (issue 43): Anna and Ben at a Schnapsen table, each in a
browser context of their own, and a watcher. A phrase Anna picks from the talk menu
stands beside her seat on Ben's page and in his log; a watcher sees nothing of it
unless the table's creator allowed watchers the talk; Ben mutes Anna from her bubble,
or turns table talk off, and her sayings no longer show. Screenshots on a wide screen
in English and on a phone in German land in test-artifacts/screenshots/."""

from __future__ import annotations

import json
from collections.abc import Callable, Iterator
from typing import Any

import httpx
import pytest

from tests.browser.conftest import PATIENCE_MS, shoot
from tests.browser.table_driver import UNLABELLED, log_text, next_to_act
from tests.server.live import LiveServer

pytestmark = pytest.mark.browser

Person = Callable[..., Any]


@pytest.fixture
def people(browser: Any, request: pytest.FixtureRequest) -> Iterator[Person]:
    """``person(name, phone=False, lang="en")``: a page in a browser context of its own
    (its own localStorage: seat tokens, mutes); no page may raise a script error. Each
    page keeps the ``talk`` messages its sockets receive in ``page.talk_heard``."""
    contexts: list[Any] = []
    pages: dict[str, Any] = {}
    errors: list[str] = []

    def person(name: str, *, phone: bool = False, lang: str = "en") -> Any:
        size = {"width": 390, "height": 844} if phone else {"width": 1280, "height": 900}
        context = browser.new_context(viewport=size, is_mobile=phone, has_touch=phone,
                                      locale="en-GB", reduced_motion="reduce")
        context.set_default_timeout(PATIENCE_MS)
        context.add_init_script(f"localStorage.setItem('stammtisch.lang', {json.dumps(lang)})")
        contexts.append(context)
        page = context.new_page()
        page.on("pageerror", lambda error: errors.append(f"{name}: {error}"))
        heard: list[dict[str, Any]] = []

        def frame(payload: str | bytes) -> None:
            message = json.loads(payload)
            if message.get("type") == "talk":
                heard.append(message)

        page.on("websocket", lambda socket: socket.on("framereceived", frame))
        page.talk_heard = heard
        pages[name] = page
        return page

    yield person
    if getattr(request.node, "rep_call", None) is not None and request.node.rep_call.failed:
        for name, page in pages.items():
            if not page.is_closed():
                shoot(page, f"failed-{request.node.name}-{name}")
    for context in contexts:
        context.close()
    assert not errors, errors


def seated(people: Person, server: LiveServer, *, ben_phone: bool = False,
           ben_lang: str = "en") -> tuple[str, Any, Any]:
    """A Schnapsen table of Anna (its creator) and Ben, who takes the open seat on the
    page; both pages at the table."""
    answer = httpx.post(f"{server.url}/api/tables", json={
        "game": "schnapsen", "seats": ["human", "open"], "name": "Anna"}, timeout=30)
    assert answer.status_code == 201, answer.text
    created = answer.json()
    table_id = created["id"]
    anna, ben = people("anna"), people("ben", phone=ben_phone, lang=ben_lang)
    anna.goto(server.url + "/history")
    anna.evaluate("([id, token]) => localStorage.setItem(`stammtisch.token.${id}`, token)",
                  [table_id, created["token"]])
    anna.goto(f"{server.url}/table/{table_id}")
    anna.wait_for_selector(".waiting-room")
    ben.goto(f"{server.url}/table/{table_id}")
    ben.fill("#sit-name", "Ben")
    ben.click("#sit-1")
    for page in (anna, ben):
        page.wait_for_selector("#table[data-phase]:not([data-phase=waiting])")
        page.wait_for_selector("#talk-summary")
    return table_id, anna, ben


def say(page: Any, saying: str) -> None:
    """Pick ``saying`` from the talk menu."""
    if not page.locator(f"#talk-say-{saying}").is_visible():
        page.click("#talk-summary")
    page.click(f"#talk-say-{saying}")


def heard(page: Any, saying: str, count: int = 1) -> None:
    """Wait until ``page``'s socket has received ``saying`` ``count`` times."""
    deadline_ms = PATIENCE_MS
    step = 50
    while sum(1 for m in page.talk_heard if m["say"] == saying) < count:
        assert deadline_ms > 0, f"{saying} never reached the page"
        page.wait_for_timeout(step)
        deadline_ms -= step


def play_one(pages: dict[str, Any]) -> None:
    """Whoever is to act plays their first card: a state every socket receives."""
    page = pages[next_to_act(pages)]
    before = page.get_attribute("#table", "data-actions")
    page.locator(".hand button.card").first.click()
    page.wait_for_function(
        "(n) => document.querySelector('#table')?.dataset.actions !== n", arg=before)


INSIDE = """() => [...document.querySelectorAll('.talk-menu, .talk-panel, .talk-bubble')]
    .map((n) => n.getBoundingClientRect())
    .every((r) => r.left >= 0 && r.right <= document.documentElement.clientWidth)"""
"""The talk menu, its panel and the bubbles stand inside the page's width."""


def caught_up(page: Any, other: Any) -> None:
    """``page`` shows as many actions as ``other`` (and so every message before them)."""
    page.wait_for_function("(n) => document.querySelector('#table')?.dataset.actions === n",
                           arg=other.get_attribute("#table", "data-actions"))


def test_a_phrase_reaches_the_other_player_and_no_watcher(
        people: Person, server: LiveServer) -> None:
    table_id, anna, ben = seated(people, server)
    watcher = people("watcher")
    watcher.goto(f"{server.url}/table/{table_id}")
    watcher.wait_for_selector("#watching")
    assert watcher.locator("#talk-summary").count() == 0  # this table keeps talk to its players

    say(anna, "gg")
    ben.wait_for_selector(".seat[data-seat='0'] .talk-bubble:has-text('Good game')")
    assert "Anna: Good game" in log_text(ben)
    anna.wait_for_selector(".hand-head .talk-bubble:has-text('Good game')")  # her own, by her hand
    assert "You: Good game" in log_text(anna)
    assert anna.evaluate(UNLABELLED) == [] and ben.evaluate(UNLABELLED) == []
    assert ben.inner_text("#talk-live") == "Anna: Good game"
    say(ben, "thumbs_up")
    anna.wait_for_selector(".seat[data-seat='1'] .talk-bubble.face:has-text('👍')")
    say(ben, "good_luck")
    anna.wait_for_selector(".seat[data-seat='1'] .talk-bubble:has-text('Good luck')")
    shoot(ben, "talk-bubble-desktop-en", full_page=False)
    anna.click("#talk-summary")
    anna.wait_for_selector(".talk-panel #talk-say-well_played")
    shoot(anna, "talk-menu-desktop-en", full_page=False)
    anna.keyboard.press("Escape")  # the menu closes, the focus back on its button
    anna.wait_for_selector(".talk-panel", state="detached")
    assert anna.evaluate("document.activeElement.id") == "talk-summary"

    # The watcher heard none of it: a state played after it reaches the watcher, and no
    # talk came before it.
    play_one({"anna": anna, "ben": ben})
    caught_up(watcher, anna)
    assert watcher.talk_heard == []
    assert watcher.locator(".talk-bubble, .talk-line").count() == 0



def test_watchers_see_the_talk_where_the_table_allows_it(
        people: Person, server: LiveServer) -> None:
    # Anna makes the table on the start page, letting watchers see the talk.
    anna, ben = people("anna"), people("ben")
    anna.goto(server.url + "/")
    anna.click("label[for=game-schnapsen]")
    anna.select_option("#level-1", "open")
    assert not anna.is_checked("#talk-watchers")  # talk stays the players' unless chosen
    anna.check("#talk-watchers")
    anna.fill("#my-name", "Anna")
    anna.click("#start")
    invite = anna.input_value("#invite-link")
    table_id = invite.split("#")[0].rstrip("/").split("/")[-1]
    assert server.hub.tables[table_id].settings.talk_watchers
    anna.click("#go-table")
    anna.wait_for_selector(".waiting-room")
    ben.goto(invite)
    ben.fill("#sit-name", "Ben")
    ben.click("#sit-1")
    for page in (anna, ben):
        page.wait_for_selector("#talk-summary")
    watcher = people("watcher", phone=True)
    watcher.goto(f"{server.url}/table/{table_id}")
    watcher.wait_for_selector("#watching")
    say(anna, "well_played")
    watcher.wait_for_selector(".seat[data-seat='0'] .talk-bubble:has-text('Well played')")
    shoot(watcher, "talk-watcher-phone-en", full_page=False)
    assert watcher.inner_text("#talk-summary").strip() == "Table talk"  # no "Say": watching
    ben.wait_for_selector(".seat[data-seat='0'] .talk-bubble:has-text('Well played')")
    assert "Anna: Well played" in log_text(watcher)
    watcher.reload()  # a page that comes later finds the last sayings in its log
    watcher.wait_for_selector("#watching")
    watcher.wait_for_selector(".log-list .talk-line:has-text('Anna: Well played')")
    # A watcher may mute a seat or turn talk off, but not talk; the players read that
    # watchers see it.
    watcher.click("#talk-summary")
    watcher.wait_for_selector("#talk-on")
    assert watcher.locator(".talk-phrases").count() == 0
    assert watcher.locator("#talk-mute-0").count() == 1
    assert watcher.evaluate(INSIDE)
    assert watcher.evaluate(UNLABELLED) == []
    anna.click("#talk-summary")
    anna.wait_for_selector(".talk-panel .doc:has-text('Watchers see the table talk here too.')")


def test_muting_a_seat_or_turning_talk_off_hides_it(people: Person, server: LiveServer) -> None:
    table_id, anna, ben = seated(people, server, ben_phone=True, ben_lang="de")
    assert ben.inner_text("#talk-summary").strip().endswith("Sag was")
    say(anna, "thanks")
    ben.wait_for_selector(".seat[data-seat='0'] .talk-bubble:has-text('Danke')")
    assert ben.evaluate(INSIDE)
    shoot(ben, "talk-bubble-phone-de", full_page=False)
    ben.click("#talk-summary")
    ben.wait_for_selector("#talk-say-gg:has-text('Gutes Spiel')")
    assert ben.evaluate(INSIDE)
    assert ben.evaluate(UNLABELLED) == []
    shoot(ben, "talk-menu-phone-de", full_page=False)
    ben.click("#talk-summary")

    # Ben mutes Anna from her bubble: her next saying reaches his page and shows nowhere.
    ben.click("#talk-mute-bubble-0")
    assert ben.locator(".talk-bubble").count() == 0
    assert ben.evaluate(f"localStorage.getItem('stammtisch.talk_muted.{table_id}')") == "[0]"
    say(anna, "oops")
    heard(ben, "oops")
    play_one({"anna": anna, "ben": ben})  # a state after it: the saying has been handled
    caught_up(ben, anna)
    assert ben.locator(".talk-bubble").count() == 0
    assert "Hoppla" not in log_text(ben) and "Danke" not in log_text(ben)
    # The mute is kept for this table (a reload keeps it); unmuted, the log has it all.
    ben.reload()
    ben.wait_for_selector("#talk-summary")
    assert "Hoppla" not in log_text(ben)
    ben.click("#talk-summary")
    assert ben.is_checked("#talk-mute-0")
    ben.uncheck("#talk-mute-0")
    ben.wait_for_selector(".log-list .talk-line:has-text('Anna: Hoppla')")
    assert "Anna: Danke" in log_text(ben)

    # Talk off: nothing shows, and the menu offers only to turn it on again.
    ben.uncheck("#talk-on")
    assert ben.locator(".talk-line").count() == 0 and ben.locator(".talk-phrases").count() == 0
    assert ben.evaluate("localStorage.getItem('stammtisch.talk')") == "0"
    say(anna, "smile")
    heard(ben, "smile")
    play_one({"anna": anna, "ben": ben})
    caught_up(ben, anna)
    assert ben.locator(".talk-bubble, .talk-line").count() == 0
    ben.check("#talk-on")
    ben.wait_for_selector(".log-list .talk-line:has-text('Anna: 🙂')")
