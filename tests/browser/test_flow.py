"""A table that flows, in Chromium: input locked while the connection is down (and nothing
sent twice), the summary of a finished deal held until "Next deal", a forced move played
by itself, a premove while the computer thinks, "Play again" for one person and for two
people on two pages, the settings popover, the replay's move list, and the page of a
player who is out."""

from __future__ import annotations

import random
import time
from pathlib import Path
from typing import Any

import pytest

from tests.browser.conftest import shoot
from tests.browser.table_driver import actions, acts_sent, open_seat, open_table, wait_turn
from tests.browser.test_tables import _schmier_turn
from tests.server.live import LiveServer, TableSocket
from tests.server.test_online import play_steps

pytestmark = pytest.mark.browser
ACTIONS_PAST = "(n) => Number(document.querySelector('#table').dataset.actions) > n"
HAND = "nodes => nodes.map(n => n.dataset.card)"


def played_out(server: LiveServer, created: dict[str, Any]) -> None:
    """The one person's match played to its end over a socket."""
    sock = server.socket(created["id"], created["token"])
    sock.receive()
    play_steps([sock], random.Random(1), 10_000)
    assert sock.state["result"] is not None
    sock.close()


def stored_actions(server: LiveServer, table: str) -> list[str]:
    row = server.hub.store.load(table)
    assert row is not None
    actions: list[str] = row.record["actions"]
    return actions


def with_token(page: Any, server: LiveServer, table: str, token: str) -> None:
    open_seat(page, server, table, token)
    page.wait_for_selector("#table")


def test_input_is_locked_while_the_connection_is_down(page: Any, tmp_path: Path) -> None:
    first = LiveServer(tmp_path / "down.db")
    table = open_table(page, first, "schnapsen", ["human", "random"], seed=9, first_dealer=1)
    wait_turn(page)
    before = actions(page)
    hand = page.inner_text(".hand")
    first.stop()
    page.wait_for_selector("#table[data-connection=down]")
    assert page.locator(".hand button.card").count() == 0
    assert page.locator(".actions .action").count() == 0
    assert "takes no moves" in page.inner_text(".offline-note")
    # A click on a card and a key while down do nothing, and nothing waits to be sent.
    page.locator(".hand .card").first.click(force=True)
    page.keyboard.press("1")
    shoot(page, "flow-offline")
    sent = acts_sent(page)  # what the new socket sends: a move kept from the outage first
    second = LiveServer(tmp_path / "down.db", port=first.port)
    try:
        page.wait_for_selector("#table[data-connection=up]")
        assert wait_turn(page) == "me" and page.inner_text(".hand") == hand
        page.locator(".hand button.card").first.click()
        wait_turn(page, before)
        assert len(sent) == 1, sent  # the click's action, nothing kept from the outage
        assert stored_actions(second, table)[before] == sent[0]["action"]
    finally:
        second.stop()


def knock_until_the_deal_ends(page: Any) -> None:
    """Keep the dealt hand, then knock ("k" both times) until the summary shows."""
    for _ in range(6):
        if page.locator("#deal-summary").count():
            return
        before = actions(page)
        # The deal may end while we wait (the computer's last turn after our knock);
        # a "k" then would act in the next deal and put the summary away.
        page.wait_for_function(
            "() => document.querySelector('#deal-summary')"
            " || document.querySelector('#table')?.dataset.turn === 'me'")
        if page.locator("#deal-summary").count():
            return
        page.keyboard.press("k")
        page.wait_for_function(
            "(n) => Number(document.querySelector('#table').dataset.actions) > n"
            " || document.querySelector('#deal-summary')", arg=before)
    page.wait_for_selector("#deal-summary")


