"""The Schmier computer levels (issue 6): legal, reproducible, fair, their deals
consistent with the view, the expert's analysis complete and its clock honoured."""

from __future__ import annotations

import random
import time
from typing import Any

import pytest

import stammtisch
from stammtisch.bots.registry import levels, make_bot
from stammtisch.bots.schmier import BeginnerBot, ClubBot, ExpertBot, determinize
from stammtisch.bots.schmier.players import CANDIDATES, deal_change, relative_change
from stammtisch.bots.schmier.policy import club_action, finish_deal
from stammtisch.bots.schmier.seen import voids_of
from stammtisch.cards import SCHMIER_DECK, card_code, parse_cards
from stammtisch.core.match import Match
from stammtisch.core.options import resolve
from stammtisch.errors import StammtischError
from stammtisch.games import find_game
from stammtisch.games.schmier import EXCHANGE, PASS, PLAY, ROB, SchmierState
from stammtisch.games.schmier_types import SchmierView, schmier_view

LEVELS = ("random", "beginner", "club", "expert")
FULL = (1 << 53) - 1
VARIANTS: list[dict[str, Any]] = [
    {},
    {"partnerships": "2x3"},
    {"max_discard": 1, "stick_the_dealer": True},
    {"dealer_may_equal_high_bid": True, "trump_anytime": True, "min_bid": 2},
]


def _bot(level: str, seat: int, seed: int) -> Any:
    if level == "expert":
        return ExpertBot(seed * 10 + seat, budget=0.002)
    return make_bot("schmier", level, seed, seat, 0.002)


def _play(match: Match, bots: list[Any], max_actions: int = 3000) -> list[str]:
    played: list[str] = []
    while match.to_act is not None and len(played) < max_actions:
        seat = match.to_act
        action = bots[seat].choose(match.view(seat))
        match.play(action)  # raises IllegalActionError on an illegal choice
        played.append(action)
    return played


def _state(match: Match) -> SchmierState:
    state = match.state
    assert isinstance(state, SchmierState)
    return state


def test_the_registry_offers_four_levels_with_their_weaknesses() -> None:
    found = {level.name: level for level in levels("schmier") if not level.hidden}
    assert list(found) == list(LEVELS)
    for level in found.values():
        assert level.description and "\n" not in level.description


@pytest.mark.parametrize("options", VARIANTS)
def test_every_level_plays_only_legal_actions(options: dict[str, Any]) -> None:
    for seed in range(2):
        match = stammtisch.new_match("schmier", seed=seed, target_score=6, **options)
        lineup = [LEVELS[(seed + s) % 4] for s in range(6)]
        _play(match, [_bot(level, s, seed) for s, level in enumerate(lineup)])
        assert match.result is not None


@pytest.mark.parametrize("level", ["beginner", "club", "expert"])
def test_play_repeats_from_the_seed(level: str) -> None:
    def run() -> list[str]:
        match = stammtisch.new_match("schmier", seed=5, target_score=4)
        if level == "expert":
            bots: list[Any] = [ExpertBot(s, budget=30.0, max_samples=2) if s % 3 == 0
                               else ClubBot(s) for s in range(6)]
        else:
            bots = [make_bot("schmier", level, 5, s) for s in range(6)]
        return _play(match, bots, max_actions=120 if level == "expert" else 3000)

    assert run() == run()


def _named(match: Match) -> int:
    named = 0
    for text in match.actions:
        words = text.split()
        if words[0] in ("play", "discard") and len(words) > 1:
            named |= parse_cards(" ".join(words[1:]))
    return named


def _twin(match: Match, deck: list[int], seat: int, rng: random.Random) -> Match | None:
    """A match on a deck whose cards hidden from ``seat`` lie elsewhere while the same
    actions are legal and give ``seat`` the same view; None when none was found."""
    state = _state(match)
    fixed = _named(match) | state.hands[seat] | state.discards[seat]
    free = [i for i, card in enumerate(deck) if not fixed >> card & 1]
    for _ in range(30):
        order = [deck[i] for i in free]
        rng.shuffle(order)
        other = deck[:]
        for i, card in zip(free, order, strict=True):
            other[i] = card
        twin = stammtisch.new_match("schmier", seed=match.seed, first_dealer=0,
                                    decks=[[card_code(c) for c in other]])
        try:
            for action in match.actions:
                twin.play(action)
        except StammtischError:
            continue
        if twin.view(seat) == match.view(seat) and \
                twin.state.dump()["hands"] != state.dump()["hands"]:
            return twin
    return None


