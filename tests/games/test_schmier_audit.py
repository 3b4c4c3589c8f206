"""Audit of the Schmier engine against docs/rules/schmier.md (§1-§14), docs/rules/README.md and
docs/rules/NOTATION.md, through the public API only.

Two parts:

- focused tests, one doubtful point each, on stacked decks (section ids in names);
- ``Spec``: a small model written from the rules text alone (card codes as strings,
  no engine code), run side by side with the engine on stacked decks for every
  deal: at every decision point the *set* of legal action texts must be equal, and
  every deal's points, scores and the match result must agree. This is what an
  independent implementation of the same specification would compare.
"""

from __future__ import annotations

import itertools
import random
from collections.abc import Sequence
from typing import Any

import pytest

import stammtisch
from stammtisch.errors import IllegalActionError
from stammtisch.games.schmier import SchmierState

SUITS = "CDHS"
RANKS = "23456789TJQKA"
FULL = [r + s for s in SUITS for r in RANKS] + ["JK"]  # docs/rules/README.md §3 deck order
PARTNER = {"C": "S", "S": "C", "D": "H", "H": "D"}
COUNT = {"A": 4, "K": 3, "Q": 2, "J": 1, "T": 10}


def deck_order(cards: Sequence[str]) -> list[str]:
    return sorted(cards, key=FULL.index)


def stacked(dealer: int, hands: dict[int, str], stock: str = "") -> list[str]:
    """§5.2: the seat at distance d (1..6) from the dealer gets positions d-1+6k;
    the stock is positions 36..52. Unset positions get the unused cards in order."""
    deck: list[str | None] = [None] * 53
    for seat, hand in hands.items():
        d = (seat - dealer) % 6 or 6
        for k, card in enumerate(hand.split()):
            deck[d - 1 + 6 * k] = card
    for i, card in enumerate(stock.split()):
        deck[36 + i] = card
    rest = iter(c for c in FULL if c not in deck)
    return [c if c is not None else next(rest) for c in deck]


def new(dealer: int, hands: dict[int, str] | None = None, stock: str = "",
        more_decks: Sequence[list[str]] = (), **options: Any) -> stammtisch.Match:
    decks = [stacked(dealer, hands or {}, stock), *more_decks]
    return stammtisch.new_match("schmier", seed=11, decks=decks, first_dealer=dealer,
                                **options)


def legal(match: stammtisch.Match) -> list[str]:
    return [a.text for a in match.legal_actions()]


def phase(match: stammtisch.Match) -> str:
    return str(match.view(None)["phase"])


# --- the rules model ----------------------------------------------------------------------

