"""The Schnapsen computer levels (issue 6): legal, reproducible, fair, and right where
the answer is known (the exact solver against plain minimax, a forced 66)."""

from __future__ import annotations

import random
import time
from typing import Any, cast

import pytest

import stammtisch
from stammtisch.bots import search
from stammtisch.bots.registry import levels, make_bot
from stammtisch.bots.schnapsen.bummerl import deal_worth, win_chance
from stammtisch.bots.schnapsen.determinize import determinize
from stammtisch.bots.schnapsen.players import (
    DEEP_BUDGET,
    DEEP_TALON,
    EARLY_STOP,
    EXACT_TALON,
    POINTS_WEIGHT,
    PYTHON_SLOWER,
    ExpertBot,
)
from stammtisch.bots.schnapsen.seen import read_view
from stammtisch.bots.schnapsen.solver import Search, action_values, deal_value
from stammtisch.cards import SCHNAPSEN_DECKS, parse_card, parse_cards, to_set
from stammtisch.core.match import Match
from stammtisch.core.options import resolve
from stammtisch.games.schnapsen import OPTIONS, SchnapsenState, action_text
from stammtisch.games.schnapsen_types import schnapsen_view

LEVELS = ("random", "beginner", "club", "expert")
TINY = 0.002
VARIANTS: list[dict[str, Any]] = [
    {},
    {"deck_size": 24, "hand_size": 6},
    {"claim_mode": "manual"},
    {"deck_size": 24, "follow_suit_mode": "always", "end_mode": "all_cards"},
]


def play_match(match: Match, bots: dict[int, Any], max_actions: int = 10_000) -> list[str]:
    played: list[str] = []
    while match.to_act is not None and len(played) < max_actions:
        seat = match.to_act
        action = bots[seat].choose(match.view(seat))
        match.play(action)  # raises IllegalActionError on an illegal choice
        played.append(action)
    return played


def test_the_registry_offers_four_levels_with_their_weaknesses() -> None:
    found = {level.name: level for level in levels("schnapsen") if not level.hidden}
    assert list(found) == list(LEVELS)
    for level in found.values():
        assert level.description and "\n" not in level.description


@pytest.mark.slow
@pytest.mark.parametrize("options", VARIANTS)
def test_every_level_plays_only_legal_actions(options: dict[str, Any]) -> None:
    for seed in range(4):
        for level in LEVELS:
            match = stammtisch.new_match("schnapsen", seed=seed, match_target=2, **options)
            opponent = LEVELS[(LEVELS.index(level) + seed) % len(LEVELS)]
            bots = {0: make_bot("schnapsen", level, seed, 0, TINY),
                    1: make_bot("schnapsen", opponent, seed, 1, TINY)}
            play_match(match, bots)
            assert match.result is not None


def test_bots_are_reproducible_from_their_seed() -> None:
    def run() -> list[str]:
        match = stammtisch.new_match("schnapsen", seed=11, match_target=3)
        bots = {0: ExpertBot(5, budget=30.0, max_worlds=6), 1: make_bot("schnapsen", "club", 11, 1)}
        return play_match(match, bots)

    assert run() == run()
    for level in ("beginner", "club"):
        runs = []
        for _ in range(2):
            match = stammtisch.new_match("schnapsen", seed=3)
            runs.append(play_match(match, {s: make_bot("schnapsen", level, 3, s) for s in (0, 1)}))
        assert runs[0] == runs[1]


def _scrambled_twin(match: Match, seat: int, rng: random.Random) -> Match | None:
    """A match on a stacked deck whose hidden cards for ``seat`` differ from ``match``'s while
    the same actions lead to the same view; None when nothing is hidden."""
    state = match.state
    assert isinstance(state, SchnapsenState)
    seen = read_view(schnapsen_view(match.view(seat)))
    hidden = list(state.deck[state.talon_pos:]) + [
        c for c in state.deck if state.hands[1 - seat] >> c & 1 and not seen.opp_must >> c & 1]
    if len(hidden) < 2:
        return None
    positions = [state.deck.index(c) for c in hidden]
    shuffled = hidden[:]
    while shuffled == hidden:
        rng.shuffle(shuffled)
    deck = list(state.deck)
    for position, card in zip(positions, shuffled, strict=True):
        deck[position] = card
    twin = stammtisch.new_match("schnapsen", seed=match.seed, decks=[deck], first_dealer=1)
    for action in match.actions:
        twin.play(action)
    return twin