def test_the_deal_summary_stays_until_next_deal(page: Any, server: LiveServer) -> None:
    # Seed 1: the computer player neither knocks nor ends the round before our knock.
    open_table(page, server, "schnauz", ["human", "random"], seed=1, num_players=2,
               first_dealer=0)
    knock_until_the_deal_ends(page)
    text = page.inner_text("#deal-summary")
    assert "The deal is over" in text and "knocked" in text
    assert "Lowest hand" in text or "the tie goes against" in text
    assert page.locator("#deal-summary .mini").count() >= 6  # both hands shown
    shoot(page, "flow-summary-schnauz")
    time.sleep(0.5)
    assert page.locator("#deal-summary").count() == 1  # it stays
    page.click("#next-deal")
    page.wait_for_selector("#deal-summary", state="detached")
    assert page.locator(".center .last-round").count() == 1  # the small box stays


def test_the_summary_goes_by_itself_when_the_setting_says(page: Any, server: LiveServer) -> None:
    open_table(page, server, "schnauz", ["human", "random"], seed=1, num_players=2,
               first_dealer=0)
    # Ten seconds, not three: a busy CI machine took longer than three seconds between the
    # summary showing and the test reading its countdown.
    page.evaluate("() => localStorage.setItem('stammtisch.summary_seconds', '10')")
    page.reload()
    knock_until_the_deal_ends(page)
    assert "(" in page.inner_text("#next-deal")  # the seconds left
    page.wait_for_selector("#deal-summary", state="detached")


def test_a_forced_move_plays_itself(page: Any, server: LiveServer) -> None:
    open_table(page, server, "schnapsen", ["human", "random"], seed=3, first_dealer=1)
    for _ in range(60):
        if wait_turn(page) == "over":
            break
        # (read at once: the note goes when the move is played)
        note = page.evaluate("() => document.querySelector('.selection.forced')?.innerText")
        if note:
            before = actions(page)
            shoot(page, "flow-forced-move")
            assert "Only one move" in note
            # as long as one of our choices takes (at most 15 s): test_page_details.py
            page.wait_for_function(ACTIONS_PAST, arg=before)
            return
        before = actions(page)
        # A person's pause before choosing: the page holds a forced move about as long
        # (at our test's speed it would show its note for 0.4 s, less than a loaded
        # machine takes to look).
        page.wait_for_timeout(1500)
        cards = page.locator(".hand button.card")
        if cards.count():
            cards.first.click()
            if page.locator(".actions .action.primary").count():
                page.locator(".actions .action.primary").first.click()
        else:
            page.locator(".actions .action").first.click()
        wait_turn(page, before)
    raise AssertionError("no forced move came up")


SLOW = 5.0
"""Seconds a computer player takes to move (its pause and its round alike): time for
the test to choose a card in advance, even on a loaded machine (at 1.5 s, capped to the
default 1 s round, the computer could move first, and the card was then played as a
plain move)."""


def test_a_premove_is_played_when_the_turn_comes(page: Any, tmp_path: Path) -> None:
    slow = LiveServer(tmp_path / "premove.db", bot_delay=SLOW, bot_round=SLOW)
    try:
        # The computer (seat 1) leads the first trick: we choose our card meanwhile.
        open_table(page, slow, "schnapsen", ["human", "random"], seed=2, first_dealer=0)
        page.wait_for_selector(".hand button.card")
        assert page.get_attribute("#table", "data-turn") == "other"
        card = page.locator(".hand button.card").first
        code = card.get_attribute("data-card")
        card.click()
        page.wait_for_selector(".card.premove")
        assert "Chosen in advance" in page.inner_text(".selection")
        shoot(page, "flow-premove")
        # The computer plays, and our chosen card follows without a further click.
        page.wait_for_function(ACTIONS_PAST, arg=1)
        page.wait_for_function(
            "() => document.querySelector('.log-list').innerText.includes('You: Play')")
        assert code not in page.eval_on_selector_all(".hand .card", HAND)
    finally:
        slow.stop()