class Spec:
    """Schmier from the rules text: one match, stacked decks only."""

    def __init__(self, decks: Sequence[Sequence[str]], **options: Any) -> None:
        self.o = {"partnerships": "3x2", "target_score": 21, "min_bid": 3, "max_bid": 6,
                  "stick_the_dealer": False, "dealer_may_equal_high_bid": False,
                  "max_discard": 3, "trump_anytime": False, "game_point_tie": "none",
                  "unresolved_tie": "play_on", **options}
        self.teams = 3 if self.o["partnerships"] == "3x2" else 2
        self.decks = list(decks)
        self.deck_index = -1
        self.scores = [0] * self.teams
        self.dealer: int = self.o["first_dealer"]
        self.winners: list[int] = []
        self.deal_results: list[dict[str, Any]] = []
        self.deal()

    # §5
    def deal(self) -> None:
        self.deck_index += 1
        if self.deck_index == len(self.decks):  # the engine shuffles from here on
            self.phase = "unknown"
            return
        deck = self.decks[self.deck_index]
        self.hands: list[list[str]] = [[] for _ in range(6)]
        for d in range(1, 7):
            seat = (self.dealer + d) % 6
            self.hands[seat] = [deck[d - 1 + 6 * k] for k in range(6)]
        self.stock = list(deck[36:])
        assert len(self.stock) == 17
        self.phase = "auction"
        self.to_act = (self.dealer + 1) % 6
        self.high, self.bidder = 0, -1
        self.trump = ""

    def suit(self, card: str) -> str:
        if card == "JK" or card == "J" + PARTNER[self.trump]:
            return self.trump
        return card[1]

    def trump_order(self) -> list[str]:
        t = self.trump
        return ([f"A{t}", f"K{t}", f"Q{t}", f"J{t}", f"J{PARTNER[t]}"]
                + [f"{r}{t}" for r in "T98765432"] + ["JK"])

    @staticmethod
    def discard_text(cards: Sequence[str]) -> str:
        return " ".join(["discard", *deck_order(cards)])

    def legal(self) -> set[str]:
        o, seat = self.o, self.to_act
        if self.phase == "auction":  # §6, §14
            is_dealer = seat == self.dealer
            bids = {f"bid {n}" for n in range(o["min_bid"], o["max_bid"] + 1)
                    if n > self.high
                    or (is_dealer and o["dealer_may_equal_high_bid"] and self.high
                        and n == self.high)}
            if is_dealer and o["stick_the_dealer"] and not self.high:
                return bids
            return {"pass"} | bids
        if self.phase == "trump":  # §7
            return {f"trump {s}" for s in SUITS}
        hand = self.hands[seat]
        plain = [c for c in hand if self.suit(c) != self.trump]
        if self.phase == "exchange":  # §8.1
            return {self.discard_text(combo) for size in range(o["max_discard"] + 1)
                    for combo in itertools.combinations(plain, size)}
        if self.phase == "rob":  # §8.2
            trumps = [c for c in hand if c not in plain]
            r = len(hand) - 6
            if len(trumps) <= 6:
                return {self.discard_text(combo) for combo in itertools.combinations(plain, r)}
            order = self.trump_order()
            protected = {order[0], order[3], order[4], f"2{self.trump}", "JK"}
            free = [c for c in trumps if c not in protected]
            return {self.discard_text(plain + list(combo))
                    for combo in itertools.combinations(free, len(trumps) - 6)}
        # §9
        cards = hand
        if self.trick:
            led = self.suit(self.trick[0])
            follow = [c for c in hand if self.suit(c) == led]
            if follow and o["trump_anytime"] and led != self.trump:
                follow += [c for c in hand if self.suit(c) == self.trump]
            cards = follow or hand
        return {f"play {c}" for c in cards}

    def apply(self, text: str) -> None:
        assert text in self.legal(), text
        words = text.split()
        seat = self.to_act
        if self.phase == "auction":
            if words[0] == "bid":
                self.high, self.bidder = int(words[1]), seat
            if self.high == self.o["max_bid"] or seat == self.dealer:
                if self.bidder < 0:  # §6: thrown in, same dealer, next deck (§14)
                    self.deal()
                    return
                self.phase, self.to_act = "trump", self.bidder
            else:
                self.to_act = (seat + 1) % 6
        elif self.phase == "trump":
            self.trump = words[1]
            self.phase, self.to_act = "exchange", (self.dealer + 1) % 6
        elif self.phase == "exchange":
            cards = words[1:]
            for c in cards:
                self.hands[seat].remove(c)
            self.hands[seat] += self.stock[:len(cards)]
            del self.stock[:len(cards)]
            self.to_act = (seat + 1) % 6
            if self.to_act == self.dealer:
                self.phase = "rob"
                assert len(self.stock) >= 2
                self.hands[self.dealer] += self.stock
                self.stock = []
        elif self.phase == "rob":
            for c in words[1:]:
                self.hands[seat].remove(c)
            assert len(self.hands[seat]) == 6
            self.phase = "play"
            self.to_act = self.leader = self.bidder
            self.trick: list[str] = []
            self.tricks: list[tuple[int, list[str], int]] = []
        else:
            self.hands[seat].remove(words[1])
            self.trick.append(words[1])
            self.to_act = (seat + 1) % 6
            if len(self.trick) == 6:
                winner = (self.leader + self.trick_winner(self.trick)) % 6
                self.tricks.append((self.leader, self.trick, winner))
                self.trick = []
                self.to_act = self.leader = winner
                if len(self.tricks) == 6:
                    self.score()

    def trick_winner(self, cards: Sequence[str]) -> int:
        order = self.trump_order()
        trumps = [i for i, c in enumerate(cards) if self.suit(c) == self.trump]
        if trumps:
            return min(trumps, key=lambda i: order.index(cards[i]))
        led = self.suit(cards[0])
        return min((i for i, c in enumerate(cards) if self.suit(c) == led),
                   key=lambda i: "AKQJT98765432".index(cards[i][0]))

    def score(self) -> None:  # §10, §11
        team = [s % self.teams for s in range(6)]
        t = self.trump
        captured: list[list[str]] = [[] for _ in range(self.teams)]
        points: dict[str, int | None] = {}
        for leader, cards, winner in self.tricks:
            captured[team[winner]] += cards
            for i, card in enumerate(cards):
                player = (leader + i) % 6
                if card == f"A{t}":
                    points["high"] = team[player]
                if card == f"2{t}":
                    points["low"] = team[player]
                if card == f"J{t}":
                    points["right_bauer"] = team[winner]
                if card == f"J{PARTNER[t]}":
                    points["left_bauer"] = team[winner]
                if card == "JK":
                    points["joker"] = team[winner]
        assert len(points) == 5, "A, 2, both bauers and the joker are always in play"
        counts = [sum(COUNT.get(c[0], 0) if c != "JK" else 1 for c in cards)
                  for cards in captured]
        top = [k for k in range(self.teams) if counts[k] == max(counts)]
        bidding = team[self.bidder]
        game = top[0] if len(top) == 1 else None
        if game is None and self.o["game_point_tie"] == "bidder" and bidding in top:
            game = bidding
        points["game"] = game
        won = [sum(1 for v in points.values() if v == k) for k in range(self.teams)]
        delta = won[:]
        if won[bidding] < self.high:
            delta[bidding] = -self.high
        self.scores = [a + b for a, b in zip(self.scores, delta, strict=True)]
        self.deal_results.append({"points": points, "game_counts": counts, "won": won,
                                  "delta": delta, "scores": self.scores[:]})
        best = max(self.scores)
        if best >= self.o["target_score"]:
            tied = [k for k in range(self.teams) if self.scores[k] == best]
            if len(tied) == 1:
                self.winners = tied
            elif bidding in tied:
                self.winners = [bidding]
            elif self.o["unresolved_tie"] == "joint_win":
                self.winners = tied
        if self.winners:
            self.phase, self.to_act = "over", -1
            return
        self.dealer = (self.dealer + 1) % 6
        self.deal()


