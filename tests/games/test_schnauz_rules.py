"""The worked scenarios SZ-T1..SZ-T20 of docs/rules/schnauz.md §10, one test each,
the binding clarifications of §11, and the golden records of tests/data/."""

from __future__ import annotations

import hashlib
import itertools
import json
from pathlib import Path
from typing import Any

import pytest

import stammtisch
from stammtisch.cards import parse_cards
from stammtisch.games.schnauz import PASS, SchnauzState, hand_key, hand_label, hand_value
from tests.games.schnauz_decks import stacked_deck


def key(text: str) -> int:
    return hand_key(parse_cards(text))


def start(num_players: int, dealer: int, hands: dict[int, str], stock: str = "",
          **options: Any) -> stammtisch.Match:
    variant = options.get("deck_variant", "A7")
    deck = stacked_deck(num_players, dealer, hands, stock, variant)
    return stammtisch.new_match("schnauz", seed=1, decks=[deck], num_players=num_players,
                                first_dealer=dealer, **options)


def showdown(match: stammtisch.Match) -> dict[str, Any]:
    shown = [e for e in match.events if e["type"] == "showdown"]
    assert shown, "no showdown yet"
    return shown[-1]


def test_SZ_T1_point_hand_counts_best_suit() -> None:
    assert hand_value(parse_cards("7S 8H KH")) == 18
    assert key("7S 8H KH") == (18 << 16 | 2 << 12 | 13 << 8 | 8 << 4)  # (0, 18, H, [K, 8])


def test_SZ_T2_two_cards_of_a_suit_beat_a_lone_ace() -> None:
    assert hand_value(parse_cards("AS 7H 8H")) == 15


def test_SZ_T3_schnauz_is_31_in_one_suit() -> None:
    assert hand_label(parse_cards("AC KC QC")) == "Schnauz (31)"
    assert hand_label(parse_cards("AC KC TC")) == "Schnauz (31)"
    assert hand_value(parse_cards("AC KC TC")) == 31


def test_SZ_T4_thirty_is_a_point_hand() -> None:
    assert hand_label(parse_cards("AD 9D TD")) == "30"
    assert hand_value(parse_cards("QD JD TH")) == 20


def test_SZ_T5_three_of_a_rank_and_fire() -> None:
    assert hand_label(parse_cards("7C 7H 7D")) == "30½"
    assert hand_value(parse_cards("7C 7H 7D")) == 30.5
    assert hand_label(parse_cards("AS AH AD")) == "Fire"
    assert key("AS AH AD") > key("AC KC QC") > key("7C 7H 7D") > key("AD 9D TD")


def test_SZ_T6_fire_beats_schnauz() -> None:
    m = start(2, 1, {0: "AS AH AD", 1: "AC KC QC"})
    m.play("keep")  # both hands are combinations: the round ends before any turn
    shown = showdown(m)
    assert shown["lowest"] == 1 and shown["lives_lost"] == {"1": 1}
    assert m.view(0)["lives"] == [3, 2]


def _knock_showdown(hands: dict[int, str]) -> stammtisch.Match:
    """Two players, dealer 1: seat 0 knocks, seat 1 passes, showdown."""
    m = start(2, 1, hands)
    for action in ("keep", "knock", "pass"):
        m.play(action)
    return m


def test_SZ_T7_three_tens_beat_three_sevens() -> None:
    m = _knock_showdown({0: "TC TH TD", 1: "7S 7H 7D"})
    assert showdown(m)["lowest"] == 1
    assert key("TC TH TD") > key("7S 7H 7D")


def test_SZ_T8_three_kings_beat_three_queens() -> None:
    m = _knock_showdown({0: "KC KH KD", 1: "QC QH QS"})
    assert showdown(m)["lowest"] == 1


def test_SZ_T9_equal_value_higher_suit_wins() -> None:
    m = _knock_showdown({0: "KC 8D 7H", 1: "QS 8H 9D"})
    assert showdown(m)["values"] == {"0": 10, "1": 10}
    assert showdown(m)["lowest"] == 1


def test_SZ_T10_same_value_same_suit_highest_card_wins() -> None:
    m = _knock_showdown({0: "AC 8C 7D", 1: "KC 9C 7S"})
    assert showdown(m)["values"] == {"0": 19, "1": 19}
    assert showdown(m)["lowest"] == 1


