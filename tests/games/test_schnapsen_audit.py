"""Schnapsen engine audit against docs/rules/schnapsen.md (§1-§14), README.md and NOTATION.md.

Two parts:

- ``Reference``: a slow, independent re-implementation written straight from the spec
  (card codes, sets and lists; nothing shared with the engine but the shuffled deck).
  Random matches under random option combinations are played on both, and at every
  step the *set* of legal actions, the seat to act, the credited/pending points and,
  after every deal, the award and the match score must agree. This is what an outside
  implementation of the same spec will compare.
- Focused tests for the points the brief names (deal, draws, exchange at ``t`` = 2/4,
  marriage timing, closing, claims, every row of the §10 tables).
"""

from __future__ import annotations

import random
from typing import Any

import pytest

import stammtisch
from stammtisch.cards import SCHNAPSEN_DECKS, card_code, parse_card

# --- the reference implementation --------------------------------------------------

STRENGTH = {"9": 0, "J": 1, "Q": 2, "K": 3, "T": 4, "A": 5}
POINTS = {"9": 0, "J": 2, "Q": 3, "K": 4, "T": 10, "A": 11}
OPTION_VALUES: dict[str, list[Any]] = {
    "deck_size": [20, 24],
    "hand_size": [5, 6],
    "follow_suit_mode": ["after_close_or_exhaustion", "always"],
    "strict_must_head": [True, False],
    "strict_must_trump": [True, False],
    "end_mode": ["first_to_66", "all_cards"],
    "claim_mode": ["automatic", "manual"],
    "schneider_max_points": [33, 32, 0, 65, 40],
    "schwarz_basis": ["points", "tricks"],
    "first_to_66_award": ["graded", "flat"],
    "no_66_result": ["no_winner", "last_trick"],
    "closed_score_snapshot": ["end", "at_close"],
    "closer_fail_award": ["seed", "traditional"],
    "marriage_after_close_or_exhaustion": [False, True],
    "last_trick_bonus": [0, 10],
    "match_target": [1, 2, 3, 7],
    "first_dealer": [0, 1],
}
DEFAULTS: dict[str, Any] = {
    "deck_size": 20, "hand_size": 5, "follow_suit_mode": "after_close_or_exhaustion",
    "strict_must_head": True, "strict_must_trump": True, "end_mode": "first_to_66",
    "claim_mode": "automatic", "schneider_max_points": 33, "schwarz_basis": "points",
    "first_to_66_award": "graded", "no_66_result": "no_winner",
    "closed_score_snapshot": "end", "closer_fail_award": "seed",
    "marriage_after_close_or_exhaustion": False, "last_trick_bonus": 0,
    "match_target": 7,
}


