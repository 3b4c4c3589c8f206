"""When two names read the same: a skeleton in the manner of Unicode's TR39, from the
confusables data Unicode publishes (shipped by ``confusable-homoglyphs``).

``skeleton(name)``: NFKC, every character replaced by one chosen member (the lowest
code point) of its class of look-alikes, case folded and replaced again, spaces
collapsed, format characters dropped. "Anna",
"anna", "АNNA" (a Cyrillic А) and "Ａｎｎａ" share one skeleton; "Ann" has its own.
"""

from __future__ import annotations

import unicodedata
from functools import cache

from confusable_homoglyphs.confusables import confusables_data


def _visible(text: str) -> str:
    """Without format characters (the data wraps right-to-left letters in marks)."""
    return "".join(c for c in text if unicodedata.category(c) != "Cf")


@cache
def prototypes() -> dict[str, str]:
    """Each character that has look-alikes, mapped to the one that stands for them all."""
    parent: dict[str, str] = {}

    def root(char: str) -> str:
        while parent.get(char, char) != char:
            parent[char] = parent.get(parent[char], parent[char])
            char = parent[char]
        return char

    for char, glyphs in confusables_data.items():
        for glyph in glyphs:
            other = _visible(glyph["c"])
            if len(char) == 1 and len(other) == 1:
                first, second = sorted((root(char), root(other)))
                parent[first] = first
                parent[second] = first  # the lowest code point stands for the class
    return {char: root(char) for char in parent}


def skeleton(name: str) -> str:
    table = prototypes()

    def mapped(text: str) -> str:
        return "".join(table.get(c, c) for c in _visible(text))

    # Look-alikes first as written (a Cyrillic "В" is a "B"), then once more case
    # folded (the folded "b" of either), so that case never tells two names apart.
    folded = mapped(mapped(unicodedata.normalize("NFKC", name)).casefold())
    return " ".join(unicodedata.normalize("NFKC", folded).casefold().split())
