"""The rules pages: /rules/<game> answers for the games there are, and every rules file
under web/rules/ (whoever wrote it) keeps the shared format: the required sections in
order, the same sections and blocks in every language, real cards of the game's deck,
at least three worked examples, no English left in the other languages, and phases the
engine really has."""

from __future__ import annotations

import json
import re
from collections.abc import Iterator
from typing import Any

import httpx
import pytest

import stammtisch
from stammtisch.cards import (
    SCAT_DECK,
    SCHMIER_DECK,
    SCHNAPSEN_DECKS,
    SCHNAUZ_DECKS,
    card_code,
    parse_card,
)
from stammtisch.errors import NotationError
from stammtisch.games import scat, schmier, schnapsen, schnauz
from stammtisch.server.settings import WEB_DIR
from tests.server.live import LiveServer

RULES = WEB_DIR / "rules"
LANGUAGES = ("en", "de", "el", "ro", "gl")
FIRST = ("goal", "deck", "deal", "turn", "deal_end", "match_end")
LAST = ("examples", "options")
BLOCK_KINDS = {"p", "list", "table", "example", "options", "option"}
UI_KEYS = {"contents", "glossary", "all_games", "table_rules", "default", "values", "range",
           "at_least", "example", "missing"}
PHASES: dict[str, set[str]] = {
    "schnauz": {schnauz.DEALER_CHOICE, schnauz.PLAY},
    "scat": {scat.WINDOW, scat.DRAW, scat.DISCARD},
    "schnapsen": {schnapsen.OPEN, schnapsen.CLOSED, schnapsen.EXHAUSTED},
    "schmier": {schmier.AUCTION, schmier.TRUMP, schmier.EXCHANGE, schmier.ROB, schmier.PLAY},
}
DECKS: dict[str, set[str]] = {
    "schnauz": {card_code(c) for deck in SCHNAUZ_DECKS.values() for c in deck},
    "scat": {card_code(c) for c in SCAT_DECK},
    "schnapsen": {card_code(c) for deck in SCHNAPSEN_DECKS.values() for c in deck},
    "schmier": {card_code(c) for c in SCHMIER_DECK},
}
SAME_WORDS = {"schnapsen", "schnauz", "scat", "schmier", "bummerl", "stammtisch", "schneider",
              "schwarz", "talon"}
"""Names that may stay as they are in every language."""
SAME_IN = {"de": {"bauer", "joker", "blitz"}, "ro": {"joker", "blitz"}, "gl": {"blitz"}}
"""Words a language really shares with English: the German game words Bauer and Blitz,
and Joker, which German and Romanian card players say as it is."""
CODE = re.compile(r"\[([^\]]*)\]")
WORD = re.compile(r"[^\W\d_]+")

GAMES = sorted(p.name for p in RULES.iterdir() if p.is_dir()) if RULES.is_dir() else []


def load(game: str, lang: str) -> dict[str, Any]:
    data: dict[str, Any] = json.loads((RULES / game / f"{lang}.json").read_text(encoding="utf-8"))
    return data


def kind(block: dict[str, Any]) -> str:
    found = set(block) & BLOCK_KINDS
    assert len(found) == 1, block
    return found.pop()


def texts(data: dict[str, Any]) -> Iterator[tuple[str, str]]:
    """Every text of a file with where it sits (the same place in every language)."""
    yield "title", data["title"]
    yield "goal", data["goal"]
    for key, value in sorted(data.get("ui", {}).items()):
        yield f"ui.{key}", value
    for s in data["sections"]:
        yield f"{s['id']}.title", s["title"]
        for i, block in enumerate(s["blocks"]):
            at = f"{s['id']}.{i}"
            if "p" in block:
                yield at, block["p"]
            elif "list" in block:
                for j, item in enumerate(block["list"]):
                    yield f"{at}.{j}", item
            elif "table" in block:
                table = block["table"]
                if "caption" in table:
                    yield f"{at}.caption", table["caption"]
                for j, cell in enumerate(table.get("head", [])):
                    yield f"{at}.head.{j}", cell
                for r, row in enumerate(table["rows"]):
                    for j, cell in enumerate(row):
                        yield f"{at}.{r}.{j}", cell
            elif "example" in block:
                example = block["example"]
                yield f"{at}.title", example["title"]
                for j, hand in enumerate(example["hands"]):
                    yield f"{at}.label.{j}", hand["label"]
                text = example["text"]
                for j, part in enumerate(text if isinstance(text, list) else [text]):
                    yield f"{at}.text.{j}", part
            elif "option" in block:
                yield f"{at}.option", block["text"]
    for i, entry in enumerate(data.get("glossary", [])):
        yield f"glossary.{i}.term", entry["term"]
        yield f"glossary.{i}.text", entry["text"]


def cards_in(data: dict[str, Any]) -> Iterator[str]:
    for _, text in texts(data):
        yield from CODE.findall(text)
    for s in data["sections"]:
        for block in s["blocks"]:
            if "example" in block:
                for hand in block["example"]["hands"]:
                    yield from hand["cards"]


