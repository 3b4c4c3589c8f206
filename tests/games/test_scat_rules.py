"""Scat: the worked scenarios of docs/rules/scat.md §11 (one test per row), the §12
clarifications, notation, options, the golden records, and one random match per
option combination on the fast path (cards, hand sizes, one winner)."""

from __future__ import annotations

import itertools
import json
import random
from pathlib import Path
from typing import Any, cast

import pytest

import stammtisch
from stammtisch import IllegalActionError, Match, NotationError, OptionError
from stammtisch.cards import SCAT_DECK, card_code, parse_card, parse_cards, rank_of, suit_of
from stammtisch.core.options import resolve
from stammtisch.games.scat import OPTIONS, ScatState, action_text, hand_value, parse_action

DATA = Path(__file__).resolve().parents[1] / "data"
CANONICAL = [card_code(c) for c in SCAT_DECK]


def stack(n: int, dealer: int, hands: dict[int, str], up: str, stock: str = "",
          bottom: str = "") -> list[str]:
    """A stacked deck dealing ``hands`` (seat -> three codes) from the dealer's left,
    the upcard ``up`` (default: the highest free card), then ``stock`` on top of the
    stock and ``bottom`` under it."""
    deck: list[str] = [""] * (3 * n)
    for i in range(n):
        cards = hands[(dealer + 1 + i) % n].split()
        for j, code in enumerate(cards):
            deck[i + j * n] = code
    tail = bottom.split()
    deck.append(up or next(c for c in CANONICAL[::-1]
                           if c not in deck and c not in stock.split() + tail))
    deck += stock.split()
    deck += [c for c in CANONICAL if c not in deck and c not in tail]
    return deck + tail


def deal(n: int, dealer: int, hands: dict[int, str], up: str = "", stock: str = "",
         bottom: str = "", seed: int = 1, **options: Any) -> Match:
    deck = stack(n, dealer, hands, up, stock, bottom)
    return stammtisch.new_match("scat", seed=seed, decks=[deck], num_players=n,
                                first_dealer=dealer, **options)


def state(m: Match) -> ScatState:
    return cast(ScatState, m.state)


def hand(m: Match, seat: int) -> list[str]:
    cards: list[str] = m.view(seat)["hand"]
    return cards


def pass_turn(m: Match) -> None:
    """Draw from the stock and throw the drawn card away: the hand stays as it was."""
    seat = m.to_act
    assert seat is not None
    before = set(hand(m, seat))
    m.play("draw stock")
    (drawn,) = set(hand(m, seat)) - before
    m.play(f"discard {drawn}")


def legal(m: Match) -> list[str]:
    return [a.text for a in m.legal_actions()]


def showdown(m: Match) -> dict[str, Any]:
    result: dict[str, Any] = m.view(None)["last_showdown"]
    return result


def value(text: str, **options: Any) -> float:
    return hand_value(parse_cards(text), **options)


# --- §11 worked scenarios ---------------------------------------------------------

def test_SC_T1_seed_example() -> None:
    assert value("KS TS 4H") == 20


def test_SC_T2_values() -> None:
    assert value("AH KH QH") == 31
    assert value("2C 3D 4H") == 4
    assert value("AS 9S 5D") == 20
    assert value("QC 5C 5D") == 15


def test_SC_T3_three_of_a_kind() -> None:
    assert value("7C 7D 7H") == 7
    assert value("7C 7D 7H", three_of_a_kind=True) == 30
    assert value("7C 7D 7H", three_of_a_kind=True, three_of_a_kind_value=30.5) == 30.5


def test_SC_T4_straight_flush() -> None:
    hands = ["9H TH JH", "AH 2H 3H", "JH QH KH", "4S 6S 8S"]
    assert [value(h, straight_flush=True) for h in hands] == [30, 30, 30, 18]
    assert [value(h) for h in hands] == [29, 16, 30, 18]
    assert value("AH 2H 3H", straight_flush=True, straight_flush_ace_low=False) == 16
    assert value("KH AH 2H", straight_flush=True) == 23
    assert value("QH KH AH", straight_flush=True) == 31