def compare(options: dict[str, Any], seed: int, bias: float) -> int:
    """Play the engine and the model side by side; return the number of deals."""
    rng = random.Random(seed)
    decks = []
    for _ in range(40):
        deck = FULL[:]
        rng.shuffle(deck)
        decks.append(deck)
    options = {"first_dealer": rng.choice([*range(6), "random"]), **options}
    match = stammtisch.new_match("schmier", seed=seed, decks=decks, **options)
    if options["first_dealer"] == "random":  # drawn from the seed (docs/rules/README.md §5)
        options["first_dealer"] = match.view(None)["dealer"]
        assert stammtisch.new_match("schmier", seed=seed, decks=decks, **{
            **options, "first_dealer": "random"}).view(None)["dealer"] == \
            options["first_dealer"]
    spec = Spec(decks, **options)
    steps = 0
    while match.to_act is not None:
        if match.view(None)["deal"] >= len(decks):  # shuffled from the seed: stop
            return len(spec.deal_results)
        assert match.to_act == spec.to_act, f"step {steps}: seat to act"
        assert phase(match) == spec.phase, f"step {steps}: phase"
        actions = legal(match)
        assert len(set(actions)) == len(actions), "an action listed twice"
        assert set(actions) == spec.legal(), f"step {steps} ({spec.phase}): legal actions"
        if "pass" in actions and rng.random() < bias:
            action = "pass"
        else:
            action = rng.choice(actions)
        match.play(action)
        spec.apply(action)
        steps += 1
        if match.events[-1]["type"] in ("deal", "match_over") and spec.deal_results:
            scored = [e for e in match.events if e["type"] == "deal_score"]
            assert len(scored) == len(spec.deal_results)
            for key, value in spec.deal_results[-1].items():
                assert scored[-1][key] == value, f"deal {len(scored)}: {key}"
    assert spec.phase == "over"
    result = match.result
    assert result is not None
    assert result["winners"] == spec.winners and result["scores"] == spec.scores
    assert result["winner"] == (spec.winners[0] if len(spec.winners) == 1 else None)
    return len(spec.deal_results)


VARIANTS: list[dict[str, Any]] = [
    {},
    {"partnerships": "2x3"},
    {"stick_the_dealer": True},
    {"dealer_may_equal_high_bid": True},
    {"stick_the_dealer": True, "dealer_may_equal_high_bid": True, "min_bid": 1,
     "max_bid": 4},
    {"max_discard": 0},
    {"max_discard": 1, "trump_anytime": True},
    {"max_discard": 2, "stick_the_dealer": True, "partnerships": "2x3"},
    {"trump_anytime": True, "partnerships": "2x3", "game_point_tie": "bidder"},
    {"game_point_tie": "bidder", "unresolved_tie": "joint_win"},
    {"min_bid": 2, "max_bid": 2, "unresolved_tie": "joint_win"},
    {"min_bid": 6, "max_bid": 6, "stick_the_dealer": True},
]


