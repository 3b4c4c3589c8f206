"""The review page fills in deal by deal (issue 44): while the expert goes through a
stored 7-point Schnapsen Bummerl, every deal it is through appears on the page (its
accuracy, its decisions in the chart and the move list) before the next is done, the
deals still to come marked as such, until the whole review stands."""

from __future__ import annotations

import json
import secrets
import threading
from collections.abc import Iterator
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from typing import Any

import pytest
from starlette.applications import Starlette

from stammtisch.bots import review
from stammtisch.server.reviews import Reviews
from tests.browser.conftest import shoot
from tests.server.live import LiveServer

pytestmark = pytest.mark.browser

BUMMERL = Path(__file__).resolve().parents[1] / "data" / "schnapsen-bummerl-5-6.json"
PATIENCE = 60.0


class DealByDeal:
    """A fake expert that judges the decisions of the deals the test has opened, and
    holds the first decision of any later deal until the test opens it."""

    def __init__(self) -> None:
        self.open_below = 1
        self.changed = threading.Condition()

    def open_next(self) -> None:
        with self.changed:
            self.open_below += 1
            self.changed.notify_all()

    def __call__(self, game: str, view: dict[str, Any], **_: Any) -> list[tuple[str, float]]:
        deal = int(view.get("deal") or 0)
        with self.changed:
            self.changed.wait_for(lambda: deal < self.open_below, PATIENCE)
        legal = view["legal_actions"]
        return [(action, 0.5 - 0.1 * n) for n, action in enumerate(legal)]


@pytest.fixture
def live(tmp_path: Path) -> Iterator[LiveServer]:
    server = LiveServer(tmp_path / "tables.db", bot_delay=0.0, reviews_at_end=True)
    app: Starlette = server.server.config.app  # type: ignore[assignment]
    app.state.reviews = Reviews(budget=0.01, pool=lambda: ThreadPoolExecutor(1))
    yield server
    app.state.reviews.close()
    server.stop()


def test_the_review_page_fills_in_deal_by_deal(
        page: Any, live: LiveServer, monkeypatch: pytest.MonkeyPatch) -> None:
    expert = DealByDeal()
    monkeypatch.setattr(review, "rank", expert)
    data = json.loads(BUMMERL.read_text(encoding="utf-8"))
    record = data["record"]
    table_id = f"t-{secrets.token_hex(4)}"
    store = live.hub.store
    store.create(table_id, "schnapsen", [{"kind": "human", "name": "Anna"},
                                         {"kind": "bot", "level": "expert"}],
                 {**record, "actions": []})
    store.save(table_id, record, data["result"], 1)
    walk = review.decisions(record, 0)
    deals = sorted({decision.deal for decision in walk.decisions})
    assert len(deals) >= 4

    page.goto(f"{live.url}/review/{table_id}?seat=0")
    circles = 0
    for shown in range(1, len(deals)):
        page.wait_for_selector(f"main[data-status=partial][data-deals='{shown}']",
                               timeout=PATIENCE * 1000)
        judged = page.locator(".review-deals li.judged").count()
        pending = page.locator(".review-deals li.pending").count()
        assert (judged, pending) == (shown, len(deals) - shown)
        mine = sum(1 for d in walk.decisions if d.deal < deals[shown])
        assert page.locator(".review-chart circle").count() == mine > circles
        circles = mine
        assert page.locator(".move-list .move").count() == len(walk.moves)
        assert f"{shown} of {len(deals)} deals" in page.inner_text(".review-partial")
        if shown <= 2:
            shoot(page, f"review-deal-by-deal-{shown}")
        expert.open_next()
    page.wait_for_selector("main[data-status=done]", timeout=PATIENCE * 1000)
    assert not page.locator(".review-partial, .review-deals li.pending").count()
    assert page.locator(".review-deals li.judged").count() == len(deals)
    assert page.locator(".review-chart circle").count() == len(walk.decisions)
    shoot(page, "review-deal-by-deal-done")