def test_a_view_with_scrambled_hidden_cards_gets_the_same_play() -> None:
    rng = random.Random(4)
    compared = 0
    for seed in range(12):
        deck = list(SCHNAPSEN_DECKS[20])
        random.Random(seed).shuffle(deck)
        match = stammtisch.new_match("schnapsen", seed=seed, decks=[deck], first_dealer=1)
        for _ in range(rng.randrange(0, 8)):  # stay in the open phase of deal 0
            legal = [a.text for a in match.legal_actions() if a.text != "close"]
            match.play(rng.choice(legal))
        state = match.state
        assert isinstance(state, SchnapsenState)
        if state.deal_number or state.strict:
            continue
        seat = match.to_act
        assert seat is not None
        twin = _scrambled_twin(match, seat, rng)
        if twin is None:
            continue
        assert twin.view(seat) == match.view(seat)
        assert twin.state.dump()["hands"] != state.dump()["hands"] \
            or twin.state.dump()["talon"] != state.dump()["talon"]
        for level in LEVELS:
            choices = [make_bot("schnapsen", level, seed, seat, 30.0) for _ in range(2)]
            if isinstance(choices[0], ExpertBot):
                choices = [ExpertBot(seed, 30.0, max_worlds=4) for _ in range(2)]
            assert choices[0].choose(match.view(seat)) == choices[1].choose(twin.view(seat))
        compared += 1
    assert compared >= 6


def _random_positions(count: int, max_talon: int, seed: int) -> list[SchnapsenState]:
    options = resolve("schnapsen", OPTIONS, {})
    rng = random.Random(seed)
    found: list[SchnapsenState] = []
    while len(found) < count:
        state = SchnapsenState(options, rng.getrandbits(32))
        state.events = None
        for _ in range(rng.randrange(6, 22)):
            state.apply(rng.choice(state.legal()))
            if state.deal_number:
                break
        if not state.deal_number and state.t <= max_talon:
            found.append(state)
    return found


def minimax(state: SchnapsenState, me: int) -> int:
    """Plain minimax over the engine itself: slow, obviously right."""
    deal = state.deal_number
    values = []
    for action in state.legal():
        child = state.clone()
        child.apply(action)
        values.append(deal_value(child, me, deal) if child.deal_number != deal or child.over
                      else minimax(child, me))
    return max(values) if state.to_act == me else min(values)


@pytest.mark.slow
def test_alpha_beta_equals_plain_minimax_on_small_end_games() -> None:
    for state in _random_positions(25, 2, seed=1):
        me = state.to_act
        legal = state.legal()
        exact = []
        for action in legal:
            child = state.clone()
            child.apply(action)
            exact.append(deal_value(child, me, 0) if child.deal_number else minimax(child, me))
        assert action_values(state, me, legal) == exact
        assert Search(state, me).value(state) == minimax(state, me)


def _forced_66() -> SchnapsenState:
    """Seat 0 (48 points) leads with the talon exhausted, holding AH JC; seat 1 (58, a 20
    marriage in spades) holds TH AC; hearts are trump. AH takes TH: 69, a win; JC loses to
    AC: 71 for seat 1."""
    state = SchnapsenState(resolve("schnapsen", OPTIONS, {"first_dealer": 1}), 0)
    state.events = None
    tricks = ["0 AS TS 0", "0 KC JD 0", "0 QC JH 1", "1 KS TC 1", "1 KD QD 1", "1 QS JS 1",
              "1 KH QH 1", "1 TD AD 0"]
    state.history = tuple((int(a), parse_card(b), parse_card(c), int(d))
                          for a, b, c, d in (t.split() for t in tricks))
    state.hands = [parse_cards("AH JC"), parse_cards("TH AC")]
    state.won = [0, 0]
    for _, lead, follow, winner in state.history:
        state.won[winner] |= 1 << lead | 1 << follow
    state.points, state.pending, state.tricks = [48, 58], [0, 0], [3, 5]
    state.marriages = ((1, 3),)
    state.exchanges = ()
    state.trump_suit, state.trump_card, state.low_trump = 2, parse_card("AH"), parse_card("JH")
    state.t, state.closer, state.strict = 0, -1, True
    state.to_act = state.leader = 0
    state.lead_card = -1
    return state