@pytest.mark.parametrize("variant", range(len(VARIANTS)))
def test_engine_agrees_with_the_rules_model_step_by_step(variant: int) -> None:
    deals = 0
    for seed in range(6):
        options = {"target_score": 4 + seed % 3, **VARIANTS[variant]}
        deals += compare(options, 1000 * variant + seed, (0.5, 0.8, 0.95)[seed % 3])
    assert deals >= 6


# --- §5 deal order ------------------------------------------------------------------------

@pytest.mark.parametrize("dealer", range(6))
def test_S5_deal_one_at_a_time_from_the_dealers_left_stock_of_17(dealer: int) -> None:
    match = stammtisch.new_match("schmier", seed=1, decks=[FULL], first_dealer=dealer)
    dump = match.state.dump()
    for d in range(1, 7):
        seat = (dealer + d) % 6
        assert dump["hands"][seat] == deck_order([FULL[d - 1 + 6 * k] for k in range(6)])
    assert dump["stock"] == FULL[36:] and len(dump["stock"]) == 17
    assert match.to_act == (dealer + 1) % 6  # §6: the dealer's left neighbour bids first


# --- §6 auction -----------------------------------------------------------------------------

def test_S6_each_player_exactly_one_chance_and_the_dealer_last() -> None:
    match = new(3)
    seen = []
    while phase(match) == "auction":
        seen.append(match.to_act)
        match.play("bid 3" if match.to_act == 5 else "pass")
    assert seen == [4, 5, 0, 1, 2, 3]
    assert match.to_act == 5 and phase(match) == "trump"


def test_S6_max_bid_ends_the_auction_even_with_dealer_may_equal() -> None:
    match = new(0, dealer_may_equal_high_bid=True, stick_the_dealer=True)
    match.play("pass")
    match.play("bid 6")
    assert phase(match) == "trump" and match.to_act == 2
    assert [a["seat"] for a in match.view(2)["auction"]] == [1, 2]
    match = new(0, max_bid=5)
    assert legal(match) == ["pass", "bid 3", "bid 4", "bid 5"]
    match.play("bid 5")
    assert phase(match) == "trump" and match.to_act == 1


def test_S6_the_dealer_bidding_max_bid_or_equal_takes_the_contract() -> None:
    match = new(0, dealer_may_equal_high_bid=True)
    for text in ("pass", "bid 3", "bid 5", "pass", "pass"):
        match.play(text)
    assert legal(match) == ["pass", "bid 5", "bid 6"]
    match.play("bid 5")
    assert match.view(None)["contract"] == {"bidder": 0, "team": 0, "bid": 5}
    assert match.to_act == 0 and phase(match) == "trump"


def test_S6_S14_all_pass_next_deck_same_dealer_no_match_end_check() -> None:
    second = stacked(4, {5: "AH KH QH JH JD TH"})
    match = new(4, more_decks=[second], target_score=5)
    state = match.state
    assert isinstance(state, SchmierState)
    state.scores[:] = [9, 0, 0]
    for _ in range(6):
        match.play("pass")
    view = match.view(5)
    assert match.result is None and view["phase"] == "auction"
    assert view["deal"] == 1 and view["dealer"] == 4 and match.to_act == 5
    assert view["hand"] == deck_order("AH KH QH JH JD TH".split())
    assert view["scores"] == [9, 0, 0]


def test_S6_stick_the_dealer_with_equal_option_and_min_bid() -> None:
    match = new(2, stick_the_dealer=True, min_bid=4)
    for _ in range(5):
        assert "pass" in legal(match)
        match.play("pass")
    assert match.to_act == 2 and legal(match) == ["bid 4", "bid 5", "bid 6"]


# --- §7, §8 exchange ------------------------------------------------------------------------

def test_S8_every_non_dealer_has_a_turn_in_seat_order_bidder_included() -> None:
    match = new(2, max_discard=0)
    for _ in range(3):
        match.play("pass")
    match.play("bid 3")  # seat 0
    match.play("pass")
    match.play("pass")
    assert match.to_act == 0
    match.play("trump C")
    turns = []
    while phase(match) == "exchange":
        turns.append(match.to_act)
        assert legal(match) == ["discard"]
        match.play("discard")
    assert turns == [3, 4, 5, 0, 1]
    assert phase(match) == "rob" and match.to_act == 2
    assert match.view(2)["stock_size"] == 0 and len(match.view(2)["hand"]) == 23


