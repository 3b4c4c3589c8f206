"""The ISMCTS bot (envs/openspiel_ismcts.py) plays legal moves in all four games and
repeats its play for a seed."""

from __future__ import annotations

import pytest

from tests.envs.rl import OPENSPIEL, require_rl

require_rl(OPENSPIEL)

from stammtisch.core.match import Match  # noqa: E402
from stammtisch.envs.openspiel_ismcts import ISMCTSBot  # noqa: E402
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