class Reference:
    """Schnapsen from the spec text, one deal at a time (cards are codes like ``"AH"``)."""

    def __init__(self, options: dict[str, Any]) -> None:
        self.o = {**DEFAULTS, **options}
        self.dealer: int = self.o["first_dealer"]
        self.game_points = [0, 0]
        self.over = False
        self.last: tuple[int | None, int] | None = None

    # §5
    def deal(self, deck: list[str]) -> None:
        k = self.o["hand_size"]
        nd, d = 1 - self.dealer, self.dealer
        self.hands: list[set[str]] = [set(), set()]
        self.hands[nd] |= set(deck[0:3]) | set(deck[6:6 + k - 3])
        self.hands[d] |= set(deck[3:6]) | set(deck[6 + k - 3:2 * k])
        self.trump_card: str | None = deck[2 * k]
        self.trump = deck[2 * k][1]
        self.talon = list(deck[2 * k + 1:])  # face down, top first
        self.closer: int | None = None
        self.points = [0, 0]
        self.pending = [0, 0]
        self.tricks = [0, 0]
        self.snap: tuple[int, int] | None = None
        self.lead: str | None = None
        self.to_act = nd
        self.declared: str | None = None
        self.may_claim = False
        self.last_winner: int | None = None

    @property
    def t(self) -> int:
        return len(self.talon) + (1 if self.trump_card is not None else 0)

    @property
    def open(self) -> bool:
        return self.closer is None and self.t > 0

    def low(self) -> str:
        return ("9" if self.o["deck_size"] == 24 else "J") + str(self.trump)

    def claims_possible(self) -> bool:
        return bool(self.o["claim_mode"] == "manual" and self.o["end_mode"] == "first_to_66")

    def legal(self) -> set[str]:
        seat = self.to_act
        hand = self.hands[seat]
        if self.lead is not None:  # §7
            led = self.lead[1]
            same = {c for c in hand if c[1] == led}
            if self.open:
                if self.o["follow_suit_mode"] == "always" and same:
                    return {"play " + c for c in same}
                return {"play " + c for c in hand}
            if same:
                higher = {c for c in same if STRENGTH[c[0]] > STRENGTH[self.lead[0]]}
                if self.o["strict_must_head"] and higher:
                    return {"play " + c for c in higher}
                return {"play " + c for c in same}
            trumps = {c for c in hand if c[1] == self.trump}
            if self.o["strict_must_trump"] and trumps:
                return {"play " + c for c in trumps}
            return {"play " + c for c in hand}
        if self.declared is not None:  # §14 manual
            out = {"play " + self.declared}
            if self.claims_possible():
                out.add("claim")
            return out
        out = {"play " + c for c in hand}
        if self.open or self.o["marriage_after_close_or_exhaustion"]:
            for c in hand:
                if c[0] in "KQ" and ("Q" if c[0] == "K" else "K") + c[1] in hand:
                    out.add("marriage " + c)
        if self.open:
            out.add("close")
            if self.t > 2 and self.low() in hand:
                out.add("exchange")
        if self.may_claim and self.claims_possible():
            out.add("claim")
        return out

    def act(self, action: str) -> bool:
        """Apply ``action``; True when the deal ended."""
        seat = self.to_act
        words = action.split()
        if words[0] == "exchange":
            assert self.trump_card is not None
            self.hands[seat].remove(self.low())
            self.hands[seat].add(self.trump_card)
            self.trump_card = self.low()
            self.may_claim = False
            return False
        if words[0] == "close":
            self.closer = seat
            self.snap = (self.points[1 - seat], self.tricks[1 - seat])
            self.may_claim = False
            return False
        if words[0] == "claim":
            if self.points[seat] >= 66:
                return self.reached(seat)
            other = 1 - seat
            return self.end(other, 3 if self.tricks[other] == 0 else 2)
        card = words[1]
        if words[0] == "marriage":
            value = 40 if card[1] == self.trump else 20
            if self.tricks[seat]:
                self.points[seat] += value
            else:
                self.pending[seat] += value
            if self.o["claim_mode"] == "manual":
                self.declared = card
                self.may_claim = True
                return False
            if self.o["end_mode"] == "first_to_66" and self.points[seat] >= 66:
                return self.reached(seat)
        self.hands[seat].remove(card)
        if self.lead is None:
            self.lead = card
            self.declared = None
            self.may_claim = False
            self.to_act = 1 - seat
            return False
        lead, leader = self.lead, 1 - seat
        self.lead = None
        if card[1] == lead[1]:
            winner = seat if STRENGTH[card[0]] > STRENGTH[lead[0]] else leader
        else:
            winner = seat if card[1] == self.trump else leader
        gained = POINTS[lead[0]] + POINTS[card[0]]
        if self.tricks[winner] == 0:
            gained += self.pending[winner]
            self.pending[winner] = 0
        self.tricks[winner] += 1
        self.last_winner = winner
        last = not self.hands[0] and not self.hands[1]
        if last and self.closer is None:
            gained += self.o["last_trick_bonus"]
        self.points[winner] += gained
        if (self.o["claim_mode"] == "automatic" and self.o["end_mode"] == "first_to_66"
                and self.points[winner] >= 66):
            return self.reached(winner)
        if last:
            return self.cards_out()
        if self.open:  # §6.5: winner first, the trump card last
            stock = self.talon + ([self.trump_card] if self.trump_card else [])
            self.hands[winner].add(stock[0])
            self.hands[1 - winner].add(stock[1])
            rest = stock[2:]
            if rest:
                self.talon = rest[:-1]
            else:
                self.talon, self.trump_card = [], None
        self.to_act = winner
        self.may_claim = True
        return False

    # §10
    def graded(self, p: int, n: int) -> int:
        if self.o["schwarz_basis"] == "points" and p == 0:
            return 3
        if self.o["schwarz_basis"] == "tricks" and n == 0:
            return 3
        return 2 if p <= self.o["schneider_max_points"] else 1

    def closed_award(self, success: bool) -> bool:
        assert self.closer is not None and self.snap is not None
        c, o = self.closer, 1 - self.closer
        if success:
            if self.o["closed_score_snapshot"] == "at_close":
                return self.end(c, self.graded(*self.snap))
            return self.end(c, self.graded(self.points[o], self.tricks[o]))
        if self.o["closer_fail_award"] == "seed":
            return self.end(o, 3 if self.tricks[o] >= 1 else 2)
        return self.end(o, 3 if self.snap[1] == 0 else 2)

    def reached(self, x: int) -> bool:
        if self.closer is not None:
            return self.closed_award(x == self.closer)
        if self.o["first_to_66_award"] == "flat":
            return self.end(x, 1)
        return self.end(x, self.graded(self.points[1 - x], self.tricks[1 - x]))

    def cards_out(self) -> bool:
        if self.closer is not None:
            return self.closed_award(self.points[self.closer] >= 66)
        high = [s for s in (0, 1) if self.points[s] >= 66]
        if len(high) == 2:
            return self.end(self.last_winner, 1)
        if len(high) == 1:
            return self.end(high[0], self.graded(self.points[1 - high[0]],
                                                 self.tricks[1 - high[0]]))
        if self.o["no_66_result"] == "last_trick":
            return self.end(self.last_winner, 1)
        return self.end(None, 0)

    def end(self, winner: int | None, award: int) -> bool:
        self.last = (winner, award)
        if winner is not None:
            self.game_points[winner] += award
            if self.game_points[winner] >= self.o["match_target"]:
                self.over = True
        self.dealer = 1 - self.dealer
        return True