def test_S8_replacements_come_from_the_top_of_the_stock_in_order() -> None:
    hands = {1: "2C 3C 4C AH KH QH", 2: "5C 6C 7C AS KS QS"}
    match = new(0, hands, stock="9D TD JD 8D 7D 6D")
    match.play("bid 3")
    for _ in range(5):
        match.play("pass")
    match.play("trump H")
    match.play("discard 2C 3C")
    assert match.view(1)["hand"] == deck_order("4C 9D TD AH KH QH".split())
    match.play("discard 5C 6C 7C")
    # JD is the left bauer under hearts: drawn like any card
    assert match.view(2)["hand"] == deck_order("8D 7D JD AS KS QS".split())
    assert match.view(None)["stock_size"] == 12


def test_S8_left_bauer_and_joker_are_never_discarded_by_a_non_dealer() -> None:
    match = new(0, {1: "JK JC 2S 3D 4D 5D"})
    match.play("bid 3")
    for _ in range(5):
        match.play("pass")
    match.play("trump S")
    allowed = legal(match)
    assert all("JK" not in a and "JC" not in a and "2S" not in a for a in allowed)
    assert len(allowed) == 1 + 3 + 3 + 1
    match.play("discard 3D 4D 5D")
    assert match.view(1)["exchanged"][1] == 3


def test_S8_rob_with_few_trumps_discards_exactly_the_stock_size_of_non_trumps() -> None:
    dealer_hand = "AH 2C 3C 4C 5C 6C"
    match = new(0, {0: dealer_hand}, stock="KH QH 7D 8D 9D TD JD 2S 3S 4S 5S 6S 7S 8S 9S TS JS")
    match.play("bid 3")
    for _ in range(5):
        match.play("pass")
    match.play("trump H")
    for _ in range(5):
        match.play("discard")
    assert phase(match) == "rob" and match.to_act == 0
    hand = match.view(0)["hand"]
    assert len(hand) == 23
    trumps = {"AH", "KH", "QH", "JD"}
    plain = [c for c in hand if c not in trumps]
    allowed = set(legal(match))
    assert allowed == {"discard " + " ".join(deck_order(list(combo)))
                       for combo in itertools.combinations(plain, 17)}
    match.play("discard " + " ".join(plain[:17]))
    assert phase(match) == "play" and match.to_act == 1  # the bidder leads (§9)
    assert set(match.view(0)["hand"]) == trumps | set(plain[17:])


def test_S8_dealer_as_bidder_robs_last_and_leads() -> None:
    match = new(5, {5: "AH KH QH JH JD TH"}, stock="9H 8H 7H 6H 5H 4H 3H 2H JK")
    for _ in range(5):
        match.play("pass")
    match.play("bid 4")
    match.play("trump H")
    for _ in range(5):
        match.play("discard")
    hand = match.view(5)["hand"]
    assert len(hand) == 23
    # 15 trumps: all 8 non-trumps and 9 trumps go; A, RB, LB, 2 and JK stay
    assert all(c not in a.split() for a in legal(match)
               for c in ("AH", "JH", "JD", "2H", "JK"))
    # 15 trumps, 10 of them free (K Q T 9..3): he keeps exactly one of those
    free = [c for c in hand if c[1] == "H" and c not in ("AH", "JH", "2H")]
    assert len(free) == 10
    assert set(legal(match)) == {"discard " + " ".join(deck_order(
        [c for c in hand if c not in ("AH", "JH", "JD", "2H", "JK", keep)]))
        for keep in free}
    match.play("discard " + " ".join(deck_order(
        [c for c in hand if c not in ("AH", "JH", "JD", "2H", "JK", "KH")])))
    assert phase(match) == "play" and match.to_act == 5
    assert set(match.view(5)["hand"]) == {"AH", "JH", "JD", "2H", "JK", "KH"}


def test_NOTATION_discard_alone_and_deck_order() -> None:
    match = new(0, {1: "7C 8D JK 2H 3H 4H"})
    match.play("bid 3")
    for _ in range(5):
        match.play("pass")
    match.play("trump H")
    assert legal(match) == ["discard", "discard 7C", "discard 8D", "discard 7C 8D"]
    assert match.play("discard 8d 7c").text == "discard 7C 8D"


