"""The page's words: one JSON file per language under web/i18n/, every key in every
language, truly translated, with the plural forms each language needs and the same
placeholders as English; and no page script or HTML showing English of its own.

Pure Python: reads the JSON files and scans the scripts and pages as text.
"""

from __future__ import annotations

import json
import re
from html.parser import HTMLParser
from pathlib import Path
from typing import Any

import pytest

from stammtisch.server.catalog import catalog

WEB = Path(__file__).resolve().parents[2] / "src" / "stammtisch" / "web"
LANGS = ("en", "de", "el", "ro", "gl")
# The CLDR plural categories of whole numbers in each language (Intl.PluralRules picks one).
PLURAL_FORMS = {
    "en": {"one", "other"}, "de": {"one", "other"}, "el": {"one", "other"},
    "gl": {"one", "other"}, "ro": {"one", "few", "other"},  # ro: 1 carte, 2 cărți, 20 de cărți
}
# Names that stay the same in every language: the app and the games are called so
# everywhere they are played; Bummerl is the Austrian word players use.
NAMES = {"Stammtisch", "Schnauz", "Scat", "Schnapsen", "Schmier", "Bummerl"}
# Words the language really writes as English does (checked one by one):
SAME_AS_ENGLISH = {
    # German card-table words
    "de": {"Computer", "Talon", "Team {name}", "Teams", "Joker", "online"},
    "ro": {"Joker", "Talon", "Contract", "Expert"},  # Romanian words spelt as in English
    "el": set(), "gl": set(),
}
PLACEHOLDER = re.compile(r"\{(\w+)\}")
WORD = re.compile(r"[^\W\d_]{2,}")


def load(code: str) -> dict[str, Any]:
    data = json.loads((WEB / "i18n" / f"{code}.json").read_text(encoding="utf-8"))
    assert isinstance(data, dict)
    return data


STRINGS = {code: load(code) for code in LANGS}
EN = STRINGS["en"]


def forms(value: Any) -> dict[str, str]:
    """A value as its forms: a plain string is its own "other"."""
    if isinstance(value, str):
        return {"other": value}
    assert isinstance(value, dict) and all(isinstance(v, str) for v in value.values()), value
    return dict(value)


def has_words(text: str) -> bool:
    """Text a reader reads: letters left once placeholders and names are taken out."""
    text = PLACEHOLDER.sub("", text)
    for name in NAMES:
        text = text.replace(name, "")
    return bool(WORD.search(text))


def test_the_languages_are_flat_objects_of_texts_or_plural_forms() -> None:
    for code, data in STRINGS.items():
        for key, value in data.items():
            assert re.fullmatch(r"[a-z_]+(\.[\w ]+)+", key), (code, key)
            assert isinstance(value, str) or (isinstance(value, dict) and value), (code, key)
            for text in forms(value).values():
                assert text.strip() == text and text, (code, key)


@pytest.mark.parametrize("code", LANGS[1:])
def test_every_language_has_every_key_and_no_other(code: str) -> None:
    data = STRINGS[code]
    assert [k for k in EN if k not in data] == []
    assert [k for k in data if k not in EN] == []


@pytest.mark.parametrize("code", LANGS[1:])
def test_nothing_is_left_in_english(code: str) -> None:
    same = []
    for key, value in EN.items():
        mine = forms(STRINGS[code][key])
        for form, text in forms(value).items():
            own = mine.get(form, mine["other"])
            if own == text and has_words(text) and text not in SAME_AS_ENGLISH[code]:
                same.append(f"{key}: {text}")
    assert same == []


@pytest.mark.parametrize("code", LANGS)
def test_plural_texts_have_the_forms_the_language_needs(code: str) -> None:
    wrong = {}
    for key, value in STRINGS[code].items():
        plural_in_en = isinstance(EN[key], dict)
        if isinstance(value, dict) or plural_in_en:
            got = set(value) if isinstance(value, dict) else set()
            if got != PLURAL_FORMS[code]:
                wrong[key] = sorted(got)
    assert wrong == {}


def test_plural_texts_count_with_n() -> None:
    for key, value in EN.items():
        if isinstance(value, dict):
            for text in value.values():
                assert "{n}" in text, (key, text)


@pytest.mark.parametrize("code", LANGS[1:])
def test_placeholders_are_the_same_as_in_english(code: str) -> None:
    differ = {}
    for key, value in EN.items():
        want = {name for text in forms(value).values() for name in PLACEHOLDER.findall(text)}
        for form, text in forms(STRINGS[code][key]).items():
            got = set(PLACEHOLDER.findall(text))
            if got != want:
                differ[f"{key}.{form}"] = (sorted(want), sorted(got))
    assert differ == {}


