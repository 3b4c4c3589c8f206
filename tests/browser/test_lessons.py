"""Guided first deals in Chromium (issue 26): from the start page's "Learn by playing"
to the end of the first deal, the coach explaining each step, in two languages per game;
then the summary's "real match" button opens a match with the same settings. And the
table's hint, worded by the page from the expert's values."""

from __future__ import annotations

from typing import Any

import pytest

from tests.browser.conftest import shoot
from tests.browser.table_driver import actions, open_table, wait_turn
from tests.server.live import LiveServer

RUNS = [("schnapsen", "en"), ("schnapsen", "de"), ("schnauz", "en"), ("schnauz", "el"),
        ("scat", "ro"), ("scat", "en"), ("schmier", "gl"), ("schmier", "de")]

ENGLISH_COACH = ["Your choices", "the expert's choice", "Since your last move", "Coach"]


@pytest.mark.parametrize(("game", "lang"), RUNS)
def test_a_guided_deal_to_its_end(page: Any, server: LiveServer, game: str, lang: str) -> None:
    page.goto(server.url + "/")
    page.evaluate("(lang) => localStorage.setItem('stammtisch.lang', lang)", lang)
    page.reload()
    page.click(f"label[for=game-{game}]")
    page.click("#learn")
    page.wait_for_selector("#coach")
    step = 0
    while True:
        page.wait_for_selector(".coach-choices li[data-action], .coach #real-match", timeout=30_000)
        if page.locator(".coach #real-match").count():
            break
        choices = page.eval_on_selector_all(".coach-choices li[data-action]",
                                            "nodes => nodes.map(n => n.dataset.action)")
        assert choices, "the coach lists the choices"
        if step == 0:
            text = page.inner_text("#coach")
            assert page.locator(".coach-rule").count() == 1, "the coach says what is legal and why"
            if lang != "en":
                assert not [w for w in ENGLISH_COACH if w in text], text
            shoot(page, f"lesson-{game}-{lang}-advice")
        # Weakest choice first, then the expert's: the coach must react to both.
        wanted = choices[-1] if step % 2 == 0 else choices[0]
        before = actions(page)
        page.fill("#typed", wanted)
        page.press("#typed", "Enter")
        page.wait_for_function(
            "(n) => Number(document.querySelector('#table').dataset.actions) > n", arg=before)
        page.wait_for_selector(".coach-verdict, .coach #real-match")
        step += 1
    assert step >= 1
    summary = page.inner_text("#coach")
    assert str(step) in summary
    shoot(page, f"lesson-{game}-{lang}-summary")
    lesson_url = page.url
    page.click("#real-match")
    page.wait_for_function("(url) => location.href !== url && document.querySelector('#table')",
                           arg=lesson_url)
    assert page.locator("#coach").count() == 0
    assert page.inner_text(".game-title").startswith(page.evaluate(
        "(g) => document.querySelector('.game-title').textContent", game)[:3])


@pytest.mark.parametrize("lang", ["en", "ro"])
def test_a_hint_is_worded_in_the_pages_language_and_marks_its_action(
        page: Any, server: LiveServer, lang: str) -> None:
    """Issue 30: the server sends the hint as data; the page says it in its language and
    marks the card or button it means, and its best value is the highest shown."""
    open_table(page, server, "schnapsen", ["human", "club"], seed=4, first_dealer=1)
    page.evaluate("(lang) => localStorage.setItem('stammtisch.lang', lang)", lang)
    page.reload()
    wait_turn(page)
    page.click(".tools button.secondary:last-child")
    line = page.locator(".hint-line")
    line.wait_for(timeout=30_000)
    text = line.inner_text()
    assert ("the expert's choice" in text) == (lang == "en")
    assert page.locator(".hinted").count() >= 1
    shoot(page, f"hint-{lang}")
