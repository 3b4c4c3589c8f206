"""``from_view`` of every registered game (issue 27): a seat's view plus the true
hidden cards rebuild the state.

For random positions of random matches under several option sets,
``State.from_view(state.view(seat), hidden)`` with the real hidden cards must
show every seat the same view as the real state, offer the same legal actions,
and go on identically for some random steps; a guess that contradicts the
view is refused with a :class:`~stammtisch.errors.ViewError`.
"""

from __future__ import annotations

import dataclasses
import random
from collections.abc import Callable
from typing import Any

import pytest

import stammtisch
from stammtisch.cards import parse_card
from stammtisch.core.game import GameState
from stammtisch.errors import ViewError
from stammtisch.games import REGISTRY
from stammtisch.games.scat import ScatHidden, ScatState
from stammtisch.games.schmier import SchmierHidden, SchmierState
from stammtisch.games.schnapsen import SchnapsenHidden, SchnapsenState
from stammtisch.games.schnauz import SchnauzHidden, SchnauzState

OPTION_SETS: dict[str, list[dict[str, Any]]] = {
    "schnapsen": [
        {},
        {"deck_size": 24, "hand_size": 6, "follow_suit_mode": "always"},
        {"claim_mode": "manual", "closed_score_snapshot": "at_close",
         "closer_fail_award": "traditional", "last_trick_bonus": 10, "match_target": 3},
        {"end_mode": "all_cards", "claim_mode": "manual", "deck_size": 24,
         "marriage_after_close_or_exhaustion": True, "strict_must_head": False},
    ],
    "schnauz": [
        {},
        {"deck_variant": "A9", "knock_allowed_first_round": False, "lives": 1,
         "dealt_combo_check": "before_dealer_choice", "short_stock_on_all_pass": "reshuffle"},
        {"deck_variant": "A5", "fire_effect": "all_others_lose", "knocker_lowest_penalty": 2,
         "short_stock_on_all_pass": "continue", "lives": 1},
    ],
    "scat": [
        {},
        {"throw_down": True, "three_of_a_kind": True, "straight_flush": True,
         "min_knock_score": 20, "knock_allowed_first_round": False, "lives": 1},
        {"empty_stock": "showdown", "knocker_lowest_penalty": 2, "lives": 1},
    ],
    "schmier": [
        {},
        {"partnerships": "2x3", "target_score": 7, "stick_the_dealer": True,
         "max_discard": 1, "trump_anytime": True},
        {"min_bid": 1, "max_bid": 4, "dealer_may_equal_high_bid": True,
         "game_point_tie": "bidder", "unresolved_tie": "joint_win", "target_score": 5},
    ],
}


def _schnapsen_hidden(state: GameState) -> SchnapsenHidden:
    assert isinstance(state, SchnapsenState)
    face_down = max(state.t - 1, 0)
    return SchnapsenHidden((state.hands[0], state.hands[1]),
                           state.deck[state.talon_pos:state.talon_pos + face_down], state.seed)


def _schmier_hidden(state: GameState) -> SchmierHidden:
    assert isinstance(state, SchmierState)
    return SchmierHidden(tuple(state.hands), state.stock, state.seed, tuple(state.discards))


def _scat_hidden(state: GameState) -> ScatHidden:
    assert isinstance(state, ScatState)
    return ScatHidden(tuple(state.hands), state.stock, state.seed)


def _schnauz_hidden(state: GameState) -> SchnauzHidden:
    assert isinstance(state, SchnauzState)
    return SchnauzHidden(tuple(state.hands), state.stock, state.seed)


HIDDEN: dict[str, Callable[[GameState], Any]] = {
    "schnapsen": _schnapsen_hidden, "schmier": _schmier_hidden, "scat": _scat_hidden,
    "schnauz": _schnauz_hidden}
STATE_CLASS: dict[str, Any] = {"schnapsen": SchnapsenState, "schmier": SchmierState,
                               "scat": ScatState, "schnauz": SchnauzState}


STEPS = 12
"""Random steps both states play on after a rebuild."""
SEEDS = 8
"""Random matches per option set..."""
MAX_ACTIONS = 300
"""... each played this far at most..."""
CHECK_SHARE = 0.06
"""... and rebuilt at this share of its positions (and at its end)."""


def _seats(state: GameState) -> list[int | None]:
    return [*range(state.num_players), None]


def _rebuild(game: str, state: GameState, seat: int) -> GameState:
    built: GameState = STATE_CLASS[game].from_view(state.view(seat), HIDDEN[game](state))
    return built


def _same(real: GameState, built: GameState) -> None:
    for seat in _seats(real):
        assert built.view(seat) == real.view(seat), seat
    assert built.legal() == real.legal()


