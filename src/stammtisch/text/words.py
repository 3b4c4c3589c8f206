"""Small text helpers shared by the renderers: seat names, cards with suit symbols.

Words come from the pages' catalogs through :mod:`stammtisch.i18n`, in the language
chosen for the command.
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from typing import Any

from stammtisch.cards import SUIT_CODES, SUIT_SYMBOLS, card_symbol, parse_card
from stammtisch.core.game import View
from stammtisch.errors import NotationError
from stammtisch.i18n import about, t

_CODE = re.compile(r"^(?:[2-9TJQKA][CDHS]|JK)$")


def seat_name(seat: int | None, me: int | None) -> str:
    """``You`` for the viewer's own seat, else ``Seat 2`` (in the current language)."""
    if seat is None:
        return t("sum.nobody")
    return t("ui.you") if seat == me else t("ui.seat", n=seat)


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


def cards_count(count: int) -> str:
    """``1 card``, ``3 cards``, ``20 de cărți``."""
    return t("ui.cards", n=count)


def lives_text(count: int) -> str:
    return t("ui.life_count", n=count)


class KnockingView(View):
    """The keys both knocking games' views have (Schnauz, Scat)."""

    lives: list[int]
    eliminated: list[bool]
    knocker: int | None


def lives_status(view: KnockingView, seat: int, at_zero: str, at_zero_seats: list[bool]) -> str:
    """``out``, the game's word for a seat at 0 lives (``swimming``, ``on the county``;
    ``at_zero_seats``: the view's list of who is), or the lives left."""
    if view["eliminated"][seat]:
        return t("ui.out")
    if at_zero_seats[seat]:
        return at_zero
    return lives_text(view["lives"][seat])


def turn_marks(view: KnockingView, seat: int) -> list[str]:
    """What a seat's row says in a knocking game: to act, dealer, knocked."""
    marks = []
    if view["to_act"] == seat:
        marks.append("◀ " + t("ui.to_act"))
    if view["dealer"] == seat:
        marks.append(t("ui.dealer"))
    if view["knocker"] == seat:
        marks.append(t("ui.knocked"))
    return marks


def suit_word(suit: str) -> str:
    """``♥ Hearts`` / ``♥ Herz``: a suit as the pages name it."""
    return f"{SUIT_SYMBOLS[SUIT_CODES.index(suit)]} {t(f'suit.{suit}')}"


def action_label(text: str) -> str:
    """An action of the notation in words, as the pages' buttons say it (``Swap Q♣ for A♦``);
    the notation itself when the pages have no words for it."""
    words = text.split()
    head, codes = words[0], [w for w in words[1:] if is_code(w)]
    if head == "swap" and len(codes) == 2:
        return t("act.swap_one", a=symbol(codes[0]), b=symbol(codes[1]))
    if head == "discard":
        return t("act.discard", cards=cards(codes)) if codes else t("act.discard_none")
    if head in ("play", "marriage") and codes:
        return t(f"act.{head}", card=symbol(codes[0]))
    if head == "bid" and len(words) == 2:
        return t("act.bid", n=words[1])
    if head == "trump" and len(words) == 2 and words[1] in SUIT_CODES:
        return t("act.trump", suit=suit_word(words[1]))
    key = f"act.{text}"
    label = t(key)
    return text if label == key else label


def your_turn(actions: str) -> str:
    """``Your turn: keep · swap`` (the console shows this line in bold)."""
    return f"{t('ui.your_turn')}: {actions}"


def to_act(seat: int, me: int | None) -> str:
    """``Seat 2 to act.``"""
    return t("term.to_act", who=seat_name(seat, me))


_LABELS = ("ui.table", "ui.out_of_play", "ui.your_hand")
"""The labels of the table's rows, which share one column."""


def labelled(label: str, text: str) -> str:
    """``Table:       7♥ Q♣ A♠``: a label with its colon, the text beside it in the column
    of the language's longest row label."""
    width = max(12, *(len(t(key)) + 1 for key in _LABELS))
    head = f"{label}:"
    return f"{head:<{width}} {text}"


def deal_line(deal: int, dealer: int, me: int | None, more: str = "") -> str:
    """``── Deal 2: Seat 1 deals ──`` (``more`` after a semicolon, the Greek ano teleia,
    inside the rule)."""
    said = about("log.deal", dealer == me, n=deal + 1, name=seat_name(dealer, me)).rstrip(".")
    return f"── {t('term.then', first=said, then=more) if more else said} ──"


def match_over() -> str:
    return t("ui.match_over") + "."


def result_lines(result: dict[str, Any], me: int | None, lives: str) -> list[str]:
    """The end of a knocking game's match: who won after how many deals, the lives left
    (``lives``, already in words), who went out in which order."""
    winner = result["winner"]
    head = about("term.win_after", winner == me, who=seat_name(winner, me),
                 deals=t("term.deals", n=result["deals"]))
    order = ", ".join(seat_name(s, me) for s in result["eliminated_order"])
    return [head, t("term.final_lives", lives=lives), t("term.out_in_order", order=order)]