def test_the_expert_finds_a_forced_66() -> None:
    view = cast(dict[str, Any], _forced_66().view(0))
    assert sorted(view["legal_actions"]) == ["play AH", "play JC"]
    rows = ExpertBot(1, budget=0.5).evaluate(schnapsen_view(view))
    assert [(action_text(a), points) for a, _, points in rows] == [("play AH", 1.0),
                                                                  ("play JC", -1.0)]
    analysis = ExpertBot(1, budget=0.5).analyze(view)
    assert analysis == [("play AH", round(win_chance(1, 0, 7), 4)),
                        ("play JC", round(win_chance(0, 1, 7), 4))]
    assert ExpertBot(2, budget=0.5).choose(view) == "play AH"


def test_analyze_covers_every_legal_action_and_honours_the_budget() -> None:
    rng = random.Random(9)
    slowest = 0.0
    for seed in range(6):
        match = stammtisch.new_match("schnapsen", seed=seed)
        for _ in range(rng.randrange(0, 14)):
            match.play(rng.choice(match.legal_actions()))
        seat = match.to_act
        assert seat is not None
        view = match.view(seat)
        start = time.thread_time()  # the budget is seconds of one core
        analysis = ExpertBot(seed, budget=0.05).analyze(view)
        slowest = max(slowest, time.thread_time() - start)
        assert sorted(a for a, _ in analysis) == sorted(view["legal_actions"])
        values = [v for _, v in analysis]
        assert values == sorted(values, reverse=True)
        assert all(0 <= v <= 1 for v in values)
        capped = [ExpertBot(seed, budget=30.0, max_worlds=3) for _ in range(2)]
        assert capped[0].analyze(view)[0][0] == capped[1].choose(view)
    assert slowest < 0.5


def test_an_exchange_is_valued_by_its_best_next_move() -> None:
    """With the low trump in hand the expert races "exchange, then X" for every X the
    exchange leaves open and shows the exchange once, worth its best X: never less
    than the lead it would choose after exchanging."""
    checked = 0
    for seed in range(40):
        match = stammtisch.new_match("schnapsen", seed=seed)
        rng = random.Random(seed)
        while match.to_act is not None and "exchange" not in match.view(match.to_act)[
                "legal_actions"] and len(match.view(0)["history"]) < 3:
            match.play(rng.choice(match.legal_actions()))
        seat = match.to_act
        if seat is None or "exchange" not in match.view(seat)["legal_actions"]:
            continue
        view = schnapsen_view(match.view(seat))
        rows = ExpertBot(seed, budget=30.0, max_worlds=24).evaluate(view)
        assert sorted(action_text(a) for a, _, _ in rows) == sorted(view["legal_actions"])
        exchange = next(chance for a, chance, _ in rows if action_text(a) == "exchange")
        match.play("exchange")
        after = ExpertBot(seed, budget=30.0, max_worlds=24).evaluate(
            schnapsen_view(match.view(seat)))
        assert exchange >= after[0][1] - 0.15  # the same worlds are not drawn again
        checked += 1
        if checked == 3:
            return
    raise AssertionError("no deal offered an exchange in its first tricks")


def test_a_composite_move_folds_into_its_first_action_at_its_best_place() -> None:
    from stammtisch.bots.schnapsen.players import AFTER_EXCHANGE, _merged
    from stammtisch.games.schnapsen import EXCHANGE

    race = search.Race([5, AFTER_EXCHANGE + 3, 7, AFTER_EXCHANGE + 9],
                       {5: [1], AFTER_EXCHANGE + 3: [2], 7: [0], AFTER_EXCHANGE + 9: [3]},
                       1, 4)
    merged = _merged(race, EXCHANGE, AFTER_EXCHANGE, 2 * AFTER_EXCHANGE)
    assert merged.ranked == [5, EXCHANGE, 7]
    assert merged.values == {5: [1], EXCHANGE: [2], 7: [0]}
    assert (merged.worlds, merged.playouts) == (1, 4)


