"""Playing in Chromium: a Schnapsen deal by clicking, a Schnauz round by keyboard, a
Schmier auction and exchange, Scat from the piles, the language switch, the phone
layout and the face-up replay. Screenshots land in test-artifacts/screenshots/."""

from __future__ import annotations

import random
from pathlib import Path
from typing import Any

import pytest

from tests.browser.conftest import shoot
from tests.browser.table_driver import UNLABELLED, actions, log_text, open_table, wait_turn
from tests.server.live import LiveServer

pytestmark = pytest.mark.browser


def test_a_schnapsen_deal_by_clicking(page: Any, server: LiveServer) -> None:
    page.goto(server.url + "/")
    page.click("label[for=game-schnapsen]")
    shoot(page, "start-page")
    page.click("#start")
    page.wait_for_selector("#table")
    # The last trick is offered while the computer's lead lies on the table; when we win
    # every trick of a deal (the seed is the server's) it comes in the next deal, whose
    # first lead is the computer's. Play until a deal has ended after it was offered.
    shot = False
    rows_at_shot = 0
    for _ in range(150):
        over = wait_turn(page) == "over"
        rows = page.locator(".sheet tbody tr").count()
        if over or (shot and rows > max(1, rows_at_shot)):
            break
        before = actions(page)
        cards = page.locator(".hand button.card")
        if not shot and page.locator(".last-trick button").count():
            page.click("text=Show the last trick")
            assert page.locator(".last-trick .played").count() == 2
            shoot(page, "schnapsen-table")
            shot, rows_at_shot = True, rows
        if cards.count():
            cards.first.click()
            if page.locator(".actions .action.primary").count():
                page.locator(".actions .action.primary").first.click()
        else:
            page.locator(".actions .action").first.click()
        wait_turn(page, before)
    assert page.locator(".sheet tbody tr").count() > 1, "the first deal did not end"
    assert "The deal" in log_text(page)
    assert shot, "the last trick was never offered"
    shoot(page, "schnapsen-deal-over")


def test_a_schnauz_round_by_keyboard(page: Any, server: LiveServer) -> None:
    # Seed 1: the computer player neither knocks nor ends the round before our knock.
    open_table(page, server, "schnauz", ["human", "random"], seed=1, num_players=2,
               first_dealer=0)
    turns = 0
    while page.locator(".last-round").count() == 0:
        assert wait_turn(page) == "me"
        before = actions(page)
        phase = page.get_attribute("#table", "data-phase")
        if phase == "dealer_choice":
            page.keyboard.press("k")  # keep
        elif turns == 0:
            page.keyboard.press("1")  # the first hand card ...
            page.keyboard.press("4")  # ... for the first table card
        elif turns == 1:
            page.keyboard.press("/")
            page.keyboard.type("sw a")
            page.keyboard.press("Enter")
        else:
            page.keyboard.press("k")  # knock
        if phase != "dealer_choice":
            turns += 1
        wait_turn(page, before)
        if turns == 1:
            shoot(page, "schnauz-table")
    text = log_text(page)
    for mine in ("You: Keep", "You: Swap", "You: Swap all", "You: Knock", "Showdown"):
        assert mine in text
    shoot(page, "schnauz-round-over")


def _schmier_turn(page: Any, phase: str) -> bool:
    """Click what a player would; whether that sent an action (not only picked a card)."""
    buttons = page.locator(".actions .action")
    if phase == "auction":
        buttons.last.click()  # the highest bid
    elif phase == "trump":
        buttons.first.click()
    else:
        primary = page.locator(".actions .action.primary")
        free = page.locator(".hand button.card[aria-pressed=false]")
        if primary.count():
            primary.first.click()
        elif free.count():
            free.first.click()
            return False
        else:
            buttons.first.click()
    return True