def naive_value(cards: list[int], three: float, straight: bool, ace_low: bool) -> float:
    """§7 read literally, card by card (a cross-check of the bitmask evaluator)."""
    def points(card: int) -> int:
        rank = rank_of(card)
        return 11 if rank == 14 else min(rank, 10)

    best: float = max(sum(points(c) for c in cards if suit_of(c) == s) for s in range(4))
    ranks = sorted(rank_of(c) for c in cards)
    if three and len(set(ranks)) == 1:
        best = max(best, three)
    if straight and len({suit_of(c) for c in cards}) == 1:
        if ranks[1] == ranks[0] + 1 and ranks[2] == ranks[1] + 1 or \
                (ace_low and ranks == [2, 3, 14]):
            best = max(best, 30)
    return best


@pytest.mark.parametrize(("three", "straight", "ace_low"), [
    (0, False, True), (30, True, True), (30.5, True, False), (30, False, False),
])
def test_every_hand_value(three: float, straight: bool, ace_low: bool) -> None:
    for trio in itertools.combinations(SCAT_DECK, 3):
        mask = 1 << trio[0] | 1 << trio[1] | 1 << trio[2]
        got = hand_value(mask, three_of_a_kind=bool(three), three_of_a_kind_value=three or 30,
                         straight_flush=straight, straight_flush_ace_low=ace_low)
        assert got == naive_value(list(trio), three, straight, ace_low), trio


def test_SC_T5_deal_order() -> None:
    deck = "2C 3C 4C 5C 6C 7C 8C 9C TC JC QC".split()
    deck += [c for c in CANONICAL if c not in deck]
    m = stammtisch.new_match("scat", seed=0, decks=[deck], num_players=3, first_dealer=2)
    dump = m.state.dump()
    assert dump["hands"] == [["2C", "5C", "8C"], ["3C", "6C", "9C"], ["4C", "7C", "TC"]]
    assert [m.view(s)["hand_value"] for s in range(3)] == [15, 18, 21]
    assert dump["pile"] == ["JC"]
    assert dump["stock"][0] == "QC"
    assert len(dump["stock"]) == 52 - 10
    assert m.to_act == 0
    assert m.view(0)["discard_top"] == "JC"


def knock_round(n: int, hands: dict[int, str], knocker: int = 0, **options: Any) -> Match:
    """Seat 0 opens; seats before the knocker and all after it pass their turn."""
    m = deal(n, n - 1, hands, **options)
    for _ in range(knocker):
        pass_turn(m)
    assert m.to_act == knocker
    m.play("knock")
    for _ in range(n - 1):
        pass_turn(m)
    assert showdown(m)["deal"] == 0
    return m


def test_SC_T6_lowest_loses() -> None:
    m = knock_round(3, {0: "KH TH 5H", 1: "KS TS 4H", 2: "TD 8D 2C"})
    assert showdown(m)["values"] == {"0": 25, "1": 20, "2": 18}
    assert showdown(m)["lives_lost"] == {"2": 1}
    assert m.view(None)["lives"] == [3, 3, 2]


def test_SC_T7_knocker_tied_lowest_is_saved() -> None:
    m = knock_round(3, {0: "TD 8D 2C", 1: "TS 8S 3H", 2: "KH TH 5H"})
    assert showdown(m)["values"] == {"0": 18, "1": 18, "2": 25}
    assert showdown(m)["lives_lost"] == {"1": 1}
    assert m.view(None)["lives"] == [3, 2, 3]


def test_SC_T8_knocker_strictly_lowest() -> None:
    hands = {0: "TC 7C 2D", 1: "KS TS 4H", 2: "QD 9D 3D"}
    m = knock_round(3, hands)
    assert showdown(m)["values"] == {"0": 17, "1": 20, "2": 22}
    assert showdown(m)["lives_lost"] == {"0": 2}
    assert m.view(None)["lives"] == [1, 3, 3]
    m = knock_round(3, hands, knocker_lowest_penalty=1)
    assert m.view(None)["lives"] == [2, 3, 3]


def test_SC_T9_two_non_knockers_tied() -> None:
    m = knock_round(4, {0: "KD JD 8D", 1: "TC 5C 2D", 2: "TH 5H 2S", 3: "KS TS 4H"})
    assert showdown(m)["values"] == {"0": 28, "1": 15, "2": 15, "3": 20}
    assert m.view(None)["lives"] == [3, 2, 2, 3]


def test_SC_T10_all_tied() -> None:
    m = knock_round(3, {0: "TC 5C 2D", 1: "TH 5H 2S", 2: "9S 6S 3D"})
    assert set(showdown(m)["values"].values()) == {15}
    assert m.view(None)["lives"] == [3, 2, 2]


