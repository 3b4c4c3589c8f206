"""The start page's defaults (issue 30): a new seat's computer player is a Beginner."""

from __future__ import annotations

from typing import Any

from tests.browser.conftest import shoot
from tests.server.live import LiveServer


def test_new_seats_default_to_beginner_and_the_table_gets_one(page: Any,
                                                             server: LiveServer) -> None:
    page.goto(server.url + "/")
    page.wait_for_selector("#start")
    page.check("#game-schmier")
    for seat in range(1, 6):
        assert page.input_value(f"#level-{seat}") == "beginner"
    assert "high trumps" in page.inner_text("#level-1-doc")
    shoot(page, "start-page-beginner")
    page.check("#game-scat")
    page.select_option("#players", "3")
    assert page.input_value("#level-2") == "beginner"
    with page.expect_request(lambda r: r.url.endswith("/api/tables")) as sent:
        page.click("#start")
    seats = sent.value.post_data_json["seats"]
    assert seats == ["human", "beginner", "beginner"]
