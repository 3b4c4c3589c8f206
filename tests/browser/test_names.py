"""Issue 42, names everywhere: a finished match names its seats on the history list, the
replay and the review (a person by the name they typed, a computer by its level, a
program by its bot account, "you" on the review of one's own match), in the reader's
language; a name is only ever text, never markup."""

from __future__ import annotations

import random
import secrets
from collections.abc import Iterator
from typing import Any

import pytest

import stammtisch
from stammtisch.server.seats import Seat, new_token, token_hash
from stammtisch.server.store import Store
from tests.browser.conftest import shoot
from tests.server.live import LiveServer

pytestmark = pytest.mark.browser

WORDS = {  # the texts the pages show, per language
    "en": {"club": "Club player", "beat": "{winners} beat {losers}", "you": "You",
           "heading": "Review of your play: Schnapsen", "others": "Review: Schnapsen · Anna",
           "seat_view": "As you saw it"},
    "de": {"club": "Vereinsspieler", "beat": "Sieg für {winners} gegen {losers}", "you": "Du",
           "heading": "Analyse deines Spiels: Schnapsen", "others": "Analyse: Schnapsen · Anna",
           "seat_view": "Wie du es sahst"},
}
HOSTILE = '<img src=x onerror="window.pwned=1">Eve'


@pytest.fixture(scope="module")
def quick(tmp_path_factory: pytest.TempPathFactory) -> Iterator[LiveServer]:
    """A server of its own (its history holds only these tests' matches) whose expert
    thinks briefly about each decision of a review."""
    live = LiveServer(tmp_path_factory.mktemp("names") / "tables.db", bot_delay=0.0,
                      review_budget=0.05)
    yield live
    live.stop()


def store_finished(store: Store, game: str, seats: list[dict[str, Any]], seed: int,
                   **options: Any) -> tuple[str, int]:
    """A match of ``game`` played to its end by random moves, stored finished with
    ``seats``; its id and its winner's seat."""
    match: stammtisch.Match = stammtisch.new_match(game, seed=seed, **options)
    rng = random.Random(seed)
    while match.result is None:
        match.play(rng.choice(match.legal_actions()))
    table_id = f"names-{secrets.token_hex(4)}"
    store.create(table_id, game, seats, {**match.record(), "actions": []})
    result = match.result
    store.save(table_id, match.record(), result, 1)
    return table_id, int(result["winner"])


@pytest.fixture(scope="module")
def anna(quick: LiveServer) -> tuple[str, str, int]:
    """Anna's finished Schnapsen match against the Club computer: its id, Anna's seat
    token, the winning seat."""
    token = new_token()
    seats = [Seat("human", token_hash=token_hash(token), name="Anna", owner=True).stored(),
             Seat("bot", level="club").stored()]
    table_id, winner = store_finished(quick.hub.store, "schnapsen", seats, 3, match_target=1)
    return table_id, token, winner


def in_language(page: Any, server: LiveServer, lang: str, token: tuple[str, str] | None = None,
                *, phone: bool = False) -> None:
    """The page in ``lang`` (and at a phone's width), holding a match's seat ``token``
    (table id, token) as the browser that played it."""
    if phone:
        page.set_viewport_size({"width": 390, "height": 844})
    page.goto(server.url + "/history")
    page.evaluate("(lang) => localStorage.setItem('stammtisch.lang', lang)", lang)
    if token is not None:
        page.evaluate("([id, token]) => localStorage.setItem(`stammtisch.token.${id}`, token)",
                      list(token))


def hand_labels(page: Any) -> list[str]:
    return [str(text) for text in page.locator(".replay-hand strong").all_inner_texts()]