def shape(data: dict[str, Any]) -> list[tuple[Any, ...]]:
    """What must be equal in every language: sections, phases, block kinds, table sizes,
    the cards of each example, the options named, the glossary's length, the ui keys."""
    out: list[tuple[Any, ...]] = [("ui", tuple(sorted(data.get("ui", {}))))]
    for s in data["sections"]:
        out.append(("section", s["id"], tuple(s.get("phases", []))))
        for block in s["blocks"]:
            k = kind(block)
            if k == "table":
                out.append((k, len(block["table"].get("head", [])),
                            tuple(len(r) for r in block["table"]["rows"])))
            elif k == "example":
                out.append((k, tuple(tuple(h["cards"]) for h in block["example"]["hands"])))
            elif k == "option":
                out.append((k, block["option"]))
            elif k == "list":
                out.append((k, len(block["list"])))
            else:
                out.append((k,))
    out.append(("glossary", len(data.get("glossary", []))))
    return out


def neutral(text: str, lang: str = "") -> bool:
    """Nothing to translate: cards, numbers (30½ too), signs and names only."""
    same = SAME_WORDS | SAME_IN.get(lang, set())
    return all(w.lower() in same or w.isnumeric()
               for w in WORD.findall(CODE.sub(" ", text)))


def test_the_pages_answer(live: LiveServer) -> None:
    client = httpx.Client(base_url=live.url)
    for game in ("schnapsen", *(info.name for info in stammtisch.games())):
        page = client.get(f"/rules/{game}")
        assert page.status_code == 200 and "/static/js/rules.js" in page.text
    assert client.get("/rules").status_code == 200
    assert client.get("/rules/nosuch").status_code == 404
    assert client.get("/static/css/rules.css").status_code == 200
    assert client.get("/static/js/rules.js").status_code == 200
    rules = client.get("/static/rules/schnapsen/en.json")
    assert rules.status_code == 200 and rules.json()["title"] == "Schnapsen"


def test_rules_exist_for_known_games_only() -> None:
    known = {info.name for info in stammtisch.games()}
    assert "schnapsen" in GAMES
    assert set(GAMES) <= known
    for game in GAMES:
        names = sorted(p.name for p in (RULES / game).iterdir())
        assert names == sorted(f"{lang}.json" for lang in LANGUAGES), game


@pytest.mark.parametrize("game", GAMES)
def test_english_has_the_shared_format(game: str) -> None:
    data = load(game, "en")
    assert set(data) <= {"title", "goal", "ui", "sections", "glossary"}
    assert data["title"] and data["goal"] and data["glossary"]
    if "ui" in data:
        assert set(data["ui"]) == UI_KEYS
    ids = [s["id"] for s in data["sections"]]
    assert len(ids) == len(set(ids)), ids
    assert tuple(ids[:len(FIRST)]) == FIRST and tuple(ids[-len(LAST):]) == LAST, ids
    for s in data["sections"]:
        assert set(s) <= {"id", "title", "phases", "blocks"} and s["title"] and s["blocks"], s["id"]
        assert set(s.get("phases", [])) <= PHASES[game], (s["id"], s.get("phases"))
    options_section = data["sections"][-1]["blocks"]
    assert {"options": "all"} in options_section
    names = {o.name for info in stammtisch.games() if info.name == game for o in info.options}
    examples = 0
    for s in data["sections"]:
        for block in s["blocks"]:
            k = kind(block)
            if k == "option":
                assert block["option"] in names, block
            if k == "options":
                assert block == {"options": "all"} and s["id"] == "options"
            if k == "example":
                examples += 1
                assert block["example"]["title"] and block["example"]["text"]
                assert all(h["label"] and h["cards"] for h in block["example"]["hands"])
    assert examples >= 3, f"{game}: {examples} worked examples"
    phases = {p for s in data["sections"] for p in s.get("phases", [])}
    assert phases == PHASES[game], f"{game}: the table's '?' needs a section for every phase"


@pytest.mark.parametrize("game", GAMES)
@pytest.mark.parametrize("lang", LANGUAGES)
def test_cards_are_of_the_games_deck(game: str, lang: str) -> None:
    for code in cards_in(load(game, lang)):
        try:
            parsed = card_code(parse_card(code))
        except NotationError:
            parsed = ""
        assert parsed == code, f"{game}/{lang}: [{code}] is not a card code"
        assert code in DECKS[game], f"{game}/{lang}: {code} is not in the {game} deck"


@pytest.mark.parametrize("game", GAMES)
@pytest.mark.parametrize("lang", LANGUAGES[1:])
def test_each_language_translates_english(game: str, lang: str) -> None:
    english, other = load(game, "en"), load(game, lang)
    assert set(other) == set(english)
    assert shape(other) == shape(english)
    mine = dict(texts(other))
    assert list(mine) == [at for at, _ in texts(english)]
    left = []
    for at, text in texts(english):
        theirs = mine[at]
        assert isinstance(theirs, str) and theirs.strip(), (lang, at)
        assert sorted(CODE.findall(theirs)) == sorted(CODE.findall(text)), (lang, at, theirs)
        assert theirs.count("**") % 2 == 0, (lang, at)
        if theirs == text and not neutral(text, lang):
            is_name = ".label." in at and re.fullmatch(r"[A-Z][a-z]+", text)
            if not is_name:
                left.append(f"{at}: {text}")
    assert not left, f"{game}/{lang} still English: {left}"
