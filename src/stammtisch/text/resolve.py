"""What a typed line means: the legal action it names, exactly or by a short form.

The steps and card words come from the table the browser reads too
(web/short_forms.json, see :mod:`stammtisch.text.short_forms`), tried in its
order: the canonical parse (case-insensitive, ``10`` for ``T``); then a unique
legal action whose words start with the typed words (``k`` -> knock, ``sw a`` ->
swap all); then a unique legal action whose cards are the typed cards (``7h qc``
-> swap 7H QC, ``as`` -> play AS); last, one word that is the initials of a
unique legal action without cards (``ds`` -> draw stock). A typed card may also
be written ``joker`` or suit first (``h7``).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field

from stammtisch.cards import RANK_CODES, SUIT_CODES, card_code, parse_card
from stammtisch.errors import NotationError
from stammtisch.i18n import t
from stammtisch.text.short_forms import SHORT_FORMS, STEP_NAMES


@dataclass(frozen=True)
class Resolution:
    """The legal action meant, or why there is none (with the candidates)."""

    action: str | None
    problem: str = ""
    candidates: list[str] = field(default_factory=list)


def _card(word: str) -> str | None:
    """The card code ``word`` stands for (``10h``, ``joker``, ``h7``), or None."""
    word = word.lower()
    word = SHORT_FORMS.card_words.get(word, word)
    for typed, rank in SHORT_FORMS.rank_words.items():
        if word.startswith(typed):
            word = rank + word[len(typed):]
    code = word.upper()
    suit_rank = len(code) == 2 and code[0] in SUIT_CODES and code[1] in RANK_CODES
    if SHORT_FORMS.suit_first and suit_rank:
        code = code[1] + code[0]
    try:
        return card_code(parse_card(code))
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
    """Card-free actions of enough words whose initials are ``word`` (``td``)."""
    found = []
    for action in legal:
        words = action.split()
        if (len(words) == len(word) >= SHORT_FORMS.initials_fewest_words and not _split(words)[1]
                and all(w[0].lower() == c for w, c in zip(words, word.lower(), strict=True))):
            found.append(action)
    return found


def _step(name: str, typed: list[str], canonical: str | None, legal: Sequence[str],
          earlier: list[str]) -> list[str]:
    """The legal actions step ``name`` of the table finds (``earlier``: the steps before)."""
    if name == "canonical":
        return [canonical] if canonical is not None and canonical in legal else []
    if name == "prefix":
        return _prefix_matches(typed, legal)
    if name == "cards":
        return _card_matches(typed, legal)
    if name == "initials":
        return _initials_matches(typed[0], legal) if not earlier and len(typed) == 1 else []
    raise AssertionError(f"short-form step {name!r} is not one of {STEP_NAMES}")


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
        return Resolution(None, t("term.resolve_empty"))
    canonical: str | None
    try:
        canonical = parse(text)
    except NotationError:
        canonical = None
    found: list[str] = []
    for step in SHORT_FORMS.steps:
        matches = _step(step, typed, canonical, legal, found)
        if len(matches) == 1:
            return Resolution(matches[0])
        found += matches
    candidates = list(dict.fromkeys(_prefix_matches(typed, legal)
                                    + _card_matches(typed, legal, part=True)))
    if candidates:
        return Resolution(None, t("term.resolve_several", text=repr(text.strip())), candidates)
    if canonical is not None:
        return Resolution(None, t("term.resolve_not_legal", text=repr(canonical)), list(legal))
    plain, typed_cards = _split(typed)
    if typed_cards and not plain:
        return Resolution(None, t("term.resolve_no_cards", cards=" ".join(typed_cards)),
                          list(legal))
    return Resolution(None, t("term.resolve_not_action", text=repr(text.strip())), list(legal))


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
