"""Schnapsen: referees that recompute the score of every deal (DESIGN.md "Tests" 2,
docs/rules/schnapsen.md §8, §10).

- ``test_every_option_combination``: one seeded random match for every
  combination of the option values, on the fast path (``legal``/``apply`` on
  ints), checked after every action by reading the state's slots: card
  conservation, hand sizes, credited and pending points (§8.1), and every deal's
  award against :func:`award`, a small independent reading of §10.
- ``test_game_points_of_random_deals``: thousands of random deals through the
  public API; each deal's facts (points, tricks, closing, how it ended) are
  rebuilt from the public events alone and scored by :func:`award`.

What every game must keep (hidden cards, undo, replay, the fast path) the
contract test checks (test_contract.py).
"""

from __future__ import annotations

import itertools
import random
from collections.abc import Iterator
from typing import Any

import pytest

import stammtisch
from stammtisch.cards import SCHNAPSEN_DECKS, card_code, to_set
from stammtisch.core.options import resolve
from stammtisch.games.schnapsen import CLAIM, OPTIONS, SchnapsenState

CARD_POINTS = {"A": 11, "T": 10, "K": 4, "Q": 3, "J": 2, "9": 0}
BINARY_OPTIONS: dict[str, tuple[Any, Any]] = {
    "deck_size": (20, 24),
    "hand_size": (5, 6),
    "follow_suit_mode": ("after_close_or_exhaustion", "always"),
    "strict_must_head": (True, False),
    "strict_must_trump": (True, False),
    "end_mode": ("first_to_66", "all_cards"),
    "claim_mode": ("automatic", "manual"),
    "schwarz_basis": ("points", "tricks"),
    "first_to_66_award": ("graded", "flat"),
    "no_66_result": ("no_winner", "last_trick"),
    "closed_score_snapshot": ("end", "at_close"),
    "closer_fail_award": ("seed", "traditional"),
    "marriage_after_close_or_exhaustion": (False, True),
    "last_trick_bonus": (0, 10),
}
SCHNEIDER = (33, 32, 0, 65)
MAX_ACTIONS = 20_000


def combinations() -> Iterator[dict[str, Any]]:
    names = list(BINARY_OPTIONS)
    for index, values in enumerate(itertools.product(*BINARY_OPTIONS.values())):
        options = dict(zip(names, values, strict=True))
        options["schneider_max_points"] = SCHNEIDER[index % len(SCHNEIDER)]
        options["first_dealer"] = ("random", 0, 1)[index % 3]
        yield options


# --- §10, read independently ----------------------------------------------------------

def award(options: dict[str, Any], facts: dict[str, Any]) -> tuple[int | None, int]:
    """Winner and game points of a deal from its facts, as §10 and §8.3 say.

    ``facts``: ``points`` and ``tricks`` (credited, at the end), ``closer`` (or
    None), ``points_at_close``/``tricks_at_close`` (the closer's opponent's),
    ``last_trick_winner``, ``reason`` (reached_66, claim, wrong_claim, cards_out)
    and ``by`` (who reached 66 or claimed).
    """
    points, tricks, closer = facts["points"], facts["tricks"], facts["closer"]

    def graded(p: int, n: int) -> int:
        zero = n == 0 if options["schwarz_basis"] == "tricks" else p == 0
        if zero:
            return 3
        return 2 if p <= options["schneider_max_points"] else 1

    def closed(closer_made_it: bool) -> tuple[int, int]:
        other = 1 - closer
        if closer_made_it:
            if options["closed_score_snapshot"] == "at_close":
                return closer, graded(facts["points_at_close"], facts["tricks_at_close"])
            return closer, graded(points[other], tricks[other])
        if options["closer_fail_award"] == "traditional":
            return other, 2 if facts["tricks_at_close"] > 0 else 3
        return other, 3 if tricks[other] > 0 else 2

    reason, by = facts["reason"], facts["by"]
    if reason == "wrong_claim":
        return 1 - by, 3 if tricks[1 - by] == 0 else 2
    if reason in ("reached_66", "claim"):
        assert points[by] >= 66
        if closer is not None:
            return closed(by == closer)
        if options["first_to_66_award"] == "flat":
            return by, 1
        return by, graded(points[1 - by], tricks[1 - by])
    assert reason == "cards_out"
    if closer is not None:
        return closed(points[closer] >= 66)
    high = [seat for seat in (0, 1) if points[seat] >= 66]
    if len(high) == 2:
        return facts["last_trick_winner"], 1
    if len(high) == 1:
        return high[0], graded(points[1 - high[0]], tricks[1 - high[0]])
    if options["no_66_result"] == "last_trick":
        return facts["last_trick_winner"], 1
    return None, 0


# --- every option combination on the fast path ---------------------------------------------

def card_points(cards: int) -> int:
    return sum(CARD_POINTS[card_code(c)[0]] for c in range(52) if cards >> c & 1)


def check_state(state: SchnapsenState, deck: int, k: int) -> None:
    hands, won = state.hands, state.won
    talon = to_set(state.deck[state.talon_pos:]) if state.t else 0
    trump = 1 << state.trump_card if state.t else 0
    lead = 1 << state.lead_card if state.lead_card >= 0 else 0
    parts = (hands[0], hands[1], won[0], won[1], talon, trump, lead)
    assert sum(p.bit_count() for p in parts) == deck.bit_count()
    assert hands[0] | hands[1] | won[0] | won[1] | talon | trump | lead == deck
    if state.over:
        return
    open_ = state.t > 0 and state.closer < 0
    assert state.strict == (not open_)
    if open_ and state.lead_card < 0 and state.declared < 0:
        assert hands[0].bit_count() == hands[1].bit_count() == k
    for seat in (0, 1):
        declared = sum(40 if suit == state.trump_suit else 20
                       for s, suit in state.marriages if s == seat)
        assert won[seat].bit_count() == 2 * state.tricks[seat]
        if state.tricks[seat]:
            assert state.points[seat] == card_points(won[seat]) + declared
            assert state.pending[seat] == 0
        else:
            assert state.points[seat] == 0 and state.pending[seat] == declared
        if state.rules.auto_end:
            assert state.points[seat] < 66