def test_SC_T11_two_players_tied() -> None:
    m = knock_round(2, {0: "KS TS 4H", 1: "KD TD 4C"})
    assert m.view(None)["lives"] == [3, 2]


def test_SC_T12_31_during_final_turns() -> None:
    m = deal(3, 2, {0: "KH TH 5H", 1: "AD KD 3C", 2: "TC 5C 2S"}, up="9H", stock="TD")
    m.play("knock")
    m.play("draw stock")
    m.play("discard 3C")
    s = showdown(m)
    assert s["reason"] == "31" and s["thirty_one"] == [1] and s["knocker"] == 0
    assert s["hands"]["1"] == ["TD", "KD", "AD"] and s["values"]["1"] == 31
    assert s["lives_lost"] == {"0": 1, "2": 1}
    assert m.view(None)["lives"] == [2, 3, 2]
    round_actions = [e for e in m.events if e["type"] == "action"]
    assert [e["seat"] for e in round_actions] == [0, 1, 1]
    assert m.view(None)["deal"] == 1


def test_SC_T13_dealt_31() -> None:
    others = {0: "TC 5C 2D", 1: "TH 5H 2S", 3: "9S 6S 3D"}
    m = deal(4, 3, {**others, 2: "AC KC QC"})
    assert m.actions == []
    assert showdown(m)["reason"] == "31" and showdown(m)["thirty_one"] == [2]
    assert m.view(None)["lives"] == [2, 2, 3, 2]
    m = deal(4, 3, {**others, 1: "AH KH JH", 2: "AC KC QC"})
    assert showdown(m)["thirty_one"] == [1, 2]
    assert m.view(None)["lives"] == [2, 3, 3, 2]


def test_SC_T14_no_discard_of_the_card_taken() -> None:
    hands = {0: "TC 5C 2D", 1: "4H 9S KS", 2: "9D 6D 3H"}
    m = deal(3, 0, hands, up="9C")
    assert m.to_act == 1
    m.play("draw discard")
    assert legal(m) == ["discard 4H", "discard 9S", "discard KS"]
    assert m.view(None)["taken_from_discard"] == "9C"
    with pytest.raises(IllegalActionError):
        m.play("discard 9C")
    m = deal(3, 0, hands, up="3D", stock="9C")
    m.play("draw stock")
    assert legal(m) == ["discard 9C", "discard 4H", "discard 9S", "discard KS"]
    m.play("discard 9C")
    assert m.to_act == 2


def test_SC_T15_final_turns_order() -> None:
    hands = {0: "TC 5C 2D", 1: "TH 5H 2S", 2: "KD JD 8D", 3: "9S 6S 3D", 4: "KS TS 4H"}
    m = deal(5, 4, hands)
    pass_turn(m)
    pass_turn(m)
    assert m.to_act == 2
    m.play("knock")
    order = []
    while showdown(m) is None:
        seat = m.to_act
        assert seat is not None
        order.append(seat)
        assert "knock" not in legal(m)
        with pytest.raises(IllegalActionError):
            m.play("knock")
        pass_turn(m)
    assert order == [3, 4, 0, 1]
    assert showdown(m)["reason"] == "knock" and showdown(m)["knocker"] == 2
    acted = [e["seat"] for e in m.events if e["type"] == "action"]
    assert acted.count(2) == 1


def test_SC_T16_lives_model() -> None:
    lowest_knocker = {0: "TC 7C 2D", 1: "KS TS 4H", 2: "QD 9D 3D"}
    m = knock_round(3, lowest_knocker, lives=1)
    assert m.view(None)["eliminated"] == [True, False, False]
    assert m.result is None and m.view(None)["dealer"] == 1
    m = knock_round(3, lowest_knocker, lives=2)
    view = m.view(None)
    assert view["lives"] == [0, 2, 2] and view["eliminated"] == [False, False, False]
    assert view["on_the_county"] == [True, False, False]
    assert view["hand_sizes"] == [3, 3, 3]
    # Deal 1 (dealer 0): seat 1 knocks, the player on the county is lowest and is out.
    first = stack(3, 2, lowest_knocker, "")
    second = stack(3, 0, {0: "TC 5C 2D", 1: "KH TH 5H", 2: "KS TS 4H"}, "")
    m = stammtisch.new_match("scat", seed=1, decks=[first, second], num_players=3,
                             first_dealer=2, lives=2)
    m.play("knock")
    pass_turn(m)
    pass_turn(m)
    assert m.view(None)["lives"] == [0, 2, 2]
    assert m.to_act == 1
    m.play("knock")
    pass_turn(m)
    pass_turn(m)
    view = m.view(None)
    assert showdown(m)["lives_lost"] == {"0": 1}
    assert view["eliminated"] == [True, False, False]
    assert view["hand_sizes"] == [0, 3, 3]


