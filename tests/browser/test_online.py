"""Friends at one table in Chromium: the start page's invite link, the lobby, the
waiting room, a Schnauz round between two browsers and a computer player with a
reload in the middle and an away countdown, a watcher who never sees a hidden card,
the owner letting a computer take over a seat whose grace period ran out, and an
action against an old view refused without a word to the player.
Screenshots land in test-artifacts/screenshots/."""

from __future__ import annotations

import json
import time
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest

from tests.browser.conftest import PATIENCE_MS, shoot
from tests.browser.table_driver import (
    UNLABELLED,
    actions,
    card_faces,
    cards_in,
    log_text,
    next_to_act,
    open_table,
    turn,
    wait_turn,
)
from tests.server.live import LiveServer

pytestmark = pytest.mark.browser

Person = Callable[..., Any]


@pytest.fixture
def people(browser: Any, request: pytest.FixtureRequest) -> Iterator[Person]:
    """``person(name, phone=False)``: a page in a browser context of its own (its own
    localStorage: its own seat tokens); no page may raise a script error."""
    contexts: list[Any] = []
    pages: dict[str, Any] = {}
    errors: list[str] = []

    def person(name: str, *, phone: bool = False) -> Any:
        size = {"width": 390, "height": 844} if phone else {"width": 1280, "height": 900}
        context = browser.new_context(viewport=size, is_mobile=phone, has_touch=phone,
                                      locale="en-GB", reduced_motion="reduce")
        context.set_default_timeout(PATIENCE_MS)
        contexts.append(context)
        page = context.new_page()
        page.on("pageerror", lambda error: errors.append(f"{name}: {error}"))
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


def hidden_cards(server: LiveServer, table_id: str) -> set[str]:
    """The cards in some seat's hand that the public view does not show."""
    table = server.hub.get(table_id)
    assert table is not None
    hands = set().union(*(set(table.match.view(seat).get("hand") or [])
                          for seat in range(len(table.seats))))
    return hands - cards_in(table.match.view(None))


def assert_watcher_sees_no_hidden_card(watcher: Any, player: Any, server: LiveServer,
                                       table_id: str) -> int:
    """At a quiet moment (a person is to act): the watcher's page is as far as the
    player's, and none of its card faces is in a hand. Returns the faces counted."""
    actions = player.get_attribute("#table", "data-actions")
    watcher.wait_for_function(
        "(n) => document.querySelector('#table')?.dataset.actions === n", arg=actions)
    faces = card_faces(watcher)
    hidden = hidden_cards(server, table_id)
    assert hidden, "the hands should hold cards nobody else sees"
    assert not faces & hidden, f"the watcher sees hidden cards {faces & hidden}"
    assert watcher.locator(".hand-area").count() == 0
    assert watcher.locator(".hand button.card, .actions .action").count() == 0
    return len(faces)


def play_turn(page: Any, turns_taken: int) -> None:
    """A Schnauz turn by clicking: keep as dealer, swap a card first, knock next, then pass."""
    phase = page.get_attribute("#table", "data-phase")
    if phase == "dealer_choice":
        page.click("button[data-action=keep]")
    elif turns_taken == 0:
        page.locator(".hand button.card").first.click()
        page.locator(".center button.card").first.click()
    elif page.locator("button[data-action=knock]").count():
        page.click("button[data-action=knock]")
    elif page.locator("button[data-action=pass]").count():
        page.click("button[data-action=pass]")
    else:
        page.locator(".actions .action").first.click()


def test_the_start_page_offers_an_invite_link(people: Person, server: LiveServer) -> None:
    page = people("anna", phone=True)
    page.context.grant_permissions(["clipboard-read", "clipboard-write"])
    page.goto(server.url + "/")
    page.click("label[for=game-schnauz]")
    page.select_option("#players", "3")
    page.select_option("#level-1", "open")
    assert "invite link" in page.inner_text("#level-1-doc")
    assert not page.is_checked("#listed")  # a friend's table stays out of the lobby
    page.select_option("#level-2", "club")
    page.fill("#my-name", "Anna")
    assert page.evaluate(UNLABELLED) == []
    assert page.evaluate("document.documentElement.scrollWidth") <= 390
    page.click("#start")
    link = page.input_value("#invite-link")
    assert link.startswith(server.url + "/table/")
    page.click("#copy-invite")
    page.wait_for_selector("#copy-invite:has-text('Copied')")
    assert page.evaluate("navigator.clipboard.readText()") == link
    assert page.evaluate("document.documentElement.scrollWidth") <= 390
    shoot(page, "start-invite-link-phone", full_page=False)
    page.click("#go-table")
    page.wait_for_selector(".waiting-room")
    assert page.inner_text(".waiting-seat[data-seat='0'] .seat-name").startswith("Anna")
    assert page.inner_text(".waiting-seat[data-seat='0'] .badge") == "You"
    assert page.locator("#fill-1").count() == 1  # the owner may seat a computer
    assert page.evaluate(UNLABELLED) == []
    assert page.evaluate("document.documentElement.scrollWidth") <= 390
    shoot(page, "waiting-room-owner-phone", full_page=False)
    page.select_option("#fill-level-1", "beginner")
    page.click("#fill-1")
    page.wait_for_selector("#table[data-phase]:not([data-phase=waiting])")
    assert "Computer" in page.inner_text(".seats")


