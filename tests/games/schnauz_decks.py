"""Stacked Schnauz decks for scenario tests: say who holds what, get the deck."""

from __future__ import annotations

from stammtisch.cards import SCHNAUZ_DECKS, card_code, parse_card


def deal_order(num_players: int, dealer: int, eliminated: tuple[int, ...] = ()) -> list[int]:
    """Active seats from the dealer's left round to the dealer (rules §5.2)."""
    seats = [(dealer + i) % num_players for i in range(1, num_players + 1)]
    return [s for s in seats if s not in eliminated]


def stacked_deck(num_players: int, dealer: int, hands: dict[int, str], stock: str = "",
                 variant: str = "A7", eliminated: tuple[int, ...] = ()) -> list[str]:
    """A deck, top first, dealing ``hands`` (every active seat) and then ``stock``.

    The cards named nowhere follow the given stock in canonical order.
    """
    order = deal_order(num_players, dealer, eliminated)
    assert sorted(hands) == sorted(order), "give a hand for every active seat"
    held = {seat: [parse_card(c) for c in text.split()] for seat, text in hands.items()}
    top = [held[seat][round_] for round_ in range(3) for seat in order]
    top += [parse_card(c) for c in stock.split()]
    rest = [c for c in SCHNAUZ_DECKS[variant] if c not in top]
    deck = top + rest
    assert len(set(deck)) == len(SCHNAUZ_DECKS[variant])
    return [card_code(c) for c in deck]
