"""The start page's "External bot" seat: a bot's name, sent as ``bot:NAME``, and the table
it makes keeps that seat for the program, with the Club stand-in."""

from __future__ import annotations

from typing import Any

from examples import network_bot
from tests.server.live import LiveServer


def test_an_external_bot_seat_is_sent_as_bot_name(page: Any, server: LiveServer) -> None:
    network_bot.register(server.url, "page-bot")
    page.goto(server.url + "/")
    page.wait_for_selector("#start")
    page.check("#game-schnapsen")
    page.select_option("#level-1", "external")
    assert "bot API" in page.inner_text("#level-1-doc")
    page.fill("#bot-name-1", "page-bot")
    page.screenshot(path="/tmp/netbot-start-external.png", full_page=True)
    with page.expect_request(lambda r: r.url.endswith("/api/tables")) as sent:
        page.click("#start")
    assert sent.value.post_data_json["seats"] == ["human", "bot:page-bot"]
    page.wait_for_url("**/table/**")
    seat = server.hub.tables[page.url.rsplit("/", 1)[-1]].seats[1]
    assert (seat.kind, seat.name, seat.level) == ("external", "page-bot", "club")
