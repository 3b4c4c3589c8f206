"""Cards as ints, sets of cards as int bitmasks (docs/rules/README.md §2-§3).

A card is ``suit * 13 + (rank - 2)`` with suits C=0, D=1, H=2, S=3 and ranks
2..14 (ace = 14); the joker ``JK`` is 52. Ascending card ints are exactly the
canonical deck order of docs/rules/README.md §3 (suit by suit C, D, H, S, low to high, joker
last), so sorting ints sorts cards canonically.

A set of cards is an int with bit ``c`` set for card ``c``:

>>> hand = parse_cards("7S 8H KH")
>>> format_cards(hand)
'8H KH 7S'
>>> popcount(hand)
3
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from typing import TypeAlias

from stammtisch.errors import NotationError

Card: TypeAlias = int
CardSet: TypeAlias = int

CLUBS, DIAMONDS, HEARTS, SPADES = 0, 1, 2, 3
SUITS = (CLUBS, DIAMONDS, HEARTS, SPADES)
SUIT_CODES = "CDHS"
SUIT_SYMBOLS = "♣♦♥♠"
RANK_CODES = "23456789TJQKA"
JACK, QUEEN, KING, ACE = 11, 12, 13, 14
JOKER: Card = 52
NUM_CARDS = 53

EMPTY: CardSet = 0


def make_card(suit: int, rank: int) -> Card:
    """The card of ``suit`` (0..3) and ``rank`` (2..14)."""
    return suit * 13 + rank - 2


def suit_of(card: Card) -> int:
    """The natural suit of ``card`` (the joker has none: -1)."""
    return -1 if card == JOKER else card // 13


def rank_of(card: Card) -> int:
    """The rank of ``card``, 2..14 (the joker: 0)."""
    return 0 if card == JOKER else card % 13 + 2


def bit(card: Card) -> CardSet:
    return 1 << card


def popcount(cards: CardSet) -> int:
    return cards.bit_count()


def iter_cards(cards: CardSet) -> Iterator[Card]:
    """The cards of a set in canonical (ascending) order."""
    while cards:
        low = cards & -cards
        yield low.bit_length() - 1
        cards ^= low


CARD_TUPLES: dict[CardSet, tuple[Card, ...]] = {}
"""The memo of :func:`card_tuple`; a hot loop may look a set up here first."""
CARD_TUPLES_LIMIT = 1 << 16
"""At most this many memoised sets (a few MB); later ones are computed each time."""


def card_tuple(cards: CardSet) -> tuple[Card, ...]:
    """The cards of a set in canonical order, memoised for the fast paths (the same hands
    come up again and again in play-outs and searches)."""
    found = CARD_TUPLES.get(cards)
    if found is None:
        out = []
        rest = cards
        while rest:
            low = rest & -rest
            out.append(low.bit_length() - 1)
            rest ^= low
        found = tuple(out)
        if len(CARD_TUPLES) < CARD_TUPLES_LIMIT:
            CARD_TUPLES[cards] = found
    return found


def to_set(cards: Iterable[Card]) -> CardSet:
    mask = 0
    for card in cards:
        mask |= 1 << card
    return mask


SUIT_MASKS: tuple[CardSet, ...] = tuple(0x1FFF << (13 * s) for s in SUITS)
"""All thirteen cards of each suit, indexed by suit."""


def card_code(card: Card) -> str:
    """The canonical two-character code: ``TH``, ``AS``, ``JK``."""
    if card == JOKER:
        return "JK"
    if not 0 <= card < 52:
        raise NotationError(f"no such card: {card!r}", text=str(card))
    return RANK_CODES[card % 13] + SUIT_CODES[card // 13]


def card_symbol(card: Card) -> str:
    """A code with a suit symbol for people: ``10♥``, ``A♠``, ``🃏``."""
    if card == JOKER:
        return "🃏"
    rank = RANK_CODES[card % 13]
    return ("10" if rank == "T" else rank) + SUIT_SYMBOLS[card // 13]


def parse_card(text: str) -> Card:
    """Parse one card code; ``10`` stands for ``T``, case does not matter.

    >>> card_code(parse_card("10h"))
    'TH'

    :raises NotationError: naming the text when it is not a card.
    """
    code = text.strip().upper()
    if code == "JK":
        return JOKER
    if code.startswith("10"):
        code = "T" + code[2:]
    if len(code) == 2 and code[0] in RANK_CODES and code[1] in SUIT_CODES:
        return SUIT_CODES.index(code[1]) * 13 + RANK_CODES.index(code[0])
    raise NotationError(f"not a card code: {text!r}", text=text)


def parse_cards(text: str) -> CardSet:
    """Parse space-separated card codes into a set; a repeated card is an error."""
    mask = 0
    for word in text.split():
        card = parse_card(word)
        if mask >> card & 1:
            raise NotationError(f"card {word!r} appears twice in {text!r}", text=text)
        mask |= 1 << card
    return mask


def format_cards(cards: CardSet | Iterable[Card]) -> str:
    """Card codes in canonical order, space-separated (or in list order for a list)."""
    seq = iter_cards(cards) if isinstance(cards, int) else cards
    return " ".join(card_code(c) for c in seq)


CODE_TUPLES: dict[CardSet | tuple[Card, ...], tuple[str, ...]] = {}
"""The memo of :func:`codes` for sets and tuples (every view writes the same hands and
tables out again and again); at most :data:`CARD_TUPLES_LIMIT` of them."""


def codes(cards: CardSet | Iterable[Card]) -> list[str]:
    """Card codes as a JSON-ready list (canonical order for a set); a new list each
    time."""
    if not isinstance(cards, int | tuple):
        return [card_code(c) for c in cards]
    found = CODE_TUPLES.get(cards)
    if found is None:
        seq = iter_cards(cards) if isinstance(cards, int) else cards
        found = tuple([card_code(c) for c in seq])
        if len(CODE_TUPLES) < CARD_TUPLES_LIMIT:
            CODE_TUPLES[cards] = found
    return list(found)


def deck(ranks: Iterable[int], *, joker: bool = False) -> tuple[Card, ...]:
    """A fresh deck in canonical order holding ``ranks`` in every suit."""
    rank_list = sorted(set(ranks))
    cards = [make_card(s, r) for s in SUITS for r in rank_list]
    if joker:
        cards.append(JOKER)
    return tuple(cards)


# The decks of docs/rules/README.md §3.
SCHNAUZ_DECKS: dict[str, tuple[Card, ...]] = {
    "A7": deck(range(7, 15)),
    "A9": deck(range(9, 15)),
    "A5": deck(range(5, 15)),
}
SCAT_DECK = deck(range(2, 15))
SCHNAPSEN_DECKS: dict[int, tuple[Card, ...]] = {
    20: deck(range(10, 15)),
    24: deck(range(9, 15)),
}
SCHMIER_DECK = deck(range(2, 15), joker=True)