def test_SC_T17_min_knock_score() -> None:
    others = {1: "TH 5H 2S", 2: "9S 6S 3D"}
    m = deal(3, 2, {0: "KS TS 4H", **others}, min_knock_score=21)
    assert legal(m) == ["draw stock", "draw discard"]
    with pytest.raises(IllegalActionError):
        m.play("knock")
    m = deal(3, 2, {0: "KS 8S 3S", **others}, min_knock_score=21)
    assert m.view(0)["hand_value"] == 21
    assert legal(m) == ["draw stock", "draw discard", "knock"]


def test_SC_T18_throw_down() -> None:
    m = deal(3, 2, {0: "TC 5C 2D", 1: "KS TS 4H", 2: "KH TH 5H"}, throw_down=True)
    assert m.to_act == 0 and legal(m) == ["throw down", "decline"]
    assert "hand" not in m.view(0)
    m.play("throw down")
    s = showdown(m)
    assert s["reason"] == "throw_down" and s["knocker"] == 0
    assert s["values"] == {"0": 15, "1": 20, "2": 25}
    assert s["lives_lost"] == {"0": 2}
    assert m.view(None)["lives"] == [1, 3, 3]
    assert m.actions == ["throw down"]


def test_SC_T19_reshuffle_on_empty_stock() -> None:
    m = deal(3, 2, {0: "TC 5C 2D", 1: "TH 6H 3S", 2: "9S 6S 3D"})
    st = state(m)
    st.stock = ()
    st.pile = [parse_card(c) for c in ("5H", "9D", "2S")]
    assert "draw stock" in legal(m)
    m.play("draw stock")
    dump = m.state.dump()
    assert dump["pile"] == ["2S"]
    drawn = set(hand(m, 0)) - {"TC", "5C", "2D"}
    assert drawn | set(dump["stock"]) == {"5H", "9D"} and len(dump["stock"]) == 1
    assert [e for e in m.events if e["type"] == "reshuffle"] == [{"type": "reshuffle",
                                                                  "cards": 2}]


# --- §12 clarifications and other rules ----------------------------------------------

def test_reshuffle_in_play() -> None:
    m = deal(2, 1, {0: "KS TS 4H", 1: "TD 8D 2C"})
    while m.view(None)["stock_size"]:
        pass_turn(m)
    pile = m.view(None)["discard_pile"]
    assert len(pile) == 52 - 6
    seat = m.to_act
    assert seat is not None
    before = set(hand(m, seat))
    m.play("draw stock")
    view = m.view(seat)
    assert view["discard_pile"] == pile[-1:]
    assert view["stock_size"] == len(pile) - 2 and view["reshuffles"] == 1
    (drawn,) = set(view["hand"]) - before
    assert set(m.state.dump()["stock"]) | {drawn} == set(pile[:-1])


def test_empty_stock_showdown() -> None:
    m = deal(2, 1, {0: "KS TS 4H", 1: "TD 8D 2C"}, empty_stock="showdown")
    while showdown(m) is None:
        assert m.view(None)["stock_size"] > 0
        pass_turn(m)
    s = showdown(m)
    assert s["reason"] == "empty_stock" and s["knocker"] is None
    assert s["lives_lost"] == {"1": 1}
    assert len(m.actions) == 2 * (52 - 7)


def test_empty_stock_showdown_31_first() -> None:
    m = deal(2, 1, {0: "AD KD 3C", 1: "TH 8H 2C"}, bottom="TD", empty_stock="showdown")
    while m.view(None)["stock_size"] > 1:
        pass_turn(m)
    assert m.to_act == 0
    m.play("draw stock")
    m.play("discard 3C")
    s = showdown(m)
    assert s["reason"] == "31" and s["thirty_one"] == [0] and s["lives_lost"] == {"1": 1}


