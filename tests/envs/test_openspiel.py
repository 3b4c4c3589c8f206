"""The four games as OpenSpiel games: registered, OpenSpiel's random-simulation test
passes, the tensors are the PettingZoo codec's, and its ISMCTS plays Schnapsen legally."""

from __future__ import annotations

import pytest

from tests.envs.rl import OPENSPIEL, require_rl

require_rl(OPENSPIEL)

import numpy as np  # noqa: E402
import pyspiel  # noqa: E402

import stammtisch  # noqa: E402
from stammtisch.envs.openspiel import CHANCE_SEEDS, GAME_CLASSES, register_all  # noqa: E402
from stammtisch.envs.openspiel_ismcts import ISMCTSBot  # noqa: E402

NAMES = register_all()
SIMS = {"stammtisch_schnauz": 3, "stammtisch_scat": 3, "stammtisch_schnapsen": 3,
        "stammtisch_schmier": 1}
"""Random matches per game (a Schmier position's legal mask has 101,053 entries)."""


def test_registered_with_pyspiel() -> None:
    assert set(NAMES) <= set(pyspiel.registered_names())
    assert register_all() == NAMES
    game = pyspiel.load_game("stammtisch_scat", {"num_players": 5})
    assert game.num_players() == 5
    assert game.max_chance_outcomes() == CHANCE_SEEDS


def test_unknown_parameter_is_a_clear_error() -> None:
    with pytest.raises(Exception, match="(?i)unknown parameter"):
        pyspiel.load_game("stammtisch_schnapsen", {"target": 3})
    with pytest.raises(ValueError, match="max_moves"):
        GAME_CLASSES["schnapsen"]({"max_moves": 0})


@pytest.mark.parametrize("name", [
    pytest.param(name, marks=[pytest.mark.slow] if name.endswith("schmier") else [])
    for name in SIMS])
def test_random_simulation(name: str) -> None:
    pyspiel.random_sim_test(pyspiel.load_game(name), num_sims=SIMS[name],
                            serialize=False, verbose=False)


def test_tensors_and_actions_are_the_codecs() -> None:
    game = pyspiel.load_game("stammtisch_schnapsen", {"match_target": 3})
    state = game.new_initial_state()
    state.apply_action(5)
    match = stammtisch.new_match("schnapsen", seed=5, match_target=3)
    for _ in range(12):
        seat = state.current_player()
        assert seat == match.to_act
        tensor = np.asarray(state.information_state_tensor(seat))
        assert tensor.tolist() == np.asarray(state.observation_tensor(seat)).tolist()
        assert tensor.sum() > 0
        texts = [state.action_to_string(seat, a) for a in state.legal_actions()]
        assert sorted(texts) == sorted(match.view(seat)["legal_actions"])
        state.apply_action(state.legal_actions()[0])
        match.play(texts[0])


@pytest.mark.slow
def test_ismcts_plays_a_legal_schnapsen_match() -> None:
    match = stammtisch.new_match("schnapsen", seed=11, match_target=1)
    bots = [ISMCTSBot(seed=1, simulations=30), ISMCTSBot(seed=2, simulations=30)]
    while match.result is None:
        seat = match.to_act
        assert seat is not None
        view = match.view(seat)
        action = bots[seat].choose(view)
        assert action in view["legal_actions"]
        match.play(action)
    assert match.result["winner"] in (0, 1)


def test_ismcts_refuses_other_games() -> None:
    with pytest.raises(ValueError, match="schnapsen only"):
        ISMCTSBot(game="scat")
