"""Small text helpers shared by the renderers: seat names, cards with suit symbols."""

from __future__ import annotations

import re
from collections.abc import Iterable

from stammtisch.cards import card_symbol, parse_card
from stammtisch.core.game import View
from stammtisch.errors import NotationError

_CODE = re.compile(r"^(?:[2-9TJQKA][CDHS]|JK)$")


def seat_name(seat: int | None, me: int | None) -> str:
    """``You`` for the viewer's own seat, else ``Seat 2``."""
    if seat is None:
        return "nobody"
    return "You" if seat == me else f"Seat {seat}"


def is_code(word: str) -> bool:
    """True for a canonical card code (``TH``, ``JK``), not for any word that parses."""
    return bool(_CODE.match(word))


def symbol(code: str) -> str:
    """``TH`` -> ``10♥``; text that is not a card code is returned unchanged."""
    if not is_code(code):
        return code
    try:
        return card_symbol(parse_card(code))
    except NotationError:
        return code


def cards(codes: Iterable[str]) -> str:
    """Card codes as symbols, space-separated; ``-`` for none."""
    shown = " ".join(symbol(c) for c in codes)
    return shown or "-"


def with_symbols(text: str) -> str:
    """Every card code word of an action text as a symbol: ``swap 7♥ Q♣``."""
    return " ".join(symbol(word) for word in text.split())


def is_card_list(value: object) -> bool:
    return isinstance(value, list) and bool(value) and all(
        isinstance(v, str) and is_code(v) for v in value)


def plural(count: int, word: str) -> str:
    return f"{count} {word}" if count == 1 else f"{count} {word}s"


def lives_text(count: int) -> str:
    return "1 life" if count == 1 else f"{count} lives"


class KnockingView(View):
    """The keys both knocking games' views have (Schnauz, Scat)."""

    lives: list[int]
    eliminated: list[bool]
    knocker: int | None


def lives_status(view: KnockingView, seat: int, at_zero: str, at_zero_seats: list[bool]) -> str:
    """``out``, the game's word for a seat at 0 lives (``swimming``, ``on the county``;
    ``at_zero_seats``: the view's list of who is), or the lives left."""
    if view["eliminated"][seat]:
        return "out"
    if at_zero_seats[seat]:
        return at_zero
    return lives_text(view["lives"][seat])


def turn_marks(view: KnockingView, seat: int) -> list[str]:
    """What a seat's row says in a knocking game: to act, dealer, knocked."""
    marks = []
    if view["to_act"] == seat:
        marks.append("◀ to act")
    if view["dealer"] == seat:
        marks.append("dealer")
    if view["knocker"] == seat:
        marks.append("knocked")
    return marks
