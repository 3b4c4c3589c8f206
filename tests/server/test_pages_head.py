"""The pages share one head (meta, title, the style sheet), written once in
``web/parts/head.html``; the server fills it in where each page marks it."""

from __future__ import annotations

import re

import httpx
import pytest

from stammtisch.server.routes.pages import HEAD_MARK, SHARED_HEAD, page_text
from stammtisch.server.settings import WEB_DIR
from tests.server.live import PATIENCE, LiveServer

PAGES = {
    "/": "start.js",
    "/lobby": "lobby.js",
    "/table/x": "table.js",
    "/history": "history.js",
    "/history/x": "replay.js",
    "/review/x": "review.js",
    "/rules/schnapsen": "rules.js",
    "/login": "login.js",
    "/me": "me.js",
    "/me/matches": "mymatches.js",
    "/players/Anna": "profile.js",
    "/leaderboard/schnapsen": "leaderboard.js",
    "/tournaments": "tournaments.js",
    "/tournaments/x": "tournament.js",
}
SHARED = [line for line in (WEB_DIR / SHARED_HEAD).read_text(encoding="utf-8").splitlines()
          if line.strip()]


def head_of(html: str) -> str:
    found = re.search(r"<head>(.*?)</head>", html, re.S)
    assert found, html[:200]
    return found.group(1)


def test_every_page_is_served_with_the_shared_head(live: LiveServer) -> None:
    assert len(list(WEB_DIR.glob("*.html"))) == len(PAGES)  # every page is asked for
    for path, script in PAGES.items():
        answer = httpx.get(live.url + path, timeout=PATIENCE)
        assert answer.status_code == 200, path
        assert answer.headers["content-type"] == "text/html; charset=utf-8", path
        head = head_of(answer.text)
        assert HEAD_MARK not in answer.text, path
        for line in SHARED:
            assert head.count(line) == 1, (path, line)
        # The shared head first (the charset early), then the page's own sheets and script.
        assert head.index(SHARED[-1]) < head.index(f'src="/static/js/{script}"'), path
        assert answer.text.index('<meta charset="utf-8">') < 1024, path


@pytest.mark.parametrize("page", sorted(p.name for p in WEB_DIR.glob("*.html")))
def test_each_page_file_marks_the_shared_head_and_repeats_none_of_it(page: str) -> None:
    text = (WEB_DIR / page).read_text(encoding="utf-8")
    head = head_of(text)
    assert head.count(HEAD_MARK) == 1, page
    assert [line for line in SHARED if line in text] == [], page
    filled = head_of(page_text(WEB_DIR, page))
    assert all(filled.count(line) == 1 for line in SHARED), page


def test_a_leaderboard_is_one_of_the_games_and_the_bare_address_goes_to_the_first(
        live: LiveServer) -> None:
    assert httpx.get(live.url + "/leaderboard/chess", timeout=PATIENCE).status_code == 404
    bare = httpx.get(live.url + "/leaderboard", timeout=PATIENCE)
    assert bare.status_code == 307
    assert bare.headers["location"] == "/leaderboard/schnapsen"
    # A name with a slash or any other character is still the profile page.
    answer = httpx.get(live.url + "/players/a%2Fb%20c", timeout=PATIENCE)
    assert answer.status_code == 200 and 'src="/static/js/profile.js"' in answer.text
