"""Property tests of Schmier (DESIGN.md "Tests" 2, rules/schmier.md).

- ``test_every_option_combination``: one seeded random match for every
  combination of the option values, on the fast path (``legal``/``apply`` on
  ints), checked after every action by a :class:`Referee` that follows the public
  events with its own small rules code: the seat to act, the legal actions
  (§6-§9), trick winners (§2, §9), the six points and the score of every deal
  (§10), the match end (§11); every card in exactly one place (from ``dump()``).
- hypothesis tests through the public ``Match`` API: views and events leak no
  hidden card, undo restores the exact previous state, ``replay(record())``
  reaches the same state and result.
- The golden records of tests/data/schmier-*.json replay to their stored result.

Random players pass with a per-match bias; targets are small to keep matches
short (uniformly random bidders mostly fail their bids, so scores drift down).
"""

from __future__ import annotations

import hashlib
import itertools
import json
import random
import sys
from collections.abc import Iterator, Sequence
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import stammtisch
from stammtisch.cards import SCHMIER_DECK, card_code, iter_cards, parse_card, parse_cards
from stammtisch.games import schmier
from stammtisch.games.schmier import SchmierState

MAX_ACTIONS = 200_000
FULL_CODES = [card_code(c) for c in SCHMIER_DECK]
CARD_CODES = frozenset(FULL_CODES)

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
        if count % 50 == 0:
            snapshot = state.dump()
            other = state.clone()
            other.apply(rng.choice(legal))
            assert state.dump() == snapshot, "applying to a clone changed the original"
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


# --- the public API, with hypothesis ---------------------------------------------------

Setup = tuple[dict[str, Any], int, float]


@st.composite
def setups(draw: st.DrawFn) -> Setup:
    options: dict[str, Any] = {}
    for key, values in OPTION_VALUES.items():
        options[key] = draw(st.sampled_from(values))
    options["min_bid"], options["max_bid"] = options.pop("bids")
    options["target_score"] = draw(st.integers(1, 6))
    options["first_dealer"] = draw(st.one_of(st.just("random"), st.integers(0, 5)))
    return options, draw(st.integers(0, 2**32)), draw(st.sampled_from(PASS_BIAS))


def choose(match: stammtisch.Match, rng: random.Random, bias: float) -> str:
    state = match.state
    legal = state.legal()
    action = schmier.PASS if schmier.PASS in legal and rng.random() < bias \
        else rng.choice(legal)
    return state.action_text(action)


def card_words(value: Any) -> Iterator[str]:
    """Every card code anywhere in a JSON value (keys too; inside action texts too)."""
    if isinstance(value, str):
        yield from (word for word in value.split() if word in CARD_CODES)
    elif isinstance(value, dict):
        for key, item in value.items():
            yield from card_words(key)
            yield from card_words(item)
    elif isinstance(value, list):
        for item in value:
            yield from card_words(item)


def hidden_from(dump: dict[str, Any], seat: int | None) -> set[str]:
    """Other hands, the stock, other players' discards."""
    hidden = set(dump["stock"])
    for other in range(6):
        if other != seat:
            hidden.update(dump["hands"][other])
            hidden.update(dump["discards"][other])
    return hidden


def check_view(match: stammtisch.Match, seat: int | None, dump: dict[str, Any]) -> None:
    view = match.view(seat)
    json.dumps(view)
    hidden = hidden_from(dump, seat)
    for card in card_words(view):
        assert card not in hidden, f"seat {seat} sees hidden card {card}"
    if seat is None:
        assert "hand" not in view
    else:
        assert view["hand"] == dump["hands"][seat]
    if seat is not None and seat == match.to_act:
        assert view["legal_actions"] == [a.text for a in match.legal_actions()] != []
    else:
        assert view["legal_actions"] == []


def check_result(match: stammtisch.Match) -> None:
    result = match.result
    assert result is not None and match.to_act is None and match.legal_actions() == []
    assert result["winners"] and max(result["scores"]) >= match.options["target_score"]
    assert all(result["scores"][w] == max(result["scores"]) for w in result["winners"])
    if match.options["unresolved_tie"] == "play_on":
        assert result["winner"] == result["winners"][0] and len(result["winners"]) == 1
    assert match.events[-1]["type"] == "match_over"