def test_SZ_T11_value_reached_in_two_suits_counts_in_the_higher() -> None:
    m = _knock_showdown({0: "TC KH 7D", 1: "KC 8D 7H"})
    shown = showdown(m)
    assert shown["lowest"] == 0
    assert shown["lives_lost"] == {"0": 1}  # the knocker, default penalty 1


def test_SZ_T12_spades_31_beats_hearts_31() -> None:
    m = start(3, 2, {0: "AH KH QH", 1: "AS KS TS", 2: "9C 8C 7C"})
    m.play("keep")
    shown = showdown(m)
    assert shown["values"] == {"0": 31, "1": 31, "2": 24}
    assert shown["lowest"] == 2
    assert key("AS KS TS") > key("AH KH QH")


def test_SZ_T13_a5_deck_eleven_counted_in_spades() -> None:
    assert hand_value(parse_cards("5H 6H AS")) == 11
    assert key("5H 6H AS") & 0xF000 == 3 << 12  # suit rank of spades
    m = start(2, 1, {0: "5H 6H AS", 1: "5D 6D AH"}, deck_variant="A5")
    for action in ("keep", "knock", "pass"):
        m.play(action)
    assert showdown(m)["lowest"] == 1  # 11 in hearts loses to 11 in spades


T14_DECK = ("7C 8C 9C TC JC QC KC AC 7D 8D 9D TD JD QD KD AD "
            "7H 8H 9H TH JH QH KH AH 7S 8S 9S TS JS QS KS AS").split()


def test_SZ_T14_deal_order_and_dealer_choice() -> None:
    def fresh() -> stammtisch.Match:
        return stammtisch.new_match("schnauz", seed=0, decks=[T14_DECK], num_players=3,
                                    first_dealer=2)

    m = fresh()
    dump = m.state.dump()
    assert dump["hands"][:3] == [["7C", "TC", "KC"], ["8C", "JC", "AC"], ["9C", "QC", "7D"]]
    assert dump["stock"][:4] == ["8D", "9D", "TD", "JD"]
    assert m.view(0)["hand_value"] == "27" and m.view(1)["hand_value"] == "29"
    m.play("keep")
    assert m.view(None)["table"] == ["8D", "9D", "TD"]
    assert m.state.dump()["stock"][0] == "JD"
    assert m.to_act == 0

    m = fresh()
    m.play("swap")
    assert sorted(m.view(None)["table"]) == sorted(["9C", "QC", "7D"])
    assert m.view(2)["hand"] == ["8D", "9D", "TD"] and m.view(2)["hand_value"] == "27"
    assert m.state.dump()["stock"][0] == "JD"
    assert m.to_act == 0


def test_SZ_T15_schnauz_by_exchange_ends_the_round_at_once() -> None:
    hands = {0: "7D 8S 9H", 1: "AC KC 7H", 2: "8C 9D TH"}
    m = start(3, 2, hands, stock="QC 8D 9S")
    m.play("keep")
    m.play("knock")  # seat 0 knocks; seat 1's final turn makes Schnauz
    m.play("swap 7H QC")
    shown = showdown(m)
    assert shown["reason"] == "combination"
    assert shown["hands"]["1"] == ["QC", "KC", "AC"]
    assert shown["table"] == ["8D", "7H", "9S"]
    assert shown["lowest"] != 1
    assert m.state.dump()["deal"] == 1  # seat 2 never took its final turn
    assert [e["seat"] for e in m.events if e["type"] == "action"] == [2, 0, 1]


SAFE_FOUR = {0: "7C 8D 9H", 1: "TC JD QH", 2: "KC 7D 8H", 3: "9C TD JH"}


def test_SZ_T16_knock_gives_every_other_player_one_more_turn() -> None:
    m = start(4, 3, SAFE_FOUR)
    m.play("keep")
    m.play("pass")  # seat 0
    m.play("knock")  # seat 1
    assert m.to_act == 2
    assert "knock" not in [a.text for a in m.legal_actions()]
    with pytest.raises(stammtisch.IllegalActionError):
        m.play("knock")
    seats = []
    while m.state.dump()["deal"] == 0:
        seats.append(m.to_act)
        m.play("pass")
    assert seats == [2, 3, 0]
    assert showdown(m)["reason"] == "knock" and showdown(m)["knocker"] == 1