def test_a_view_with_scrambled_hidden_cards_gets_the_same_play() -> None:
    rng = random.Random(7)
    compared = 0
    for seed in range(14):
        deck = list(SCHMIER_DECK)
        random.Random(seed).shuffle(deck)
        match = stammtisch.new_match("schmier", seed=seed, first_dealer=0,
                                     decks=[[card_code(c) for c in deck]])
        drivers = [ClubBot(s) for s in range(6)]
        for _ in range(rng.randrange(0, 30)):
            seat = match.to_act
            assert seat is not None
            match.play(drivers[seat].choose(match.view(seat)))
        state = _state(match)
        if state.deal_number:
            continue
        seat = state.to_act
        twin = _twin(match, deck, seat, rng)
        if twin is None:
            continue
        compared += 1
        for level in ("beginner", "club", "expert"):
            choices = []
            for game in (match, twin):
                bot = (ExpertBot(seed, budget=30.0, max_samples=2) if level == "expert"
                       else make_bot("schmier", level, seed, seat))
                choices.append(bot.choose(game.view(seat)))
            assert choices[0] == choices[1], (level, seed)
    assert compared >= 6


def _positions(count: int, seed: int) -> list[tuple[Match, int]]:
    """Match points in all phases, reached by club play with a little randomness."""
    rng = random.Random(seed)
    found = []
    for k in range(count):
        match = stammtisch.new_match("schmier", seed=seed * 100 + k, target_score=30)
        for _ in range(rng.randrange(0, 60)):
            seat = match.to_act
            assert seat is not None
            legal = [a.text for a in match.legal_actions()]
            if rng.random() < 0.2:
                match.play(rng.choice(legal))
            else:
                match.play(ClubBot().choose(match.view(seat)))
        seat = match.to_act
        assert seat is not None
        found.append((match, seat))
    return found


@pytest.mark.slow
def test_determinized_deals_agree_with_the_view() -> None:
    rng = random.Random(3)
    for match, seat in _positions(40, 1):
        true = _state(match)
        view = schmier_view(match.view(seat))
        for _ in range(3):
            state = determinize(view, rng)
            assert state.view(seat) == view
            assert state.hands[seat] == true.hands[seat]
            assert state.discards[seat] == true.discards[seat]
            parts = [*state.hands, *state.discards, sum(1 << c for c in state.stock)]
            played = sum(1 << c for _, cards, _ in state.tricks for c in cards)
            parts += [played, sum(1 << c for c in state.trick)]
            assert sum(p.bit_count() for p in parts) == 53
            union = 0
            for part in parts:
                union |= part
            assert union == FULL
            assert [h.bit_count() for h in state.hands] == view["hand_sizes"]
            assert len(state.stock) == view["stock_size"]
            voids = voids_of(true.trump, true.tricks, true.trick, true.leader)
            for other in range(6):
                assert not state.hands[other] & voids[other]
            finish_deal(state, club_action)


@pytest.mark.slow
def test_the_expert_analyzes_every_legal_action_or_its_top_discards() -> None:
    checked_discards = 0
    for match, seat in _positions(14, 4):  # club play to positions with several discards
        view = match.view(seat)
        legal = view["legal_actions"]
        expert = ExpertBot(1, budget=30.0, max_samples=2)
        ranked = expert.analyze(view)
        names = [a for a, _ in ranked]
        assert len(set(names)) == len(names)
        assert all(isinstance(v, float) for _, v in ranked)
        if view["phase"] in (EXCHANGE, ROB) and len(legal) > 1:
            assert set(names) <= set(legal)
            assert min(CANDIDATES, len(legal)) <= len(names) <= CANDIDATES + 1
            checked_discards += 1
        else:
            assert sorted(names) == sorted(legal)
        assert expert.choose(view) == names[0]
    assert checked_discards >= 1


def test_the_expert_honours_its_clock() -> None:
    match = stammtisch.new_match("schmier", seed=9)
    seat = match.to_act
    assert seat is not None
    expert = ExpertBot(3, budget=0.05)
    start = time.thread_time()  # the budget is seconds of one core
    expert.choose(match.view(seat))
    assert time.thread_time() - start < 0.4