@pytest.mark.parametrize("phone", [False, True], ids=["desktop", "phone"])
@pytest.mark.parametrize("lang", ["en", "de"])
def test_the_history_replay_and_review_name_every_seat(
        page: Any, quick: LiveServer, anna: tuple[str, str, int], lang: str,
        phone: bool) -> None:
    table_id, token, winner = anna
    words = WORDS[lang]
    names = ["Anna", words["club"]]
    in_language(page, quick, lang, (table_id, token), phone=phone)
    width = "phone" if phone else "desktop"

    page.goto(quick.url + "/history")
    row = page.locator(".history-list li", has=page.locator(f"a[href='/history/{table_id}']"))
    row.wait_for()
    outcome = words["beat"].format(winners=names[winner], losers=names[1 - winner])
    assert row.locator(".history-outcome").inner_text().strip(" ·") == outcome
    assert "Seat" not in row.inner_text() and "Platz" not in row.inner_text()
    shoot(page, f"names-history-{lang}-{width}")

    page.goto(f"{quick.url}/history/{table_id}")
    page.wait_for_selector(".replay-hand")
    assert hand_labels(page) == names
    page.keyboard.press("End")
    page.wait_for_selector(".log-list .move[aria-current=step]")
    log = page.locator(".log-list").inner_text()
    assert f"\n{names[0]}: " in log and f"\n{names[1]}: " in log
    page.keyboard.press("Home")
    page.keyboard.press("ArrowRight")
    page.wait_for_function("() => document.querySelector('.replay .status') !== null")
    assert page.inner_text(".replay .status").split(": ", 1)[1].startswith(tuple(names))
    shoot(page, f"names-replay-{lang}-{width}")

    page.goto(f"{quick.url}/review/{table_id}?seat=0")
    page.wait_for_selector("main[data-status=done]", timeout=120_000)
    page.wait_for_function("(you) => [...document.querySelectorAll('.replay-hand strong')]"
                           ".some((n) => n.textContent === you)", arg=words["you"])
    assert page.inner_text(".review h1") == words["heading"]
    assert hand_labels(page) == [words["you"], words["club"]]
    moves = page.locator(".move-list .move").all_inner_texts()
    assert any(f". {words['you']}: " in move for move in moves)
    assert any(f". {words['club']}: " in move for move in moves)
    assert page.inner_text(".review-toggle button:nth-child(2)") == words["seat_view"]
    shoot(page, f"names-review-{lang}-{width}")


def test_a_stranger_reviewing_the_match_sees_names_not_you(
        page: Any, quick: LiveServer, anna: tuple[str, str, int]) -> None:
    """Without the match's seat token the page is not Anna's: her seat keeps her name."""
    table_id, _, _ = anna
    page.goto(f"{quick.url}/review/{table_id}?seat=0")
    page.wait_for_selector("main[data-status=done]", timeout=120_000)
    page.wait_for_function("() => [...document.querySelectorAll('.replay-hand strong')]"
                           ".some((n) => n.textContent === 'Anna')")
    assert page.inner_text(".review h1") == WORDS["en"]["others"]
    assert hand_labels(page) == ["Anna", "Club player"]


def test_a_program_an_unnamed_person_and_a_hostile_name(page: Any, quick: LiveServer) -> None:
    """A program is its bot account marked as a program, a person without a name "Seat N",
    two computers of one level told apart by their seats; a name written as markup shows
    as those characters and runs nothing."""
    seats = [Seat("human", token_hash=token_hash(new_token()), name=HOSTILE).stored(),
             Seat("external", level="club", name="page-bot").stored(),
             Seat("bot", level="random").stored(), Seat("bot", level="random").stored(),
             Seat("human", token_hash=token_hash(new_token())).stored()]
    table_id, winner = store_finished(quick.hub.store, "schnauz", seats, 5, num_players=5,
                                     lives=1)
    labels = [HOSTILE, "page-bot (program)", "Random", "Random", "Seat 5"]
    page.goto(quick.url + "/history")
    row = page.locator(".history-list li", has=page.locator(f"a[href='/history/{table_id}']"))
    row.wait_for()
    losers = ", ".join(label for seat, label in enumerate(labels) if seat != winner)
    assert row.locator(".history-outcome").inner_text().strip(" ·") == \
        f"{labels[winner]} beat {losers}"
    assert row.locator("img").count() == 0
    shoot(page, "names-history-hostile")

    page.goto(f"{quick.url}/history/{table_id}")
    page.wait_for_selector(".replay-hand")
    assert hand_labels(page) == [HOSTILE, "page-bot (program)", "Random (seat 3)",
                                 "Random (seat 4)", "Seat 5"]
    page.goto(f"{quick.url}/review/{table_id}?seat=0")
    page.wait_for_selector("main[data-status=done]", timeout=120_000)
    page.wait_for_function("(name) => [...document.querySelectorAll('.replay-hand strong')]"
                           ".some((n) => n.textContent === name)", arg=HOSTILE)
    assert page.inner_text(".review h1") == f"Review: Schnauz · {HOSTILE}"
    assert page.locator("#app img").count() == 0
    assert page.evaluate("window.pwned") is None
    shoot(page, "names-review-hostile")