SAFE_THREE = {0: "7C 8D 9H", 1: "TC JD QH", 2: "KC 7D 8H"}


def test_SZ_T17_full_round_of_passes_replaces_the_table() -> None:
    m = start(3, 2, SAFE_THREE, stock="9C TD JH QC KD 7H")
    m.play("keep")
    assert m.view(None)["table"] == ["9C", "TD", "JH"]
    for _ in range(3):
        m.play("pass")
    view = m.view(None)
    assert view["table"] == ["QC", "KD", "7H"]
    assert view["out_of_play"] == ["9C", "TD", "JH"]
    assert view["passes"] == 0 and m.to_act == 0


def _pass_until_stock(m: stammtisch.Match, size: int) -> None:
    while m.view(None)["stock_size"] > size:
        m.play("pass")


def test_SZ_T17_short_stock_all_pass_is_a_showdown_by_default() -> None:
    m = start(3, 2, SAFE_THREE)
    m.play("keep")  # 32 - 9 - 3 = 20 in the stock; six replacements leave 2
    _pass_until_stock(m, 2)
    assert m.state.dump()["deal"] == 0
    for _ in range(3):
        m.play("pass")
    assert showdown(m)["reason"] == "short_stock" and showdown(m)["knocker"] is None


def test_SZ_T18_passes_must_be_consecutive() -> None:
    m = start(3, 2, SAFE_THREE, stock="9C TD JH QC KD 7H")
    m.play("keep")
    for action in ("pass", "swap TC 9C", "pass", "pass"):
        m.play(action)
    view = m.view(None)
    assert view["table"] == ["TC", "TD", "JH"]
    assert view["passes"] == 2 and m.to_act == 1


def test_SZ_T19_swimming_then_eliminated_and_the_last_player_wins() -> None:
    lose = {0: "AS AH AD", 1: "7C 8D 9H"}
    decks = [stacked_deck(2, 1, lose), stacked_deck(2, 0, lose)]
    m = stammtisch.new_match("schnauz", seed=1, decks=decks, num_players=2, first_dealer=1,
                             lives=1)
    m.play("keep")
    assert m.view(1)["lives"] == [1, 0] and m.view(1)["swimming"] == [False, True]
    assert m.result is None and "hand" in m.view(1)
    m.play("keep")  # seat 0 deals the second round
    assert m.view(None)["eliminated"] == [False, True]
    assert m.result is not None and m.result["winner"] == 0
    assert m.to_act is None and m.legal_actions() == []


def test_SZ_T19_out_on_the_fourth_loss_with_three_lives() -> None:
    lose = {0: "AS AH AD", 1: "7C 8D 9H"}
    decks = [stacked_deck(2, (1 + d) % 2, lose) for d in range(4)]
    m = stammtisch.new_match("schnauz", seed=1, decks=decks, num_players=2, first_dealer=1)
    for deal in range(4):
        assert m.result is None
        m.play("keep")
        assert m.view(None)["lives"][1] == max(0, 2 - deal)
    assert m.result == {"winner": 0, "lives": [3, 0], "eliminated_order": [1], "deals": 4}


def test_SZ_T20_dealt_combination_after_the_dealers_choice() -> None:
    hands = {0: "7C 8D 9H", 1: "AH KH TH", 2: "KC 7D 8H"}
    dealer_shows = {"keep": ["KC", "7D", "8H"], "swap": ["8C", "9C", "TC"]}
    for choice, dealer_hand in dealer_shows.items():
        m = start(3, 2, hands)
        assert m.to_act == 2 and [a.text for a in m.legal_actions()] == ["keep", "swap"]
        m.play(choice)
        shown = showdown(m)
        assert shown["reason"] == "combination"
        assert shown["hands"]["2"] == dealer_hand  # the post-decision hand
        assert shown["lowest"] != 1
        assert [e["seat"] for e in m.events if e["type"] == "action"] == [2]


# --- §11 clarifications --------------------------------------------------------

def test_before_dealer_choice_dealt_combination_skips_the_decision() -> None:
    m = start(3, 2, {0: "7C 8D 9H", 1: "AH KH TH", 2: "KC 7D 8H"},
              dealt_combo_check="before_dealer_choice")
    assert showdown(m)["reason"] == "combination"
    assert not [e for e in m.events if e["type"] == "action"]
    assert m.state.dump()["deal"] == 1


