"""The Schnapsen rules page in Chromium: it opens in English and German, draws its tables
with card pictures and at least three worked examples, fits a phone without sideways
scrolling, explains every option, shows a table's options in words and opens at the
section of a phase; no console errors."""

from __future__ import annotations

import json
from typing import Any
from urllib.parse import quote

import httpx
import pytest

from tests.browser.conftest import shoot
from tests.server.live import LiveServer

pytestmark = pytest.mark.browser


def open_rules(page: Any, server: LiveServer, lang: str, path: str = "/rules/schnapsen",
               ready: str = "#options dt") -> list[str]:
    errors: list[str] = []
    page.on("console", lambda m: errors.append(m.text) if m.type == "error" else None)
    page.add_init_script(f"localStorage.setItem('stammtisch.lang', {json.dumps(lang)})")
    page.goto(server.url + path)
    page.wait_for_selector(ready)
    return errors


@pytest.mark.parametrize("lang", ["en", "de"])
def test_the_rules_page_opens(page: Any, server: LiveServer, lang: str) -> None:
    errors = open_rules(page, server, lang)
    assert page.evaluate("document.documentElement.lang") == lang
    assert page.locator("main h1").inner_text() == "Schnapsen"
    assert page.locator("table.rules-table caption").count() >= 2
    assert page.locator("table.rules-table th[scope=col]").count() >= 2
    assert page.locator("table.rules-table .card[role=img][aria-label]").count() >= 5
    assert page.locator(".example").count() >= 3
    assert page.locator(".example .hand-cards .card").count() >= 12
    assert page.locator("dl.glossary dt").count() >= 8
    assert page.locator(".toc a").count() == page.locator("section.rules-section").count()
    options = page.locator("#options dt").count()
    catalog = next(g for g in server_catalog(server) if g["name"] == "schnapsen")
    assert options == len(catalog["options"])
    levels = page.evaluate(
        "[...document.querySelectorAll('main h1, main h2, main h3')].map(h => +h.tagName[1])")
    assert levels[0] == 1 and all(b - a <= 1 for a, b in zip(levels, levels[1:], strict=False))
    if lang == "de":
        assert "Die Karten" in page.locator("#deck h2").inner_text()
        assert page.locator("#opt-match_target").inner_text() != "Bummerl to"
    shoot(page, f"rules-schnapsen-{lang}")
    page.set_viewport_size({"width": 390, "height": 844})
    page.wait_for_function("() => window.innerWidth === 390")
    assert page.evaluate("document.documentElement.scrollWidth") <= 390
    shoot(page, f"rules-schnapsen-{lang}-phone")
    page.select_option("#language", "gl")
    page.wait_for_function("() => document.querySelector('#deck h2')?.textContent === 'As cartas'")
    assert not errors, errors


def server_catalog(server: LiveServer) -> list[dict[str, Any]]:
    games: list[dict[str, Any]] = httpx.get(server.url + "/api/games").json()
    return games


def test_a_tables_rules_and_its_phase(page: Any, server: LiveServer) -> None:
    options = {"deck_size": 24, "closer_fail_award": "traditional", "match_target": 7}
    errors = open_rules(page, server, "en",
                        f"/rules/schnapsen?options={quote(json.dumps(options))}#closed")
    box = page.locator(".table-rules")
    box.wait_for()
    text = box.inner_text()
    assert "Deck size: 24" in text and "Failed closer pays: traditional" in text
    assert "Bummerl to: 7" in text
    page.wait_for_function("() => document.activeElement?.id === 'closing'")
    shoot(page, "rules-schnapsen-table", full_page=False)
    assert not errors, errors


def test_the_list_of_games(page: Any, server: LiveServer) -> None:
    errors = open_rules(page, server, "el", "/rules", ".rules-games a[href='/rules/schnapsen']")
    assert page.locator(".rules-games li").count() == len(server_catalog(server))
    page.wait_for_function(
        "() => document.querySelector('.rules-games a[href=\\'/rules/schnapsen\\']')"
        ".textContent === 'Schnapsen'")
    assert "Όλα τα παιχνίδια" in page.locator("main h1").inner_text()
    # a game whose Greek (or any) file is not written yet answers 404 and falls back
    assert not [e for e in errors if "Failed to load resource" not in e], errors


TEXTS = """() => [...document.querySelectorAll(
    'main p, main li, main td, main th, main dt, main dd, main h2, main h3, main caption')]
    .map((n) => n.innerText.trim()).filter((text) => /[A-Za-z]{4,}/.test(text))"""
NAMES = {"Schnapsen", "Schnauz", "Scat", "Schmier", "Bummerl", "Joker", "Bauer", "Blitz",
         "Talon", "Schneider", "Schwarz"}


SAME_IN = {"de": {"Team", "Teams", "Computer"}, "ro": {"Contract", "Expert"}}
"""Words these languages share with English (as tests/test_i18n.py allows them)."""


def _english_left(text: str, lang: str) -> bool:
    same = NAMES | SAME_IN.get(lang, set())
    words = [w for w in text.replace("·", " ").split() if any(c.isalpha() for c in w)]
    return not all(w.strip(".,:;()!?«»\"'") in same for w in words)


@pytest.mark.parametrize("game", ["schnauz", "scat", "schnapsen", "schmier"])
def test_every_rules_page_opens_in_every_language(page: Any, server: LiveServer,
                                                  game: str) -> None:
    """Each game's page in each language has its tables and examples, and no text of the
    English page is left on the others (names aside)."""
    english: set[str] = set()
    for lang in ("en", "de", "el", "ro", "gl"):
        errors = open_rules(page, server, lang, f"/rules/{game}")
        assert page.evaluate("document.documentElement.lang") == lang
        assert page.locator("table.rules-table").count() >= 1, (game, lang)
        assert page.locator("table.rules-table .card").count() >= 1, (game, lang)
        assert page.locator(".example").count() >= 3, (game, lang)
        assert page.locator("dl.glossary dt").count() >= 5, (game, lang)
        texts = set(page.evaluate(TEXTS))
        if lang == "en":
            english = texts
        else:
            left = sorted(t for t in texts & english if _english_left(t, lang))
            assert not left, (game, lang, left[:5])
        assert page.evaluate("document.documentElement.scrollWidth") <= 1280
        assert not errors, errors
        if lang in ("en", "el"):
            shoot(page, f"rules-{game}-{lang}")
