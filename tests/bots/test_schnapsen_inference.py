"""The Schnapsen expert's reading of the opponent (inference.py), its weighted sampling
and its close search (issue 31): what the opponent's choices make unlikely comes up
less often, a close is searched lead by lead and reported as one action, and the
frozen ``expert-2026`` keeps neither; a close is read from the closer's hand at the
close, only when the strengths say so."""

from __future__ import annotations

import random
from collections.abc import Iterator
from dataclasses import dataclass

import pytest

import stammtisch
from stammtisch.bots.registry import make_bot
from stammtisch.bots.schnapsen.determinize import sample_hidden, sample_weighted
from stammtisch.bots.schnapsen.inference import (
    CLOSE_BANDS,
    JUDGED,
    Strengths,
    close_chance,
    close_strength,
    evidence,
    hand_weight,
)
from stammtisch.bots.schnapsen.players import ExpertBot
from stammtisch.bots.schnapsen.seen import Seen, read_view
from stammtisch.cards import KING, QUEEN, make_card, parse_card
from stammtisch.core.match import Match
from stammtisch.games.schnapsen import CLOSE, SchnapsenState, action_text
from stammtisch.games.schnapsen_types import SchnapsenView, schnapsen_view


def _after_a_plain_first_lead(seed: int) -> tuple[Match, SchnapsenView]:
    """A new deal after its leader led a card (no marriage, no exchange): the
    follower's view."""
    match = stammtisch.new_match("schnapsen", seed=seed)
    plays = [a.text for a in match.legal_actions() if a.text.startswith("play")]
    match.play(plays[0])
    seat = match.to_act
    assert seat is not None
    return match, match.view(seat)


def test_a_lead_without_a_marriage_or_an_exchange_weighs_against_holding_them() -> None:
    checked = 0
    for seed in range(30):
        match, view = _after_a_plain_first_lead(seed)
        seen = read_view(schnapsen_view(view))
        state = match.state
        assert isinstance(state, SchnapsenState)
        found = evidence(seen)
        pairs = {1 << make_card(s, KING) | 1 << make_card(s, QUEEN) for s in range(4)}
        unseen_pairs = {p for p in pairs if p & seen.unseen == p}
        marriages = {e.cards for e in found if e.cards in pairs}
        assert marriages == unseen_pairs
        for item in found:  # the lead was this very trick: nothing drawn since
            if item.cards in pairs:
                assert item.every and item.weight == 1 - JUDGED.undeclared_marriage
            else:
                assert item.cards == 1 << state.low_trump
                assert item.weight == 1 - JUDGED.unexchanged_trump
        low_trump_hidden = seen.unseen >> state.low_trump & 1
        assert any(e.cards == 1 << state.low_trump for e in found) == bool(low_trump_hidden)
        weight = hand_weight(seen)
        if not found:
            assert weight is None
            continue
        assert weight is not None
        truth = state.hands[seen.opp]
        expected = 1.0
        for item in found:
            if item.applies(truth):
                expected *= item.weight
        assert weight(truth) == expected
        checked += 1
    assert checked >= 15


def test_the_strengths_set_how_much_a_sign_weighs() -> None:
    blind = Strengths(0.0, 0.0, 0.0, 0.0, 0.0)
    sure = Strengths(1.0, 1.0, 1.0, 1.0, 1.0)
    for seed in range(30):
        _, view = _after_a_plain_first_lead(seed)
        seen = read_view(schnapsen_view(view))
        judged = evidence(seen)
        if not judged:
            continue
        assert evidence(seen, blind) == [] and hand_weight(seen, blind) is None
        assert [e.weight for e in evidence(seen, sure)] == [0.0] * len(judged)
        return
    raise AssertionError("no first lead gave evidence")