def test_before_dealer_choice_swap_into_fire_ends_the_round() -> None:
    m = start(3, 2, SAFE_THREE, stock="AC AD AH", dealt_combo_check="before_dealer_choice")
    m.play("swap")
    assert showdown(m)["labels"]["2"] == "Fire"


def test_before_dealer_choice_keep_checks_nothing_and_table_combos_end_nothing() -> None:
    m = start(3, 2, SAFE_THREE, stock="AC AD AH", dealt_combo_check="before_dealer_choice")
    m.play("keep")
    assert m.view(None)["table"] == ["AC", "AD", "AH"] and m.to_act == 0
    m = start(3, 2, SAFE_THREE, stock="AS KS QS")
    m.play("keep")  # default order: a 31 lying on the table ends nothing
    assert m.to_act == 0 and m.state.dump()["deal"] == 0


def test_knock_not_allowed_until_everyone_has_had_a_turn() -> None:
    m = start(3, 2, SAFE_THREE, knock_allowed_first_round=False)
    m.play("keep")
    for _ in range(3):
        assert "knock" not in [a.text for a in m.legal_actions()]
        m.play("pass")  # also a replacement of the table: the record is kept
    assert "knock" in [a.text for a in m.legal_actions()]


def test_reshuffle_puts_earlier_tables_below_the_stock() -> None:
    m = start(3, 2, SAFE_THREE, short_stock_on_all_pass="reshuffle")
    m.play("keep")
    _pass_until_stock(m, 2)
    before = m.state.dump()
    pile = set(before["out_of_play"])
    assert len(pile) == 18 and len(before["stock"]) == 2
    for _ in range(3):
        m.play("pass")
    after = m.state.dump()
    assert after["deal"] == 0
    assert set(after["out_of_play"]) == set(before["table"])
    assert set(before["stock"]) < set(after["table"])
    assert set(after["stock"]) | set(after["table"]) == set(before["stock"]) | pile
    assert len(after["stock"]) == 17


def test_reshuffle_refills_from_the_old_tables_again_and_again() -> None:
    # Six players with the 24-card deck: one replacement empties the stock; from
    # then on each all-pass reshuffles the table before last back in.
    hands = {0: "9C TD JH", 1: "QC KD AH", 2: "9D TH JS", 3: "QD KH AS", 4: "9H TS JC",
             5: "QH KS AC"}
    deck = stacked_deck(6, 5, hands, "9S TC JD QS KC AD", "A9")
    m = stammtisch.new_match("schnauz", seed=2, decks=[deck], num_players=6, first_dealer=5,
                             deck_variant="A9", short_stock_on_all_pass="reshuffle")
    m.play("keep")
    for _ in range(6):
        m.play("pass")
    assert m.view(None)["table"] == ["KC", "AD", "QS"] and m.view(None)["stock_size"] == 0
    for _ in range(6):
        m.play("pass")
    view = m.view(None)
    assert set(view["table"]) == {"9S", "TC", "JD"} and set(view["out_of_play"]) == {
        "QS", "KC", "AD"}
    assert view["stock_size"] == 0 and view["deal"] == 0


def test_continue_keeps_the_table_and_counts_again() -> None:
    m = start(3, 2, SAFE_THREE, short_stock_on_all_pass="continue")
    m.play("keep")
    _pass_until_stock(m, 2)
    table = m.view(None)["table"]
    for _ in range(6):
        m.play("pass")
    assert m.view(None)["table"] == table and m.state.dump()["deal"] == 0
    assert m.to_act == 0


def test_fire_all_others_lose_includes_the_knocker_without_penalty() -> None:
    hands = {0: "7C 8D 9H", 1: "AC AD 7H", 2: "KC 7D 8H"}
    m = start(3, 2, hands, stock="AH 9S 8S", fire_effect="all_others_lose",
              knocker_lowest_penalty=2)
    m.play("keep")
    m.play("knock")  # seat 0
    m.play("swap 7H AH")  # seat 1: Fire
    shown = showdown(m)
    assert shown["lives_lost"] == {"0": 1, "2": 1}
    assert m.view(None)["lives"] == [2, 3, 2]