def test_friends_play_a_schnauz_round_while_someone_watches(
        people: Person, server: LiveServer) -> None:
    created = server.create("schnauz", ["human", "open", "club"], seed=1, name="Anna",
                            listed=True, num_players=3, first_dealer=0)
    table_id, invite = created["id"], server.url + created["invite"]
    anna, ben, watcher = people("anna"), people("ben"), people("watcher", phone=True)
    anna.goto(server.url + "/lobby")
    anna.evaluate("([id, token]) => localStorage.setItem(`stammtisch.token.${id}`, token)",
                  [table_id, created["token"]])
    anna.goto(invite)
    anna.wait_for_selector(".waiting-room")
    assert anna.locator("#fill-1").count() == 1 and anna.locator("#sit-1").count() == 0

    # The watcher finds the table in the lobby and opens it.
    watcher.goto(server.url + "/lobby")
    entry = watcher.locator(f"[data-table='{table_id}']")
    entry.wait_for()
    assert "Free seats: 1" in entry.inner_text() and "Anna" in entry.inner_text()
    assert "Club player" in entry.inner_text()
    assert watcher.evaluate("document.documentElement.scrollWidth") <= 390
    assert watcher.evaluate(UNLABELLED) == []
    shoot(watcher, "lobby-phone", full_page=False)
    entry.locator("a:has-text('Watch')").click()
    watcher.wait_for_selector(".waiting-room")
    assert watcher.url == invite
    assert watcher.locator("#sit-1").count() == 1 and watcher.locator("#fill-1").count() == 0
    assert watcher.evaluate("document.documentElement.scrollWidth") <= 390
    assert watcher.evaluate(UNLABELLED) == []
    shoot(watcher, "waiting-room-watcher-phone", full_page=False)
    shoot(anna, "waiting-room-owner")

    desk = people("desk")  # the lobby on a wide screen, with the watcher counted
    desk.goto(server.url + "/lobby")
    desk.wait_for_selector(f"[data-table='{table_id}'] .watchers:has-text('Watchers: 1')")
    shoot(desk, "lobby")

    # Ben opens the invite link and takes the open seat; his name is text, not markup.
    ben.goto(invite)
    ben.wait_for_selector("#sit-1")
    ben.click("#sit-1")
    assert "name" in ben.inner_text(".notice")  # no name yet: asked for one
    ben.fill("#sit-name", "Ben <b>&</b>")
    ben.press("#sit-name", "Enter")  # the first open seat, from the keyboard
    ben.wait_for_selector("#table[data-phase]:not([data-phase=waiting])")
    assert ben.evaluate(f"localStorage.getItem('stammtisch.token.{table_id}')")
    anna.wait_for_selector(".seats .seat-name:has-text('Ben <b>&</b>')")
    assert anna.locator(".seats b").count() == 0
    watcher.wait_for_selector("#watching")

    pages = {"anna": anna, "ben": ben}
    turns = {"anna": 0, "ben": 0}
    reloaded = False
    faces_seen = 0
    for _ in range(30):
        who = next_to_act(pages)
        assert who != "over"
        if anna.locator(".last-round").count():
            break
        page = pages[who]
        faces_seen += assert_watcher_sees_no_hidden_card(watcher, page, server, table_id)
        if who == "ben" and turns["ben"] == 1 and not reloaded:
            hand = ben.inner_text(".hand")
            ben.goto("about:blank")  # Ben's connection drops: everyone sees the countdown
            away = anna.locator(".seat[data-seat='1'] .away")
            away.wait_for()
            first = away.inner_text()
            assert first.startswith("away · seat kept for")
            anna.wait_for_function(
                "(t) => document.querySelector(\".seat[data-seat='1'] .away\").innerText !== t",
                arg=first)  # it ticks in the page, second by second
            shoot(anna, "table-countdown")
            watcher.locator(".seat[data-seat='1'] .away").wait_for()
            ben.goto(invite)
            anna.wait_for_selector(".seat[data-seat='1'] .away", state="detached")
            ben.reload()  # and once more as a plain reload, in the middle of the round
            ben.wait_for_selector("#table[data-turn=me]")
            assert ben.inner_text(".hand") == hand
            assert "You: Swap" in log_text(ben)  # the whole log came back
            reloaded = True
        before = page.get_attribute("#table", "data-actions")
        dealer_choice = page.get_attribute("#table", "data-phase") == "dealer_choice"
        play_turn(page, turns[who])
        turns[who] += 0 if dealer_choice else 1
        page.wait_for_function(
            "(b) => document.querySelector('#table').dataset.actions !== b", arg=before)
        if who == "anna" and turns["anna"] == 1:
            watcher.wait_for_selector("#table[data-actions]")
            shoot(watcher, "table-watcher-phone", full_page=False)
    anna.wait_for_selector(".last-round")
    assert reloaded, "Ben never reached a second turn in this round"
    assert turns["anna"] >= 1 and turns["ben"] >= 2
    assert faces_seen > 0, "the watcher should see the table's open cards"
    # After the showdown the old hands are public; the new ones stay hidden.
    watcher.wait_for_selector(".last-round")
    who = next_to_act(pages)
    if who != "over":
        assert_watcher_sees_no_hidden_card(watcher, pages[who], server, table_id)
    assert watcher.evaluate("document.documentElement.scrollWidth") <= 390
    for name in ("Ben <b>&</b>", "Showdown"):
        assert name in log_text(watcher) or name in watcher.inner_text("#table")
    shoot(watcher, "table-watcher-showdown-phone", full_page=False)
    shoot(anna, "table-round-over")