def random_options(rng: random.Random) -> dict[str, Any]:
    return {key: rng.choice(values) for key, values in OPTION_VALUES.items()}


def compare(options: dict[str, Any], seed: int, rng: random.Random, max_actions: int) -> int:
    match = stammtisch.new_match("schnapsen", seed=seed, **options)
    ref = Reference(options)
    state: Any = match.state
    ref.deal([card_code(c) for c in state.deck])
    deal = 0
    bias = rng.choice((0.0, 0.03, 0.1, 0.3))
    for step in range(max_actions):
        where = f"options={options} seed={seed} step={step} actions={match.actions[-12:]}"
        assert match.to_act == ref.to_act, where
        legal = [a.text for a in match.legal_actions()]
        assert len(legal) == len(set(legal)), where
        assert set(legal) == ref.legal(), where
        assert state.points == ref.points and state.pending == ref.pending, where
        assert state.tricks == ref.tricks, where
        # bias towards the rarer actions so every branch is exercised
        special = [a for a in legal if not a.startswith("play")]
        action = rng.choice(special) if special and rng.random() < bias else rng.choice(legal)
        match.play(action)
        state = match.state
        if ref.act(action):
            last = match.view(None)["last_deal"]
            assert last is not None and last["deal"] == deal, where
            assert (last["winner"], last["game_points"]) == ref.last, where
            assert last["match_points"] == ref.game_points, where
            deal += 1
            if ref.over:
                result = match.result
                assert result is not None, where
                assert result["game_points"] == ref.game_points, where
                assert result["winner"] == (0 if ref.game_points[0] >= ref.o["match_target"]
                                            else 1), where
                assert match.legal_actions() == [], where
                return step + 1
            assert state.deal_number == deal and state.dealer == ref.dealer, where
            ref.deal([card_code(c) for c in state.deck])
        else:
            assert state.deal_number == deal, where
    return max_actions


def test_reference_defaults() -> None:
    rng = random.Random(11)
    for seed in range(60):
        compare({"first_dealer": seed % 2}, seed, rng, 2000)


@pytest.mark.parametrize("batch", range(8))
def test_reference_random_options(batch: int) -> None:
    rng = random.Random(1000 + batch)
    for i in range(60):
        compare(random_options(rng), batch * 1000 + i, rng, 600)


# --- focused tests -------------------------------------------------------------------

def deck_of(forehand: str, dealer: str, trump: str, talon: str = "", *,
            deck_size: int = 20) -> list[str]:
    nd, d = forehand.split(), dealer.split()
    top = nd[:3] + d[:3] + nd[3:] + d[3:] + [trump] + talon.split()
    cards = [parse_card(c) for c in top]
    rest = [c for c in SCHNAPSEN_DECKS[deck_size] if c not in cards]
    return [card_code(c) for c in cards + rest]


def start(deck: list[str], **options: Any) -> stammtisch.Match:
    options.setdefault("first_dealer", 1)
    return stammtisch.new_match("schnapsen", seed=3, decks=[deck], **options)


