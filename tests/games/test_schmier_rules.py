"""The worked scenarios SM-T1..SM-T19 of docs/rules/schmier.md §13, one test each, the
binding clarifications of §14, options, notation and the golden records.

Deals are stacked. The scoring scenarios share designed deals (dealer 5, trump
hearts): the dealer robs a pack holding ``KH QH`` and has eight trumps, so he must
throw both out (§8.2) and play six trumps; the tricks below then capture exactly
the cards of SM-T11. Scores before a deal (SM-T14..T18) are set on the state.
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from typing import Any

import pytest

import stammtisch
from stammtisch.cards import SCHMIER_DECK, codes, parse_cards
from stammtisch.errors import IllegalActionError, NotationError, OptionError
from stammtisch.games.schmier import EFFECTIVE, POWER, TRUMPS, SchmierState, game_count
from tests.games.schmier_golden import DATA, GOLDEN, events_digest

FULL = codes(SCHMIER_DECK)
HEARTS = 2


def stack(dealer: int, hands: Sequence[str], stock: str = "") -> list[str]:
    """A deck dealing ``hands[seat]`` to each seat and ``stock`` on top of the stock;
    the rest is filled with the unused cards in deck order."""
    deck: list[str | None] = [None] * 53
    for seat, hand in enumerate(hands):
        distance = (seat - dealer) % 6 or 6
        for k, code in enumerate(hand.split()):
            deck[distance - 1 + 6 * k] = code
    for i, code in enumerate(stock.split()):
        deck[36 + i] = code
    rest = iter(c for c in FULL if c not in deck)
    return [c if c is not None else next(rest) for c in deck]


def start(dealer: int, hands: Sequence[str], stock: str = "", **options: Any) -> stammtisch.Match:
    return stammtisch.new_match("schmier", seed=3, decks=[stack(dealer, hands, stock)],
                                first_dealer=dealer, **options)


def state(match: stammtisch.Match) -> SchmierState:
    assert isinstance(match.state, SchmierState)
    return match.state


def phase(match: stammtisch.Match) -> str:
    return str(match.view(None)["phase"])


def legal(match: stammtisch.Match) -> list[str]:
    return [a.text for a in match.legal_actions()]


def auction(match: stammtisch.Match, bidder: int, bid: int) -> None:
    """Everybody passes but ``bidder``, who bids ``bid``."""
    while phase(match) == "auction":
        match.play(f"bid {bid}" if match.to_act == bidder else "pass")


def exchange(match: stammtisch.Match, dealer_discard: str | None = None) -> None:
    """Non-dealers keep their cards; the dealer discards ``dealer_discard`` (or his
    first legal discard)."""
    while phase(match) == "exchange":
        match.play("discard")
    state = match.state
    match.play(dealer_discard or state.action_text(state.legal()[0]))


def play_tricks(match: stammtisch.Match, tricks: Sequence[str]) -> None:
    for trick in tricks:
        for card in trick.split():
            match.play(f"play {card}")


def last_deal(match: stammtisch.Match) -> dict[str, Any]:
    scored = [e for e in match.events if e["type"] == "deal_score"]
    assert scored, "no deal scored yet"
    return scored[-1]


# --- the designed scoring deals (SM-T9..T18) ---------------------------------------

DEAL = ["KC AH TC AC 2S 3S", "QS 3H 4S TH 5S 6S", "AD 4H KS TS 7S 8S",
        "6C JK JD KD 3D 4D", "2H 8D QD 5D 6D 7D", "JH 5H 9H 8H 7H 6H"]
"""Dealer 5 holds six trumps; his stock (the 17 unused cards) holds KH and QH."""

TRICKS_T11 = ["KC QS AD 6C 2H JH", "5H AH 3H 4H JK 8D", "TC 4S KS JD QD 9H",
              "KD 5D 8H AC TH TS", "5S 7S 3D 6D 7H 2S", "6H 3S 6S 8S 4D 7D"]
"""Seat 0 leads; captures T0 AH JD JK TC KS QD, T1 TH TS AC KD, T2 JH QS KC AD 2H."""

TRICKS_T11_SEAT1 = ["4S 7S 6C 2H 5H 2S", "6H AH 3H 4H JK 5D", "TC 5S KS JD QD 7H",
                    "3D 6D 8H KC 6S AD", "9H AC TH TS KD 7D", "QS 8S 4D 8D JH 3S"]
"""The same captures with seat 1 (T1) leading."""

DEAL_TIE = ["KC AH TC QC 2S 3S", "QS 3H AS TH 5S 6S", "AD 4H KS TS 7S 8S",
            "6C JK JD KD 3D 4D", "2H 8D QD 5D 6D 7D", "JH 5H 9H 8H 7H 6H"]
TRICKS_TIE = ["KC QS AD 6C 2H JH", "5H AH 3H 4H JK 8D", "TC AS KS JD QD 9H",
              "KD 5D 8H QC TH TS", "5S 7S 3D 6D 7H 2S", "6H 3S 6S 8S 4D 7D"]
"""Game counts T0 25 (AS instead of a small spade), T1 25 (QC instead of AC), T2 10."""

TRICKS_T17 = ["KC QS AD 6C 2H JH", "5H AH 3H 4H JD QD", "TC TH TS JK 5D 9H",
              "4S 7S 3D 6D 8H 2S", "7H AC 5S KS KD 7D", "6H 3S 6S 8S 4D 8D"]
"""T0 wins High and LB; T1 Low, Joker and Game (31); T2 the RB."""


def designed(bidder: int, bid: int, hands: Sequence[str] = DEAL,
             tricks: Sequence[str] = TRICKS_T11, scores: Sequence[int] | None = None,
             **options: Any) -> stammtisch.Match:
    match = start(5, hands, **options)
    if scores is not None:
        state(match).scores[:] = scores
    auction(match, bidder, bid)
    match.play("trump H")
    stock = stack(5, hands)[36:]
    exchange(match, "discard " + " ".join(stock))
    assert match.view(5)["hand"] == sorted(hands[5].split(), key=FULL.index)
    play_tricks(match, tricks)
    return match


# --- scenarios ------------------------------------------------------------------------

def test_SM_T1_trump_and_plain_orders() -> None:
    def by_power(trump: int, cards: int) -> list[str]:
        return sorted(codes(cards), key=lambda c: -POWER[trump][FULL.index(c)])

    assert by_power(HEARTS, TRUMPS[HEARTS]) == \
        "AH KH QH JH JD TH 9H 8H 7H 6H 5H 4H 3H 2H JK".split()
    diamonds = sum(1 << c for c in range(53) if EFFECTIVE[HEARTS][c] == 1)
    assert by_power(HEARTS, diamonds) == "AD KD QD TD 9D 8D 7D 6D 5D 4D 3D 2D".split()
    spades = 3
    assert TRUMPS[spades] >> FULL.index("JC") & 1
    assert sum(1 for c in range(53) if EFFECTIVE[spades][c] == 0) == 12


def test_SM_T2_auction_one_chance_each_strictly_higher() -> None:
    m = start(0, [])
    assert m.to_act == 1
    m.play("bid 3")
    m.play("pass")
    m.play("bid 4")
    assert m.to_act == 4
    for illegal in ("bid 4", "bid 3", "bid 2", "bid 7"):
        with pytest.raises(IllegalActionError):
            m.play(illegal)
    m.play("pass")
    m.play("pass")
    m.play("pass")
    view = m.view(3)
    assert view["phase"] == "trump" and m.to_act == 3
    assert view["contract"] == {"bidder": 3, "team": 0, "bid": 4}
    assert [a["seat"] for a in view["auction"]] == [1, 2, 3, 4, 5, 0]
    assert m.view(1)["legal_actions"] == []
    with pytest.raises(IllegalActionError):
        m.play("bid 5")


def test_SM_T3_all_pass_redeal_by_same_dealer_next_deck() -> None:
    decks = [stack(0, []), stack(0, ["AS AH AD AC KS KH"])]
    m = stammtisch.new_match("schmier", seed=3, decks=decks, first_dealer=0)
    for _ in range(6):
        m.play("pass")
    view = m.view(0)
    assert view["deal"] == 1 and view["dealer"] == 0 and view["phase"] == "auction"
    assert view["scores"] == [0, 0, 0] and view["last_deal"] is None
    assert view["hand"] == ["AC", "AD", "KH", "AH", "KS", "AS"]
    assert m.to_act == 1
    assert any(e["type"] == "throw_in" for e in m.events)


def test_SM_T4_bid_of_six_ends_auction() -> None:
    m = start(0, [])
    m.play("bid 3")
    m.play("bid 6")
    assert phase(m) == "trump" and m.to_act == 2
    assert [a["seat"] for a in m.view(2)["auction"]] == [1, 2]
    assert m.view(2)["contract"] == {"bidder": 2, "team": 2, "bid": 6}


def test_SM_T5_non_dealer_discards_non_trumps_only() -> None:
    m = start(0, ["", "JC 5S 9D KH 2C 7D"])
    auction(m, 1, 3)
    m.play("trump S")
    assert m.to_act == 1
    allowed = legal(m)
    assert len(allowed) == 1 + 4 + 6 + 4
    assert allowed[:3] == ["discard", "discard 2C", "discard 7D"]
    assert "discard 2C 7D 9D" in allowed and "discard 2C 7D 9D KH" not in allowed
    for illegal in ("discard JC", "discard 5S", "discard 2C 7D 9D KH", "discard 2C 5S"):
        with pytest.raises(IllegalActionError):
            m.play(illegal)
    m.play("discard KH 9D")
    view = m.view(1)
    assert view["exchanged"][1] == 2 and view["discarded"] == ["9D", "KH"]
    assert len(view["hand"]) == 6 and m.view(2)["discarded"] is None


def test_SM_T6_dealer_with_nine_trumps_keeps_six() -> None:
    smalls = "2C 3C 4C 2D 3D 4D 2S 3S 4S 6C 7C 8C"
    m = start(0, ["AH KH JH JD 9H 7H"], stock=smalls + " 3H 2H JK 5C QS")
    auction(m, 1, 3)
    m.play("trump H")
    # seats 1..4 each discard three non-trumps, seat 5 none: 12 stock cards drawn
    for _ in range(4):
        three = next(a for a in legal(m) if len(a.split()) == 4)
        m.play(three)
    m.play("discard")
    assert phase(m) == "rob" and m.to_act == 0
    assert m.view(0)["hand"] == codes(parse_cards("AH KH JH JD 9H 7H 3H 2H JK 5C QS"))
    allowed = legal(m)
    assert sorted(allowed) == sorted(
        "discard 5C " + " ".join(codes(parse_cards(f"{keep} QS")))
        for keep in ("KH 9H 7H", "KH 9H 3H", "KH 7H 3H", "9H 7H 3H"))
    for illegal in ("discard 5C QS AH 9H 7H", "discard 5C QS 2H 9H 7H", "discard 5C QS JK 9H 7H",
                    "discard 5C QS JD 9H 7H", "discard 5C QS JH 9H 7H", "discard 5C 9H 7H 3H KH"):
        with pytest.raises(IllegalActionError):
            m.play(illegal)
    m.play("discard 5C QS 9H 7H 3H")
    assert m.view(0)["hand"] == codes(parse_cards("AH KH JH JD 2H JK"))
    assert m.view(1)["exchanged"] == [5, 3, 3, 3, 3, 0]
    assert phase(m) == "play" and m.to_act == 1


def _trick_position(lead: str, hand: str) -> list[str]:
    """Seat 1 bids and leads ``lead``; seat 2 holds ``hand``; trump hearts."""
    m = start(0, ["", lead + " 2C 3C 4C 5C 6C", hand])
    auction(m, 1, 3)
    m.play("trump H")
    exchange(m)
    m.play(f"play {lead}")
    assert m.to_act == 2
    return legal(m)


def test_SM_T7_left_bauer_does_not_follow_its_printed_suit() -> None:
    assert _trick_position("5D", "JD 8C 9C TC 4S 5S") == \
        ["play 8C", "play 9C", "play TC", "play JD", "play 4S", "play 5S"]
    assert _trick_position("5D", "JD 3D 9C TC 4S 5S") == ["play 3D"]


def test_SM_T8_bauer_and_joker_follow_trump() -> None:
    assert _trick_position("4H", "JD KS 7C 8C 9C TC") == ["play JD"]
    assert _trick_position("4H", "JK 9S 7C 8C 9C TC") == ["play JK"]
    assert len(_trick_position("4H", "KS 9S 7C 8C 9C TC")) == 6


def test_SM_T9_left_bauer_wins_low_goes_to_who_played_it() -> None:
    hands = ["5C JH JK 2S 3S 4S", "9D 2D 3C 4C 6S 7S", "KD 4D 5D 8C 9S AH",
             "JD AS KS 3H 4H 5H", "2H 6H 7H 8H QC KC", "AD 6D 9H TH QH KH"]
    stock = "2C 6C 7C 9C TC JC AC 3D 7D 8D TD QD 5S 8S TS JS QS"
    m = start(0, hands, stock)
    auction(m, 1, 3)
    m.play("trump H")
    exchange(m, "discard " + stock)
    play_tricks(m, ["9D KD JD 2H AD 5C"])
    trick = m.view(None)["tricks"][0]
    assert trick["winner"] == 3 and m.view(None)["tricks_won"] == [1, 0, 0]
    while phase(m) == "play":
        m.play(legal(m)[0])
    points = last_deal(m)["points"]
    assert points["left_bauer"] == 0 and points["low"] == 1


def test_SM_T10_joker_beats_every_plain_card() -> None:
    hands = ["2D 7H 8H 9H TH JH", "AC QH KH AH 3D 4D", "KC 2H 3H 4H 5H 6H",
             "JK 5D 6D 7D 8D 9D", "3C JD TD QD KD AD", "4C 2S 3S 4S 5S 6S"]
    m = start(0, hands)
    auction(m, 1, 3)
    m.play("trump H")
    exchange(m, "discard " + " ".join(stack(0, hands)[36:]))
    play_tricks(m, ["AC KC JK 3C 4C 2D"])
    assert m.view(None)["tricks"][0]["winner"] == 3


def test_SM_T11_six_points_of_a_deal() -> None:
    m = designed(0, 3)
    deal = last_deal(m)
    assert deal["game_counts"] == [21, 27, 10]
    assert deal["points"] == {"high": 0, "low": 1, "right_bauer": 2, "left_bauer": 0,
                              "joker": 0, "game": 1}
    assert deal["won"] == [3, 2, 1]
    assert game_count(parse_cards("AH JD JK TC KS QD")) == 21


@pytest.mark.parametrize(("bidder", "bid", "tricks", "delta"), [
    (0, 3, TRICKS_T11, [3, 2, 1]),
    (0, 4, TRICKS_T11, [-4, 2, 1]),
    (1, 3, TRICKS_T11_SEAT1, [3, -3, 1]),
])
def test_SM_T12_bid_made_or_set(bidder: int, bid: int, tricks: list[str],
                                delta: list[int]) -> None:
    m = designed(bidder, bid, tricks=tricks)
    deal = last_deal(m)
    assert deal["won"] == [3, 2, 1]
    assert deal["delta"] == delta and m.view(0)["scores"] == delta
    assert deal["made"] == (delta[bidder % 3] > 0)


def test_SM_T13_game_tie_gives_nobody_game() -> None:
    m = designed(0, 3, DEAL_TIE, TRICKS_TIE)
    deal = last_deal(m)
    assert deal["game_counts"] == [25, 25, 10]
    assert deal["points"]["game"] is None and sum(deal["won"]) == 5
    assert deal["won"] == [3, 1, 1]
    m = designed(0, 3, DEAL_TIE, TRICKS_TIE, game_point_tie="bidder")
    assert last_deal(m)["points"]["game"] == 0 and last_deal(m)["won"] == [4, 1, 1]


def random_deal_scores(seeds: range, **options: Any) -> list[dict[str, Any]]:
    """The deal_score events of random matches (each seat plays its first legal
    action, but the dealer's rob and the first card, which are drawn at random)."""
    import random

    scored = []
    for seed in seeds:
        m = stammtisch.new_match("schmier", seed=seed, target_score=6, **options)
        rng = random.Random(seed)
        state = m.state
        assert isinstance(state, SchmierState)
        while state.to_act >= 0:
            actions = state.legal()
            state.apply(actions[0] if state.phase == "auction" and rng.random() < 0.7
                        else rng.choice(actions))
        scored += [e for e in state.events or [] if e["type"] == "deal_score"]
    return scored


def test_SM_T13_clarification_tie_outside_bidding_team_gives_nobody_game() -> None:
    seen = {"outside": 0, "inside": 0}
    for deal in random_deal_scores(range(40), game_point_tie="bidder"):
        counts = deal["game_counts"]
        tied = [k for k in range(3) if counts[k] == max(counts)]
        if len(tied) > 1:
            inside = deal["bidding_team"] in tied
            seen["inside" if inside else "outside"] += 1
            assert deal["points"]["game"] == (deal["bidding_team"] if inside else None)
    assert seen["outside"] and seen["inside"]


def test_SM_T14_failed_bid_can_go_negative() -> None:
    m = designed(0, 5, scores=[2, 0, 0])
    assert last_deal(m)["won"][0] == 3
    assert m.view(0)["scores"] == [-3, 2, 1]


def test_SM_T15_tie_at_target_bidding_team_wins() -> None:
    m = designed(0, 3, scores=[19, 20, 15])
    result = m.result
    assert result is not None
    assert result["scores"] == [22, 22, 16] and result["winner"] == 0


def test_SM_T16_more_points_beat_the_bidder() -> None:
    m = designed(0, 3, scores=[18, 20, 15])
    assert m.result is not None
    assert m.result["scores"] == [21, 22, 16] and m.result["winner"] == 1


def test_SM_T17_set_bidder_other_team_wins() -> None:
    m = designed(0, 4, tricks=TRICKS_T17, scores=[20, 19, 15])
    deal = last_deal(m)
    assert deal["won"] == [2, 3, 1] and deal["game_counts"][1] == 31
    assert m.result is not None
    assert m.result["scores"] == [16, 22, 16] and m.result["winner"] == 1


def test_SM_T18_tie_without_bidder_plays_on() -> None:
    m = designed(0, 4, scores=[10, 19, 20])
    assert m.result is None
    view = m.view(0)
    assert view["scores"] == [6, 21, 21]
    assert view["phase"] == "auction" and view["deal"] == 1 and view["dealer"] == 0
    m = designed(0, 4, scores=[10, 19, 20], unresolved_tie="joint_win")
    assert m.result is not None
    assert m.result["winner"] is None and m.result["winners"] == [1, 2]
    assert m.result["winning_seats"] == [1, 2, 4, 5]


def test_SM_T19_deal_order_and_stock() -> None:
    deck = FULL[:]
    m = stammtisch.new_match("schmier", seed=1, decks=[deck], first_dealer=5)
    dump = m.state.dump()
    for seat in range(6):
        positions = [seat + 6 * k for k in range(6)]
        assert dump["hands"][seat] == sorted((deck[p] for p in positions), key=FULL.index)
    assert dump["stock"] == deck[36:]
    assert m.to_act == 0


# --- clarifications (§14) and options ---------------------------------------------------

def test_stick_the_dealer_removes_pass_only_after_five_passes() -> None:
    m = start(0, [], stick_the_dealer=True)
    for _ in range(5):
        m.play("pass")
    assert legal(m) == ["bid 3", "bid 4", "bid 5", "bid 6"]
    with pytest.raises(IllegalActionError):
        m.play("pass")
    m.play("bid 3")
    assert m.view(0)["contract"] == {"bidder": 0, "team": 0, "bid": 3}
    m = start(0, [], stick_the_dealer=True)
    m.play("bid 4")
    for _ in range(4):
        m.play("pass")
    assert legal(m) == ["pass", "bid 5", "bid 6"]


def test_dealer_may_equal_high_bid() -> None:
    m = start(0, [], dealer_may_equal_high_bid=True)
    m.play("bid 4")
    for _ in range(4):
        m.play("pass")
    assert legal(m) == ["pass", "bid 4", "bid 5", "bid 6"]
    m.play("bid 4")
    assert m.view(0)["contract"] == {"bidder": 0, "team": 0, "bid": 4}
    m = start(0, [], dealer_may_equal_high_bid=True)
    m.play("pass")
    m.play("bid 3")
    assert legal(m) == ["pass", "bid 4", "bid 5", "bid 6"]
    for _ in range(3):
        m.play("pass")
    assert legal(m) == ["pass", "bid 3", "bid 4", "bid 5", "bid 6"]
    m = start(0, [], dealer_may_equal_high_bid=True)
    for _ in range(5):
        m.play("pass")
    assert legal(m) == ["pass", "bid 3", "bid 4", "bid 5", "bid 6"]
    m = start(0, [])
    m.play("bid 4")
    for _ in range(4):
        m.play("pass")
    assert legal(m) == ["pass", "bid 5", "bid 6"]


def test_min_and_max_bid_a_max_bid_ends_the_auction() -> None:
    m = start(0, [], min_bid=2, max_bid=4)
    assert legal(m) == ["pass", "bid 2", "bid 3", "bid 4"]
    m.play("bid 4")
    assert phase(m) == "trump" and m.to_act == 1


def test_trump_anytime_adds_trumps_only_to_plain_leads() -> None:
    hands = ["", "5D 4H 2C 3C 4C 5C", "3D JD 9H 4S 5S 6S"]
    for lead, default, anytime in (
        ("5D", ["play 3D"], ["play 3D", "play JD", "play 9H"]),
        ("4H", ["play JD", "play 9H"], ["play JD", "play 9H"]),
    ):
        for option, expected in ((False, default), (True, anytime)):
            m = start(0, hands, trump_anytime=option)
            auction(m, 1, 3)
            m.play("trump H")
            exchange(m)
            m.play(f"play {lead}")
            assert sorted(legal(m)) == sorted(expected), (lead, option)


def test_max_discard_limits_the_exchange_and_zero_leaves_discard_alone() -> None:
    m = start(0, ["", "2C 3C 4C 5C 6C 7C"], max_discard=1)
    auction(m, 1, 3)
    m.play("trump H")
    assert legal(m) == ["discard"] + [f"discard {c}C" for c in "234567"]
    m = start(0, ["", "2C 3C 4C 5C 6C 7C"], max_discard=0)
    auction(m, 1, 3)
    m.play("trump H")
    for _ in range(5):
        assert legal(m) == ["discard"]
        m.play("discard")
    assert phase(m) == "rob" and m.view(0)["stock_size"] == 0
    assert len(m.view(0)["hand"]) == 23


def test_2x3_partnerships_two_teams_of_three() -> None:
    m = start(0, [], partnerships="2x3")
    view = m.view(3)
    assert view["teams"] == [[0, 2, 4], [1, 3, 5]] and view["team"] == 1
    assert view["scores"] == [0, 0]


def test_options_are_checked() -> None:
    for bad in ({"partnerships": "3x3"}, {"target_score": 0}, {"min_bid": 0},
                {"max_bid": 7}, {"max_discard": 4}, {"first_dealer": 6},
                {"trump_anytime": "yes"}, {"game_point_tie": "all"},
                {"unresolved_tie": "split"}, {"min_bid": 5, "max_bid": 4}, {"players": 6}):
        with pytest.raises(OptionError) as error:
            stammtisch.new_match("schmier", seed=1, **bad)
        assert next(iter(bad)) in str(error.value)


def test_notation_discards_in_deck_order_and_errors() -> None:
    m = start(0, ["", "JC 5S 9D KH 2C 7D"])
    auction(m, 1, 3)
    m.play("trump S")
    assert m.parse("discard 8D 7C").text == "discard 7C 8D" == m.parse("DISCARD 7c 8d").text
    assert m.parse("discard 10c").text == "discard TC"
    assert m.parse("trump ♥").text == "trump H" and m.parse("play jk").text == "play JK"
    for bad in ("bid", "bid 99", "trump X", "play 1H", "discard 7C 7C", "fold", ""):
        with pytest.raises(NotationError):
            m.parse(bad)
    assert m.play("discard 7d 2c").text == "discard 2C 7D"


def test_views_show_counts_never_other_hands_or_discards() -> None:
    m = start(0, ["", "JC 5S 9D KH 2C 7D"])
    auction(m, 1, 3)
    m.play("trump S")
    m.play("discard 9D KH")
    view = m.view(2)
    assert view["trump"] == "S" and view["exchanged"][1] == 2
    assert view["discarded"] is None and "9D" not in str(view) and "KH" not in str(view)
    assert m.view(1)["discarded"] == ["9D", "KH"]
    assert [e for e in m.events if e["type"] == "exchange"] == \
        [{"type": "exchange", "seat": 1, "count": 2}]
    assert "hand" not in m.view(None)


def test_illegal_actions_and_bad_options_raise() -> None:
    match = stammtisch.new_match("schmier", seed=5, first_dealer=0)
    for text in ("trump H", "play AS", "discard", "bid 2", "bid 7"):
        with pytest.raises(IllegalActionError):
            match.play(text)
    with pytest.raises(NotationError):
        match.play("bid seven")
    for key, value in (("target_score", -1), ("max_discard", 9), ("partnerships", 3)):
        options: dict[str, Any] = {key: value}
        with pytest.raises(OptionError, match=key):
            stammtisch.new_match("schmier", seed=1, **options)


# --- golden records (tests/games/schmier_golden.py writes them, only on purpose) ---------

@pytest.mark.parametrize("name", sorted(GOLDEN))
def test_golden_record_replays_to_its_result(name: str) -> None:
    golden = json.loads((DATA / f"schmier-{name}.json").read_text())
    match = stammtisch.replay(golden["record"])
    assert match.result == golden["result"]
    assert events_digest(match.events) == golden["events_digest"]
