"""The review in Chromium: a short match of every game played to its end against random
computer players, then "Review" at the table: the page shows its progress, then the
accuracy, the biggest mistakes, the chart and the move list; a mistake (or a move) is
one click from its position, and the arrows move through positions without scrolling."""

from __future__ import annotations

import random
from collections.abc import Iterator
from typing import Any

import pytest
from starlette.applications import Starlette

from stammtisch.server.fairqueue import FairQueue
from stammtisch.server.reviews import WATCHER, Reviews
from tests.browser.conftest import shoot
from tests.browser.table_driver import actions, open_table, wait_turn
from tests.server.live import LiveServer
from tests.server.test_reviews import stored_match

pytestmark = pytest.mark.browser

MATCHES = {
    "schnauz": (["human", "random", "random"], {"num_players": 3, "lives": 1}),
    "scat": (["human", "random", "random"], {"num_players": 3, "lives": 1}),
    "schnapsen": (["human", "random"], {"match_target": 1}),
    "schmier": (["human"] + ["random"] * 5, {"target_score": 1}),
}


@pytest.fixture(scope="module")
def quick(tmp_path_factory: pytest.TempPathFactory) -> Iterator[LiveServer]:
    """A server whose expert thinks briefly about each decision of a review."""
    live = LiveServer(tmp_path_factory.mktemp("review") / "tables.db", bot_delay=0.0,
                      review_budget=0.05)
    yield live
    live.stop()


def play_to_the_end(page: Any, rng: random.Random) -> None:
    for _ in range(600):
        before = actions(page)
        if wait_turn(page) == "over":
            return
        buttons = page.locator(".actions .action")
        cards = page.locator(".hand button.card")
        if cards.count() and (not buttons.count() or rng.random() < 0.5):
            cards.nth(rng.randrange(cards.count())).click()  # a card, then its action
            primary = page.locator(".actions .action.primary")
            if actions(page) == before and primary.count():
                buttons = primary
            else:
                buttons = page.locator(".actions .action")
        if actions(page) == before and buttons.count():
            buttons.nth(rng.randrange(buttons.count())).click()
        wait_turn(page, before)
    raise AssertionError("the match did not end")


@pytest.mark.parametrize("game", list(MATCHES))
def test_a_match_ends_in_its_review(page: Any, quick: LiveServer, game: str) -> None:
    seats, options = MATCHES[game]
    table_id = open_table(page, quick, game, seats, seed=7, **options)
    play_to_the_end(page, random.Random(7))
    page.click("a.review-link")
    page.wait_for_url(f"**/review/{table_id}?seat=0")
    page.wait_for_selector("main[data-status=done]", timeout=120_000)
    page.wait_for_selector(".review-board .center .card, .review-board .center .zone")
    assert "Accuracy for the match: " in page.inner_text(".review-accuracy")
    rule = page.inner_text(".review-summary .doc")
    assert "A mistake loses" in rule and "counts as accurate" in rule
    decisions = page.locator(".review-chart circle").count()
    moves = page.locator(".move-list .move").count()
    assert decisions > 0 and moves >= decisions
    assert page.locator(".move-list .mine").count() == decisions
    shoot(page, f"review-{game}")
    mistakes = page.locator(".review-mistake")
    target = mistakes.first if mistakes.count() else page.locator(".move-list .mine .move").last
    index = target.get_attribute("data-index")
    target.click()
    page.wait_for_selector(f".move-list .current .move[data-index='{index}']")
    page.wait_for_function(
        "(n) => document.querySelector('.replay-nav .step').textContent"
        ".startsWith(`Move ${n} of `)",
        arg=int(index) + 1)  # one numbering: the move list's "16." and the mistakes' "move 16"
    assert page.inner_text(".move-list .current .move").startswith(f"{int(index) + 1}. ")
    if mistakes.count():
        assert f"move {int(index) + 1}:" in target.inner_text()
    assert page.locator(".review-decision").count() == 1
    assert page.locator(".replay-hand").count() >= 2  # face up: every hand still in play
    shoot(page, f"review-{game}-position")
    page.click(".review-toggle button:nth-child(2)")  # the seat's view: its own hand only
    page.wait_for_function("document.querySelectorAll('.replay-hand').length === 1")
    assert page.inner_text(".replay-hand strong") == "You"  # the page played this seat
    scrolled = page.evaluate("window.scrollY")
    page.keyboard.press("ArrowLeft")
    page.keyboard.press("ArrowRight")
    assert page.evaluate("window.scrollY") == scrolled
    shoot(page, f"review-{game}-seat-view")


def test_the_review_is_linked_from_the_history(page: Any, quick: LiveServer) -> None:
    seats, options = MATCHES["schnapsen"]
    table_id = open_table(page, quick, "schnapsen", seats, seed=8, **options)
    play_to_the_end(page, random.Random(8))
    page.goto(quick.url + "/history")
    page.click(f"a[href='/review/{table_id}?seat=0']")
    page.wait_for_selector("main[data-status=done]", timeout=120_000)
    page.goto(quick.url + f"/history/{table_id}")
    page.wait_for_selector(".replay-nav a.review-link")
    assert page.get_attribute(".replay-nav a.review-link", "href") == \
        f"/review/{table_id}?seat=0"


def test_a_waiting_review_shows_its_place_in_line(page: Any, quick: LiveServer) -> None:
    """Issue 47: while others' reviews are worked out the page says where this one
    stands in the queue (in the page's language), instead of an error or a bar stuck at
    0 %; on a phone too."""
    app: Starlette = quick.server.config.app  # type: ignore[assignment]
    reviews: Reviews = app.state.reviews
    held = FairQueue(slots=0, per_requester=1)  # the worker serves nobody meanwhile
    for n in range(2):
        held.enter(f"address:10.9.9.{n}", WATCHER)
    reviews.queue = held
    table_id = stored_match(quick.hub.store, finished=True)
    try:
        page.goto(f"{quick.url}/review/{table_id}?seat=0")
        page.wait_for_selector("main[data-status=queued]")
        assert page.inner_text(".review-place") == \
            "Waiting for the expert: your review is number 3 in line."
        assert page.locator("progress.review-progress:not([value])").count() == 1
        assert not page.locator(".notice").count()
        shoot(page, "review-queued")
        page.set_viewport_size({"width": 390, "height": 844})
        page.evaluate("localStorage.setItem('stammtisch.lang', 'de')")
        page.reload()
        page.wait_for_selector("main[data-status=queued]")
        assert "Nummer 3 in der Reihe" in page.inner_text(".review-place")
        box = page.locator(".review-queue").bounding_box()
        assert box is not None and box["x"] >= 0 and box["x"] + box["width"] <= 390
        shoot(page, "review-queued-phone")
    finally:
        reviews.queue = FairQueue(slots=2, per_requester=1)
