"""Guided first deals in Chromium (issue 26): from the start page's "Learn by playing"
to the end of the first deal, the coach explaining each step, in two languages per game;
then the summary's "real match" button opens a match with the same settings. And the
table's hint, worded by the page from the expert's values."""

from __future__ import annotations

from typing import Any

import pytest

from tests.browser.conftest import PATIENCE_MS, shoot
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
    _only_the_closing_panel(page)
    shoot(page, f"lesson-{game}-{lang}-summary")
    lesson_url = page.url
    page.click("#real-match")
    page.wait_for_function("(url) => location.href !== url && document.querySelector('#table')",
                           arg=lesson_url)
    assert page.locator("#coach").count() == 0
    assert page.inner_text(".game-title").startswith(page.evaluate(
        "(g) => document.querySelector('.game-title').textContent", game)[:3])


def _only_the_closing_panel(page: Any) -> None:
    """Issue 47: at the end of a lesson the coach's closing panel (a real match, the
    rules, the lesson again) is all there is to do: no "Next deal", no next hand."""
    page.locator("#deal-summary, #next-deal").first.wait_for(state="detached")
    for shown in ("#real-match", ".coach a[href^='/rules/']", "#lesson-again"):
        assert page.locator(shown).is_visible(), shown
    for hidden in (".hand-area", ".actions", "#typed"):
        assert not page.locator(hidden).is_visible(), hidden


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


@pytest.mark.parametrize("game", ["schnauz", "scat", "schnapsen", "schmier"])
def test_on_a_phone_the_coach_leaves_the_hand_on_screen_and_a_choice_is_tapped(
        browser: Any, server: LiveServer, game: str) -> None:
    """Issue 47: on a 390x844 phone the coach panel pushed the hand below the screen and
    its choices were words only. Now the hand is on the first screen, the panel shows
    the top choice with a "more" control, and tapping a choice plays it: the whole
    lesson, to the closing panel."""
    context = browser.new_context(viewport={"width": 390, "height": 844}, has_touch=True,
                                  is_mobile=True, locale="en-GB", reduced_motion="reduce")
    context.set_default_timeout(PATIENCE_MS)
    page = context.new_page()
    try:
        page.goto(server.url + "/")
        page.click(f"label[for=game-{game}]")
        page.click("#learn")
        page.wait_for_selector(".coach-choices li[data-action] button", timeout=30_000)
        shoot(page, f"lesson-{game}-phone-coach", full_page=False)
        bottom = page.evaluate(
            "() => document.querySelector('.hand').getBoundingClientRect().bottom + scrollY")
        assert bottom <= 844, f"the hand ends at y = {bottom} on an 844-px screen"
        shown = page.locator(".coach-choices li[data-action]:visible")
        assert shown.count() == 1, "folded to the top choice"
        more = page.locator("#coach-more")
        assert more.get_attribute("aria-expanded") == "false"
        more.tap()
        every = page.locator(".coach-choices li[data-action]").count()
        assert every > 1 and page.locator(".coach-choices li[data-action]:visible").count() == every
        assert more.get_attribute("aria-expanded") == "true"
        # Issue 47: each choice says why, and a line says what its figures mean.
        whys = page.eval_on_selector_all(
            ".coach-choices li[data-action]",
            "nodes => nodes.map(n => n.querySelector('.coach-fact')?.textContent)")
        assert all(whys), whys
        assert page.locator(".coach-unit").inner_text().startswith("How to read")
        shoot(page, f"lesson-{game}-phone-unfolded", full_page=False)
        decisions = 0
        while True:  # the whole lesson along the coach's line, by tapping its top choice
            best = page.locator(".coach-choices li.best").get_attribute("data-action")
            before = actions(page)
            page.locator(".coach-choices li.best button").tap()
            page.wait_for_function(
                "(n) => Number(document.querySelector('#table').dataset.actions) > n", arg=before)
            decisions += 1
            page.wait_for_selector(".coach-choices li.best button, #real-match", timeout=30_000)
            assert page.locator(".coach-verdict.good, #real-match").count() == 1, best
            if page.locator("#real-match").count():
                break
        assert decisions >= 4
        _only_the_closing_panel(page)
        box = page.evaluate("() => document.querySelector('#coach').getBoundingClientRect().bottom"
                            " + scrollY")
        assert box <= 844, "the closing panel is on the first screen"
        shoot(page, f"lesson-{game}-phone-end", full_page=False)
    finally:
        context.close()