def test_empty_stock_showdown_with_pending_knock() -> None:
    hands = {0: "KS TS 4H", 1: "KH TH 5H", 2: "TD 8D 2C"}
    m = deal(3, 2, hands, empty_stock="showdown")
    while m.view(None)["stock_size"] > 1:
        pass_turn(m)
    assert m.to_act == 2
    m.play("knock")
    pass_turn(m)
    s = showdown(m)
    assert s["reason"] == "empty_stock" and s["knocker"] == 2
    assert s["lives_lost"] == {"2": 2}
    assert [e["seat"] for e in m.events if e["type"] == "action"][-3:] == [2, 0, 0]


def test_no_knocker_showdown_spares_the_last_players() -> None:
    hands = {0: "TC 5C 2D", 1: "TH 5H 2S"}
    m = deal(2, 1, hands, empty_stock="showdown", lives=1)
    state(m).lives = [0, 0]
    while showdown(m) is None:
        pass_turn(m)
    assert showdown(m)["lives_lost"] == {}
    assert m.result is None and m.view(None)["dealer"] == 0
    m = deal(2, 1, hands, empty_stock="showdown", lives=1)
    state(m).lives = [1, 0]
    while showdown(m) is None:
        pass_turn(m)
    assert showdown(m)["lives_lost"] == {"0": 1, "1": 1}
    assert m.result is not None and m.result["winner"] == 0


def test_throw_down_reveals_31() -> None:
    m = deal(3, 2, {0: "TC 5C 2D", 1: "AC KC QC", 2: "KH TH 5H"}, throw_down=True)
    m.play("throw down")
    s = showdown(m)
    assert s["reason"] == "31" and s["thirty_one"] == [1]
    assert m.view(None)["lives"] == [2, 3, 2]


def test_throw_down_window_hides_hands_and_dealt_31_after() -> None:
    m = deal(3, 2, {0: "TC 5C 2D", 1: "AC KC QC", 2: "KH TH 5H"}, throw_down=True)
    assert all("hand" not in m.view(s) for s in range(3))
    m.play("decline")
    assert m.view(0)["hand"] == ["5C", "TC", "2D"]
    assert "hand" not in m.view(1) and "hand" not in m.view(2)
    assert m.to_act == 1 and showdown(m) is None
    m.play("decline")
    assert m.view(1)["hand"] == ["QC", "KC", "AC"] and "hand" not in m.view(2)
    m.play("decline")
    s = showdown(m)
    assert s["reason"] == "31" and s["thirty_one"] == [1]


def test_throw_down_decisions_are_not_turns() -> None:
    m = deal(3, 2, {0: "TC 5C 2D", 1: "TH 5H 2S", 2: "9S 6S 3D"}, throw_down=True,
             knock_allowed_first_round=False)
    for _ in range(3):
        m.play("decline")
    assert m.to_act == 0 and "knock" not in legal(m)


def test_knock_not_allowed_first_round() -> None:
    m = deal(3, 2, {0: "TC 5C 2D", 1: "TH 5H 2S", 2: "9S 6S 3D"},
             knock_allowed_first_round=False)
    for seat in range(3):
        assert m.to_act == seat and "knock" not in legal(m)
        pass_turn(m)
    assert m.to_act == 0 and "knock" in legal(m)


def test_min_knock_score_counts_variants() -> None:
    hands = {0: "7C 7D 7H", 1: "TH 5H 2S", 2: "9S 6S 3D"}
    m = deal(3, 2, hands, three_of_a_kind=True, three_of_a_kind_value=30.5,
             min_knock_score=30)
    assert m.view(0)["hand_value"] == 30.5 and "knock" in legal(m)
    m = deal(3, 2, hands, three_of_a_kind=True, min_knock_score=31)
    assert "knock" not in legal(m)
    m = deal(3, 2, {**hands, 0: "9H TH JH", 1: "TC 5C 2S"}, straight_flush=True,
             min_knock_score=30)
    assert "knock" in legal(m)


def test_three_of_a_kind_is_not_a_31() -> None:
    hands = {0: "AC AD AH", 1: "TH 5H 2S", 2: "9S 6S 3D"}
    m = deal(3, 2, hands, three_of_a_kind=True, three_of_a_kind_value=30.5)
    assert showdown(m) is None and m.to_act == 0
    m = deal(3, 2, {**hands, 0: "QS KS AS"}, straight_flush=True)
    assert showdown(m)["reason"] == "31"


