"""The four games as OpenSpiel games: registered, OpenSpiel's random-simulation test
passes with serialization, the observation tensors are the PettingZoo codec's, the
information state has perfect recall, and resampling keeps a seat's information state."""

from __future__ import annotations

import json
import pickle

import pytest

from tests.envs.rl import OPENSPIEL, require_rl

require_rl(OPENSPIEL)

import numpy as np  # noqa: E402
import pyspiel  # noqa: E402

import stammtisch  # noqa: E402
from stammtisch.envs.openspiel import (  # noqa: E402
    DISTINCT_DEALS,
    GAME_CLASSES,
    ViewObserver,
    register_all,
)

NAMES = register_all()
SIMS = {"stammtisch_schnauz": 3, "stammtisch_scat": 3, "stammtisch_schnapsen": 3,
        "stammtisch_schmier": 1}
"""Random matches per game (a Schmier position's legal mask has 101,053 entries)."""
SIM_PARAMS = {"stammtisch_schmier": {"max_moves": 200}}
"""Random Schmier matches often run past 10,000 actions: cut them."""
SLOW = [pytest.param(name, marks=[pytest.mark.slow] if name.endswith("schmier") else [])
        for name in SIMS]


def test_registered_with_pyspiel() -> None:
    assert set(NAMES) <= set(pyspiel.registered_names())
    assert register_all() == NAMES
    game = pyspiel.load_game("stammtisch_scat", {"num_players": 5})
    assert game.num_players() == 5
    assert game.max_chance_outcomes() == DISTINCT_DEALS
    assert not game.get_type().provides_information_state_tensor
    assert game.get_type().provides_information_state_string


def test_distinct_deals_is_a_parameter() -> None:
    game = pyspiel.load_game("stammtisch_schnapsen", {"distinct_deals": 7})
    assert game.max_chance_outcomes() == 7
    outcomes = game.new_initial_state().chance_outcomes()
    assert [seed for seed, _ in outcomes] == list(range(7))
    assert sum(p for _, p in outcomes) == pytest.approx(1.0)
    with pytest.raises(ValueError, match="distinct_deals"):
        GAME_CLASSES["schnapsen"]({"distinct_deals": 0})


def test_unknown_parameter_is_a_clear_error() -> None:
    with pytest.raises(Exception, match="(?i)unknown parameter"):
        pyspiel.load_game("stammtisch_schnapsen", {"target": 3})
    with pytest.raises(ValueError, match="max_moves"):
        GAME_CLASSES["schnapsen"]({"max_moves": 0})


@pytest.mark.parametrize("name", SLOW)
def test_random_simulation_with_serialization(name: str) -> None:
    pyspiel.random_sim_test(pyspiel.load_game(name, SIM_PARAMS.get(name, {})), num_sims=SIMS[name],
                            serialize=True, verbose=False)


def _played(name: str, params: dict[str, int], seed: int, steps: int) -> pyspiel.State:
    state = pyspiel.load_game(name, params).new_initial_state()
    state.apply_action(seed)
    rng = np.random.RandomState(seed)
    for _ in range(steps):
        state.apply_action(rng.choice(state.legal_actions()))
    return state


@pytest.mark.parametrize("name", SLOW)
def test_game_and_state_serialize_and_pickle(name: str) -> None:
    state = _played(name, {"max_moves": 500}, 9, 12)
    text = pyspiel.serialize_game_and_state(state.get_game(), state)
    game, copy = pyspiel.deserialize_game_and_state(text)
    assert game.get_parameters() == state.get_game().get_parameters()
    for other in (copy, pickle.loads(pickle.dumps(state))):
        assert str(other) == str(state)
        assert other.history() == state.history()
        seat = state.current_player()
        assert other.information_state_string(seat) == state.information_state_string(seat)
        assert other.legal_actions() == state.legal_actions()
        other.apply_action(state.legal_actions()[-1])


def test_observation_tensors_and_actions_are_the_codecs() -> None:
    game = pyspiel.load_game("stammtisch_schnapsen", {"match_target": 3})
    state = game.new_initial_state()
    state.apply_action(5)
    match = stammtisch.new_match("schnapsen", seed=5, match_target=3)
    observer = GAME_CLASSES["schnapsen"]({"match_target": 3}).make_py_observer()
    assert isinstance(observer, ViewObserver)
    for _ in range(12):
        seat = state.current_player()
        assert seat == match.to_act
        tensor = np.asarray(state.observation_tensor(seat))
        observer.tensor.fill(0)
        observer.codec.encode(match.view(seat), observer.tensor)
        assert tensor.tolist() == observer.tensor.tolist()
        assert tensor.sum() > 0
        texts = [state.action_to_string(seat, a) for a in state.legal_actions()]
        assert sorted(texts) == sorted(match.view(seat)["legal_actions"])
        state.apply_action(state.legal_actions()[0])
        match.play(texts[0])