def separated(leader: int, actions: list[int], rows: list[list[int]],
              worth: dict[int, float]) -> bool:
    """Whether the expert's early stop finds ``leader`` clear of the other actions in
    ``rows`` (each world's signed award per action, in ``actions`` order)."""
    lead = actions.index(leader)
    scores = [[worth[v] + POINTS_WEIGHT * v for v in row] for row in rows]
    return search.separated([s[lead] for s in scores],
                            [[s[k] for s in scores] for k in range(len(actions)) if k != lead],
                            EARLY_STOP.z)


def test_the_early_stop_needs_a_clear_paired_margin() -> None:
    even = {v: deal_worth(v, 0, 0, 7) for v in range(-3, 4)}
    actions = [10, 20]
    clear = [[1, -1]] * 30 + [[-1, 1]] * 2
    assert separated(10, actions, clear, even)
    assert not separated(20, actions, clear, even)
    coin = [[1, -1], [-1, 1]] * 16
    assert not separated(10, actions, coin, even) and not separated(20, actions, coin, even)
    assert separated(10, actions, [[2, 2]] * 32, even)
    one_rare_loss = [[1, 1]] * 31 + [[-3, 1]]
    assert not separated(10, actions, one_rare_loss, even)
    one_away = {v: deal_worth(v, 6, 0, 7) for v in range(-3, 4)}
    assert one_away[1] == one_away[2] == 1.0
    more_points = [[2, 1]] * 32
    assert separated(10, actions, more_points, one_away)
    assert not separated(20, actions, more_points, one_away)


@pytest.mark.slow
def test_the_early_stop_ends_at_a_check_and_repeats_from_the_seed() -> None:
    stopped = 0
    for seed in range(4):
        match = stammtisch.new_match("schnapsen", seed=seed)
        rng = random.Random(seed)
        for _ in range(seed % 3 * 2 + 1):
            match.play(rng.choice(match.legal_actions()))
        seat = match.to_act
        assert seat is not None
        view = match.view(seat)
        bots = [ExpertBot(seed, budget=30.0, max_worlds=160) for _ in range(2)]
        assert bots[0].choose(view) == bots[1].choose(view)
        assert bots[0].worlds == bots[1].worlds
        worlds = bots[0].worlds
        assert worlds == 160 or (worlds >= EARLY_STOP.first and worlds % EARLY_STOP.every == 0)
        stopped += worlds < 160
        full = ExpertBot(seed, budget=30.0, max_worlds=160, early_stop=False)
        full.choose(view)
        assert full.worlds == 160
    assert stopped > 0


@pytest.mark.parametrize("options", VARIANTS[:3])
def test_determinize_respects_the_view(options: dict[str, Any]) -> None:
    rng = random.Random(7)
    for seed in range(25):
        match = stammtisch.new_match("schnapsen", seed=seed, match_target=2, **options)
        while match.to_act is not None:
            seat = match.to_act
            view = schnapsen_view(match.view(seat))
            seen = read_view(view)
            truth = match.state
            assert isinstance(truth, SchnapsenState)
            opp = truth.hands[1 - seat]
            assert seen.opp_must & ~opp == 0 and seen.opp_not & opp == 0
            world = determinize(view, rng)
            assert world.view(seat) == view
            placed = world.hands[1 - seat] | to_set(world.deck[world.talon_pos:])
            assert placed & ~seen.unseen == 0
            assert world.hands[1 - seat] & seen.opp_not == 0
            assert world.hands[1 - seat] & seen.opp_must == seen.opp_must
            assert world.hands[1 - seat].bit_count() == opp.bit_count()
            talon = len(world.deck) - world.talon_pos + (1 if world.t else 0)
            assert talon == truth.t
            cards = [*world.hands, *(1 << c for c in world.deck[world.talon_pos:])]
            if world.t:
                cards.append(1 << world.trump_card)
            cards += [1 << c for _, a, b, _ in world.history for c in (a, b)]
            if world.lead_card >= 0:
                cards.append(1 << world.lead_card)
            assert sum(c.bit_count() for c in cards) == view["deck_size"]
            assert to_set(SCHNAPSEN_DECKS[view["deck_size"]]) == sum(cards)
            match.play(rng.choice(view["legal_actions"]))


