"""Checks shared by the games' ``from_view``: a guess of the hidden cards must
put every card of the deck in exactly one place, with the counts the view shows;
and the plain draw of such a guess the games' samplers share (:func:`deal_places`).

A place is a name (``"hand of seat 1"``, ``"stock"``) and its cards; the
errors name the card and the places, so a bot writer sees what the guess got
wrong.
"""

from __future__ import annotations

import random
from collections.abc import Iterable, Mapping, Sequence
from typing import Any

from stammtisch.cards import Card, CardSet, card_code, codes, iter_cards, to_set
from stammtisch.errors import ViewError


def check_game(view: Mapping[str, Any], name: str) -> None:
    """The view is one of game ``name``'s and carries its options."""
    if not isinstance(view, Mapping) or view.get("game") != name:
        found = view.get("game") if isinstance(view, Mapping) else type(view).__name__
        raise ViewError(f"not a {name} view (game {found!r})")
    if not isinstance(view.get("options"), Mapping):
        raise ViewError(f"the {name} view carries no options")


def check_count(place: str, cards: CardSet, count: int) -> None:
    """``place`` holds exactly ``count`` cards."""
    if cards.bit_count() != count:
        raise ViewError(f"the guess puts {cards.bit_count()} cards in the {place}, "
                        f"the view shows {count}")


def check_order(place: str, order: Sequence[Card]) -> CardSet:
    """The cards of an ordered pile (a stock, a talon), each once."""
    cards = to_set(order)
    if cards.bit_count() != len(order):
        raise ViewError(f"the guess names a card twice in the {place}: {codes(order)}")
    return cards


def check_holds(place: str, cards: CardSet, known: CardSet, why: str) -> None:
    """``place`` holds every card of ``known`` (the view shows why)."""
    missing = known & ~cards
    if missing:
        raise ViewError(f"the guess leaves {' '.join(codes(missing))} out of the {place}, "
                        f"though {why}")


def check_partition(deck: Iterable[Card], places: Mapping[str, CardSet]) -> None:
    """Every card of ``deck`` lies in exactly one of ``places``."""
    full = to_set(deck)
    union = count = 0
    for cards in places.values():
        union |= cards
        count += cards.bit_count()
    if union == full and count == full.bit_count():
        return
    seen: dict[Card, str] = {}
    for place, cards in places.items():
        stray = cards & ~full
        if stray:
            raise ViewError(f"the {place} holds {' '.join(codes(stray))}, "
                            "not cards of this deck")
        rest = cards
        while rest:
            low = rest & -rest
            card = low.bit_length() - 1
            rest ^= low
            if card in seen:
                raise ViewError(f"{card_code(card)} is both in the {seen[card]} and in the "
                                f"{place}")
            seen[card] = place
    missing = full & ~to_set(seen)
    if missing:
        raise ViewError(f"the guess places no card {' '.join(codes(missing))}")


def deal_places(pool: CardSet, places: Sequence[tuple[CardSet, int]],
                rng: random.Random) -> tuple[list[CardSet], list[Card]]:
    """Each place ``(known, count)`` its known cards and the rest of its count drawn
    uniformly from ``pool`` (the cards nobody has seen), and the cards of the pool left
    over in a random order (a stock, a talon)."""
    free = list(iter_cards(pool))
    rng.shuffle(free)
    dealt, at = [], 0
    for known, count in places:
        need = count - known.bit_count()
        dealt.append(known | to_set(free[at:at + need]))
        at += need
    return dealt, free[at:]


__all__ = ["check_count", "check_game", "check_holds", "check_order", "check_partition",
           "deal_places"]