def test_a_premove_not_allowed_when_the_turn_comes_is_dropped(page: Any, tmp_path: Path) -> None:
    slow = LiveServer(tmp_path / "dropped.db", bot_delay=SLOW, bot_round=SLOW)
    try:
        # Seed 5: the computer closes the talon and leads A♠; we must follow with J♠, so a
        # premove of Q♣ is dropped (and said), and J♠, the one legal card, plays itself.
        open_table(page, slow, "schnapsen", ["human", "random"], seed=5, first_dealer=0)
        page.locator(".hand button.card[data-card=QC]").click()
        page.wait_for_selector(".card.premove[data-card=QC]")
        page.wait_for_selector("text=Your chosen card Queen of Clubs is not allowed now")
        shoot(page, "flow-premove-dropped")
        page.wait_for_function(
            "() => document.querySelector('.log-list').innerText.includes('You: Play J♠')")
        assert "QC" in page.eval_on_selector_all(".hand .card", HAND)
    finally:
        slow.stop()


def test_play_again_for_one_person(page: Any, server: LiveServer) -> None:
    created = server.create("schnauz", ["human", "random"], seed=2, num_players=2, lives=1)
    played_out(server, created)
    with_token(page, server, created["id"], created["token"])
    page.wait_for_selector("#play-again")
    shoot(page, "flow-match-over")
    page.click("#play-again")
    page.wait_for_url(lambda url: created["id"] not in url)
    page.wait_for_selector("#table")
    wait_turn(page)
    assert page.locator(".hand").count() == 1  # seated, not watching
    assert page.locator(".watch-banner").count() == 0


def test_play_again_for_two_people_on_two_pages(browser: Any, server: LiveServer) -> None:
    created = server.create("schnauz", ["human", "open"], seed=4, name="Anna", num_players=2,
                            lives=1)
    anna = server.socket(created["id"], created["token"])
    anna.receive()
    ben = server.socket(created["id"])
    ben.receive()
    ben.send({"type": "sit", "seat": 1, "name": "Ben"})
    ben_token = ben.until("seated")["token"]
    socks: list[TableSocket] = [anna, ben]
    play_steps(socks, random.Random(2), 10_000)
    for sock in socks:
        sock.close()
    pages = []
    for token in (created["token"], ben_token):
        context = browser.new_context(viewport={"width": 1280, "height": 900}, locale="en-GB",
                                      reduced_motion="reduce")
        pages.append(context.new_page())
        with_token(pages[-1], server, created["id"], token)
    first, second = pages
    try:
        first.click("#play-again")
        second.wait_for_selector(".again-wait")
        assert "Ben" in first.inner_text(".again-wait")
        assert "Anna would like to play again" in second.inner_text(".again-wait")
        assert first.locator("#play-again[disabled]").count() == 1
        shoot(second, "flow-again-asked")
        second.click("#play-again")
        for page in pages:
            page.wait_for_url(lambda url: created["id"] not in url)
            page.wait_for_selector("#table")
        assert first.url == second.url
        for page in pages:
            page.wait_for_selector(".hand")
            assert page.get_attribute("#table", "data-phase") != "waiting"
            assert page.locator(".watch-banner").count() == 0
        shoot(second, "flow-again-new-table")
    finally:
        for page in pages:
            page.context.close()


def test_the_settings_open_over_the_table_and_esc_closes_them(page: Any,
                                                               server: LiveServer) -> None:
    open_table(page, server, "schnapsen", ["human", "random"], seed=6, first_dealer=1)
    wait_turn(page)
    top = page.locator("#table").bounding_box()["y"]
    page.click(".settings summary")
    assert page.locator("#auto-play").is_checked() and not page.locator("#sound").is_checked()
    assert page.locator("#table").bounding_box()["y"] == top  # nothing pushed down
    shoot(page, "flow-settings", full_page=False)
    page.keyboard.press("Escape")
    assert not page.evaluate("() => document.querySelector('details.settings').open")