# --- §9 trick play ----------------------------------------------------------------------------

def _to_play(hands: dict[int, str], bidder: int = 3, trump: str = "H",
             **options: Any) -> stammtisch.Match:
    used = " ".join(hands.values()).split()
    trumps = {"JK", "J" + PARTNER[trump]}
    stock = [c for c in FULL if c not in used and c not in trumps and c[1] != trump][:17]
    match = new(0, hands, stock=" ".join(stock), **options)
    while phase(match) == "auction":
        match.play("bid 3" if match.to_act == bidder else "pass")
    match.play(f"trump {trump}")
    while phase(match) == "exchange":
        match.play("discard")
    match.play("discard " + " ".join(deck_order(stock)))  # the dealer keeps his six
    return match


def test_S9_bidder_leads_any_card_joker_lead_is_a_trump_lead() -> None:
    hands = {3: "JK 2C 3C 4C 5C 6C", 4: "9H AC KC QC JC TC", 0: "2S 3S 4S 5S 6S 7S"}
    match = _to_play(hands)
    assert match.to_act == 3 and len(legal(match)) == 6
    match.play("play JK")
    assert legal(match) == ["play 9H"]


def test_S9_trump_anytime_never_loosens_a_trump_lead() -> None:
    hands = {3: "JD 2C 3C 4C 5C 6C", 4: "9H AC KC QC JC TC", 0: "2S 3S 4S 5S 6S 7S"}
    match = _to_play(hands, trump_anytime=True)
    match.play("play JD")
    assert legal(match) == ["play 9H"]


def test_S9_void_player_may_play_anything_no_obligation_to_trump() -> None:
    hands = {3: "AC 2D 3D 4D 5D 6D", 4: "9H AS KS QS JS TS", 0: "2S 3S 4S 5S 6S 7S"}
    match = _to_play(hands)
    match.play("play AC")
    assert set(legal(match)) == {f"play {c}" for c in "9H AS KS QS JS TS".split()}


def test_S9_winner_leads_the_next_trick() -> None:
    hands = {3: "3C 2D 3D 4D 5D 6D", 4: "2C 7D 8D 9D TD QD", 5: "AC 2S 3S 4S 5S 6S"}
    match = _to_play(hands, bidder=3, trump="D")
    for card in ("3C", "2C", "AC"):
        match.play(f"play {card}")
    for _ in range(3):
        match.play(legal(match)[0])
    winner = match.view(None)["tricks"][0]["winner"]
    assert match.to_act == winner and match.view(None)["trick"]["leader"] == winner
    if not any(c[1] == "D" or c in ("JH", "JK")
               for c in match.view(None)["tricks"][0]["cards"][3:]):
        assert winner == 5


# --- §10, §11 scoring and match end -------------------------------------------------------------

def test_S4_S11_next_deal_passes_left_after_a_played_deal() -> None:
    match = new(5)
    while phase(match) == "auction":
        match.play("bid 3" if match.to_act == 0 else "pass")
    rng = random.Random(1)
    while match.view(None)["deal"] == 0:
        match.play(rng.choice(legal(match)))
    assert match.view(None)["dealer"] == 0 and match.to_act == 1


# --- illegal actions are refused, the state unchanged -------------------------------------------

def test_S6_S8_illegal_actions_are_refused() -> None:
    match = new(0, {1: "JS JK 2D 3D 4D 5D"}, stick_the_dealer=True)
    match.play("bid 3")
    for text in ("bid 3", "bid 2", "bid 7", "trump H", "discard", "play 2C"):
        with pytest.raises(IllegalActionError):
            match.play(text)
    for _ in range(4):
        match.play("pass")
    assert match.to_act == 0 and legal(match) == ["pass", "bid 4", "bid 5", "bid 6"]
    match.play("pass")
    assert match.to_act == 1 and phase(match) == "trump"  # seat 1 does not bid again
    with pytest.raises(IllegalActionError):
        match.play("bid 4")
    match.play("trump C")
    with pytest.raises(IllegalActionError):
        match.play("discard JS")  # the left bauer of clubs
    with pytest.raises(IllegalActionError):
        match.play("discard 2D JK")
    with pytest.raises(IllegalActionError):
        match.play("discard 2D 3D 4D 5D")
    with pytest.raises(IllegalActionError):
        match.play("play 2D")
    match.play("discard 2D 3D 4D")
