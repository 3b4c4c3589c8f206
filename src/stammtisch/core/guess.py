"""Checks shared by the games' ``from_view``: a guess of the hidden cards must
put every card of the deck in exactly one place, with the counts the view shows;
and the plain draw of such a guess the games' samplers share (:func:`deal_places`).

A guess is a :class:`Hidden` (every hand, the stock in draw order, a seed, and where
the game has them the cards each seat put away); what a view shows it is checked
against is a :class:`Shown`, and :func:`check_guess` checks one against the other for
every game: Scat and Schnauz guess hands and a stock, Schmier adds the discards, and
Schnapsen's stock is its face-down talon (the game's own facts, a declared marriage
say, it checks with :func:`check_holds`).

A place is a name (``"hand of seat 1"``, ``"stock"``) and its cards; the
errors name the card and the places, so a bot writer sees what the guess got
wrong.
"""

from __future__ import annotations

import random
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from stammtisch.cards import Card, CardSet, card_code, codes, iter_cards, to_set
from stammtisch.errors import ViewError

CARD_LIMIT = 64
"""Every card int is below this (a card set is one int's bits)."""


@dataclass(frozen=True, slots=True)
class Hidden:
    """What a view hides: ``hands``, every seat's hand (the seat's own as its view shows
    it, the cards others saw a seat take among its); ``stock`` in draw order; ``seed``:
    the generator of reshuffles and the deals to come."""

    hands: tuple[CardSet, ...]
    stock: tuple[Card, ...] = ()
    seed: int = 0
    discards: tuple[CardSet, ...] = ()
    """Per seat the cards it put away face down (Schmier's exchange); empty: none."""


@dataclass(frozen=True, slots=True)
class Shown:
    """What a view shows that a guess of its hidden cards is checked against."""

    seat: int | None
    hand: CardSet | None
    """The seat's own hand, where its view shows it."""
    hand_codes: Sequence[str] | None
    stock_size: int = 0
    hand_sizes: tuple[int, ...] | None = None
    """Per seat its hand's size (``None``: not checked, a match over)."""
    known: tuple[CardSet, ...] = ()
    """Per seat the cards it is known to hold..."""
    why: str = ""
    """... and why (``that seat took them from the pile``)."""
    public: tuple[tuple[str, CardSet], ...] = ()
    """The places the view shows face up (a discard pile, a table, the tricks)."""
    stock_place: str = "stock"
    """What the game calls its stock (the errors name it)."""
    discard_sizes: tuple[int, ...] | None = None
    """Per seat how many cards it put away (``None``: the game puts none away)..."""
    discarded: CardSet | None = None
    """... and the seat's own, where its view shows them."""
    discarded_codes: Sequence[str] | None = None


def check_own(seat: int | None, what: str, guessed: CardSet, shown: CardSet | None,
              shown_codes: Sequence[str] | None) -> None:
    """The guess gives the viewing seat the ``what`` (hand, discards) its view shows."""
    if seat is not None and shown is not None and guessed != shown:
        raise ViewError(f"the guess gives seat {seat} the {what} {codes(guessed)}, "
                        f"its view shows {shown_codes}")


def check_guess(shown: Shown, hidden: Hidden, deck: Iterable[Card]) -> None:
    """``hidden``'s hands, discards and stock fit what ``shown`` shows: the seats, the
    seat's own hand and discards, the stock's, hands' and discards' sizes, the known
    cards, every card of ``deck`` once."""
    n = len(shown.known)
    if len(hidden.hands) != n:
        raise ViewError(f"the guess names {len(hidden.hands)} hands; the view {n} seats")
    discards = _discards(shown, hidden, n)
    if shown.seat is not None:
        check_own(shown.seat, "hand", hidden.hands[shown.seat], shown.hand, shown.hand_codes)
        if shown.discard_sizes is not None:
            check_own(shown.seat, "discards", discards[shown.seat], shown.discarded,
                      shown.discarded_codes)
    stock = check_order(shown.stock_place, hidden.stock)
    check_count(shown.stock_place, stock, shown.stock_size)
    places = {shown.stock_place: stock, **dict(shown.public)}
    for s in range(n):
        if shown.hand_sizes is not None:
            check_count(f"hand of seat {s}", hidden.hands[s], shown.hand_sizes[s])
        check_holds(f"hand of seat {s}", hidden.hands[s], shown.known[s], shown.why)
        places[f"hand of seat {s}"] = hidden.hands[s]
        if shown.discard_sizes is not None:
            check_count(f"discards of seat {s}", discards[s], shown.discard_sizes[s])
            places[f"discards of seat {s}"] = discards[s]
    check_partition(deck, places)


def _discards(shown: Shown, hidden: Hidden, seats: int) -> tuple[CardSet, ...]:
    """The guess's discards per seat (none given: nobody put any away)."""
    if shown.discard_sizes is None:
        if any(hidden.discards):
            raise ViewError("the guess puts cards away, where this game puts none away")
        return (0,) * seats
    discards = hidden.discards or (0,) * seats
    if len(discards) != seats:
        raise ViewError(f"the guess names {len(discards)} discards; the view {seats} seats")
    return discards


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
    stray = [card for card in order if not isinstance(card, int) or not 0 <= card < CARD_LIMIT]
    if stray:
        raise ViewError(f"the guess puts {stray[0]!r} in the {place}, which is not a card")
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


__all__ = ["Hidden", "Shown", "check_count", "check_game", "check_guess", "check_holds",
           "check_order", "check_own", "check_partition", "deal_places"]
