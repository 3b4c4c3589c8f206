"""The words people read, in five languages, from the web pages' own catalogs.

``web/i18n/<lang>.json`` holds one flat object of key -> text per language; a
count-dependent text is an object of CLDR plural forms (``{"one": "{n} card",
"other": "{n} cards"}``) chosen by ``n``. The browser reads them through
``web/js/i18n.js``; the terminal reads the same files here, with the same
fallbacks: the language's own text, else English, else the key itself.

The language is chosen once per command (``--lang``, else the locale) with
:func:`use`; :func:`t` then looks words up in it.
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from functools import cache
from importlib.resources import files
from typing import Any

LANGUAGES = {"en": "English", "de": "Deutsch", "el": "Ελληνικά", "ro": "Română", "gl": "Galego"}
"""The languages with words, by code, each named in itself (as the pages' picker shows)."""
ENGLISH = "en"
LOCALE_VARIABLES = ("LANGUAGE", "LC_ALL", "LC_MESSAGES", "LANG")
"""Where the locale's language is read, first found first (the order gettext reads them)."""

Text = str | dict[str, str]


@cache
def catalog(code: str) -> dict[str, Text]:
    """The words of one language: key -> text or plural forms (empty for an unknown code)."""
    if code not in LANGUAGES:
        return {}
    raw = files("stammtisch").joinpath(f"web/i18n/{code}.json").read_text(encoding="utf-8")
    words: dict[str, Text] = json.loads(raw)
    return words


def plural_form(code: str, n: int) -> str:
    """The CLDR plural category of the whole number ``n`` in language ``code``."""
    if code == "ro":  # 1 carte, 2 cărți, 19 cărți, 20 de cărți, 101 de cărți
        if n == 1:
            return "one"
        return "few" if n == 0 or 2 <= abs(n) % 100 <= 19 else "other"
    return "one" if n == 1 else "other"


def decimal(value: float, places: int = 3) -> str:
    """A number with at most ``places`` decimals as the current language writes it."""
    text = f"{value:.{places}f}".rstrip("0").rstrip(".") if places else f"{value:.0f}"
    if text in ("-0", ""):
        text = "0"
    return text if _current.code == ENGLISH else text.replace(".", ",")


def fixed(value: float, places: int) -> str:
    """A number with exactly ``places`` decimals (for columns): ``0.125`` / ``0,125``."""
    text = f"{value:.{places}f}"
    return text if _current.code == ENGLISH else text.replace(".", ",")


def percent(share: float) -> str:
    """A share as a whole percentage: ``45%`` in English, ``45 %`` in German."""
    spaced = _current.code in ("de", "ro", "gl")
    return f"{share * 100:.0f}" + ("\u00a0%" if spaced else "%")


class Words:
    """One language's lookup, with English and then the key as fallbacks."""

    def __init__(self, code: str) -> None:
        self.code = code if code in LANGUAGES else ENGLISH
        self.own = catalog(self.code)
        self.english = catalog(ENGLISH)

    def has_own(self, key: str) -> bool:
        return key in self.own

    def __call__(self, key: str, /, **params: Any) -> str:
        if key in self.own:
            text = self._pick(self.own[key], params, self.code)
        elif key in self.english:
            text = self._pick(self.english[key], params, ENGLISH)
        else:
            text = key
        for name, value in params.items():
            shown = decimal(value) if isinstance(value, float) else str(value)
            text = text.replace(f"{{{name}}}", shown)
        return text

    @staticmethod
    def _pick(value: Text, params: Mapping[str, Any], code: str) -> str:
        if isinstance(value, str):
            return value
        n = params.get("n", 0)
        count = n if isinstance(n, int) and not isinstance(n, bool) else 0
        return value.get(plural_form(code, count), value["other"])


_current = Words(ENGLISH)


def use(code: str) -> None:
    """Speak ``code`` from now on (an unknown code: English)."""
    global _current
    _current = Words(code)


def lang() -> str:
    return _current.code


def t(key: str, /, **params: Any) -> str:
    """The text of ``key`` in the current language, ``{name}`` placeholders filled in."""
    return _current(key, **params)


def about(key: str, you: bool, /, **params: Any) -> str:
    """``key``, or its second-person form ``key.you`` when the reader is the one meant."""
    own = f"{key}.you"
    if you and (_current.has_own(own) or own in _current.english):
        return _current(own, **params)
    return _current(key, **params)


def language_code(tag: str) -> str | None:
    """The language of a tag or locale name (``de``, ``de-AT``, ``el_GR.UTF-8``), if it
    has words; ``None`` for any other (``fr_FR``, ``C``, ``POSIX``)."""
    code = tag.strip().replace("-", "_").split(".")[0].split("@")[0].split("_")[0].lower()
    return code if code in LANGUAGES else None


def from_locale(environ: Mapping[str, str]) -> str:
    """The language the locale asks for (``LANGUAGE`` may list several: the first with
    words wins), English when none has words."""
    for name in LOCALE_VARIABLES:
        value = environ.get(name, "")
        if not value:
            continue
        for tag in value.split(":"):
            code = language_code(tag)
            if code is not None:
                return code
        if name != "LANGUAGE":  # the locale itself decides, even when it is C or unknown
            return ENGLISH
    return ENGLISH
