"""When two shown names read the same: the one rule for every name at a table (a person's
seat name, a program's bot account) and among bot accounts. Look-alikes come from the
confusables data Unicode publishes for TR39 (shipped by ``confusable-homoglyphs``).

A name is read two ways, after NFKC (so width does not count) and without format
characters or runs of spaces:

- case-blind: case folded first, then every character replaced by the one that stands
  for its class of look-alikes, folded and replaced again until nothing changes (a
  stand-in may be a capital, such as the Latin "A" for a Cherokee "Ꭺ"). "ALICE",
  "Alice" and "аlice" (a Cyrillic "а") read "a1ice"; "Al1ce" reads "a11ce".
- by shape, as written and in capitals, with case kept: where a capital looks like
  another character ("I" like "l", "O" like "0"), so that "AlIce" reads like "Allce",
  "B0B" like "BOB", and "al1ce" (in capitals "AL1CE") like "alice" ("ALICE").

Two names read alike when their case-blind readings are equal or any of their shapes
are (:func:`alike`, :func:`first_alike`).
"""

from __future__ import annotations

import unicodedata
from collections.abc import Iterable
from functools import cache, lru_cache
from typing import NamedTuple

from confusable_homoglyphs.confusables import confusables_data

ROUNDS = 8
"""Times a reading is folded and replaced at most; at most four settle every character
there is, its capitals and its folded form (the tests check each one)."""


def _visible(text: str) -> str:
    """Without format characters (the data wraps right-to-left letters in marks)."""
    return "".join(c for c in text if unicodedata.category(c) != "Cf")


def _stable(char: str) -> bool:
    return unicodedata.normalize("NFKC", char) == char


@cache
def _classes() -> list[list[str]]:
    """The classes of characters that look alike (single characters only)."""
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
                parent[second] = first
    members: dict[str, list[str]] = {}
    for char in parent:
        members.setdefault(root(char), []).append(char)
    return list(members.values())


@cache
def prototypes() -> dict[str, str]:
    """Each character that has look-alikes, mapped to the one that stands for them all:
    the lowest code point of its class that NFKC keeps."""
    table: dict[str, str] = {}
    for members in _classes():
        stand_in = min([c for c in members if _stable(c)] or members)
        table.update(dict.fromkeys(members, stand_in))
    return table


def _read(name: str, fold: bool) -> str:
    """NFKC (and, ``fold``, case folded) and every look-alike replaced, again until that
    changes nothing: a stand-in may be a capital to fold, or change under NFKC."""
    table = prototypes()
    text = name
    for _ in range(ROUNDS):
        step = unicodedata.normalize("NFKC", text)
        step = "".join(table.get(c, c) for c in _visible(step.casefold() if fold else step))
        if step == text:
            break
        text = step
    return " ".join(text.split())


def skeleton(name: str) -> str:
    """The case-blind reading of ``name``."""
    return _read(name, fold=True)


def shape(name: str) -> str:
    """The reading of ``name`` as written, case kept."""
    return _read(name, fold=False)


class Reading(NamedTuple):
    """How a name reads: case-blind, and its shapes as written and in capitals."""

    blind: str
    shapes: frozenset[str]


@lru_cache(maxsize=4096)
def reading(name: str) -> Reading:
    """``name``'s reading. The first call loads the look-alike data (half a second):
    call it off the event loop."""
    return Reading(skeleton(name), frozenset({shape(name), shape(name.upper())}))


def alike(first: str, second: str) -> bool:
    """Whether two names read the same (see the module's header)."""
    one, other = reading(first), reading(second)
    return one.blind == other.blind or not one.shapes.isdisjoint(other.shapes)


def first_alike(name: str, others: Iterable[str]) -> str | None:
    """The first of ``others`` that reads like ``name``, or None."""
    return next((other for other in others if alike(name, other)), None)
