"""Card codes and decks (docs/rules/README.md §2-§3, cards.py)."""

from __future__ import annotations

import pytest

from stammtisch import NotationError
from stammtisch.cards import (
    JOKER,
    SCAT_DECK,
    SCHMIER_DECK,
    SCHNAPSEN_DECKS,
    SCHNAUZ_DECKS,
    Card,
    card_code,
    format_cards,
    parse_card,
    parse_cards,
    rank_of,
    suit_of,
    to_set,
)

DECKS: dict[str, tuple[Card, ...]] = {
    "schnauz A7": SCHNAUZ_DECKS["A7"],
    "schnauz A9": SCHNAUZ_DECKS["A9"],
    "schnauz A5": SCHNAUZ_DECKS["A5"],
    "scat": SCAT_DECK,
    "schnapsen 20": SCHNAPSEN_DECKS[20],
    "schnapsen 24": SCHNAPSEN_DECKS[24],
    "schmier": SCHMIER_DECK,
}
SIZES = {"schnauz A7": 32, "schnauz A9": 24, "schnauz A5": 40, "scat": 52,
         "schnapsen 20": 20, "schnapsen 24": 24, "schmier": 53}
LOWEST_RANK = {"schnauz A7": 7, "schnauz A9": 9, "schnauz A5": 5, "scat": 2,
               "schnapsen 20": 10, "schnapsen 24": 9, "schmier": 2}


@pytest.mark.parametrize("name", DECKS)
def test_every_code_of_every_deck_parses_and_formats_back(name: str) -> None:
    for card in DECKS[name]:
        code = card_code(card)
        assert parse_card(code) == card
        assert parse_card(code.lower()) == card
        assert parse_card(f"  {code} ") == card


@pytest.mark.parametrize("name", DECKS)
def test_deck_size_and_canonical_order(name: str) -> None:
    deck = DECKS[name]
    assert len(deck) == SIZES[name]
    assert len(set(deck)) == len(deck)
    assert list(deck) == sorted(deck)
    cards = [c for c in deck if c != JOKER]
    # suit by suit C, D, H, S; low to high within a suit; the joker last
    assert [suit_of(c) for c in cards] == sorted(suit_of(c) for c in cards)
    assert [card_code(c)[1] for c in cards[:: len(cards) // 4]] == list("CDHS")
    for suit in range(4):
        ranks = [rank_of(c) for c in cards if suit_of(c) == suit]
        assert ranks == list(range(LOWEST_RANK[name], 15))
    assert (deck[-1] == JOKER) == (name == "schmier")


def test_canonical_order_of_the_codes() -> None:
    assert format_cards(to_set(SCHNAUZ_DECKS["A9"])) == (
        "9C TC JC QC KC AC 9D TD JD QD KD AD 9H TH JH QH KH AH 9S TS JS QS KS AS")
    assert card_code(SCHMIER_DECK[0]) == "2C"
    assert card_code(SCHMIER_DECK[-2]) == "AS"
    assert card_code(SCHMIER_DECK[-1]) == "JK"


def test_ten_is_written_t_or_10() -> None:
    assert parse_card("10H") == parse_card("TH")
    assert parse_card("10h") == parse_card("th")
    assert card_code(parse_card("10S")) == "TS"


def test_lower_case_and_the_joker() -> None:
    assert parse_card("qs") == parse_card("QS")
    assert parse_card("Ad") == parse_card("AD")
    assert parse_card("JK") == JOKER == parse_card("jk")
    assert card_code(JOKER) == "JK"


@pytest.mark.parametrize("text", ["1H", "XX", "11S", "", "TT", "JKK", "AHS", "10"])
def test_bad_codes_raise_notation_error_naming_the_text(text: str) -> None:
    with pytest.raises(NotationError) as caught:
        parse_card(text)
    assert caught.value.text == text
    assert repr(text) in str(caught.value)


def test_a_card_set_with_a_repeated_card_is_an_error() -> None:
    with pytest.raises(NotationError, match="twice"):
        parse_cards("7S 8H 7s")
    assert format_cards(parse_cards("7S 8H KH")) == "8H KH 7S"


def test_card_code_rejects_a_non_card() -> None:
    with pytest.raises(NotationError):
        card_code(53)