def legal(match: stammtisch.Match) -> set[str]:
    return {a.text for a in match.legal_actions()}


def test_deal_order_six_cards_and_24() -> None:
    deck = [card_code(c) for c in SCHNAPSEN_DECKS[24]]
    match = stammtisch.new_match("schnapsen", seed=1, decks=[deck], deck_size=24,
                                 hand_size=6, first_dealer=0)
    dump = match.state.dump()
    # §5.1: ND 0 1 2 6 7 8, D 3 4 5 9 10 11, trump 12, t = 12
    assert set(dump["hands"][1]) == {deck[i] for i in (0, 1, 2, 6, 7, 8)}
    assert set(dump["hands"][0]) == {deck[i] for i in (3, 4, 5, 9, 10, 11)}
    assert dump["trump_card"] == deck[12] and dump["talon_size"] == 12
    assert match.to_act == 1


def test_exchange_at_t4_not_t2_and_the_low_trump_is_drawn_last() -> None:
    # trump ♥ (AH turned); seat 0 holds JH. Play down to t = 4, then t = 2.
    deck = deck_of("JH AC TC KC QC", "AD TD KD QD JD", "AH", "TH KH QH JC AS TS KS QS JS")
    match = start(deck)
    for _ in range(3):  # three tricks: t 10 -> 4, seat 0 always wins (leads aces/tens)
        seat0 = sorted(a for a in legal(match) if a.startswith("play ") and a != "play JH")
        match.play(seat0[0])
        match.play(sorted(a for a in legal(match) if a.startswith("play "))[0])
        assert match.to_act == 0, "the stacked deck did not go as planned"
    state: Any = match.state
    assert state.t == 4
    assert "exchange" in legal(match)
    match.play("exchange")
    assert "exchange" not in legal(match) and "close" in legal(match)
    dump = match.state.dump()
    assert dump["trump_card"] == "JH" and "AH" in dump["hands"][0]


def test_exchange_illegal_at_t2_close_and_marriage_legal() -> None:
    match = stammtisch.new_match("schnapsen", seed=5, first_dealer=1)
    state: Any = match.state
    rng = random.Random(2)
    while state.t != 2 or state.lead_card >= 0:
        plays = [a.text for a in match.legal_actions() if a.text.startswith("play")]
        match.play(rng.choice(plays))
        assert not state.deal_number, "seed 5 ends the deal before the talon is down to two"
    seat = match.to_act
    assert seat is not None
    state.hands[seat] |= 1 << state.low_trump  # the rule must not care how he got it
    assert "exchange" not in legal(match)
    assert "close" in legal(match)


def test_marriage_reaching_66_on_first_lead_without_trick_does_not_end() -> None:
    # SN-D11 needs a trick: a 40 before any trick is pending, the K is led.
    deck = deck_of("KH QH AC TC KC", "AD TD KD QD JD", "AH")
    match = start(deck)
    match.play("marriage KH")
    dump = match.state.dump()
    assert dump["pending"][0] == 40 and dump["points"][0] == 0
    assert dump["lead_card"] == "KH" and match.to_act == 1


def test_closed_all_cards_both_over_66_closer_wins_graded() -> None:
    ref = Reference({"first_dealer": 1, "end_mode": "all_cards"})
    ref.deal(deck_of("AC TC KC QC JC", "AD TD KD QD JD", "AH"))
    ref.closer, ref.snap = 0, (0, 0)
    ref.points, ref.tricks = [70, 68], [3, 2]
    ref.hands = [set(), set()]
    ref.last_winner = 1
    assert ref.cards_out() and ref.last == (0, 1)


def test_wrong_claim_scores_opponent() -> None:
    deck = deck_of("AC TC KC QC JC", "AD TD KD QD JD", "AH")
    match = start(deck, claim_mode="manual")
    match.play("play AC")
    match.play("play JD")
    assert "claim" in legal(match)
    match.play("claim")  # 13 points: wrong; seat 1 has no trick -> 3
    last = match.view(None)["last_deal"]
    assert (last["winner"], last["game_points"], last["reason"]) == (1, 3, "wrong_claim")


def test_claim_given_up_by_exchange_close_or_lead_and_never_for_the_follower() -> None:
    deck = deck_of("AC TC KC QC JC", "AD TD KD QD JD", "AH")
    match = start(deck, claim_mode="manual")
    assert "claim" not in legal(match)
    match.play("play AC")
    assert "claim" not in legal(match)  # follower
    match.play("play JD")
    assert "claim" in legal(match)
    match.play("close")
    assert "claim" not in legal(match)


