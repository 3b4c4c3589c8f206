"""The README says which languages the pages speak as the pages do: every language the
language picker offers (web/js/i18n.js), for every page, not two of them "throughout"
and the rest for the games' words only (issue 47)."""

from __future__ import annotations

import re
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
PICKER = ROOT / "src" / "stammtisch" / "web" / "js" / "i18n.js"
ENGLISH_NAMES = {"en": "English", "de": "German", "el": "Greek", "ro": "Romanian",
                 "gl": "Galician"}


def test_the_readme_names_every_language_of_the_pages() -> None:
    offered = re.search(r"export const LANGUAGES = \{(.*?)\};", PICKER.read_text(encoding="utf-8"))
    assert offered is not None
    assert set(re.findall(r"(\w+): \"", offered.group(1))) == set(ENGLISH_NAMES)
    text = " ".join((ROOT / "README.md").read_text(encoding="utf-8").split())
    claim = re.search(r"Every page is in ([^.;(]*)", text)
    assert claim is not None, "the README does not say in which languages the pages are"
    for name in ENGLISH_NAMES.values():
        assert name in claim.group(1), name
    assert "throughout" not in text and "for the games' words" not in text