def test_the_owner_lets_a_computer_take_an_abandoned_seat(
        people: Person, tmp_path: Path) -> None:
    server = LiveServer(tmp_path / "grace.db", grace=1.5)
    try:
        created = server.create("schnauz", ["human", "open"], seed=5, name="Anna",
                                num_players=2, first_dealer=1)
        anna, ben = people("anna"), people("ben")
        anna.goto(server.url + "/lobby")
        anna.evaluate("([id, token]) => localStorage.setItem(`stammtisch.token.${id}`, token)",
                      [created["id"], created["token"]])
        anna.goto(server.url + created["url"])
        ben.goto(server.url + created["invite"])
        ben.fill("#sit-name", "Ben")
        ben.click("#sit-1")
        ben.wait_for_selector("#table[data-phase]:not([data-phase=waiting])")
        anna.wait_for_selector(".seats .seat-name:has-text('Ben')")
        ben.context.close()  # Ben is gone for good
        anna.wait_for_selector(".seat[data-seat='1'] .away.gone")
        assert "a computer may take over" in anna.inner_text(".seat[data-seat='1']")
        shoot(anna, "table-takeover-offered")
        assert anna.evaluate(UNLABELLED) == []
        anna.select_option("#fill-level-1", "club")
        anna.click("#fill-1")
        anna.wait_for_selector(".seat[data-seat='1'] .level:has-text('Club player')")
        assert anna.locator(".seat[data-seat='1'] .away").count() == 0
        # The computer plays Ben's seat now, and the turn comes back to Anna.
        anna.wait_for_selector("#table[data-turn=me]")
        assert turn(anna) == "me"
    finally:
        server.stop()


def test_an_action_against_an_old_view_is_refused_quietly(people: Person,
                                                          server: LiveServer) -> None:
    """The page's first action goes out with an old seq (rewritten on the wire): the
    server refuses it as stale and sends the current state; the page shows no error,
    and the same click then counts."""
    page = people("anna")
    from_server: list[dict[str, Any]] = []
    tampered: list[dict[str, Any]] = []

    def handle(socket: Any) -> None:
        upstream = socket.connect_to_server()

        def to_server(message: str | bytes) -> None:
            data = json.loads(message)
            if data.get("type") == "act" and not tampered:
                data["seq"] -= 1
                tampered.append(data)
            upstream.send(json.dumps(data))

        def to_page(message: str | bytes) -> None:
            from_server.append(json.loads(message))
            socket.send(message)

        socket.on_message(to_server)
        upstream.on_message(to_page)

    page.route_web_socket("**/ws/tables/**", handle)
    open_table(page, server, "schnauz", ["human", "random"], seed=1, num_players=2,
               first_dealer=0)
    assert wait_turn(page) == "me" and page.get_attribute("#table", "data-phase") == "dealer_choice"
    page.evaluate("""() => { window.notices = [];
        new MutationObserver(() => { const n = document.querySelector('.notice');
          if (n) window.notices.push(n.innerText); })
        .observe(document.getElementById('app'), { childList: true, subtree: true }); }""")
    page.click("button[data-action=keep]")
    kinds: list[str] = []
    deadline = time.monotonic() + PATIENCE_MS / 1000
    while "stale" not in kinds[:-1]:  # Playwright hands the socket's messages over
        assert time.monotonic() < deadline, f"no stale answer and state after it: {kinds}"
        page.wait_for_timeout(50)  # only while it is called: a poll, not a pause
        kinds = [m.get("code") or m["type"] for m in from_server]
    refused = kinds.index("stale")
    assert kinds[refused + 1] == "state"  # the current view follows at once
    assert actions(page) == 0 and page.get_attribute("#table", "data-phase") == "dealer_choice"
    page.click("button[data-action=keep]")
    wait_turn(page, 0)  # every message before this one has been drawn
    assert "You: Keep" in log_text(page)
    assert page.evaluate("window.notices") == [], "the refusal was shown to the player"
