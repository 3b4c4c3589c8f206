"""The checks of a guess of a view's hidden cards, once in core/guess.py (issue 41):
every game guesses with the core's ``Hidden``, checked against the core's ``Shown``
by ``check_guess`` (Schmier's discards and Schnapsen's face-down talon included)."""

from __future__ import annotations

import dataclasses

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


def test_every_game_guesses_with_the_core_pieces() -> None:
    assert scat.ScatHidden is Hidden
    assert schnauz.SchnauzHidden is Hidden
    assert schmier.SchmierHidden is Hidden
    assert schnapsen.SchnapsenHidden is Hidden
    for module in (scat, schnauz, schmier, schnapsen):
        assert not hasattr(module, "_Shown")
        assert vars(module)["check_guess"] is check_guess


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


DISCARDING = Shown(0, _set("AS"), ["AS"], stock_size=1, hand_sizes=(1, 1), known=(0, 0),
                   discard_sizes=(1, 1), discarded=_set("KS"), discarded_codes=["KS"])
FITS = Hidden((_set("AS"), _set("QS")), (parse_card("JS"),),
              discards=(_set("KS"), _set("TS")))


def test_a_guess_with_fitting_discards_passes() -> None:
    check_guess(DISCARDING, FITS, DECK[:5])


@pytest.mark.parametrize("hidden, fault", [
    (dataclasses.replace(FITS, discards=(_set("KS"),)), "names 1 discards; the view 2 seats"),
    (dataclasses.replace(FITS, discards=(_set("TS"), _set("KS"))), "gives seat 0 the discards"),
    (dataclasses.replace(FITS, discards=(_set("KS"), _set("TS", "JS"))),
     "puts 2 cards in the discards of seat 1"),
    (dataclasses.replace(FITS, discards=(_set("KS"), _set("AS"))),
     "AS is both in the hand of seat 0 and in the discards of seat 1"),
    (dataclasses.replace(FITS, discards=()), "gives seat 0 the discards"),
])
def test_discards_that_contradict_the_view_are_named(hidden: Hidden, fault: str) -> None:
    with pytest.raises(ViewError, match=fault):
        check_guess(DISCARDING, hidden, DECK[:5])


def test_discards_in_a_game_without_them_are_refused() -> None:
    hidden = Hidden((_set("AS", "KS"), _set("QS", "JS")), (parse_card("TS"),),
                    discards=(_set("9S"), 0))
    with pytest.raises(ViewError, match="puts cards away"):
        check_guess(SHOWN, hidden, DECK)


@pytest.mark.parametrize("stock", [(1 << 40,), (-1,), ("AS",)])
def test_a_stock_of_things_not_cards_is_refused(stock: tuple[int, ...]) -> None:
    hidden = Hidden((_set("AS", "KS"), _set("QS", "JS")), stock)
    with pytest.raises(ViewError, match="which is not a card"):
        check_guess(SHOWN, hidden, DECK)


def test_the_stock_is_named_as_the_game_names_it() -> None:
    talon = dataclasses.replace(SHOWN, stock_place="face-down talon")
    with pytest.raises(ViewError, match="puts 0 cards in the face-down talon"):
        check_guess(talon, Hidden((_set("AS", "KS"), _set("QS", "JS", "TS"))), DECK)