def test_a_schmier_auction_and_exchange(page: Any, server: LiveServer) -> None:
    open_table(page, server, "schmier", ["human"] + ["random"] * 5, seed=4, first_dealer=5)
    shot = undone = False
    for _ in range(80):
        wait_turn(page)
        phase = page.get_attribute("#table", "data-phase")
        if phase == "play":
            break
        if phase == "trump" and not undone:
            before = actions(page)
            page.click("button:has-text('Undo')")  # the bid showed no card: it can be taken back
            page.wait_for_function(
                "(b) => Number(document.querySelector('#table').dataset.actions) < b", arg=before)
            assert page.get_attribute("#table", "data-phase") == "auction"
            undone = True
            continue
        if phase == "exchange" and not shot:
            page.locator(".hand button.card").first.click()
            shoot(page, "schmier-exchange")
            shot = True
            page.keyboard.press("Escape")
        before = actions(page)
        if _schmier_turn(page, phase):
            # Until the server answers, the page still shows the turn just played.
            wait_turn(page, before)
        else:
            page.wait_for_selector(".card.selected")
    text = log_text(page)
    assert undone and text.count("You: Bid 6") == 1
    assert "You win the auction" in text and "You exchange" in text
    assert page.get_attribute("#table", "data-phase") == "play"
    shoot(page, "schmier-table")


def test_scat_from_the_piles(page: Any, server: LiveServer) -> None:
    open_table(page, server, "scat", ["human", "random", "random"], seed=3, num_players=3,
               first_dealer=2)
    for _ in range(3):
        wait_turn(page)
        before = actions(page)
        if page.get_attribute("#table", "data-phase") == "draw":
            page.locator(".pile-button").first.click()
        else:
            page.locator(".hand button.card").first.click()
        wait_turn(page, before)
    assert "Draw from the stock" in log_text(page) or "Take the discard" in log_text(page)
    shoot(page, "scat-table")


def test_the_language_switch(page: Any, server: LiveServer, browser: Any) -> None:
    page.goto(server.url + "/")
    page.wait_for_selector("#start")
    page.select_option("#language", "de")
    assert page.inner_text("#start") == "Spiel beginnen"
    assert "Wie in den Regeln" in page.inner_text(".presets")
    page.check("#game-schnapsen")
    page.select_option("#level-1", "club")
    assert "Zählt Augen und Trümpfe" in page.inner_text("#level-1-doc")
    shoot(page, "start-page-de")
    open_table(page, server, "schnapsen", ["human", "random"], seed=5, first_dealer=1)
    wait_turn(page)
    assert "Du bist dran" in page.inner_text(".status")
    for code, word in (("el", "Σειρά σου"), ("ro", "E rândul tău"), ("gl", "É a túa quenda")):
        page.select_option("#language", code)
        assert word in page.inner_text(".status")
        assert page.evaluate("document.documentElement.lang") == code
    page.reload()
    page.wait_for_selector("#table")
    assert "É a túa quenda" in page.inner_text(".status")
    german = browser.new_context(locale="de-DE")
    fresh = german.new_page()
    fresh.goto(server.url + "/")
    fresh.wait_for_selector("#start")
    assert fresh.inner_text("#start") == "Spiel beginnen"
    german.close()