@pytest.mark.parametrize("name", SIMS)
def test_information_state_recalls_everything_in_order(name: str) -> None:
    state = _played(name, {}, 3, 0)
    seat = 0
    before = state.information_state_string(seat)
    rng = np.random.RandomState(3)
    histories = [before]
    for _ in range(30):
        if state.is_terminal():
            break
        if state.current_player() == seat:
            text = state.action_to_string(seat, action := rng.choice(state.legal_actions()))
            state.apply_action(action)
            number, history = len(state.history()) - 2, state.information_state_string(seat)
            if text.startswith("pick "):  # "pick" and every card picked so far
                assert any(f'["picked",{number},"{card}"]' in history
                           for card in text.split()[1:])
            else:
                assert json.dumps(["played", number, text], separators=(",", ":")) in history
        else:
            state.apply_action(rng.choice(state.legal_actions()))
        histories.append(state.information_state_string(seat))
    for earlier, later in zip(histories, histories[1:], strict=False):
        assert later.startswith(earlier[:-1])
    assert len(histories[-1]) > len(state.observation_string(seat))


@pytest.mark.parametrize("name", SIMS)
def test_resampled_worlds_keep_the_seats_information(name: str) -> None:
    state = _played(name, {}, 21, 7)
    seat = state.current_player()
    sampler = pyspiel.UniformProbabilitySampler(0.0, 1.0)
    worlds = [state.resample_from_infostate(seat, sampler) for _ in range(8)]
    for world in worlds:
        assert world.current_player() == seat
        assert world.information_state_string(seat) == state.information_state_string(seat)
        assert world.observation_string(seat) == state.observation_string(seat)
        assert world.legal_actions() == state.legal_actions()
        action = world.legal_actions()[0]
        world.apply_action(action)
        assert world.information_state_string(seat).startswith(
            state.information_state_string(seat)[:-1])
    assert len({str(world) for world in worlds}) > 1, "the hidden cards are drawn anew"


@pytest.mark.parametrize("name", SIMS)
def test_openspiels_own_ismcts_searches_every_game(name: str) -> None:
    from open_spiel.python.algorithms import ismcts, mcts

    state = _played(name, {"max_moves": 150}, 5, 3)
    random_state = np.random.RandomState(5)
    bot = ismcts.ISMCTSBot(state.get_game(), mcts.RandomRolloutEvaluator(1, random_state),
                           uct_c=2.0, max_simulations=5, random_state=random_state)
    assert bot.step(state) in state.legal_actions()


def test_schmiers_rob_is_picked_card_by_card() -> None:
    game = pyspiel.load_game("stammtisch_schmier", {"max_moves": 100_000})
    assert game.num_distinct_actions() < 200
    state = game.new_initial_state()
    state.apply_action(2)
    rng = np.random.RandomState(2)

    def picks() -> list[str]:
        texts = [state.action_to_string(state.current_player(), a)
                 for a in state.legal_actions()]
        return [text for text in texts if text.startswith("pick ")]

    while not picks():
        state.apply_action(rng.choice(state.legal_actions()))
    dealer = state.current_player()
    others = [seat for seat in range(game.num_players()) if seat != dealer]
    seen = {seat: state.information_state_string(seat) for seat in others}
    observed = {seat: state.observation_tensor(seat) for seat in others}
    kept: list[str] = []
    while picks():
        action = rng.choice(state.legal_actions())
        text = state.action_to_string(dealer, action)
        state.apply_action(action)
        if text.startswith("pick "):
            (card,) = set(text.split()[1:]) - set(kept)
            kept = text.split()[1:]
            assert state.current_player() == dealer
            assert f'["picked",{len(state.history()) - 2},"{card}"]' \
                in state.information_state_string(dealer)
            assert state.observation_string(dealer).endswith("picked " + " ".join(kept))
            for seat in others:  # a pick is the dealer's own until the rob is played
                assert state.information_state_string(seat) == seen[seat]
                assert state.observation_tensor(seat) == observed[seat]
    assert len(kept) == 5 and state.current_player() == dealer
    last = state.legal_actions()[0]  # the sixth card plays the rob
    assert state.action_to_string(dealer, last).startswith("discard")
    state.apply_action(last)
    hand = json.loads(state.observation_string(dealer))["hand"]
    assert len(hand) == 6 and set(kept) < set(hand)
    assert all(state.information_state_string(seat) != seen[seat] for seat in others)
