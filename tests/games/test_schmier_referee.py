"""Schmier: a referee that recomputes every match under every option combination
(DESIGN.md "Tests" 2, docs/rules/schmier.md).

``test_every_option_combination`` plays one seeded random match for every
combination of the option values on the fast path (``legal``/``apply`` on ints);
after every action a :class:`Referee` that follows the public events with its own
small rules code checks the seat to act, the legal actions (§6-§9), trick winners
(§2, §9), the six points and the score of every deal (§10), the match end (§11);
and the hand sizes and that every card is in exactly one place (from ``dump()``).

Random players pass with a per-match bias; targets are small to keep matches
short (uniformly random bidders mostly fail their bids, so scores drift down).
What every game must keep (hidden cards, undo, replay, clones, the fast path) the
contract test checks (test_contract.py).
"""

from __future__ import annotations

import itertools
import random
from collections.abc import Iterator, Sequence
from typing import Any

import pytest

from stammtisch.cards import SCHMIER_DECK, card_code, iter_cards, parse_card, parse_cards
from stammtisch.games import schmier
from stammtisch.games.schmier import SchmierState

MAX_ACTIONS = 200_000
FULL_CODES = [card_code(c) for c in SCHMIER_DECK]

OPTION_VALUES: dict[str, tuple[Any, ...]] = {
    "partnerships": ("3x2", "2x3"),
    "bids": ((3, 6), (1, 4)),  # (min_bid, max_bid)
    "stick_the_dealer": (False, True),
    "dealer_may_equal_high_bid": (False, True),
    "max_discard": (0, 1, 3),
    "trump_anytime": (False, True),
    "game_point_tie": ("none", "bidder"),
    "unresolved_tie": ("play_on", "joint_win"),
}
PASS_BIAS = (0.5, 0.8, 0.95)


def combinations() -> Iterator[dict[str, Any]]:
    keys = list(OPTION_VALUES)
    for index, values in enumerate(itertools.product(*OPTION_VALUES.values())):
        options = dict(zip(keys, values, strict=True))
        options["min_bid"], options["max_bid"] = options.pop("bids")
        options["target_score"] = 3 + index % 4
        options["first_dealer"] = "random" if index % 2 else index % 6
        yield options


# --- the referee's own rules ------------------------------------------------------------

PARTNER_SUIT = {"C": "S", "S": "C", "D": "H", "H": "D"}
PLAIN_ORDER = "AKQJT98765432"
COUNT = {"A": 4, "K": 3, "Q": 2, "J": 1, "T": 10}  # "JK" starts with J: 1


def trump_order(trump: str) -> list[str]:
    """§2: A K Q RB LB T 9 .. 2 JK, high to low."""
    return ([f"A{trump}", f"K{trump}", f"Q{trump}", f"J{trump}", f"J{PARTNER_SUIT[trump]}"]
            + [f"{r}{trump}" for r in "T98765432"] + ["JK"])


def suit(card: str, trump: str) -> str:
    return trump if card in ("JK", f"J{PARTNER_SUIT[trump]}") else card[1]


def winner_index(cards: Sequence[str], trump: str) -> int:
    order = trump_order(trump)
    trumps = [i for i, c in enumerate(cards) if suit(c, trump) == trump]
    if trumps:
        return min(trumps, key=lambda i: order.index(cards[i]))
    led = suit(cards[0], trump)
    return min((i for i, c in enumerate(cards) if suit(c, trump) == led),
               key=lambda i: PLAIN_ORDER.index(cards[i][0]))


def score_deal(tricks: Sequence[tuple[int, list[str]]], trump: str, teams: int,
               bidder: int, bid: int, tie_to_bidder: bool) -> dict[str, Any]:
    """§10 from the tricks (leader, cards in play order): points, won, delta."""
    captured: list[list[str]] = [[] for _ in range(teams)]
    points: dict[str, int | None] = {}
    for leader, cards in tricks:
        team = (leader + winner_index(cards, trump)) % 6 % teams
        captured[team] += cards
        for i, card in enumerate(cards):
            if card == f"A{trump}":
                points["high"] = (leader + i) % 6 % teams
            if card == f"2{trump}":
                points["low"] = (leader + i) % 6 % teams
        for name, card in (("right_bauer", f"J{trump}"), ("left_bauer", f"J{PARTNER_SUIT[trump]}"),
                           ("joker", "JK")):
            if card in cards:
                points[name] = team
    counts = [sum(COUNT.get(c[0], 0) for c in cards) for cards in captured]
    top = [k for k in range(teams) if counts[k] == max(counts)]
    bidding = bidder % teams
    points["game"] = top[0] if len(top) == 1 else (
        bidding if tie_to_bidder and bidding in top else None)
    won = [sum(1 for t in points.values() if t == k) for k in range(teams)]
    delta = won[:]
    if won[bidding] < bid:
        delta[bidding] = -bid
    return {"points": points, "game_counts": counts, "won": won, "delta": delta}