def test_the_bummerl_chance_is_even_at_equal_scores_and_grows_with_points() -> None:
    assert win_chance(0, 0, 7) == pytest.approx(0.5)
    assert win_chance(6, 6, 7) == pytest.approx(0.5)
    assert win_chance(7, 3, 7) == 1.0 and win_chance(3, 7, 7) == 0.0
    chances = [deal_worth(award, 2, 4, 7) for award in range(-3, 4)]
    assert chances == sorted(chances) and chances[0] < chances[-1]


def test_expert_samples_and_plays_by_the_tables_options() -> None:
    table: dict[str, Any] = {"deck_size": 24, "hand_size": 6, "follow_suit_mode": "always",
             "claim_mode": "manual", "match_target": 2}
    rng = random.Random(31)
    for seed in range(2):
        match = stammtisch.new_match("schnapsen", seed=seed, **table)
        bots = [ExpertBot(seed, budget=30.0, max_worlds=6) for _ in range(2)]
        while match.to_act is not None:
            seat = match.to_act
            view = schnapsen_view(match.view(seat))
            world = determinize(view, rng)
            assert world.rules.deck_size == 24 and world.rules.hand_size == 6
            assert world.rules.follow_always and world.rules.manual
            assert world.view(seat) == view
            placed = sum(h.bit_count() for h in world.hands) + len(world.deck) \
                + (1 if world.t else 0) + 2 * len(world.history) + (world.lead_card >= 0)
            assert placed == 24
            match.play(bots[seat].choose(match.view(seat)))
        assert match.result is not None


def test_the_frozen_expert_is_a_hidden_level_on_the_python_path() -> None:
    frozen = next(level for level in levels("schnapsen") if level.name == "expert-2026")
    assert frozen.hidden
    bot = frozen.make("schnapsen", 1, 0.1)
    assert isinstance(bot, ExpertBot) and not bot.compiled and bot.max_worlds == 400
    current = ExpertBot(1, 0.1)
    assert current.max_worlds == (4000 if current.compiled else 400)


def test_the_expert_solves_from_two_talon_cards_on_a_long_budget() -> None:
    python = ExpertBot(1, compiled=False)
    assert python.solve_from == EXACT_TALON  # a world is 13 times dearer there
    python.budget = DEEP_BUDGET * PYTHON_SLOWER
    assert python.solve_from == DEEP_TALON
    if not ExpertBot(1).compiled:
        return
    assert ExpertBot(1).solve_from == DEEP_TALON == 2
    assert ExpertBot(1, DEEP_BUDGET).solve_from == DEEP_TALON
    assert ExpertBot(1, 0.1).solve_from == EXACT_TALON == 0
    assert ExpertBot(1, 0.1, exact_talon=4).solve_from == 4
    assert ExpertBot.frozen_2026(1, 1.0).solve_from == EXACT_TALON
    bot = ExpertBot(1)
    bot.budget = 0.2  # a table in a hurry lowers the budget between decisions
    assert bot.solve_from == EXACT_TALON


TRADITIONAL: dict[str, Any] = {"deck_size": 24, "hand_size": 6, "claim_mode": "manual",
               "schneider_max_points": 32, "schwarz_basis": "tricks",
               "no_66_result": "last_trick", "closed_score_snapshot": "at_close",
               "closer_fail_award": "traditional", "marriage_after_close_or_exhaustion": True}


def test_the_club_plays_the_card_of_a_marriage_declared_in_the_strict_phase() -> None:
    # seed 2 declares a marriage after the close, then holds "play QD, claim" only
    for seed in range(3):
        match = stammtisch.new_match("schnapsen", seed=seed, **TRADITIONAL)
        bots = {seat: make_bot("schnapsen", "club", seed, seat) for seat in range(2)}
        play_match(match, bots)
        assert match.result is not None