def test_variant_values_decide_the_showdown() -> None:
    m = knock_round(3, {0: "7C 7D 7H", 1: "KS TS 4H", 2: "QD 9D 3D"}, three_of_a_kind=True)
    assert showdown(m)["values"] == {"0": 30, "1": 20, "2": 22}
    assert showdown(m)["lives_lost"] == {"1": 1}


def test_next_dealer_skips_the_eliminated() -> None:
    m = deal(3, 2, {0: "KS TS 4H", 1: "KH TH 5H", 2: "TC 5C 2D"}, lives=1)
    state(m).lives[2] = 0
    m.play("knock")
    pass_turn(m)
    pass_turn(m)
    view = m.view(None)
    assert view["eliminated"] == [False, False, True]
    assert view["dealer"] == 0 and view["to_act"] == 1
    m = deal(3, 2, {0: "TC 5C 2D", 1: "KS TS 4H", 2: "KH TH 5H"}, lives=1)
    state(m).lives[0] = 0
    pass_turn(m)
    m.play("knock")
    pass_turn(m)
    pass_turn(m)
    view = m.view(None)
    assert view["eliminated"] == [True, False, False]
    assert view["dealer"] == 1 and view["to_act"] == 2
    assert [e for e in m.events if e["type"] == "deal"][-1]["players"] == [2, 1]


def test_match_ends_with_the_last_player() -> None:
    m = deal(2, 1, {0: "KS TS 4H", 1: "TD 8D 2C"}, lives=1)
    state(m).lives[1] = 0
    m.play("knock")
    pass_turn(m)
    assert m.result == {"winner": 0, "lives": [1, 0], "eliminated_order": [1], "deals": 1}
    assert m.to_act is None and m.legal_actions() == []
    assert m.view(0)["result"]["winner"] == 0
    with pytest.raises(IllegalActionError):
        m.play("draw stock")


def test_knocker_loses_one_on_a_31() -> None:
    m = deal(3, 2, {0: "TC 7C 2D", 1: "AD KD 3C", 2: "KH TH 5H"}, stock="TD", lives=1)
    m.play("knock")
    m.play("draw stock")
    m.play("discard 3C")
    assert showdown(m)["lives_lost"] == {"0": 1, "2": 1}
    assert m.view(None)["lives"] == [0, 1, 0]


# --- views, notation, options, errors ---------------------------------------------------

def test_view_is_public_and_json() -> None:
    m = deal(3, 2, {0: "TC 5C 2D", 1: "TH 5H 2S", 2: "9S 6S 3D"}, up="8C")
    m.play("draw discard")
    view = m.view(1)
    json.dumps(view)
    assert view["known_cards"] == {"0": ["8C"]} and view["legal_actions"] == []
    assert "TC" not in json.dumps(view) and view["hand"] == ["5H", "TH", "2S"]
    m.play("discard TC")
    view = m.view(2)
    assert view["discard_pile"] == ["TC"] and view["known_cards"] == {"0": ["8C"]}
    assert view["completed_turn"] == [True, False, False]
    assert "hand" not in m.view(None)


def test_action_notation() -> None:
    for text in ("throw down", "decline", "draw stock", "draw discard", "knock", "discard TH"):
        assert action_text(parse_action(text)) == text
    assert action_text(parse_action("  Discard   10h ")) == "discard TH"
    assert action_text(parse_action("DRAW  stock")) == "draw stock"
    for bad in ("draw", "discard", "discard JK", "discard 1H", "knock knock", ""):
        with pytest.raises(NotationError):
            parse_action(bad)


def test_illegal_actions() -> None:
    m = deal(3, 2, {0: "TC 5C 2D", 1: "TH 5H 2S", 2: "9S 6S 3D"})
    for text in ("throw down", "decline", "discard TC"):
        with pytest.raises(IllegalActionError):
            m.play(text)
    m.play("draw stock")
    for text in ("draw stock", "draw discard", "knock", "discard AS"):
        with pytest.raises(IllegalActionError):
            m.play(text)
    with pytest.raises(NotationError):
        m.play("swap all")


