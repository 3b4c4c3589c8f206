"""Play now in Chromium (issue 43), each person in a browser context of their own:
Anna and Ben press "Play now" for Schnapsen and sit at one table within seconds, each
with a seat of their own; Cara, alone, is seated with a computer player once her wait
is over. Screenshots of the search on a wide screen in English and on a phone in
German land in test-artifacts/screenshots/."""

from __future__ import annotations

import json
import time
from collections.abc import Callable, Iterator
from typing import Any

import pytest
from playwright.sync_api import expect

from stammtisch.server.seats import BOT, HUMAN
from tests.browser.conftest import PATIENCE_MS, shoot
from tests.server.live import LiveServer

pytestmark = pytest.mark.browser

Person = Callable[..., Any]
TABLE = r"**/table/*"


@pytest.fixture
def people(browser: Any) -> Iterator[Person]:
    """``person(name, phone=False, lang="en", wait=20)``: the start page in a browser
    context of its own, its name and Play now's wait chosen before; no page may raise
    a script error."""
    contexts: list[Any] = []
    errors: list[str] = []

    def person(name: str, *, phone: bool = False, lang: str = "en", wait: int = 20) -> Any:
        size = {"width": 390, "height": 844} if phone else {"width": 1280, "height": 900}
        context = browser.new_context(viewport=size, is_mobile=phone, has_touch=phone,
                                      locale="en-GB", reduced_motion="reduce")
        context.set_default_timeout(PATIENCE_MS)
        context.add_init_script(
            f"localStorage.setItem('stammtisch.lang', {json.dumps(lang)});"
            f"localStorage.setItem('stammtisch.name', {json.dumps(name)});"
            f"localStorage.setItem('stammtisch.last_game', 'schnapsen');"
            f"localStorage.setItem('stammtisch.playnow.wait', '{wait}');")
        contexts.append(context)
        page = context.new_page()
        page.on("pageerror", lambda error: errors.append(f"{name}: {error}"))
        return page

    yield person
    for context in contexts:
        context.close()
    assert not errors, errors


def play_now(page: Any, server: LiveServer) -> None:
    page.goto(server.url + "/")
    page.wait_for_selector("#playnow-start")
    page.click("#playnow-start")
    page.wait_for_selector("#playnow-cancel")


def table_of(page: Any) -> str:
    page.wait_for_url(TABLE)
    return str(page.url.rsplit("/", 1)[1])


def test_two_people_sit_together_at_once_and_one_alone_gets_a_computer_player(
        people: Person, server: LiveServer) -> None:
    anna, ben = people("Anna"), people("Ben")
    play_now(anna, server)
    assert "Looking for players" in anna.inner_text("#playnow")
    shoot(anna, "playnow-searching-desktop-en", full_page=False)
    asked = time.monotonic()
    play_now(ben, server)
    first, second = table_of(anna), table_of(ben)
    assert first == second
    assert time.monotonic() - asked < 10, "seated within seconds"
    table = server.hub.tables[first]
    assert sorted(info.name for info in table.seats) == ["Anna", "Ben"]
    assert [info.kind for info in table.seats] == [HUMAN, HUMAN]
    tokens = [page.evaluate(f"localStorage.getItem('stammtisch.token.{first}')")
              for page in (anna, ben)]
    assert tokens[0] != tokens[1]
    assert {table.seat_of(token) for token in tokens} == {0, 1}
    for page, other in ((anna, "Ben"), (ben, "Anna")):  # each holds a seat, facing the other
        expect(page.locator("body")).to_contain_text("Your hand")
        expect(page.locator("body")).to_contain_text(other)
    shoot(anna, "playnow-seated-desktop-en")

    cara = people("Cara", phone=True, lang="de", wait=10)
    play_now(cara, server)
    asked = time.monotonic()
    assert "Suche Mitspieler" in cara.inner_text("#playnow")
    expect(cara.locator(".playnow-time")).to_contain_text("0:02")
    cara.locator("#playnow").scroll_into_view_if_needed()
    shoot(cara, "playnow-searching-phone-de", full_page=False)
    alone = table_of(cara)
    waited = time.monotonic() - asked
    assert 9 <= waited < 10 + 5, waited  # at the end of her wait (a loaded machine lags)
    kinds = sorted(info.kind for info in server.hub.tables[alone].seats)
    assert kinds == sorted([HUMAN, BOT])


def test_a_person_cancels_while_searching(people: Person, server: LiveServer) -> None:
    dora = people("Dora", lang="de", wait=60)
    play_now(dora, server)
    dora.click("#playnow-cancel")
    dora.wait_for_selector("#playnow-start")
    answer = dora.evaluate("""fetch('/api/play-now', {headers: {Authorization: 'Bearer ' +
        sessionStorage.getItem('stammtisch.playnow.ticket')}}).then((r) => r.json())""")
    assert answer == {"state": "none"}