def test_the_table_counts_in_plural_forms() -> None:
    """The counts people read at the table say "1 card", "1 life", "1 game point"."""
    for key in ("ui.cards", "ui.life_count", "ui.deal_won", "ui.pending", "ui.exchanged",
                "ui.away", "log.deal_end", "log.deal_end.you", "log.reshuffle", "log.rob",
                "log.rob.you", "log.exchange", "log.exchange.you"):
        assert isinstance(EN[key], dict), key
    assert EN["ui.cards"]["one"] == "{n} card"
    assert STRINGS["ro"]["ui.cards"] == {"one": "{n} carte", "few": "{n} cărți",
                                         "other": "{n} de cărți"}


# --- the server's catalogue: every name it sends has words in the files ------------------

def test_every_game_option_value_and_level_of_the_catalogue_has_words() -> None:
    need: list[str] = []
    for game in catalog():
        name = game["name"]
        need += [f"game.{name}", f"gamesub.{name}"]
        for option in game["options"]:
            need += [f"opt.{option['name']}", f"doc.{option['name']}"]
            for value in option.get("values", []):
                if isinstance(value, bool):
                    need.append(f"val.{str(value).lower()}")
                elif isinstance(value, str) and not re.fullmatch(r"[A-Z]\d+", value):  # deck codes
                    need.append(f"val.{value}")
        need += [f"group.{group['name']}" for group in game["groups"]]
        need += [f"ui.preset.{preset}" for preset in game["presets"]]
        for level in game["levels"]:
            need.append(f"level.{level['name']}")
            if f"leveldoc.{level['name']}" not in EN:
                need.append(f"leveldoc.{name}.{level['name']}")
    assert [key for key in need if key not in EN] == []


# --- the scripts and pages: words come from the files -------------------------------------

def js_files() -> list[Path]:
    return sorted((WEB / "js").glob("*.js"))


def strip_comments(src: str) -> str:
    """The source with // and /* */ comments blanked (strings and regexes kept)."""
    out = []
    i, n = 0, len(src)
    while i < n:
        c = src[i]
        if c in "\"'`":
            j = skip_string(src, i)
            out.append(src[i:j])
            i = j
        elif src.startswith("//", i):
            j = src.find("\n", i)
            i = n if j < 0 else j
        elif src.startswith("/*", i):
            j = src.find("*/", i + 2)
            i = n if j < 0 else j + 2
        else:
            out.append(c)
            i += 1
    return "".join(out)


def skip_string(src: str, i: int) -> int:
    """The index after the string literal starting at i (templates with ${...} nested)."""
    quote = src[i]
    i += 1
    while i < len(src):
        c = src[i]
        if c == "\\":
            i += 2
            continue
        if c == quote:
            return i + 1
        if quote == "`" and src.startswith("${", i):
            i = skip_balanced(src, i + 1)
            continue
        i += 1
    return i


def skip_balanced(src: str, i: int) -> int:
    """From an opening bracket at i, the index after its partner."""
    pairs = {"(": ")", "[": "]", "{": "}"}
    stack = [pairs[src[i]]]
    i += 1
    while i < len(src) and stack:
        c = src[i]
        if c in "\"'`":
            i = skip_string(src, i)
            continue
        if c in pairs:
            stack.append(pairs[c])
        elif c == stack[-1]:
            stack.pop()
        i += 1
    return i


def call_args(src: str, start: int) -> list[str]:
    """The top-level arguments of the call whose "(" is at start."""
    end = skip_balanced(src, start)
    body, args, depth, i, last = src[start + 1:end - 1], [], 0, 0, 0
    while i < len(body):
        c = body[i]
        if c in "\"'`":
            i = skip_string(body, i)
            continue
        if c in "([{":
            depth += 1
        elif c in ")]}":
            depth -= 1
        elif c == "," and depth == 0:
            args.append(body[last:i].strip())
            last = i + 1
        i += 1
    args.append(body[last:].strip())
    return [a for a in args if a]


def literal_text(arg: str) -> str | None:
    """The words a literal argument shows: a quoted string, or a template's fixed parts."""
    if len(arg) >= 2 and arg[0] in "\"'" and skip_string(arg, 0) == len(arg):
        return arg[1:-1]
    if len(arg) >= 2 and arg[0] == "`" and skip_string(arg, 0) == len(arg):
        text, i = [], 1
        while i < len(arg) - 1:
            if arg.startswith("${", i):
                i = skip_balanced(arg, i + 1)
                text.append(" ")
                continue
            text.append(arg[i])
            i += 1
        return "".join(text)
    return None