def subsets(cards: Sequence[str], sizes: Sequence[int]) -> list[int]:
    ordered = sorted(cards, key=FULL_CODES.index)
    return [schmier.discard(parse_cards(" ".join(combo)))
            for size in sizes for combo in itertools.combinations(ordered, size)]


class Referee:
    """Follows a match from its public events and checks them against the rules;
    reads the hands of the state only to say what is legal."""

    def __init__(self, options: dict[str, Any]) -> None:
        self.options = options
        self.teams = 3 if options["partnerships"] == "3x2" else 2
        self.scores = [0] * self.teams
        self.dealer: int | None = None
        self.thrown_in = False
        self.over = False
        self.winners: list[int] = []
        self.deal_scores: list[list[int]] = []

    def new_deal(self, event: dict[str, Any]) -> None:
        if self.dealer is None:
            assert self.options["first_dealer"] in ("random", event["dealer"])
        else:
            step = 0 if self.thrown_in else 1
            assert event["dealer"] == (self.dealer + step) % 6, "the deal passes left (§4)"
        self.dealer = event["dealer"]
        self.thrown_in = False
        self.phase = "auction"
        self.expected = (self.dealer + 1) % 6
        self.high, self.bidder = 0, -1
        self.trump = ""
        self.drawn = 0
        self.trick: list[str] = []
        self.leader = -1
        self.tricks: list[tuple[int, list[str]]] = []

    def follow(self, events: list[dict[str, Any]]) -> None:
        for event in events:
            kind = event["type"]
            if kind == "deal":
                assert not self.over
                self.new_deal(event)
            elif kind == "action":
                assert event["seat"] == self.expected, f"seat {event['seat']} acted"
                self.action(event["seat"], event["action"])
            elif kind == "exchange":
                self.exchange(event["seat"], event["count"])
            elif kind == "rob":
                assert event["seat"] == self.dealer == self.expected
                assert event["count"] == 17 - self.drawn >= 2
                self.phase = "rob"
            elif kind == "throw_in":
                assert self.phase == "auction_over" and self.bidder < 0
                self.thrown_in = True
            elif kind == "contract":
                assert self.phase == "auction_over"
                assert (event["bidder"], event["bid"]) == (self.bidder, self.high)
                self.phase, self.expected = "trump", self.bidder
            elif kind == "trick":
                self.check_trick(event)
            elif kind == "deal_score":
                self.check_score(event)
            elif kind == "match_over":
                assert self.over and event["winners"] == self.winners
                assert event["scores"] == self.scores

    def action(self, seat: int, text: str) -> None:
        words = text.split()
        if self.phase == "auction":
            n = int(words[1]) if words[0] == "bid" else 0
            if n:
                self.high, self.bidder = n, seat
            if n == self.options["max_bid"] or seat == self.dealer:
                self.phase = "auction_over"
            else:
                self.expected = (seat + 1) % 6
        elif self.phase == "trump":
            assert words[0] == "trump"
            self.trump = words[1]
            assert self.dealer is not None
            self.phase, self.expected = "exchange", (self.dealer + 1) % 6
        else:
            assert self.phase == "play" and words[0] == "play"
            if not self.trick:
                self.leader = seat
            self.trick.append(words[1])
            self.expected = (seat + 1) % 6

    def exchange(self, seat: int, count: int) -> None:
        assert seat == self.expected
        if seat == self.dealer:
            assert self.phase == "rob"
            self.phase, self.expected = "play", self.bidder
            return
        assert self.phase == "exchange" and 0 <= count <= self.options["max_discard"]
        self.drawn += count
        self.expected = (seat + 1) % 6

    def check_trick(self, event: dict[str, Any]) -> None:
        assert len(self.trick) == 6 and event["cards"] == self.trick
        assert event["leader"] == self.leader
        if not self.tricks:
            assert self.leader == self.bidder, "the bidder leads first (§9)"
        winner = (self.leader + winner_index(self.trick, self.trump)) % 6
        assert event["winner"] == winner, f"trick {self.trick} won by seat {winner}"
        self.tricks.append((self.leader, self.trick))
        self.trick = []
        self.expected = winner

    def check_score(self, event: dict[str, Any]) -> None:
        assert len(self.tricks) == 6
        expected = score_deal(self.tricks, self.trump, self.teams, self.bidder, self.high,
                              self.options["game_point_tie"] == "bidder")
        for key, value in expected.items():
            assert event[key] == value, f"{key}: {event[key]} != {value} (§10)"
        for k in range(self.teams):
            self.scores[k] += expected["delta"][k]
        self.deal_scores.append(expected["delta"])
        assert event["scores"] == self.scores
        top = max(self.scores)
        tied = [k for k in range(self.teams) if self.scores[k] == top]
        if top >= self.options["target_score"]:  # §11
            if len(tied) == 1:
                self.winners = tied
            elif self.bidder % self.teams in tied:
                self.winners = [self.bidder % self.teams]
            elif self.options["unresolved_tie"] == "joint_win":
                self.winners = tied
        self.over = bool(self.winners)

    def legal(self, state: SchmierState) -> list[int]:
        if self.over:
            return []
        phase, seat = self.phase, self.expected
        hand = [card_code(c) for c in iter_cards(state.hands[seat])]
        o = self.options
        if phase == "auction":
            low = self.high + 1
            if seat == self.dealer and o["dealer_may_equal_high_bid"] and self.high:
                low = self.high
            bids = [schmier.bid(n) for n in range(max(low, o["min_bid"]), o["max_bid"] + 1)]
            if seat == self.dealer and o["stick_the_dealer"] and not self.high:
                return bids
            return [schmier.PASS, *bids]
        if phase == "trump":
            return [schmier.trump(s) for s in range(4)]
        plain = [c for c in hand if suit(c, self.trump) != self.trump]
        if phase == "exchange":
            return subsets(plain, range(min(o["max_discard"], len(plain)) + 1))
        if phase == "rob":
            trumps = [c for c in hand if c not in plain]
            extra = len(hand) - 6
            if len(trumps) <= 6:
                return subsets(plain, [extra])
            order = trump_order(self.trump)
            protected = {order[0], order[3], order[4], order[13], "JK"}
            free = [c for c in trumps if c not in protected]
            base = parse_cards(" ".join(plain))
            return [a | base for a in subsets(free, [len(trumps) - 6])]
        cards = hand
        if self.trick:
            led = suit(self.trick[0], self.trump)
            follow = [c for c in hand if suit(c, self.trump) == led]
            if follow and o["trump_anytime"] and led != self.trump:
                follow += [c for c in hand if suit(c, self.trump) == self.trump]
            cards = follow or hand
        return [schmier.play(parse_card(c)) for c in sorted(cards, key=FULL_CODES.index)]