def _check_position(game: str, state: GameState, rng: random.Random) -> None:
    seat = rng.randrange(state.num_players)
    built = _rebuild(game, state, seat)
    _same(state, built)
    real = state.clone()
    for _ in range(STEPS):
        legal = real.legal()
        if not legal:
            break
        action = rng.choice(legal)
        real.apply(action)
        built.apply(action)
        _same(real, built)


@pytest.mark.parametrize("game", sorted(HIDDEN))
def test_from_view_rebuilds_the_state(game: str) -> None:
    rng = random.Random(27)
    checked = 0
    for index, options in enumerate(OPTION_SETS[game]):
        for seed in range(SEEDS):
            players = {"schnauz": 3 + seed % 3, "scat": 2 + seed % 4}.get(game)
            extra: dict[str, Any] = {"num_players": players} if players else {}
            match = stammtisch.new_match(game, seed=100 * index + seed, **extra, **options)
            state = match.state
            state.events = None
            for _ in range(MAX_ACTIONS):
                if not state.legal():
                    break
                if rng.random() < CHECK_SHARE:
                    _check_position(game, state, rng)
                    checked += 1
                state.apply(rng.choice(state.legal()))
            _check_position(game, state, rng)
    assert checked >= 20 * len(OPTION_SETS[game])


def test_every_registered_game_is_covered() -> None:
    assert set(HIDDEN) == set(STATE_CLASS) == set(OPTION_SETS) == set(REGISTRY)


def _mid_deal(game: str, seed: int) -> GameState:
    players = {"schnauz": 3, "scat": 3}.get(game)
    extra: dict[str, Any] = {"num_players": players} if players else {}
    match = stammtisch.new_match(game, seed=seed, **extra)
    rng = random.Random(seed)
    for _ in range(rng.randrange(1, 8)):
        match.play(rng.choice(match.legal_actions()))
    return match.state


@pytest.mark.parametrize("game", sorted(HIDDEN))
def test_a_guess_that_contradicts_the_view_is_refused(game: str) -> None:
    for seed in range(6):
        state = _mid_deal(game, seed)
        seat = state.to_act
        view = state.view(seat)
        truth = HIDDEN[game](state)
        hands = list(truth.hands)
        other = next(s for s in range(len(hands)) if s != seat and hands[s])
        mine = hands[seat] & -hands[seat]
        theirs = hands[other] & -hands[other]
        swapped = hands[:]
        swapped[seat] ^= mine | theirs
        swapped[other] ^= mine | theirs
        short = hands[:]
        short[other] ^= theirs
        doubled = hands[:]
        doubled[other] ^= theirs | mine
        for wrong, message in ((swapped, "its view shows"), (short, "the view shows"),
                               (doubled, "both in the hand of seat|out of the hand of seat")):
            with pytest.raises(ViewError, match=message):
                STATE_CLASS[game].from_view(view, dataclasses.replace(truth,
                                                                      hands=tuple(wrong)))
        STATE_CLASS[game].from_view(view, truth)
        with pytest.raises(ViewError, match=f"not a {game} view"):
            STATE_CLASS[game].from_view({**view, "game": "chess"}, truth)


@pytest.mark.parametrize("game", ["scat", "schmier", "schnauz", "schnapsen"])
def test_for_view_builds_states_of_one_view_that_share_nothing_the_play_changes(
        game: str) -> None:
    """``for_view`` reads a view once for many guesses (a search's samples): each state
    it builds is the view's, whatever was played on the ones built before it."""
    rng = random.Random(game)
    for seed in range(6):
        state = _mid_deal(game, seed)
        view = state.view(state.to_act)
        truth = HIDDEN[game](state)
        guessed = STATE_CLASS[game].for_view(view)
        for _ in range(3):
            built = guessed(truth)
            _same(state, built)
            for _ in range(STEPS):
                if not built.legal():
                    break
                built.apply(rng.choice(built.legal()))
        hands = list(truth.hands)
        other = next(s for s in range(len(hands)) if s != state.to_act and hands[s])
        hands[other] &= hands[other] - 1
        with pytest.raises(ViewError, match="the view shows"):
            guessed(dataclasses.replace(truth, hands=tuple(hands)))


def test_the_turned_trump_card_stays_in_the_view_after_a_close_on_the_first_lead() -> None:
    for seed in range(40):
        match = stammtisch.new_match("schnapsen", seed=seed)
        leader = match.to_act
        assert leader is not None
        turned = match.view(leader)["trump_card"]
        assert turned is not None
        if "close" not in [a.text for a in match.legal_actions()]:
            continue
        match.play("close")
        for seat in (0, 1, None):
            view = match.view(seat)
            assert view["trump_card"] is None
            assert view["turned_trump"] == turned
        state = match.state
        assert isinstance(state, SchnapsenState)
        assert state.trump_card == parse_card(turned)
        return
    raise AssertionError("no deal offered a close on the first lead")