def test_the_replay_move_list_jumps_and_keys_do_not_scroll(page: Any, server: LiveServer) -> None:
    created = server.create("schnapsen", ["human", "random"], seed=12, match_target=1)
    played_out(server, created)
    page.set_viewport_size({"width": 1000, "height": 500})
    page.goto(f"{server.url}/history/{created['id']}")
    page.wait_for_function("() => document.querySelector('.step')?.innerText.startsWith('Step 0')")
    page.keyboard.press("ArrowRight")
    page.wait_for_function("() => document.querySelector('.step').innerText.startsWith('Step 1')")
    page.keyboard.press("ArrowRight")
    page.wait_for_function("() => document.querySelector('.step').innerText.startsWith('Step 2')")
    # Home steps to the start instead of scrolling the page to its top.
    page.evaluate("() => window.scrollTo(0, 120)")
    page.keyboard.press("Home")
    page.wait_for_function("() => document.querySelector('.step').innerText.startsWith('Step 0')")
    assert page.evaluate("() => window.scrollY") == 120
    page.click(".log-list button.move[data-step='5']")
    page.wait_for_function("() => document.querySelector('.step').innerText.startsWith('Step 5')")
    assert page.locator(".log-list .current button[data-step='5']").count() == 1
    shoot(page, "flow-replay-moves")


def test_the_scat_discard_step_asks_and_shows_the_value(page: Any, server: LiveServer) -> None:
    open_table(page, server, "scat", ["human", "random", "random"], seed=3, num_players=3,
               first_dealer=2)
    for _ in range(6):
        wait_turn(page)
        phase = page.get_attribute("#table", "data-phase")
        if phase == "discard":
            break
        before = actions(page)
        if phase == "draw":
            page.locator(".pile-button").first.click()
        else:
            page.locator(".actions .action").first.click()
        wait_turn(page, before)
    assert page.get_attribute("#table", "data-phase") == "discard"
    assert "Your turn: discard one card" in page.inner_text(".status")
    assert "Hand value after your best discard:" in page.inner_text(".mine")
    shoot(page, "flow-scat-discard")


def test_a_schmier_deal_ends_in_its_summary(page: Any, server: LiveServer) -> None:
    open_table(page, server, "schmier", ["human"] + ["random"] * 5, seed=4, first_dealer=5)
    for _ in range(120):
        if page.locator("#deal-summary").count():
            break
        if wait_turn(page) == "over":
            break
        phase = str(page.get_attribute("#table", "data-phase"))
        before = actions(page)
        if phase == "play":  # one card is one action: it is played at once
            page.locator(".hand button.card").first.click()
            page.wait_for_function(ACTIONS_PAST + " || document.querySelector('#deal-summary')",
                                   arg=before)
        elif _schmier_turn(page, phase):
            page.wait_for_function(ACTIONS_PAST + " || document.querySelector('#deal-summary')",
                                   arg=before)
        else:
            page.wait_for_selector(".card.selected")
    text = page.inner_text("#deal-summary")
    assert "Contract: you bid" in text and "High:" in text and "Team A" in text
    shoot(page, "flow-summary-schmier")


def _out_first(server: LiveServer) -> dict[str, Any]:
    """A Schnauz table of three people with one life each, played at random over sockets
    until the creator is out and the other two play on (the page then opens at a
    match that waits for them)."""
    for seed in range(1, 40):
        created = server.create("schnauz", ["human", "open", "open"], seed=seed,
                                num_players=3, lives=1)
        socks = [server.socket(created["id"], created["token"])]
        socks[0].receive()
        for seat in (1, 2):
            socks.append(server.socket(created["id"]))
            socks[-1].receive()
            socks[-1].send({"type": "sit", "seat": seat, "name": f"Friend {seat}"})
            socks[-1].until("seated")
        rng = random.Random(seed)
        while socks[0].state["result"] is None \
                and not socks[0].state["view"]["eliminated"][0]:
            play_steps(socks, rng, 1)
        over = socks[0].state["result"] is not None
        for sock in socks:
            sock.close()
        if not over:
            return created
    raise AssertionError("the creator was never out first")


def test_a_player_who_is_out_watches_without_a_hand(page: Any, server: LiveServer) -> None:
    created = _out_first(server)
    with_token(page, server, created["id"], created["token"])
    page.wait_for_selector("#out-banner")
    assert "You are out." in page.inner_text("#out-banner")
    assert page.locator(".hand-area, .actions .action, #typed").count() == 0
    assert page.locator("#watching").count() == 0  # still the seat's own page, not a watcher's
    shoot(page, "flow-out")
