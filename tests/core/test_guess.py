"""The checks of a guess of a view's hidden cards, once in core/guess.py (issue 41):
Scat and Schnauz guess with the core's ``Hidden``, checked against the core's
``Shown`` by ``check_guess``; every game checks the seat's own cards with
``check_own``."""

from __future__ import annotations

import pytest

from stammtisch.cards import parse_card
from stammtisch.core.guess import Hidden, Shown, check_guess, check_own
from stammtisch.errors import ViewError
from stammtisch.games import scat, schmier, schnapsen, schnauz


def _set(*codes: str) -> int:
    return sum(1 << parse_card(code) for code in codes)


DECK = [parse_card(code) for code in ("AS", "KS", "QS", "JS", "TS", "9S")]
SHOWN = Shown(0, _set("AS", "KS"), ["AS", "KS"], stock_size=1, hand_sizes=(2, 2),
              known=(0, _set("QS")), why="that seat took it from the pile",
              public=(("discard pile", _set("9S")),))


def test_the_thirty_one_games_guess_with_the_core_pieces() -> None:
    assert scat.ScatHidden is Hidden
    assert schnauz.SchnauzHidden is Hidden
    for module in (scat, schnauz):
        assert not hasattr(module, "_Shown")
    for module in (scat, schnauz, schmier, schnapsen):
        assert "check_own" in vars(module) or "check_guess" in vars(module)


def test_a_fitting_guess_passes() -> None:
    check_guess(SHOWN, Hidden((_set("AS", "KS"), _set("QS", "JS")), (parse_card("TS"),)), DECK)


@pytest.mark.parametrize("hidden, fault", [
    (Hidden((_set("AS", "KS"),)), "names 1 hands; the view 2 seats"),
    (Hidden((_set("AS", "QS"), _set("KS", "JS")), (parse_card("TS"),)),
     "gives seat 0 the hand"),
    (Hidden((_set("AS", "KS"), _set("TS", "JS")), (parse_card("QS"),)),
     "leaves QS out of the hand of seat 1, though that seat took it"),
    (Hidden((_set("AS", "KS"), _set("QS", "JS")), (parse_card("9S"),)),
     "9S is both in the stock and in the discard pile"),
    (Hidden((_set("AS", "KS"), _set("QS", "JS")), ()), "puts 0 cards in the stock"),
])
def test_a_guess_that_contradicts_the_view_names_its_fault(hidden: Hidden, fault: str) -> None:
    with pytest.raises(ViewError, match=fault):
        check_guess(SHOWN, hidden, DECK)


def test_own_cards_are_checked_only_for_a_seat() -> None:
    check_own(None, "hand", _set("AS"), _set("KS"), ["KS"])
    with pytest.raises(ViewError, match="gives seat 1 the discards"):
        check_own(1, "discards", _set("AS"), _set("KS"), ["KS"])