def test_the_phone_layout(browser: Any, server: LiveServer) -> None:
    context = browser.new_context(viewport={"width": 390, "height": 844}, is_mobile=True,
                                  has_touch=True, device_scale_factor=2, locale="en-GB",
                                  reduced_motion="reduce")
    page = context.new_page()
    open_table(page, server, "schnauz", ["human", "random", "random", "random"], seed=8,
               num_players=4, first_dealer=0)
    wait_turn(page)
    width = page.evaluate("document.documentElement.scrollWidth")
    assert width <= 390, f"the table is {width}px wide on a 390px screen"
    for card in page.locator(".hand .card").all():
        box = card.bounding_box()
        assert box is not None and box["x"] >= 0 and box["x"] + box["width"] <= 390
    for button in page.locator("button").all():
        if button.is_visible():
            label = button.get_attribute("aria-label") or button.inner_text()
            assert label.strip(), "a button without a label"
    shoot(page, "phone-schnauz", full_page=False)
    for game, seats, options in (
            ("schmier", ["human"] + ["random"] * 5, {"first_dealer": 5}),
            ("schnapsen", ["human", "random"], {"first_dealer": 1}),
            ("scat", ["human", "random", "random"], {"num_players": 3, "first_dealer": 2})):
        open_table(page, server, game, seats, seed=2, **options)
        wait_turn(page)
        assert page.evaluate("document.documentElement.scrollWidth") <= 390, game
        shoot(page, f"phone-{game}", full_page=False)
    page.goto(server.url + "/")
    page.wait_for_selector("#start")
    assert page.evaluate("document.documentElement.scrollWidth") <= 390
    shoot(page, "phone-start", full_page=False)
    context.close()


def test_history_replays_a_finished_match_face_up(page: Any, server: LiveServer) -> None:
    created = server.create("schnapsen", ["human", "random"], seed=12, match_target=1)
    sock = server.socket(created["id"], created["token"])
    rng = random.Random(0)
    while True:
        state = sock.until_my_turn()
        if state["result"] is not None:
            break
        sock.send({"type": "act", "action": rng.choice(state["view"]["legal_actions"]),
                   "seq": state["seq"]})
        sock.receive()
    sock.close()
    page.goto(server.url + "/history")
    page.wait_for_selector(".history-list")
    shoot(page, "history-list")
    page.click(f"a[href='/history/{created['id']}']")
    page.wait_for_selector(".replay-nav")
    assert "Step 0 of" in page.inner_text(".step")
    for _ in range(3):
        page.keyboard.press("ArrowRight")
    page.wait_for_function("() => document.querySelector('.step').innerText.startsWith('Step 3')")
    assert page.locator(".replay-hand").count() == 2
    page.click("text=Back")
    page.wait_for_function("() => document.querySelector('.step').innerText.startsWith('Step 2')")
    shoot(page, "history-replay")


TABLE_WORDS = [
    "ui.your_turn", "ui.waiting", "ui.your_hand", "ui.table", "ui.stock", "ui.talon", "ui.cards",
    "ui.discard_pile", "ui.trump", "ui.trick", "ui.last_trick", "ui.show_last_trick",
    "ui.hide_last_trick", "ui.lives", "ui.life_count", "ui.out", "ui.scores",
    "ui.your_points", "ui.game_points", "ui.bummerl", "ui.team", "ui.log", "ui.undo", "ui.hint",
    "ui.type_action", "ui.play", "ui.match_over", "ui.wins", "ui.you_win", "ui.team_wins",
    "ui.dealer", "ui.to_act", "ui.knocked", "ui.hand_value", "ui.contract", "ui.no_contract",
    "ui.tricks_won", "ui.table_text", "ui.seat", "ui.you", "ui.language", "ui.start",
    "ui.history", "ui.options", "ui.preset.rules", "ui.preset.traditional", "ui.start_match",
]
ONLINE_WORDS = [  # the shared tables: seats, invitations, the lobby, refusals
    "err.seat_taken", "err.not_owner", "err.not_now", "err.not_your_turn", "err.rate_limited",
    "err.not_seated", "ui.friend", "ui.you_doc", "ui.friend_doc", "ui.your_name", "ui.name_doc",
    "ui.copy", "ui.copied", "ui.table_ready", "ui.invite", "ui.invite_doc", "ui.go_to_table",
    "ui.grace_over", "ui.away", "ui.computer_level_for", "ui.take_over", "ui.name_needed",
    "ui.watching", "ui.watching_doc", "ui.open_seat", "ui.here", "ui.offline", "ui.take_seat",
    "ui.fill", "ui.waiting_room", "ui.waiting_for_players", "ui.owner_doc", "ui.start_doc",
    "ui.bad_token", "ui.lobby", "ui.lobby_doc", "ui.join", "ui.watch", "ui.free_seats",
    "ui.watchers", "ui.phase_waiting", "ui.phase_playing", "ui.no_tables", "ui.create_table",
    "ui.lobby_failed",
]