def test_fire_all_others_lose_needs_fire_not_schnauz() -> None:
    m = start(3, 2, {0: "7C 8D 9H", 1: "AH KH TH", 2: "KC 7D 8S"},
              fire_effect="all_others_lose")
    m.play("keep")
    assert len(showdown(m)["lives_lost"]) == 1


def test_knocker_lowest_loses_two_lives_also_when_schnauz_cuts_the_final_turns() -> None:
    hands = {0: "7C 8D 9H", 1: "AC KC 7H", 2: "KS QS 8H"}
    m = start(3, 2, hands, stock="QC 8S 9S", knocker_lowest_penalty=2)
    m.play("keep")
    m.play("knock")  # seat 0 holds the lowest hand
    m.play("swap 7H QC")  # seat 1 Schnauz
    assert showdown(m)["lives_lost"] == {"0": 2}
    assert m.view(None)["lives"] == [1, 3, 3]


def test_knocker_penalty_two_from_one_life_eliminates() -> None:
    m = start(3, 2, {0: "7C 8D 9H", 1: "TC JC QH", 2: "KS QS 8H"}, knocker_lowest_penalty=2,
              lives=1)
    for action in ("keep", "knock", "pass", "pass"):
        m.play(action)
    assert m.view(None)["eliminated"] == [True, False, False]


def test_next_dealer_skips_the_eliminated_seat() -> None:
    # Seat 1 loses twice with one life; it dealt the second round, so the deal
    # passes to seat 2, the next active seat clockwise from seat 1.
    hands = {0: "AS AH AD", 1: "7C 8D 9H", 2: "TC JD QH"}
    decks = [stacked_deck(3, 0, hands), stacked_deck(3, 1, hands)]
    m = stammtisch.new_match("schnauz", seed=4, decks=decks, num_players=3, first_dealer=0,
                             lives=1)
    m.play("keep")
    assert m.view(None)["dealer"] == 1 and m.view(None)["lives"] == [1, 0, 1]
    m.play("keep")
    view = m.view(None)
    assert view["eliminated"] == [False, True, False]
    assert view["dealer"] == 2 and m.to_act == 2
    assert [e for e in m.events if e["type"] == "deal"][-1]["players"] == [0, 2]


@pytest.mark.parametrize("deck_variant", ["A7", "A9", "A5"])
def test_players_who_only_pass_still_finish_the_match(deck_variant: str) -> None:
    """With the default short stock rule a deal of passes ends in a showdown (SZ-D8).

    (With "reshuffle" or "continue" a table that only passes never ends its deal:
    the rules allow that, so a program that hosts such players needs a limit.)
    """
    for num_players, lives in itertools.product(range(2, 7), (1, 3)):
        options = stammtisch.new_match("schnauz", seed=0, num_players=num_players,
                                       deck_variant=deck_variant, lives=lives).options
        state = SchnauzState(options, num_players)
        count = 0
        while state.to_act >= 0 and count < 100_000:
            legal = state.legal()
            state.apply(PASS if PASS in legal else legal[0])
            count += 1
        result = state.result()
        assert result is not None, f"{num_players} players, {lives} lives: no end"
        assert result["deals"] >= num_players - 1


# --- golden records (tests/data/regenerate.py writes them, only on purpose) -------------

GOLDEN_FILES = sorted((Path(__file__).resolve().parents[1] / "data").glob("schnauz-*.json"))


def test_there_are_golden_records() -> None:
    assert len(GOLDEN_FILES) >= 2


@pytest.mark.parametrize("path", GOLDEN_FILES, ids=lambda path: path.stem)
def test_golden_record_replays_to_its_result(path: Path) -> None:
    golden = json.loads(path.read_text())
    match = stammtisch.replay(golden["record"])
    assert match.result == golden["result"]
    digest = hashlib.sha256(json.dumps(match.events, sort_keys=True).encode()).hexdigest()
    assert digest == golden["events_digest"], "the events changed; see tests/data/regenerate.py"
    assert match.record() == golden["record"]
    assert match.to_act is None and match.legal_actions() == []
    alive = [seat for seat, out in enumerate(match.state.dump()["eliminated"]) if not out]
    assert alive == [golden["result"]["winner"]]
    assert match.events[-1] == {"type": "match_over", "winner": golden["result"]["winner"]}