@pytest.mark.parametrize(("options", "key"), [
    ({"num_players": 10}, "num_players"),
    ({"num_players": 1}, "num_players"),
    ({}, "num_players"),
    ({"num_players": 3, "lives": 0}, "lives"),
    ({"num_players": 3, "first_dealer": 3}, "first_dealer"),
    ({"num_players": 3, "three_of_a_kind_value": 31}, "three_of_a_kind_value"),
    ({"num_players": 3, "three_of_a_kind": "yes"}, "three_of_a_kind"),
    ({"num_players": 3, "min_knock_score": 32}, "min_knock_score"),
    ({"num_players": 3, "knocker_lowest_penalty": 3}, "knocker_lowest_penalty"),
    ({"num_players": 3, "empty_stock": "continue"}, "empty_stock"),
    ({"num_players": 3, "jokers": True}, "jokers"),
])
def test_bad_options(options: dict[str, Any], key: str) -> None:
    with pytest.raises(OptionError) as error:
        stammtisch.new_match("scat", seed=0, **options)
    assert error.value.key == key


def test_random_first_dealer_is_seeded() -> None:
    dealers = {stammtisch.new_match("scat", seed=s, num_players=5).view(None)["dealer"]
               for s in range(40)}
    assert len(dealers) > 1
    a = stammtisch.new_match("scat", seed=9, num_players=5)
    b = stammtisch.new_match("scat", seed=9, num_players=5)
    assert a.state.dump() == b.state.dump()


# --- golden records ---------------------------------------------------------------------

@pytest.mark.parametrize("path", sorted(DATA.glob("scat-*.json")), ids=lambda p: p.stem)
def test_golden_record(path: Path) -> None:
    data = json.loads(path.read_text())
    m = stammtisch.replay(data["record"])
    assert m.result == data["result"]
    assert m.view(None)["last_showdown"] == data["last_showdown"]
    assert m.record() == data["record"]


def test_events_from_the_first_deal() -> None:
    m = deal(4, 3, {0: "TC 5C 2D", 1: "TH 5H 2S", 2: "AC KC QC", 3: "9S 6S 3D"}, up="8C")
    kinds = [e["type"] for e in m.events]
    assert kinds[:2] == ["deal", "showdown"] and kinds.count("life") == 3
    assert m.events[0] == {"type": "deal", "deal": 0, "dealer": 3, "players": [0, 1, 2, 3],
                           "discard": "8C"}


# --- every option combination on the fast path --------------------------------------------

VARIANT_VALUES: dict[str, tuple[Any, ...]] = {
    "three_of_a_kind": (False, True),
    "three_of_a_kind_value": (30, 30.5),
    "straight_flush": (False, True),
    "straight_flush_ace_low": (True, False),
    "min_knock_score": (0, 21),
    "throw_down": (False, True),
    "knock_allowed_first_round": (True, False),
    "knocker_lowest_penalty": (2, 1),
    "empty_stock": ("reshuffle", "showdown"),
}


def check_hands(state: ScatState) -> None:
    """Every card in one place; three in each hand still in, four while its seat discards."""
    held, total = 0, len(state.pile) + len(state.stock)
    for card in (*state.pile, *state.stock):
        held |= 1 << card
    for cards in state.hands:
        held |= cards
        total += cards.bit_count()
    assert total == 52 and held == (1 << 52) - 1, "a card missing or twice"
    if state.phase == "over":
        return
    for seat, cards in enumerate(state.hands):
        if not state.eliminated[seat]:
            discarding = seat == state.to_act and state.phase == "discard"
            assert cards.bit_count() == (4 if discarding else 3), f"seat {seat}'s hand"


def fast_match(seed: int, options: dict[str, Any]) -> ScatState:
    """A random match through the int-level fast path, checking the hands as it goes."""
    state = ScatState(resolve("scat", OPTIONS, options), seed)
    state.events = None
    rng = random.Random(seed)
    check_hands(state)
    for _ in range(20_000):
        legal = state.legal()
        if not legal:
            break
        state.apply(rng.choice(legal))
        check_hands(state)
    assert state.result() is not None
    return state


@pytest.mark.slow
def test_every_option_combination_ends_with_one_winner() -> None:
    keys = list(VARIANT_VALUES)
    for index, values in enumerate(itertools.product(*VARIANT_VALUES.values())):
        options = dict(zip(keys, values, strict=True))
        options.update(num_players=2 + index % 8, lives=1)
        state = fast_match(index, options)
        result = state.result()
        assert result is not None
        assert [s for s in range(state.num_players) if not state.eliminated[s]] == \
            [result["winner"]]


def test_a_default_match_keeps_its_hand_sizes() -> None:
    state = fast_match(7, {"num_players": 3})
    result = state.result()
    assert result is not None and state.eliminated.count(False) == 1