@pytest.mark.slow
@settings(max_examples=80, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(setups())
def test_views_and_events_hold_no_hidden_card(setup: Setup) -> None:
    options, seed, bias = setup
    match = stammtisch.new_match("schmier", seed=seed, **options)
    rng = random.Random(seed)
    seats: list[int | None] = [None, *range(6)]
    seen = 0
    while True:
        dump = match.state.dump()
        check_cards(dump)
        for seat in seats:
            check_view(match, seat, dump)
        events = match.events[seen:]
        seen += len(events)
        json.dumps(events)
        if all(e["type"] != "deal" for e in events):
            hidden = hidden_from(dump, None)
            for card in card_words(events):
                assert card not in hidden, f"event {events} shows hidden card {card}"
        if match.to_act is None:
            break
        match.play(choose(match, rng, bias))
    check_result(match)


def snapshot(match: stammtisch.Match) -> str:
    events = match.events
    return json.dumps({
        "dump": match.state.dump(),
        "views": [match.view(s) for s in (None, *range(6))],
        "actions": match.actions,
        "events": [len(events), events[-8:]],
        "result": match.result,
    }, sort_keys=True)


@pytest.mark.slow
@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(setups())
def test_undo_restores_the_previous_state(setup: Setup) -> None:
    options, seed, bias = setup
    match = stammtisch.new_match("schmier", seed=seed, **options)
    rng = random.Random(seed)
    history = [snapshot(match)]
    while match.to_act is not None:
        action = match.play(choose(match, rng, bias))
        after = snapshot(match)
        assert match.undo() == action
        assert snapshot(match) == history[-1], f"undo of action {len(history) - 1} ({action})"
        match.play(action)
        assert snapshot(match) == after
        history.append(after)
    check_result(match)
    while len(history) > 1:
        history.pop()
        match.undo()
        assert snapshot(match) == history[-1]


@pytest.mark.slow
@settings(max_examples=120, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(setups(), st.integers(0, 300))
def test_replay_of_the_record_reaches_the_same_state(setup: Setup, cut: int) -> None:
    options, seed, bias = setup
    match = stammtisch.new_match("schmier", seed=seed, **options)
    rng = random.Random(seed)
    while match.to_act is not None and len(match.actions) < cut:
        match.play(choose(match, rng, bias))
    record = json.loads(json.dumps(match.record()))
    again = stammtisch.replay(record)
    assert again.state.dump() == match.state.dump()
    assert again.events == match.events and again.result == match.result
    while match.to_act is not None:
        match.play(choose(match, rng, bias))
    again = stammtisch.replay(match.record())
    assert again.state.dump() == match.state.dump() and again.result == match.result
    check_result(again)


def test_illegal_actions_and_bad_options_raise() -> None:
    match = stammtisch.new_match("schmier", seed=5, first_dealer=0)
    for text in ("trump H", "play AS", "discard", "bid 2", "bid 7"):
        with pytest.raises(stammtisch.IllegalActionError):
            match.play(text)
    with pytest.raises(stammtisch.NotationError):
        match.play("bid seven")
    for key, value in (("target_score", -1), ("max_discard", 9), ("partnerships", 3)):
        options: dict[str, Any] = {key: value}
        with pytest.raises(stammtisch.OptionError, match=key):
            stammtisch.new_match("schmier", seed=1, **options)


# --- golden records ----------------------------------------------------------------------

DATA = Path(__file__).resolve().parents[1] / "data"
GOLDEN: dict[str, dict[str, Any]] = {
    "default": {"seed": 10, "options": {}},
    "2x3-variants": {"seed": 12, "options": {
        "partnerships": "2x3", "target_score": 11, "stick_the_dealer": True,
        "dealer_may_equal_high_bid": True, "max_discard": 2, "trump_anytime": True,
        "game_point_tie": "bidder"}},
}


def events_digest(events: list[dict[str, Any]]) -> str:
    return hashlib.sha256(json.dumps(events, sort_keys=True).encode()).hexdigest()


def golden_match(seed: int, options: dict[str, Any]) -> dict[str, Any]:
    """A seeded match of careful random players (they pass 80% of the time)."""
    match = stammtisch.new_match("schmier", seed=seed, **options)
    rng = random.Random(seed)
    while match.to_act is not None:
        match.play(choose(match, rng, 0.8))
    return {"record": match.record(), "result": match.result,
            "events_digest": events_digest(match.events)}


@pytest.mark.parametrize("name", sorted(GOLDEN))
def test_golden_record_replays_to_its_result(name: str) -> None:
    golden = json.loads((DATA / f"schmier-{name}.json").read_text())
    match = stammtisch.replay(golden["record"])
    assert match.result == golden["result"]
    assert events_digest(match.events) == golden["events_digest"]


if __name__ == "__main__":  # rewrite the golden records, only on purpose: --write
    for name, spec in GOLDEN.items():
        path = DATA / f"schmier-{name}.json"
        golden = golden_match(spec["seed"], spec["options"])
        same = path.exists() and json.loads(path.read_text()) == golden
        print(f"{path.name}: {'unchanged' if same else 'differs'}")
        if not same and "--write" in sys.argv:
            path.write_text(json.dumps(golden, indent=1) + "\n")
            print(f"{path.name}: written ({len(golden['record']['actions'])} actions)")