def _designed(hands: list[str], trump: str, trick: list[str], leader: int) -> SchmierView:
    """A view of seat (leader + len(trick)) in the first trick of a designed deal."""
    match = stammtisch.new_match("schmier", seed=1, first_dealer=5)
    state = _state(match)
    state.hands = [parse_cards(h) for h in hands]
    state.trump = "CDHS".index(trump)
    state.phase = PLAY
    state.bidder = state.leader = leader
    state.high_bid = 3
    state.stock = ()
    state.exchanged = [0, 0, 0, 0, 0, 17]
    state.discards[5] = FULL & ~sum(state.hands)
    for card in trick:
        state.apply(state.parse_action("play " + card))
    return match.view(state.to_act)


def test_the_club_smears_a_bauer_on_its_partners_sure_trick() -> None:
    # Trump hearts: seat 0 leads the ace; seat 3 (partner) holds the right bauer.
    hands = ["AH 2C 3C 4C 5C 6C", "3H 7C 8C 9C 2D 3D", "4H 7D 8D 9D 2S 3S",
             "JH 5H 4S 5S 6S 7S", "5D 6D 8S 9S TS QS", "6H TC JC QC KC AC"]
    view = _designed(hands, "H", ["AH", "3H", "4H"], 0)
    assert view["seat"] == 3
    assert ClubBot().choose(view) == "play JH"
    assert BeginnerBot().choose(view) == "play 5H"


def _first_bidder_view(cards: str) -> SchmierView:
    """Seat 0's view as the first to bid (dealer 5), holding ``cards``."""
    mine = [c for c in SCHMIER_DECK if parse_cards(cards) >> c & 1]
    rest = [c for c in SCHMIER_DECK if not parse_cards(cards) >> c & 1]
    deck = []
    for position in range(53):
        deck.append(mine.pop(0) if position < 36 and position % 6 == 0 else rest.pop(0))
    match = stammtisch.new_match("schmier", seed=1, first_dealer=5,
                                 decks=[[card_code(c) for c in deck]])
    return match.view(0)


def test_the_rule_players_bid_strong_hands_and_pass_weak_ones() -> None:
    strong = _first_bidder_view("AH KH QH JH JD 2H")
    weak = _first_bidder_view("2C 5D 7S 9C 3D 4S")
    for bot in (BeginnerBot(), ClubBot()):
        assert bot.choose(strong).startswith("bid")
        assert bot.choose(weak) == "pass"
    assert ExpertBot(1, budget=30.0, max_samples=6).choose(weak) == "pass"


def _deal_enders(seeds: range) -> list[tuple[SchmierState, int]]:
    """Positions and an action that ends the deal: the dealer's pass after five passes
    (it throws the deal in) and a deal's last card, reached by club play."""
    options = resolve("schmier", find_game("schmier").options, {})
    found: list[tuple[SchmierState, int]] = []
    for seed in seeds:
        state = SchmierState(options, seed)
        while state.to_act != state.dealer:
            state.apply(PASS)
        found.append((state.clone(), PASS))
        state = SchmierState(options, seed)
        while True:
            action = club_action(state)
            after = state.clone()
            after.apply(action)
            if after.deal_number != state.deal_number and state.phase == PLAY:
                found.append((state, action))
                break
            state = after
    return found


def test_a_play_out_stops_where_its_first_action_ends_the_deal() -> None:
    """A thrown-in deal scores nothing, a last card only its own deal: nobody is to act
    after either, so the club plays nothing more (it used to play on for nobody)."""
    thrown_in = last_cards = 0
    for state, action in _deal_enders(range(12)):
        seat = state.to_act
        alone = state.clone()
        alone.halt_between_deals = True
        alone.apply(action)
        assert alone.to_act == -1
        with pytest.raises(ValueError, match="nobody is to act"):
            finish_deal(alone.clone(), club_action)
        expected = relative_change(state.scores, alone.scores, seat % state.num_teams)
        assert deal_change(state, action, seat, club_action) == expected
        if action == PASS:
            assert expected == 0.0
            thrown_in += 1
        else:
            assert alone.scores != state.scores
            last_cards += 1
    assert thrown_in == last_cards == 12