def test_every_language_has_its_words(page: Any, server: LiveServer) -> None:
    page.goto(server.url + "/history")
    missing = page.evaluate(
        """async (tableWords) => {
            const STRINGS = {};
            for (const lang of ['en', 'de', 'el', 'ro', 'gl']) {
              STRINGS[lang] = await (await fetch(`/static/i18n/${lang}.json`)).json();
            }
            const en = Object.keys(STRINGS.en);
            const words = /^(game|act|opt|suit|rank|phase|group|level)\\./;
            const out = {};
            for (const lang of ['de', 'el', 'ro', 'gl']) {
              const need = lang === 'de' ? en
                : en.filter((k) => words.test(k)).concat(tableWords);
              out[lang] = need.filter((k) => !(k in STRINGS[lang]));
            }
            return out;
        }""", TABLE_WORDS + ONLINE_WORDS)
    assert missing == {"de": [], "el": [], "ro": [], "gl": []}


def test_four_colours_and_no_animations_are_settings(page: Any, server: LiveServer) -> None:
    open_table(page, server, "schnapsen", ["human", "random"], seed=6, first_dealer=1)
    wait_turn(page)
    page.click(".settings summary")
    page.check("#four-colour")
    page.uncheck("#animations")
    page.click(".settings summary")
    fills = page.eval_on_selector_all(".card-svg .corner",
                                      "nodes => nodes.map(n => n.getAttribute('fill'))")
    assert "#1f5fbf" in fills or "#1b7a2b" in fills  # diamonds blue, clubs green
    assert page.evaluate("document.body.classList.contains('no-anim')")
    assert page.locator("details.table-text").count() == 1
    page.click("details.table-text summary")
    assert "Your hand:" in page.inner_text("details.table-text")
    shoot(page, "schnapsen-four-colour")


def test_the_page_reconnects_after_a_server_restart(page: Any, tmp_path: Path) -> None:
    first = LiveServer(tmp_path / "restart.db")
    open_table(page, first, "schnapsen", ["human", "random"], seed=9, first_dealer=1)
    wait_turn(page)
    before = actions(page)
    page.locator(".hand button.card").first.click()
    wait_turn(page, before)
    hand = page.inner_text(".hand")
    first.stop()
    page.wait_for_selector("text=reconnecting")
    second = LiveServer(tmp_path / "restart.db", port=first.port)
    try:
        page.wait_for_function("() => !document.querySelector('.status .warn')", timeout=15_000)
        assert wait_turn(page) == "me" and page.inner_text(".hand") == hand
        before = actions(page)
        page.locator(".hand button.card").first.click()
        wait_turn(page, before)
    finally:
        second.stop()


def test_every_control_has_a_label(page: Any, server: LiveServer) -> None:
    page.goto(server.url + "/")
    page.wait_for_selector("#start")
    for game in ("schnauz", "scat", "schnapsen", "schmier"):
        page.click(f"label[for=game-{game}]")
        assert page.evaluate(UNLABELLED) == [], game
    open_table(page, server, "schnauz", ["human", "random"], seed=1, num_players=2,
               first_dealer=0)
    wait_turn(page)
    page.keyboard.press("k")
    wait_turn(page, 0)
    assert page.evaluate(UNLABELLED) == []
    # Two announcers, each read once: the log's new lines, and the table talk's (its
    # own region outside the redrawn page, web/js/talk.js).
    assert page.locator("[aria-live=polite]").count() == 2
    assert page.locator("#talk-live[aria-live=polite]").count() == 1