def test_a_lead_that_declares_a_marriage_says_nothing_about_other_marriages() -> None:
    pairs = {1 << make_card(s, KING) | 1 << make_card(s, QUEEN) for s in range(4)}
    for seed in range(200):
        match = stammtisch.new_match("schnapsen", seed=seed)
        marriages = [a.text for a in match.legal_actions() if a.text.startswith("marriage")]
        if not marriages:
            continue
        leader = match.to_act
        match.play(marriages[0])
        if match.to_act == leader:  # the declared card is led next
            match.play(match.legal_actions()[0])
        seat = match.to_act
        if seat is None or seat == leader:
            continue
        seen = read_view(schnapsen_view(match.view(seat)))
        if not any(p & seen.unseen == p for p in pairs):
            continue  # no other marriage the leader could hold
        assert not [e for e in evidence(seen) if e.cards in pairs]
        return
    raise AssertionError("no deal offered a marriage on its first lead with another unseen")


def test_the_first_lead_of_a_deal_knows_nothing_of_the_opponent() -> None:
    match = stammtisch.new_match("schnapsen", seed=3)
    seat = match.to_act
    assert seat is not None
    seen = read_view(schnapsen_view(match.view(seat)))
    assert evidence(seen) == [] and hand_weight(seen) is None


def test_weighted_sampling_makes_unlikely_hands_rarer_but_not_impossible() -> None:
    _, view = _after_a_plain_first_lead(5)
    seen = read_view(schnapsen_view(view))
    card = next(c for c in range(52) if seen.unseen >> c & 1)
    rng_plain, rng_weighted = random.Random(1), random.Random(1)
    plain = weighted = 0
    for _ in range(3000):
        plain += sample_hidden(seen, rng_plain)[0] >> card & 1
        hand = sample_weighted(seen, rng_weighted, lambda h: 0.2 if h >> card & 1 else 1.0,
                               16)[0]
        weighted += hand >> card & 1
    assert 0 < weighted < 0.5 * plain


def test_the_close_is_searched_lead_by_lead_and_reported_once() -> None:
    for seed in range(20):
        match = stammtisch.new_match("schnapsen", seed=seed)
        seat = match.to_act
        assert seat is not None
        view = match.view(seat)
        if "close" not in view["legal_actions"]:
            continue
        bot = ExpertBot(seed, budget=30.0, max_worlds=12, early_stop=False)
        ranked = bot.evaluate(schnapsen_view(view))
        assert sorted(action_text(a) for a, _, _ in ranked) == sorted(view["legal_actions"])
        close = next(row for row in ranked if row[0] == CLOSE)
        lumped = ExpertBot(seed, budget=30.0, max_worlds=12, early_stop=False,
                           close_search=False)
        lumped_close = next(row for row in lumped.evaluate(schnapsen_view(view))
                            if row[0] == CLOSE)
        # the best lead on average over the worlds is worth at most the best lead of
        # each world (the same worlds: the same seed, the same samples)
        assert close[2] <= lumped_close[2]
        return
    raise AssertionError("no deal offered a close on its first lead")


def test_after_the_opponents_close_on_the_first_lead_no_world_gives_it_the_trump_card() -> None:
    for seed in range(40):
        match = stammtisch.new_match("schnapsen", seed=seed)
        if "close" not in [a.text for a in match.legal_actions()]:
            continue
        trump_card = match.view(match.to_act)["trump_card"]
        assert trump_card is not None
        turned = parse_card(trump_card)
        match.play("close")
        plays = [a.text for a in match.legal_actions() if a.text.startswith("play")]
        match.play(plays[0])
        seat = match.to_act
        assert seat is not None
        seen = read_view(schnapsen_view(match.view(seat)))
        assert seen.dead_trump == turned
        rng = random.Random(seed)
        for _ in range(200):
            opp, talon = sample_hidden(seen, rng)
            assert not opp >> turned & 1 and turned not in talon
        return
    raise AssertionError("no deal offered a close on the first lead")


def test_expert_2026_is_frozen_without_the_new_search() -> None:
    frozen = make_bot("schnapsen", "expert-2026", 1, 0, 0.1)
    assert isinstance(frozen, ExpertBot)
    assert not (frozen.compiled or frozen.close_search or frozen.inference)
    current = make_bot("schnapsen", "expert", 1, 0, 0.1)
    assert isinstance(current, ExpertBot) and current.close_search and current.inference