def shown_literals(src: str) -> list[str]:
    """String literals a script puts on the page: children of h(...), new Option(text),
    and texts given to textContent, title, aria-label, placeholder or alt."""
    src = strip_comments(src)
    found = []
    for match in re.finditer(r"(?<![\w.$])h\(", src):
        for arg in call_args(src, match.end() - 1)[2:]:
            found.append(arg)
        attrs = call_args(src, match.end() - 1)[1:2]
        for block in attrs:
            attr = r"""["']?(aria-label|title|placeholder|alt|label)["']?\s*:\s*"""
            for m in re.finditer(attr, block):
                rest = block[m.end():]
                if rest[:1] in "\"'`":
                    found.append(rest[:skip_string(rest, 0)])
    for match in re.finditer(r"new Option\(", src):
        args = call_args(src, match.end() - 1)
        if args:
            found.append(args[0])
    assigned = r"\.(textContent|innerText|title|placeholder|ariaLabel)\s*=\s*(?!=)"
    for match in re.finditer(assigned, src):
        rest = src[match.end():]
        if rest[:1] in "\"'`":
            found.append(rest[:skip_string(rest, 0)])
    set_attr = r"""setAttribute\(\s*["'](aria-label|title|placeholder|alt)["']\s*,\s*"""
    for match in re.finditer(set_attr, src):
        rest = src[match.end():]
        if rest[:1] in "\"'`":
            found.append(rest[:skip_string(rest, 0)])
    texts = [literal_text(arg) for arg in found]
    return [text.strip() for text in texts if text is not None and has_words(text)]


def test_the_scanner_finds_english_in_a_script() -> None:
    src = """h("p", { class: "doc", "aria-label": "Close" }, "Skip this", t("ui.x"), `${a} cards`);
    node.textContent = "Hello"; // h("p", {}, "a comment")
    select.setAttribute("title", `Pick ${n}`); new Option("Random", "r");"""
    assert sorted(shown_literals(src)) == sorted(["Close", "Skip this", "cards", "Hello", "Pick",
                                                  "Random"])
    assert shown_literals('h("span", {}, "–", " · ", `${a}: ${b}`, "♣♦ ")') == []


@pytest.mark.parametrize("path", js_files(), ids=lambda p: p.name)
def test_no_script_shows_english_of_its_own(path: Path) -> None:
    assert shown_literals(path.read_text(encoding="utf-8")) == []


def used_keys(src: str) -> set[str]:
    call = r"""(?<![\w.])(?:t|has|hasOwn)\(\s*["']([^"']+)["']"""
    return set(re.findall(call, strip_comments(src)))


def test_every_key_the_scripts_use_is_in_the_files() -> None:
    missing = {}
    for path in js_files():
        keys = used_keys(path.read_text(encoding="utf-8"))
        if absent := sorted(k for k in keys if k not in EN):
            missing[path.name] = absent
    assert missing == {}


class PageText(HTMLParser):
    """The text and attributes a static page shows before its script runs."""

    SKIP = {"script", "style", "noscript"}  # noscript: said in all five languages at once

    def __init__(self) -> None:
        super().__init__()
        self.stack: list[tuple[str, str | None]] = []
        self.shown: list[str] = []
        self.keyed: list[tuple[str, str]] = []

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        found = dict(attrs)
        for name in ("aria-label", "title", "placeholder", "alt"):
            if found.get(name):
                self.shown.append(str(found[name]))
        if tag not in {"meta", "link", "br", "img", "input"}:
            self.stack.append((tag, found.get("data-i18n")))

    def handle_endtag(self, tag: str) -> None:
        while self.stack and self.stack.pop()[0] != tag:
            pass

    def handle_data(self, data: str) -> None:
        if not data.strip() or any(tag in self.SKIP for tag, _ in self.stack):
            return
        key = next((k for _, k in reversed(self.stack) if k), None)
        if key:
            self.keyed.append((key, data.strip()))
        else:
            self.shown.append(data.strip())


@pytest.mark.parametrize("path", sorted(WEB.glob("*.html")), ids=lambda p: p.name)
def test_no_page_shows_english_of_its_own(path: Path) -> None:
    page = PageText()
    page.feed(path.read_text(encoding="utf-8"))
    assert [text for text in page.shown if has_words(text)] == []
    # A text the script replaces by its key (data-i18n) is that key's English meanwhile.
    for key, text in page.keyed:
        assert key in EN and EN[key] == text, (key, text)


def test_every_page_offers_the_language_picker() -> None:
    """Each page's script draws the shared header (page.js), which holds the picker."""
    picker = (WEB / "js" / "page.js").read_text(encoding="utf-8")
    assert "languagePicker(" in picker and "translateStatic()" in picker
    for path in sorted(WEB.glob("*.html")):
        script = re.search(r'src="/static/js/(\w+\.js)"', path.read_text(encoding="utf-8"))
        assert script, path.name
        source = (WEB / "js" / script.group(1)).read_text(encoding="utf-8")
        assert re.search(r"^header\(", source, re.M), f"{script.group(1)} draws no header"
