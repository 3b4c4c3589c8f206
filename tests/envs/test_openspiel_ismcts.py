"""The ISMCTS bot (envs/openspiel_ismcts.py) plays legal moves in all four games and
repeats its play for a seed."""

from __future__ import annotations

import random

import pytest

from tests.envs.rl import OPENSPIEL, require_rl

require_rl(OPENSPIEL)

from stammtisch.core.match import Match  # noqa: E402
from stammtisch.envs.openspiel import GAME_CLASSES  # noqa: E402
from stammtisch.envs.openspiel_ismcts import EngineRollout, ISMCTSBot  # noqa: E402
from stammtisch.games import REGISTRY  # noqa: E402

PLAYERS = {"schnauz": {"num_players": 3}, "scat": {"num_players": 3}}


def _play(game: str, seed: int, decisions: int) -> list[str]:
    match: Match = Match(REGISTRY[game], seed=seed, options=PLAYERS.get(game, {}))
    bots = [ISMCTSBot(seed=seat, game=game, simulations=12) for seat in range(match.num_players)]
    played: list[str] = []
    while match.result is None and len(played) < decisions:
        seat = match.to_act
        assert seat is not None
        view = match.view(seat)
        action = bots[seat].choose(view)
        assert action in view["legal_actions"]
        match.play(action)
        played.append(action)
    return played


@pytest.mark.parametrize("game", sorted(REGISTRY))
def test_ismcts_plays_legally_and_repeats_for_a_seed(game: str) -> None:
    played = _play(game, 7, 10)
    assert len(played) == 10
    assert _play(game, 7, 10) == played


@pytest.mark.slow
def test_ismcts_plays_a_schnapsen_match_to_its_end() -> None:
    match = Match(REGISTRY["schnapsen"], seed=11, options={"match_target": 1})
    bots = [ISMCTSBot(seed=1, simulations=30), ISMCTSBot(seed=2, simulations=30)]
    while match.result is None:
        seat = match.to_act
        assert seat is not None
        view = match.view(seat)
        action = bots[seat].choose(view)
        assert action in view["legal_actions"]
        match.play(action)
    assert match.result["winner"] in (0, 1)


def test_ismcts_refuses_an_unknown_game() -> None:
    with pytest.raises(ValueError, match="plays schnauz, scat"):
        ISMCTSBot(game="skat")


def test_ismcts_robs_in_schmier_pick_by_pick() -> None:
    match: Match = Match(REGISTRY["schmier"], seed=3, options={})
    rng = random.Random(3)
    while match.view(match.to_act)["phase"] != "rob":
        match.play(rng.choice(match.legal_actions()))
    view = match.view(match.to_act)
    action = ISMCTSBot(seed=4, game="schmier", simulations=6).choose(view)
    assert action in view["legal_actions"] and action.startswith("discard")


@pytest.mark.parametrize("game", sorted(REGISTRY))
def test_deal_play_outs_are_zero_sum_and_bounded(game: str) -> None:
    state = GAME_CLASSES[game](PLAYERS.get(game, {})).new_initial_state()
    state.apply_action(6)
    values = [EngineRollout(random.Random(k)).evaluate(state) for k in range(20)]
    for value in values:
        assert len(value) == state.num_players()
        assert sum(value) == pytest.approx(0.0)
        assert all(-1.0 <= v <= 1.0 for v in value)
    assert any(value.any() for value in values), "a deal's end moves the standing"
    with pytest.raises(ValueError, match="horizon"):
        EngineRollout(random.Random(0), "trick")