def check_cards(dump: dict[str, Any]) -> None:
    """Every card in exactly one place: hands, stock, discards, trick, captured."""
    places = [*dump["hands"], dump["stock"], *dump["discards"], dump["trick"], *dump["captured"]]
    cards = [card for place in places for card in place]
    assert sorted(cards, key=FULL_CODES.index) == FULL_CODES, "a card missing or twice"
    sizes = [len(h) for h in dump["hands"]]
    if dump["phase"] in ("auction", "trump", "exchange"):
        assert sizes == [6] * 6
    elif dump["phase"] == "play":
        played = len(dump["tricks"]) * 6 + len(dump["trick"])
        assert sum(sizes) == 36 - played


def play_checked(options: dict[str, Any], seed: int) -> int:
    """One random match on the fast path, every invariant after every action."""
    state = SchmierState(options, seed)
    events = state.events
    assert events is not None
    referee = Referee(options)
    rng = random.Random(seed)
    bias = PASS_BIAS[seed % len(PASS_BIAS)]
    referee.follow(events)
    events.clear()
    count = 0
    while state.to_act >= 0:
        assert count < MAX_ACTIONS, "no end"
        legal = state.legal()
        assert state.to_act == referee.expected, "the seat to act"
        assert legal == referee.legal(state), f"legal actions before action {count}"
        action = schmier.PASS if schmier.PASS in legal and rng.random() < bias \
            else rng.choice(legal)
        state.apply(action)
        count += 1
        try:
            referee.follow(events)
            check_cards(state.dump())
        except AssertionError as error:
            raise AssertionError(f"after action {count - 1} ({state.action_text(action)}): "
                                 f"{error}; events {events}") from None
        events.clear()
    assert referee.over and state.legal() == []
    result = state.result()
    assert result is not None
    assert result["winners"] == referee.winners and result["scores"] == referee.scores
    assert [sum(d[k] for d in referee.deal_scores) for k in range(referee.teams)] == \
        result["scores"], "the scores are the sum of what the deals awarded"
    if options["unresolved_tie"] == "play_on":
        assert result["winner"] is not None and len(result["winners"]) == 1
    return count


@pytest.mark.slow
def test_every_option_combination() -> None:
    failures = []
    for index, options in enumerate(combinations()):
        for seed in (index, 10_000 + index):  # two matches: two pass biases
            try:
                play_checked(options, seed)
            except Exception as error:  # collect, then report them all
                failures.append(f"seed={seed} options={options}: {type(error).__name__} {error}")
    assert not failures, f"{len(failures)} failing matches, first: {failures[0]}"
