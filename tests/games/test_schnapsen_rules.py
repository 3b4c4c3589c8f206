"""The worked scenarios SN-T1..SN-T20 of docs/rules/schnapsen.md §13, one test each, the
binding clarifications of §14, notation, options and illegal actions.

Deals are stacked decks (index 0 = top, the deal of §5). Where a scenario needs
exact point totals, the deck and the actions were found by a seeded search once
and are written out here; each test checks the totals it relies on.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

import stammtisch
from stammtisch.cards import SCHNAPSEN_DECKS, card_code, parse_card
from stammtisch.games.schnapsen import OPTIONS, Rules

DATA = Path(__file__).resolve().parents[1] / "data"
DEFAULTS: dict[str, Any] = {spec.name: spec.default for spec in OPTIONS}


def stacked(forehand: str, dealer: str, trump: str, talon: str = "", *, deck_size: int = 20,
            hand_size: int = 5) -> list[str]:
    """A deck dealing ``forehand`` and ``dealer`` (§5.1), turning ``trump``, then ``talon``.

    Cards named nowhere follow the given talon in canonical order.
    """
    nd, d = forehand.split(), dealer.split()
    assert len(nd) == len(d) == hand_size
    top = nd[:3] + d[:3] + nd[3:] + d[3:] + [trump] + talon.split()
    cards = [parse_card(c) for c in top]
    rest = [c for c in SCHNAPSEN_DECKS[deck_size] if c not in cards]
    deck = [card_code(c) for c in cards + rest]
    assert len(set(deck)) == deck_size
    return deck


def start(deck: list[str] | str, **options: Any) -> stammtisch.Match:
    """Seat 1 deals, so seat 0 is forehand and leads trick 1."""
    decks = [deck.split() if isinstance(deck, str) else deck]
    options.setdefault("first_dealer", 1)
    return stammtisch.new_match("schnapsen", seed=1, decks=decks, **options)


def play(match: stammtisch.Match, *actions: str) -> None:
    for action in actions:
        match.play(action)


def legal(match: stammtisch.Match) -> list[str]:
    return [a.text for a in match.legal_actions()]


def cards_played(match: stammtisch.Match) -> list[str]:
    return [a.split()[1] for a in legal(match) if a.startswith("play ")]


def dump(match: stammtisch.Match) -> dict[str, Any]:
    return match.state.dump()


def last_deal(match: stammtisch.Match) -> dict[str, Any]:
    deal = match.view(None)["last_deal"]
    assert deal is not None, "the first deal has not ended"
    return dict(deal)


def award(match: stammtisch.Match) -> tuple[int | None, int]:
    deal = last_deal(match)
    return deal["winner"], deal["game_points"]


# --- SN-T1: trick resolution ----------------------------------------------------------

@pytest.mark.parametrize(("lead", "follow", "leader_wins", "points"), [
    ("AH", "TH", True, 21), ("KH", "JS", False, 6), ("QC", "AD", True, 14),
    ("TS", "AS", False, 21),
])
def test_SN_T1_trick_resolution(lead: str, follow: str, leader_wins: bool, points: int) -> None:
    others = [c for c in ("KC", "JC", "QD", "JD", "KD", "TD", "QH", "JH")
              if c not in (lead, follow)]
    m = start(stacked(f"{lead} {' '.join(others[:4])}", f"{follow} {' '.join(others[4:8])}",
                      "QS" if "QS" not in (lead, follow) else "KS"))
    play(m, f"play {lead}", f"play {follow}")
    winner = 0 if leader_wins else 1
    state = dump(m)
    assert state["history"][-1] == [0, lead, follow, winner]
    assert state["points"][winner] == points and state["points"][1 - winner] == 0
    assert m.to_act == winner


# --- SN-T2: the canonical deal and the draw order --------------------------------------

def test_SN_T2_canonical_deal_and_draw_order() -> None:
    deck = "AC TC KC QC JC AD TD KD QD JD AH TH KH QH JH AS TS KS QS JS"
    m = start(deck)
    state = dump(m)
    assert sorted(state["hands"][0]) == sorted("AC TC KC TD KD".split())
    assert sorted(state["hands"][1]) == sorted("QC JC AD QD JD".split())
    assert state["trump_card"] == "AH" and state["trump_suit"] == "H"
    assert state["talon_size"] == 10 and m.view(0)["talon_size"] == 10
    assert state["talon"] == "TH KH QH JH AS TS KS QS JS".split()
    assert m.to_act == 0 and m.view(1)["trump_card"] == "AH"
    play(m, "play KD", "play AD")  # seat 1 wins trick 1
    state = dump(m)
    assert "TH" in state["hands"][1] and "KH" in state["hands"][0]
    assert state["talon_size"] == 8 and m.to_act == 1


# --- SN-T3..T7: the strict phase (closed before trick 1) ----------------------------------

def test_SN_T3_strict_must_follow_and_beat() -> None:
    m = start(stacked("AC KH QC AD TD", "TH QH AS JC KC", "TS"))
    play(m, "close", "play AC", "play KC", "play KH")
    assert dump(m)["hands"][1] == ["JC", "TH", "QH", "AS"]
    assert cards_played(m) == ["TH"]


def test_SN_T4_strict_must_follow_when_unable_to_beat() -> None:
    m = start(stacked("AC TC KH AD TD", "QH JH AS JC KC", "TS"))
    play(m, "close", "play AC", "play JC", "play TC", "play KC", "play KH")
    assert sorted(cards_played(m)) == ["JH", "QH"]


def test_SN_T5_strict_void_must_trump() -> None:
    m = start(stacked("AD TD KH AC TC", "AS KD JC QD JD", "TS"))
    play(m, "close", "play AD", "play JD", "play TD", "play QD", "play KH")
    assert sorted(dump(m)["hands"][1]) == ["AS", "JC", "KD"]
    assert cards_played(m) == ["AS"]


def test_SN_T6_strict_void_without_trump_plays_any() -> None:
    m = start(stacked("AH TH KH AC TC", "KD JC QD JH QH", "TS"))
    play(m, "close", "play AH", "play JH", "play TH", "play QH", "play KH")
    assert sorted(cards_played(m)) == ["JC", "KD", "QD"]


def test_SN_T7_trump_led_higher_trump_else_any_trump() -> None:
    m = start(stacked("AC AD QS TC TD", "KS JS AH JC JD", "TS"))
    play(m, "close", "play AC", "play JC", "play AD", "play JD", "play QS")
    assert cards_played(m) == ["KS"]
    m = start(stacked("AC AD QS TC TD", "JS AH JC JD KC", "TS"))
    play(m, "close", "play AC", "play JC", "play AD", "play JD", "play TC", "play KC",
         "play QS")
    assert sorted(dump(m)["hands"][1]) == ["AH", "JS"]
    assert cards_played(m) == ["JS"]


# --- SN-T8: the open phase ------------------------------------------------------------

def test_SN_T8_open_phase_following() -> None:
    follower = "TH QH AS JC KD"
    m = start(stacked("KH AC AD TC TD", follower, "KS"))
    m.play("play KH")
    assert sorted(cards_played(m)) == sorted(follower.split())
    m = start(stacked("KH AC AD TC TD", follower, "KS"), follow_suit_mode="always")
    m.play("play KH")
    assert sorted(cards_played(m)) == ["QH", "TH"]
    void = "AS KD QC JS TD"
    m = start(stacked("KH AC AD TC JD", void, "KS"), follow_suit_mode="always")
    m.play("play KH")
    assert sorted(cards_played(m)) == sorted(void.split())


# --- SN-T9: exchanging the trump card ---------------------------------------------------

T9_DECK = stacked("JH AC AD AS KC", "JC JD JS QC QD", "AH", "TC TD KD TH KH QH TS KS QS")


def test_SN_T9_exchange_trump() -> None:
    m = start(T9_DECK)
    assert "exchange" in legal(m)  # t = 10
    play(m, "play AC", "play JC", "play AD", "play JD", "play AS", "play JS")
    assert dump(m)["talon_size"] == 4 and m.to_act == 0
    assert "exchange" in legal(m)
    m.play("exchange")
    assert "AH" in m.view(0)["hand"] and "JH" not in m.view(0)["hand"]
    assert m.view(0)["trump_card"] == "JH" and m.view(1)["trump_card"] == "JH"
    assert m.view(1)["exchanges"] == [{"seat": 0, "took": "AH", "gave": "JH", "trick": 3}]
    assert "exchange" not in legal(m)  # at most once: the low trump is gone
    assert "close" in legal(m)  # closing right after an exchange (SN-D10)
    m.undo()
    m.play("close")
    with pytest.raises(stammtisch.IllegalActionError):
        m.play("exchange")
    m.undo()
    play(m, "play KC", "play QC")
    assert dump(m)["talon_size"] == 2 and m.to_act == 0 and "JH" in m.view(0)["hand"]
    with pytest.raises(stammtisch.IllegalActionError):
        m.play("exchange")
    # the follower: seat 1 holds the low trump, seat 0 has led
    m = start(stacked("AC AD AS KC QC", "JH JC JD JS QD", "AH"))
    m.play("play AC")
    with pytest.raises(stammtisch.IllegalActionError):
        m.play("exchange")
    # 24 cards: the low trump is the nine
    m = start(stacked("JH AC AD AS KC", "9C JD JS QC QD", "AH", deck_size=24), deck_size=24)
    assert "exchange" not in legal(m)
    m = start(stacked("9H AC AD AS KC", "JH JD JS QC QD", "AH", deck_size=24), deck_size=24)
    m.play("exchange")
    assert "AH" in m.view(0)["hand"] and m.view(0)["trump_card"] == "9H"


# --- SN-T10: marriages ------------------------------------------------------------------

T10_DECK = stacked("KH QH KS QS AC TC", "JC QC JD QD KD TD", "JS", "KC AD AH TH JH AS TS",
                   hand_size=6)


def test_SN_T10_marriage_legality_and_value() -> None:
    m = start(T10_DECK, hand_size=6)
    play(m, "play AC", "play JC")
    assert dump(m)["talon_size"] == 6 and m.to_act == 0
    marriages = [a for a in legal(m) if a.startswith("marriage")]
    assert marriages == ["marriage QH", "marriage KH", "marriage QS", "marriage KS"]
    for card, value in (("KH", 20), ("QH", 20), ("KS", 40), ("QS", 40)):
        m.play(f"marriage {card}")
        assert m.view(0)["points"] == 13 + value
        assert m.view(1)["trick"] == {"leader": 0, "cards": [card]}
        assert m.view(1)["marriages"][-1]["points"] == value
        m.undo()
    m.play("close")
    assert not [a for a in legal(m) if a.startswith("marriage")]
    m.undo()
    play(m, "play TC", "play QC", "play KC", "play JD", "play JH", "play QD")
    assert dump(m)["talon_size"] == 0 and m.view(0)["phase"] == "exhausted"
    assert sorted(m.view(0)["hand"]) == sorted("KH QH KS QS AH TS".split())
    assert not [a for a in legal(m) if a.startswith("marriage")]
    late = start(T10_DECK, hand_size=6, marriage_after_close_or_exhaustion=True)
    play(late, "play AC", "play JC", "close")
    assert "marriage KH" in legal(late) and "marriage QS" in legal(late)
    late.undo()
    play(late, "play TC", "play QC", "play KC", "play JD", "play JH", "play QD")
    assert [a for a in legal(late) if a.startswith("marriage")] == [
        "marriage QH", "marriage KH", "marriage QS", "marriage KS"]


# --- SN-T11: a marriage before the declarer's first trick ----------------------------------

def test_SN_T11_marriage_pending_until_first_trick() -> None:
    m = start(stacked("KH QH AC QD JD", "AH JC TC KC QC", "TH"))
    m.play("marriage KH")
    m.play("play AH")
    assert m.view(0)["points"] == 0 and m.view(0)["pending"] == 40
    play(m, "play JC", "play AC")
    assert m.view(0)["points"] == 53 and m.view(0)["pending"] == 0
    # never a trick: the 40 never counts (seat 1 reaches 66, seat 0 has 0 points)
    m = start(stacked("KH QH JC JD QD", "AH AC AD TC TD", "TH", "KC QC KD AS TS KS QS JS JH"))
    play(m, "marriage KH", "play AH", "play AC", "play JC", "play AD", "play JD",
         "play TC", "play QD", "play TD", "play QC")
    deal = last_deal(m)
    assert deal["points"] == [0, 67] and deal["tricks"] == [0, 5]
    assert award(m) == (1, 3)


# --- SN-T12: going out with a marriage ----------------------------------------------------

T12_DECK = "KH JC QS JD JH AC TS TD 9S 9C 9H JS AH AS TH KS KC QH AD QD 9D KD QC TC"
T12_ACTIONS = ["play QS", "play JD", "play TD", "play AC", "play KH", "play 9S", "play AS",
               "play JH", "play QH", "play AD", "play AH", "play TS"]


def test_SN_T12_marriage_reaches_66_and_ends_the_deal() -> None:
    m = start(T12_DECK, deck_size=24)
    play(m, *T12_ACTIONS)
    state = dump(m)
    leader = m.to_act
    assert leader is not None and state["phase"] == "open"
    assert state["points"][leader] == 48 and state["points"][1 - leader] == 30
    trump = state["trump_suit"]
    plain = [a for a in legal(m) if a.startswith("marriage") and not a.endswith(trump)]
    assert plain
    m.play(plain[0])
    deal = last_deal(m)
    assert deal["reason"] == "reached_66" and deal["points"][leader] == 68
    assert award(m) == (leader, 2)
    card = plain[0].split()[1]
    assert all(card not in trick for trick in deal_history(m))
    assert m.view(None)["deal"] == 1


def deal_history(match: stammtisch.Match) -> list[list[str]]:
    return [e["cards"] for e in match.events if e["type"] == "trick"]


# --- SN-T13: the graded award ----------------------------------------------------------

T13_DEALS: list[tuple[int, str, list[str], int, int]] = [
    (60, "KD TS KC KS QC AC JC KH TH TC JS QD JD AD AS JH QH QS TD AH",
     ["play KC", "play TH", "marriage QD", "play KS", "play QC", "play TS", "play KD",
      "play AD", "play JD", "play AS", "play JC", "play AC", "play JS", "play TD", "play QS",
      "play KH", "play TC", "play AH"], 1, 1),
    (34, "JH AD AS AC AH TD TS QH QC KD KS TH QD JS QS TC KC JC KH JD",
     ["play TS", "play TD", "play JH", "play AC", "play AD", "play QC", "play QH", "play QS",
      "play QD", "play KH", "play JD", "play KS", "play TH", "play AH", "play JC", "play TC",
      "play JS", "play KC"], 0, 1),
    (33, "AD QD AC TC AS QH TH JD KC KH TD KD JH JC QC KS TS JS QS AH",
     ["play JD", "play TC", "play KD", "play QH", "play AD", "play QC", "play AC", "play TS",
      "play QD", "play QS", "play JS", "play AS", "play TD", "play TH", "play JH", "play AH"],
     0, 2),
    (0, "TC JC AC JD AD KC TS JS QH QS KH AH QD TD QC JH KS KD TH AS",
     ["play AC", "play JD", "play TS", "play KC", "play TC", "play QS", "play JC", "play AD",
      "play JS", "play QC", "play AS", "play KS"], 0, 3),
]


@pytest.mark.parametrize(("opponent", "deck", "actions", "winner", "gp"), T13_DEALS)
def test_SN_T13_graded_award(opponent: int, deck: str, actions: list[str], winner: int,
                             gp: int) -> None:
    m = start(deck)
    play(m, *actions)
    deal = last_deal(m)
    assert deal["reason"] == "reached_66" and deal["by"] == winner
    assert deal["points"][winner] >= 66 and deal["points"][1 - winner] == opponent
    assert award(m) == (winner, gp)
    if opponent == 33:
        m = start(deck, schneider_max_points=32)
        play(m, *actions)
        assert award(m) == (winner, 1)
    flat = start(deck, first_to_66_award="flat")
    play(flat, *actions)
    assert award(flat) == (winner, 1)


def test_SN_T13_graded_table() -> None:
    rules = Rules(DEFAULTS)
    assert [rules.graded(p, 1) for p in (60, 34, 33, 1, 0)] == [1, 1, 2, 2, 3]
    assert Rules({**DEFAULTS, "schneider_max_points": 32}).graded(33, 2) == 1
    tricks = Rules({**DEFAULTS, "schwarz_basis": "tricks"})
    assert tricks.graded(0, 1) == 2 and tricks.graded(0, 0) == 3


T13_NINES = "AC JD TH 9C AD AH 9D 9H JC QS QD TS KD AS KS TC QH JS JH TD 9S KC QC KH"
T13_NINES_ACTIONS = ["play 9D", "play 9C", "play JD", "play KD", "play AS", "play AC",
                     "play QS", "play TH", "play TC", "play 9H", "play AH", "play KS"]


def test_SN_T13_only_trick_of_two_nines() -> None:
    for basis, gp in (("points", 3), ("tricks", 2)):
        m = start(T13_NINES, deck_size=24, schwarz_basis=basis)
        play(m, *T13_NINES_ACTIONS)
        deal = last_deal(m)
        assert deal["points"][0] == 0 and deal["tricks"][0] == 1
        assert ["9D", "9C"] in deal_history(m)
        assert award(m) == (1, gp)


# --- SN-T14: a successful closer ----------------------------------------------------------

T14_ZERO_AT_CLOSE = (
    "KS KD QD QC QH TC AC JD AH JH QS TD TS JS AS AD TH KH JC KC",
    ["play AC", "play QH", "play QD", "play QC", "play TD", "play AH", "close", "play JD",
     "play TS", "play AS", "play JS", "play JH", "play KS", "play AD", "play TC"])
T14_FORTY_AT_CLOSE = (
    "TH QH AC TS QD AD TD QS KD TC KC JD AH AS KS QC JS JH JC KH",
    ["play TD", "play TC", "marriage QD", "play AC", "close", "play AS", "play KS", "play QH",
     "play AD", "play TH", "play JD", "play AH", "play KD"])


def test_SN_T14_closer_reaches_66() -> None:
    deck, actions = T14_ZERO_AT_CLOSE
    m = start(deck)
    play(m, *actions)
    deal = last_deal(m)
    assert deal["closer"] == 0 and deal["by"] == 0 and deal["reason"] == "reached_66"
    assert deal["points"][1] == 25 and deal["tricks"][1] == 2
    assert deal["points_at_close"] == 0 and deal["tricks_at_close"] == 0
    assert award(m) == (0, 2)
    m = start(deck, closed_score_snapshot="at_close")
    play(m, *actions)
    assert award(m) == (0, 3)
    deck, actions = T14_FORTY_AT_CLOSE
    m = start(deck, closed_score_snapshot="at_close")
    play(m, *actions)
    deal = last_deal(m)
    assert deal["closer"] == 0 and deal["by"] == 0 and deal["points_at_close"] == 40
    assert award(m) == (0, 1)


# --- SN-T15: a failed closer ------------------------------------------------------------

T15_TRICK_AT_CLOSE = (
    "AC JC AS KC JH QS KS QC JS QD KH TC TD TS JD AH KD QH TH AD",
    ["play JC", "play KC", "play TC", "play TD", "play JH", "play JD", "play TS", "play AS",
     "close", "play QC", "play TH", "play QS", "play KS", "play QH", "play AH", "play JS",
     "play KD", "play QD", "play AC"])
T15_NO_TRICK_AT_CLOSE = (
    "QD TD JC KS TS TH KC TC KD AD AH AC AS JD QH JH QC KH QS JS",
    ["play TD", "play KD", "close", "play QD", "play AD", "play AS", "play KC", "play TS",
     "play JC", "play TH", "play TC", "play KS", "play AC"])
T15_SIXTY = (
    "AC KD TC AH JH QH QC KC TH JC AS QD QS JD AD JS KH TS KS TD",
    ["close", "play KD", "play JH", "play QC", "play JC", "play AC", "play TH", "play KC",
     "play QH", "play TC", "play AH"])


@pytest.mark.parametrize(("deal", "seed_gp", "traditional_gp"), [
    (T15_TRICK_AT_CLOSE, 3, 2), (T15_NO_TRICK_AT_CLOSE, 3, 3),
])
def test_SN_T15a_opponent_of_closer_reaches_66(deal: tuple[str, list[str]], seed_gp: int,
                                               traditional_gp: int) -> None:
    deck, actions = deal
    for mode, gp in (("seed", seed_gp), ("traditional", traditional_gp)):
        m = start(deck, closer_fail_award=mode)
        play(m, *actions)
        info = last_deal(m)
        assert info["closer"] == 0 and info["by"] == 1 and info["reason"] == "reached_66"
        assert (info["tricks_at_close"] > 0) == (deal is T15_TRICK_AT_CLOSE)
        assert award(m) == (1, gp)


def test_SN_T15b_closer_takes_every_trick_but_stays_below_66() -> None:
    deck, actions = T15_SIXTY
    for mode, gp in (("seed", 2), ("traditional", 3)):
        m = start(deck, closer_fail_award=mode)
        play(m, *actions)
        info = last_deal(m)
        assert info["points"] == [60, 0] and info["tricks"] == [5, 0]
        assert info["reason"] == "cards_out" and info["closer"] == 0
        assert award(m) == (1, gp)


# --- SN-T16: end_mode = "all_cards" ------------------------------------------------------

T16_DEALS: list[tuple[str, list[str], list[int], tuple[int | None, int]]] = [
    ("QC QD JS KS QH AC KD TH AD JD AH KH TD JC JH KC TC AS TS QS",
     ["marriage QD", "play AC", "play KD", "play AD", "play JD", "play KH", "play QC",
      "play KS", "play JS", "play TD", "play QS", "play TS", "play QH", "play TH", "play KC",
      "play TC", "play AH", "play JH", "play JC", "play AS"], [72, 68], (1, 1)),
    ("KS TS AC KD AS TD KC QC TC JS AD JH QH TH QS AH JC KH QD JD",
     ["play TS", "play KD", "play TC", "play AC", "play KS", "play AS", "play TD", "play QH",
      "play KH", "play KC", "play JD", "play AD", "play QD", "play AH", "play JC", "play JS",
      "play TH", "play JH", "play QC", "play QS"], [70, 50], (0, 1)),
    ("TD TH AC JD QD KH TC KS AH TS JC QS AS AD QC JH KC KD QH JS",
     ["play TD", "play JD", "play TC", "play KH", "play AC", "play AH", "play TH", "play AS",
      "play AD", "play QH", "play QS", "play TS", "play JC", "play JH", "play KC", "play KS",
      "play QD", "play KD", "play JS", "play QC"], [90, 30], (0, 2)),
    ("AH QC AS TC TH KD QD AD AC TD JS QS KC JD KS JH KH QH TS JC",
     ["play AS", "play AC", "play QS", "play TD", "play QC", "play KD", "play QD", "play KH",
      "play AH", "play KC", "play JC", "play TC", "play KS", "play AD", "play JS", "play JH",
      "play TS", "play JD", "play TH", "play QH"], [64, 56], (None, 0)),
]


@pytest.mark.parametrize(("deck", "actions", "points", "expected"), T16_DEALS)
def test_SN_T16_all_cards(deck: str, actions: list[str], points: list[int],
                          expected: tuple[int | None, int]) -> None:
    m = start(deck, end_mode="all_cards")
    play(m, *actions)
    info = last_deal(m)
    assert info["points"] == points and info["reason"] == "cards_out"
    if points == [72, 68]:
        assert info["last_trick_winner"] == 1 and dump(m)["deal"] == 1
    assert award(m) == expected


# --- SN-T17: cards out below 66 in first_to_66 -------------------------------------------

T17_DECK = "QD TD JC KS TS TH KC TC KD AD AH AC AS JD QH JH QC KH QS JS"
T17_ACTIONS = ["play TD", "play TS", "play TC", "play TH", "play AS", "play QD", "play JH",
               "play KC", "play KH", "play AC", "play KS", "play QS", "play KD", "play AH",
               "play JC", "play JD", "play QH", "play AD", "play QC", "play JS"]


def test_SN_T17_nobody_reaches_66() -> None:
    m = start(T17_DECK)
    play(m, *T17_ACTIONS)
    info = last_deal(m)
    assert info["points"] == [58, 62] and info["reason"] == "cards_out"
    assert award(m) == (None, 0) and m.view(0)["game_points"] == [0, 0]
    assert m.view(None)["dealer"] == 0 and m.to_act == 1  # the deal alternates (§4)
    m = start(T17_DECK, no_66_result="last_trick")
    play(m, *T17_ACTIONS)
    assert last_deal(m)["last_trick_winner"] == 0
    assert award(m) == (0, 1)


# --- SN-T18, SN-T19: closing and the last draw --------------------------------------------

def test_SN_T18_close_legality() -> None:
    m = start(T17_DECK)
    assert "close" in legal(m)  # before trick 1
    m.play(T17_ACTIONS[0])
    assert "close" not in legal(m)  # the follower
    with pytest.raises(stammtisch.IllegalActionError):
        m.play("close")
    play(m, *T17_ACTIONS[1:8])
    assert dump(m)["talon_size"] == 2 and "close" in legal(m)
    play(m, *T17_ACTIONS[8:10])
    assert dump(m)["talon_size"] == 0 and "close" not in legal(m)
    with pytest.raises(stammtisch.IllegalActionError):
        m.play("close")


def test_SN_T19_last_draw_and_exhaustion() -> None:
    m = start(T17_DECK)
    play(m, *T17_ACTIONS[:8])
    before = dump(m)
    assert before["talon_size"] == 2 and before["talon"] == ["JS"]
    assert before["trump_card"] == "AH"
    play(m, *T17_ACTIONS[8:10])
    state = dump(m)
    winner = state["history"][-1][3]
    assert "JS" in state["hands"][winner] and "AH" in state["hands"][1 - winner]
    assert state["talon_size"] == 0 and state["phase"] == "exhausted"
    assert m.view(0)["trump_card"] is None and m.view(0)["trump_suit"] == "H"
    lead = legal(m)
    assert all(a.startswith("play ") for a in lead)  # no exchange, marriage or close
    m.play(lead[0])
    led = lead[0].split()[1]
    hand = state["hands"][1 - winner]
    same = [c for c in hand if c[1] == led[1]]
    trumps = [c for c in hand if c[1] == "H"]
    beat = [c for c in same if "9JQKTA".index(c[0]) > "9JQKTA".index(led[0])]
    assert sorted(cards_played(m)) == sorted(beat or same or trumps or hand)


# --- SN-T20: the match -----------------------------------------------------------------

def test_SN_T20_match_won_at_seven() -> None:
    data = json.loads((DATA / "schnapsen-bummerl-5-6.json").read_text())
    m = stammtisch.new_match("schnapsen", seed=data["record"]["seed"],
                             **data["record"]["options"])
    actions = data["record"]["actions"]
    index = 0
    while m.view(None)["game_points"] != [5, 6]:
        m.play(actions[index])
        index += 1
    assert m.result is None
    for action in actions[index:]:
        m.play(action)
    assert award(m) == (0, 2)
    assert m.result is not None and m.result["winner"] == 0
    assert m.result["game_points"] == [7, 6] and m.to_act is None
    assert m.legal_actions() == []


# --- §14 clarifications ----------------------------------------------------------------

def test_clarification_king_or_queen_of_a_marriage_may_be_led_plainly() -> None:
    m = start(T10_DECK, hand_size=6)
    play(m, "play AC", "play JC")
    assert "play KH" in legal(m) and "marriage KH" in legal(m)
    m.play("play KH")
    assert m.view(0)["marriages"] == [] and m.view(0)["points"] == 13


PENDING_AT_CLOSE = (
    "QH JC TD TC AH QS AD KH AS KD TS TH JS KC AC KS JD QC QD JH",
    ["marriage KH", "play AH", "close", "play TH", "play QH", "play KD", "play TD", "play JS",
     "play QS", "play AS", "play JC", "play TC", "play AD"])


def test_clarification_at_close_snapshot_ignores_pending_marriage() -> None:
    deck, actions = PENDING_AT_CLOSE
    m = start(deck, closed_score_snapshot="at_close")
    play(m, *actions[:3])  # seat 0's 20 is pending when seat 1 closes
    assert m.view(0)["pending"] == 20 and dump(m)["points_at_close"] == 0
    play(m, *actions[3:])
    info = last_deal(m)
    assert info["closer"] == 1 and info["by"] == 1 and info["points"] == [34, 67]
    assert info["points_at_close"] == 0 and info["tricks_at_close"] == 0
    assert award(m) == (1, 3)
    m = start(deck)  # graded by the score at the end: 34 (the marriage now counts)
    play(m, *actions)
    assert award(m) == (1, 1)


def test_clarification_manual_claim() -> None:
    manual = {"claim_mode": "manual"}
    m = start(T13_DEALS[3][1], **manual)
    actions = T13_DEALS[3][2]
    play(m, *actions[:2])
    assert m.to_act == 0 and legal(m)[-1] == "claim"  # winner of the trick, first action
    m.play("close")
    assert "claim" not in legal(m)
    m.undo()
    m.play("claim")  # wrong: 13 points; seat 1 has no trick -> 3
    assert award(m) == (1, 3) and last_deal(m)["reason"] == "wrong_claim"
    m = start(T13_DEALS[3][1], **manual)
    play(m, *actions[:-1])
    assert "claim" not in legal(m)  # the follower never claims
    m.play(actions[-1])
    assert dump(m)["points"][0] >= 66 and m.to_act == 0 and "claim" in legal(m)
    m.play("claim")
    assert award(m) == (0, 3) and last_deal(m)["reason"] == "claim"
    # not claiming: play goes on past 66
    m = start(T13_DEALS[3][1], **manual)
    play(m, *actions)
    lead = [a for a in legal(m) if a.startswith("play")][0]
    m.play(lead)
    assert m.view(0)["deal"] == 0 and m.view(0)["points"] >= 66


def test_clarification_manual_marriage_only_declares() -> None:
    m = start(T10_DECK, hand_size=6, claim_mode="manual")
    play(m, "play AC", "play JC", "marriage QS")
    assert legal(m) == ["play QS", "claim"]
    assert m.view(0)["points"] == 53 and m.view(1)["trick"] is None
    assert m.view(1)["declared"] == "QS"
    m.play("claim")  # 53 < 66: wrong, seat 1 has no trick
    assert award(m) == (1, 3)
    m = start(T10_DECK, hand_size=6, claim_mode="manual", end_mode="all_cards")
    play(m, "play AC", "play JC")
    assert "claim" not in legal(m)
    m.play("marriage QS")
    assert legal(m) == ["play QS"]


def test_clarification_manual_last_trick_judged_as_all_cards() -> None:
    deck, actions, _, _ = T16_DEALS[0]
    m = start(deck, claim_mode="manual")
    play(m, actions[0], "play QD", *actions[1:])  # manual: the marriage only declares
    info = last_deal(m)
    assert info["points"] == [72, 68] and info["reason"] == "cards_out"
    assert award(m) == (1, 1)


def test_clarification_last_trick_bonus() -> None:
    m = start(T17_DECK, last_trick_bonus=10)
    play(m, *T17_ACTIONS)
    info = last_deal(m)
    assert info["points"] == [68, 62] and info["reason"] == "reached_66"
    assert award(m) == (0, 1)
    deck, actions = T15_SIXTY  # closed: no bonus
    m = start(deck, last_trick_bonus=10)
    play(m, *actions)
    assert last_deal(m)["points"] == [60, 0]


def test_first_to_66_stops_where_all_cards_plays_on() -> None:
    deck, actions, _, _ = T16_DEALS[1]
    m = start(deck)
    play(m, *actions)
    info = last_deal(m)
    assert info["reason"] == "reached_66"  # first_to_66: the deal stops at 66


# --- the view ---------------------------------------------------------------------------

def test_view_shows_own_points_not_the_opponents() -> None:
    m = start(T10_DECK, hand_size=6)
    play(m, "play AC", "play JC")
    v0, v1, spectator = m.view(0), m.view(1), m.view(None)
    assert v0["points"] == 13 and v1["points"] == 0
    assert "hand" not in spectator and "points" not in spectator
    assert v0["tricks"] == [1, 0] and v1["last_trick"] == {
        "leader": 0, "cards": ["AC", "JC"], "winner": 0}
    assert v1["legal_actions"] == [] and v0["legal_actions"] == legal(m)
    assert v0["trump_card"] == "JS" and v0["trump_suit"] == "S"
    m.play("close")
    v1 = m.view(1)
    assert v1["closed"] and v1["closer"] == 0 and v1["trump_card"] is None
    assert v1["talon_size"] == 6 and v1["phase"] == "closed"


# --- notation, options, illegal actions --------------------------------------------------

def test_notation_round_trip() -> None:
    m = start(T10_DECK, hand_size=6)
    assert m.parse("PLAY 10c").text == "play TC"
    assert m.parse("marriage  qh").text == "marriage QH"
    assert m.parse("Exchange").text == "exchange"
    for bad in ("play", "play XX", "marry KH", "claim now", "play JK"):
        with pytest.raises(stammtisch.NotationError):
            m.parse(bad)


def test_illegal_actions_raise() -> None:
    m = start(T10_DECK, hand_size=6)
    for action in ("play JC", "claim", "exchange", "marriage KD", "marriage AC"):
        with pytest.raises(stammtisch.IllegalActionError):
            m.play(action)
    m.play("play AC")
    for action in ("close", "marriage KD", "play AC"):
        with pytest.raises(stammtisch.IllegalActionError):
            m.play(action)


@pytest.mark.parametrize(("key", "value"), [
    ("deck_size", 32), ("hand_size", 4), ("follow_suit_mode", "never"),
    ("strict_must_head", "yes"), ("end_mode", "66"), ("claim_mode", True),
    ("schneider_max_points", 66), ("schneider_max_points", -1), ("schwarz_basis", "cards"),
    ("first_to_66_award", 1), ("no_66_result", "dealer"), ("closed_score_snapshot", "start"),
    ("closer_fail_award", "pagat"), ("marriage_after_close_or_exhaustion", 1),
    ("last_trick_bonus", 5), ("match_target", 0), ("first_dealer", 2), ("first_dealer", -1),
    ("num_players", 2), ("colour", "red"),
])
def test_bad_options_raise(key: str, value: Any) -> None:
    with pytest.raises(stammtisch.OptionError) as error:
        stammtisch.new_match("schnapsen", seed=1, **{key: value})
    assert repr(key) in str(error.value)


def test_bad_decks_raise() -> None:
    with pytest.raises(stammtisch.OptionError):
        stammtisch.new_match("schnapsen", seed=1, decks=[T17_DECK.split()[:-1]])
    with pytest.raises(stammtisch.OptionError):
        stammtisch.new_match("schnapsen", seed=1, deck_size=24, decks=[T17_DECK.split()])


def test_first_dealer_random_is_seeded() -> None:
    dealers = {stammtisch.new_match("schnapsen", seed=s).view(None)["dealer"]
               for s in range(20)}
    assert dealers == {0, 1}
    assert stammtisch.new_match("schnapsen", seed=5).view(None)["dealer"] == \
        stammtisch.new_match("schnapsen", seed=5).view(None)["dealer"]


# --- golden records ---------------------------------------------------------------------

@pytest.mark.parametrize("path", sorted(DATA.glob("schnapsen-*.json")), ids=lambda p: p.stem)
def test_golden_record(path: Path) -> None:
    data = json.loads(path.read_text())
    m = stammtisch.replay(data["record"])
    assert m.result == data["result"]
    assert m.view(None)["last_deal"] == data["last_deal"]
    assert m.record() == data["record"]
