"""What a typed line means: the legal action it names, exactly or by a short form.

Tried in order: the canonical parse (case-insensitive, ``10`` for ``T``); then
a unique legal action whose words start with the typed words (``k`` -> knock,
``sw a`` -> swap all); then a unique legal action whose cards are the typed
cards (``7h qc`` -> swap 7H QC, ``as`` -> play AS); last, one word that is the
initials of a unique legal action without cards (``ds`` -> draw stock).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field

from stammtisch.cards import card_code, parse_card
from stammtisch.errors import NotationError


@dataclass(frozen=True)
class Resolution:
    """The legal action meant, or why there is none (with the candidates)."""

    action: str | None
    problem: str = ""
    candidates: list[str] = field(default_factory=list)


def _card(word: str) -> str | None:
    try:
        return card_code(parse_card(word))
    except NotationError:
        return None


def _word_fits(typed: str, word: str) -> bool:
    if word.lower().startswith(typed.lower()):
        return True
    code = _card(typed)
    return code is not None and code == word


def _prefix_matches(typed: list[str], legal: Sequence[str]) -> list[str]:
    found = []
    for action in legal:
        words = action.split()
        if len(typed) <= len(words) and all(map(_word_fits, typed, words)):
            found.append(action)
    return found


def _split(words: list[str]) -> tuple[list[str], list[str]]:
    """(the other words, the canonical codes of the card words)."""
    plain, found = [], []
    for word in words:
        code = _card(word)
        if code is None:
            plain.append(word)
        else:
            found.append(code)
    return plain, found


def _card_matches(typed: list[str], legal: Sequence[str], *, part: bool = False) -> list[str]:
    """Actions with exactly the typed cards (``part``: with at least them), any order.

    Typed words that are not cards must start the action's other words (``d 8d 7c``).
    """
    plain, wanted = _split(typed)
    if not wanted:
        return []
    need = Counter(wanted)
    found = []
    for action in legal:
        own_plain, own = _split(action.split())
        if len(plain) > len(own_plain) or not all(map(_word_fits, plain, own_plain)):
            continue
        have = Counter(own)
        if need <= have and (part or need == have):
            found.append(action)
    return found


def _initials_matches(word: str, legal: Sequence[str]) -> list[str]:
    """Actions of two or more card-free words whose initials are ``word`` (``td``)."""
    found = []
    for action in legal:
        words = action.split()
        if (len(words) == len(word) > 1 and not _split(words)[1]
                and all(w[0].lower() == c for w, c in zip(words, word.lower(), strict=True))):
            found.append(action)
    return found


def resolve(text: str, legal: Sequence[str], parse: Callable[[str], str]) -> Resolution:
    """The legal action ``text`` stands for; ``parse`` gives canonical text or raises.

    >>> legal = ["swap 7H QC", "swap all", "pass", "knock"]
    >>> resolve("sw a", legal, str).action
    'swap all'
    >>> resolve("7h qc", legal, str).action
    'swap 7H QC'
    """
    typed = text.split()
    if not typed:
        return Resolution(None, "type an action, or help to list them")
    canonical: str | None
    try:
        canonical = parse(text)
    except NotationError:
        canonical = None
    if canonical is not None and canonical in legal:
        return Resolution(canonical)
    by_prefix = _prefix_matches(typed, legal)
    if len(by_prefix) == 1:
        return Resolution(by_prefix[0])
    by_cards = _card_matches(typed, legal)
    if len(by_cards) == 1:
        return Resolution(by_cards[0])
    if not by_prefix and not by_cards and len(typed) == 1:
        by_initials = _initials_matches(typed[0], legal)
        if len(by_initials) == 1:
            return Resolution(by_initials[0])
    candidates = list(dict.fromkeys(by_prefix + _card_matches(typed, legal, part=True)))
    if candidates:
        return Resolution(None, f"{text.strip()!r} could mean several actions", candidates)
    if canonical is not None:
        return Resolution(None, f"{canonical!r} is not legal now", list(legal))
    plain, typed_cards = _split(typed)
    if typed_cards and not plain:
        return Resolution(None, f"No legal action with {' '.join(typed_cards)} now", list(legal))
    return Resolution(None, f"{text.strip()!r} is not an action here", list(legal))


def shortest(action: str, legal: Sequence[str]) -> str | None:
    """The shortest typed form that :func:`resolve` reads as ``action`` alone."""
    words = action.split()
    own_cards = [w.lower() for w in words[1:] if _card(w) is not None]
    if own_cards and _card_matches(own_cards, legal) == [action]:
        return " ".join(own_cards)
    for size in range(1, max(map(len, words)) + 1):
        typed = [w[:size].lower() for w in words[:1]] + [
            w.lower() if _card(w) is not None else w[:size].lower() for w in words[1:]]
        for count in range(1, len(typed) + 1):
            if _prefix_matches(typed[:count], legal) == [action]:
                short = " ".join(typed[:count])
                return short if short != action.lower() else None
    return None