@pytest.mark.parametrize(("options", "expected"), [
    ({}, {"play TH"}),
    ({"strict_must_head": False}, {"play TH", "play QH"}),
    ({"follow_suit_mode": "always"}, {"play TH"}),
])
def test_strict_after_close_follow_and_head(options: dict[str, Any], expected: set[str]) -> None:
    # trump ♠ (JS turned); seat 0 closes before trick 1 and leads KH (§6.2, §7)
    match = start(deck_of("KH AC TC KC QC", "TH QH AS JC KD", "JS"), **options)
    match.play("close")
    assert legal(match) == {"play KH", "play AC", "play TC", "play KC", "play QC"}
    match.play("play KH")
    assert legal(match) == expected


@pytest.mark.parametrize(("options", "expected"), [
    ({}, {"play AS"}),
    ({"strict_must_trump": False}, {"play AS", "play KD", "play JC", "play QD", "play TD"}),
])
def test_strict_after_close_void_must_trump(options: dict[str, Any], expected: set[str]) -> None:
    match = start(deck_of("KH AC TC KC QC", "AS KD JC QD TD", "JS"), **options)
    match.play("close")
    match.play("play KH")
    assert legal(match) == expected


def test_open_phase_follower_may_play_anything_and_no_lead_actions() -> None:
    match = start(deck_of("KH AC TC KC QC", "TH QH AS JC KD", "JS"))
    match.play("play KH")
    assert legal(match) == {"play TH", "play QH", "play AS", "play JC", "play KD"}


def test_first_lead_actions_and_after_exchange() -> None:
    # seat 0 holds the low trump JS and K+Q of hearts and of spades
    match = start(deck_of("KH QH KS QS JS", "AC TC KC QC JC", "AS"))
    moves = {"play KH", "play QH", "play KS", "play QS", "play JS"}
    marriages = {"marriage KH", "marriage QH", "marriage KS", "marriage QS"}
    assert legal(match) == moves | marriages | {"exchange", "close"}
    match.play("exchange")
    assert legal(match) == (moves - {"play JS"}) | {"play AS"} | marriages | {"close"}
    match.play("close")
    assert legal(match) == (moves - {"play JS"}) | {"play AS"}


def test_manual_claim_all_cards_never_legal_and_marriage_two_step() -> None:
    match = start(deck_of("KH QH AC TC KC", "AD TD KD QD JD", "AS"),
                  claim_mode="manual", end_mode="all_cards")
    match.play("play AC")
    match.play("play JD")
    assert "claim" not in legal(match)
    match.play("marriage KH")
    assert legal(match) == {"play KH"}


def test_manual_marriage_then_claim_or_the_declared_card_only() -> None:
    match = start(deck_of("KH QH AC TC KC", "AD TD KD QD JD", "AS"), claim_mode="manual")
    match.play("marriage QH")  # no trick yet: 20 pending, a claim would be wrong
    assert legal(match) == {"play QH", "claim"}
    match.play("play QH")
    assert legal(match) == {"play AD", "play TD", "play KD", "play QD", "play JD"}


def test_automatic_marriage_reaching_66_ends_before_the_card_is_led() -> None:
    # SN-D11/SN-T12: 40 in trumps after tricks worth 26 -> 66 exactly
    match = start(deck_of("AC TC KS QS JH", "JC QC AD TD KD", "AS", "QD JD TH KH"))
    match.play("play AC")
    match.play("play JC")  # seat 0: 13
    match.play("play TC")
    match.play("play QC")  # seat 0: 26
    last_before = match.view(None)["last_deal"]
    assert last_before is None
    match.play("marriage KS")  # 26 + 40 = 66
    last = match.view(None)["last_deal"]
    assert last is not None and last["points"][0] == 66 and last["by"] == 0
    assert (last["winner"], last["game_points"]) == (0, 3)  # seat 1 has 0 points


def test_fast_deal_shuffle_is_the_keyed_shuffle_of_core_rng() -> None:
    from stammtisch.core.rng import shuffled
    from stammtisch.games.schnapsen import _deal_shuffle
    for size in (20, 24):
        cards = SCHNAPSEN_DECKS[size]
        for seed in (*range(300), -7, 2**70, 123456789):
            for number in (0, 1, 5, 99):
                assert _deal_shuffle(cards, seed, number) == shuffled(cards, seed, "deal", number)
