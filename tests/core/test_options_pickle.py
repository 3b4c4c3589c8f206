"""Options, and with them matches, pickle: the option tests are not closures."""

from __future__ import annotations

import pickle

import pytest

from stammtisch.core.match import Match
from stammtisch.core.options import REQUIRED, resolve
from stammtisch.games import REGISTRY

PLAYERS = {"schnauz": {"num_players": 4}, "scat": {"num_players": 5}}


@pytest.mark.parametrize("game", sorted(REGISTRY))
def test_a_match_pickles_and_plays_on_alike(game: str) -> None:
    match: Match = Match(REGISTRY[game], seed=3, options=PLAYERS.get(game, {}))
    for _ in range(5):
        match.play(match.legal_actions()[0])
    copy = pickle.loads(pickle.dumps(match))
    assert copy.options == match.options
    assert copy.state.dump() == match.state.dump()
    for _ in range(20):
        if match.result is not None:
            break
        action = match.legal_actions()[-1]
        match.play(action)
        copy.play(action.text)
    assert copy.record() == match.record()


@pytest.mark.parametrize("game", sorted(REGISTRY))
def test_unpickled_options_accept_and_refuse_alike(game: str) -> None:
    specs = pickle.loads(pickle.dumps(REGISTRY[game].options))
    assert specs == REGISTRY[game].options
    for spec in specs:
        assert spec.required == (spec.default is REQUIRED)
    given = PLAYERS.get(game, {})
    assert resolve(game, specs, given) == resolve(game, REGISTRY[game].options, given)
