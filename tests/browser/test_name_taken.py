"""A friend who types a name that reads like a seated player's ("ALICE" beside "Alice")
is told so in the page's language, and sits under another name."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from tests.browser.conftest import PATIENCE_MS, shoot
from tests.server.live import LiveServer

I18N = Path(__file__).resolve().parents[2] / "src" / "stammtisch" / "web" / "i18n"


def said(lang: str) -> str:
    words: dict[str, str] = json.loads((I18N / f"{lang}.json").read_text(encoding="utf-8"))
    return words["err.name_taken"]


def test_a_name_that_reads_like_a_seated_ones_is_refused_in_the_pages_language(
        browser: Any, server: LiveServer) -> None:
    made = server.create("schnauz", ["human", "open", "open"], name="Alice", num_players=3)
    friends = [("de-DE", "de", {"width": 1280, "height": 800}, "desktop"),
               ("el-GR", "el", {"width": 390, "height": 844}, "phone")]
    contexts = []
    try:
        for locale, lang, size, screen in friends:
            phone = screen == "phone"
            context = browser.new_context(viewport=size, is_mobile=phone, has_touch=phone,
                                          locale=locale, reduced_motion="reduce")
            context.set_default_timeout(PATIENCE_MS)
            contexts.append(context)
            friend = context.new_page()
            friend.goto(server.url + made["invite"])
            friend.fill("#sit-name", "ALICE")
            friend.click("#sit-1")
            friend.wait_for_selector(
                f".notice:has-text({json.dumps(said(lang), ensure_ascii=False)})")
            shoot(friend, f"name-taken-{screen}", full_page=False)
            assert friend.evaluate("document.documentElement.lang") == lang
        seats = server.hub.tables[made["id"]].seats
        assert [info.name for info in seats] == ["Alice", "", ""]
        friend.fill("#sit-name", "Alina")
        friend.click("#sit-1")
        # (a function, not an expression: the pages' CSP allows no string evaluated)
        friend.wait_for_function("(key) => localStorage.getItem(key)",
                                 arg=f"stammtisch.token.{made['id']}")
        assert [info.name for info in seats] == ["Alice", "Alina", ""]
    finally:
        for context in contexts:
            context.close()