def random_action(state: SchnapsenState, legal: list[int], rng: random.Random) -> int:
    """Uniform, but a claim mostly when it is right (and now and then when it is wrong)."""
    if CLAIM in legal:
        right = state.points[state.to_act] >= 66
        if rng.random() < (0.8 if right else 0.05):
            return CLAIM
        legal = [a for a in legal if a != CLAIM]
    return rng.choice(legal)


@pytest.mark.slow
def test_every_option_combination() -> None:
    deals = 0
    for index, options in enumerate(combinations()):
        resolved = resolve("schnapsen", OPTIONS, {**options, "match_target": 2})
        state = SchnapsenState(resolved, index, ())
        state.events = None
        rng = random.Random(index)
        deck = to_set(SCHNAPSEN_DECKS[options["deck_size"]])
        k = options["hand_size"]
        dealer = state.dealer
        for _ in range(MAX_ACTIONS):
            if state.to_act < 0:
                break
            number = state.deal_number
            state.apply(random_action(state, state.legal(), rng))
            check_state(state, deck, k)
            if state.deal_number != number or state.over:
                deals += 1
                facts = state.last_deal
                assert facts is not None and facts["dealer"] == dealer
                assert (facts["winner"], facts["game_points"]) == award(resolved, facts)
                dealer = 1 - dealer
                assert state.over or state.dealer == dealer
        else:
            raise AssertionError(f"match {index} did not end: {options}")
        result = state.result()
        assert result is not None
        points = result["game_points"]
        assert points[result["winner"]] >= 2 > points[1 - result["winner"]]
    assert deals >= 2 ** len(BINARY_OPTIONS)


# --- game points of thousands of deals, from public events only ------------------------------

def deal_facts(options: dict[str, Any], events: list[dict[str, Any]]) -> dict[str, Any]:
    """The facts of one deal (its events, from ``deal`` to ``deal_end``) rebuilt from
    what both players saw: tricks, marriages, the close, claims."""
    bonus = options["last_trick_bonus"]
    auto = options["claim_mode"] == "automatic" and options["end_mode"] == "first_to_66"
    trump = events[0]["trump_suit"]
    all_tricks = options["deck_size"] // 2
    points, pending, tricks = [0, 0], [0, 0], [0, 0]
    facts: dict[str, Any] = {"closer": None, "points_at_close": None,
                             "tricks_at_close": None, "last_trick_winner": None,
                             "reason": "cards_out", "by": None}
    reached = -1
    for event in events[1:-1]:
        assert reached < 0, "the deal went on after a player reached 66"
        kind = event["type"]
        if kind == "marriage":
            seat = event["seat"]
            value = 40 if event["suit"] == trump else 20
            if tricks[seat]:
                points[seat] += value
            else:
                pending[seat] += value
            if auto and points[seat] >= 66:
                reached = seat
        elif kind == "close":
            seat = event["seat"]
            facts.update(closer=seat, points_at_close=points[1 - seat],
                         tricks_at_close=tricks[1 - seat])
        elif kind == "trick":
            winner = event["winner"]
            points[winner] += sum(CARD_POINTS[c[0]] for c in event["cards"])
            if tricks[winner] == 0:
                points[winner] += pending[winner]
                pending[winner] = 0
            tricks[winner] += 1
            if sum(tricks) == all_tricks and facts["closer"] is None:
                points[winner] += bonus
            facts["last_trick_winner"] = winner
            if auto and points[winner] >= 66:
                reached = winner
        elif kind == "action" and event["action"] == "claim":
            seat = event["seat"]
            facts["by"] = seat
            facts["reason"] = "claim" if points[seat] >= 66 else "wrong_claim"
    if reached >= 0:
        facts.update(reason="reached_66", by=reached)
    facts.update(points=points, tricks=tricks)
    return facts


@pytest.mark.slow
def test_game_points_of_random_deals() -> None:
    rng = random.Random(66)
    deals = 0
    combos = list(combinations())
    seen: set[str] = set()
    while deals < 6000:
        options = {**rng.choice(combos), "match_target": 3}
        match = stammtisch.new_match("schnapsen", seed=rng.randrange(10**9), **options)
        while match.to_act is not None:
            state = match.state
            assert isinstance(state, SchnapsenState)
            action = random_action(state, state.legal(), rng)
            match.play(state.action_text(action))
        events = match.events
        starts = [i for i, e in enumerate(events) if e["type"] == "deal"]
        ends = [i for i, e in enumerate(events) if e["type"] == "deal_end"]
        assert len(starts) == len(ends)
        for start, end in zip(starts, ends, strict=True):
            deals += 1
            facts = deal_facts(match.options, events[start:end + 1])
            shown = events[end]
            for key, value in facts.items():
                assert shown[key] == value, (key, facts, shown)
            assert (shown["winner"], shown["game_points"]) == award(match.options, facts)
            seen.add(f"{facts['reason']}/{facts['closer'] is not None}/{shown['game_points']}")
    for kind in ("reached_66/False/1", "reached_66/False/2", "reached_66/False/3",
                 "reached_66/True/3", "claim/False/1", "wrong_claim/False/2",
                 "wrong_claim/False/3", "cards_out/False/0", "cards_out/False/1",
                 "cards_out/True/2", "cards_out/True/3"):
        assert kind in seen, kind