@dataclass(frozen=True)
class Closed:
    """A deal whose leader closed after two tricks and led: the state, the closer, its
    hand and its points (pending ones included) at the close, the other seat's view."""

    state: SchnapsenState
    closer: int
    hand: int
    points: int
    seen: Seen


def _closed_deals() -> Iterator[Closed]:
    for seed in range(60):
        match = stammtisch.new_match("schnapsen", seed=seed)
        rng = random.Random(seed)
        state = match.state
        assert isinstance(state, SchnapsenState)
        while len(state.history) < 2:
            match.play(rng.choice([a.text for a in match.legal_actions()
                                   if a.text not in ("close", "claim")]))
        closer = match.to_act
        if closer is None or "close" not in [a.text for a in match.legal_actions()]:
            continue
        hand, points = state.hands[closer], state.points[closer] + state.pending[closer]
        match.play("close")
        match.play(next(a.text for a in match.legal_actions() if a.text.startswith("play")))
        yield Closed(state, closer, hand, points,
                     read_view(schnapsen_view(match.view(1 - closer))))


def test_the_opponents_hand_at_its_close_is_read_from_the_view() -> None:
    for deal in _closed_deals():
        seen, state = deal.seen, deal.state
        assert seen.closer == deal.closer and seen.closer_points == deal.points
        assert seen.closer_played == 1 << state.lead_card
        assert state.hands[deal.closer] | seen.closer_played == deal.hand
        return
    raise AssertionError("no deal closed after two tricks")


def test_a_close_weighs_against_weak_hands_only_when_read() -> None:
    reading = Strengths(closed=0.8)
    blind = Strengths(closed=0.0)
    for deal in _closed_deals():
        seen, state, points = deal.seen, deal.state, deal.points
        if evidence(seen):
            continue  # only the close's weight, alone
        assert hand_weight(seen, blind) is None
        assert hand_weight(seen) is not None  # the judged strengths read it
        weight = hand_weight(seen, reading)
        assert weight is not None
        truth = state.hands[deal.closer]
        chance = close_chance(close_strength(deal.hand, points, state.trump_suit))
        assert weight(truth) == pytest.approx(1 - 0.8 * (1 - chance))
        # sampled hands a player rarely closes with come up rarer
        plain_rng, weighted_rng = random.Random(state.seed), random.Random(state.seed)
        plain = weighted = 0
        for _ in range(2000):
            for rng, w in ((plain_rng, None), (weighted_rng, weight)):
                opp = sample_weighted(seen, rng, w, 16)[0]
                rare = close_chance(close_strength(opp | seen.closer_played, points,
                                                   state.trump_suit)) < 0.25
                if w is None:
                    plain += rare
                else:
                    weighted += rare
        if plain < 200:
            continue  # too few hands to tell
        assert weighted < 0.8 * plain
        return
    raise AssertionError("no deal closed after two tricks without other evidence")


def test_players_close_on_middling_hands() -> None:
    assert close_chance(-5) == close_chance(45) == 0.0
    assert close_chance(85) == max(CLOSE_BANDS) == 1.0
    assert close_chance(105) < close_chance(95) and close_chance(500) == CLOSE_BANDS[-1]


def test_a_close_is_read_only_in_the_deal_it_was_fitted_on() -> None:
    for seed in range(60):
        match = stammtisch.new_match("schnapsen", seed=seed, deck_size=24, hand_size=6)
        if "close" not in [a.text for a in match.legal_actions()]:
            continue
        closer = match.to_act
        assert closer is not None
        match.play("close")
        match.play(next(a.text for a in match.legal_actions() if a.text.startswith("play")))
        seen = read_view(schnapsen_view(match.view(1 - closer)))
        assert seen.closer == closer and not evidence(seen)
        assert hand_weight(seen, Strengths(closed=1.0)) is None
        return
    raise AssertionError("no 24-card deal offered a close on its first lead")
