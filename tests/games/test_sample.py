"""The game's own sampler of a view's hidden cards (issue 41): ``GameInfo.sample(view,
rng)``, as OpenSpiel's ``resample_from_infostate``.

For random positions of random matches under several option sets, a state sampled
from a seat's view shows that seat the very same view (and the seat to act the same
legal actions); different draws place the hidden cards differently; Schnapsen's never gives
the opponent a card its play showed it cannot hold.
"""

from __future__ import annotations

import random
import subprocess
import sys
from typing import Any

import pytest

import stammtisch
from stammtisch.core.game import GameState
from stammtisch.games import REGISTRY
from stammtisch.games.schnapsen import SchnapsenState, unseen_of
from tests.games.test_from_view import OPTION_SETS

SEEDS = 4
MAX_ACTIONS = 300
CHECK_SHARE = 0.08
DRAWS = 3


def _positions(game: str, rng: random.Random) -> list[GameState]:
    """Copies of random positions of random matches of ``game``."""
    found: list[GameState] = []
    for index, options in enumerate(OPTION_SETS[game]):
        for seed in range(SEEDS):
            players = {"schnauz": 3 + seed % 3, "scat": 2 + seed % 4}.get(game)
            extra: dict[str, Any] = {"num_players": players} if players else {}
            state = stammtisch.new_match(game, seed=100 * index + seed, **extra,
                                         **options).state
            state.events = None
            for _ in range(MAX_ACTIONS):
                if not state.legal():
                    break
                if rng.random() < CHECK_SHARE:
                    found.append(state.clone())
                state.apply(rng.choice(state.legal()))
    return found


def _seats(game: str, state: GameState) -> list[int | None]:
    """The views sampled: every seat's, and a spectator's where the game allows it
    (Schnapsen's sampler reads a seat's view: a spectator sees neither hand)."""
    return [*range(state.num_players), *([] if game == "schnapsen" else [None])]


@pytest.mark.parametrize("game", sorted(REGISTRY))
def test_a_sampled_state_shows_the_seat_its_view(game: str) -> None:
    rng = random.Random(41)
    sample = REGISTRY[game].sample
    positions = _positions(game, rng)
    assert len(positions) >= 10 * len(OPTION_SETS[game])
    varied = 0
    for state in positions:
        for seat in _seats(game, state):
            view = state.view(seat)
            draws = [sample(view, rng) for _ in range(DRAWS)]
            for drawn in draws:
                assert drawn.view(seat) == view, seat
                if seat == state.to_act:
                    assert drawn.legal() == state.legal()
            varied += len({repr(drawn.dump()) for drawn in draws}) > 1
    assert varied > len(positions)


def test_schnapsen_samples_respect_the_voids_the_play_showed() -> None:
    rng = random.Random(7)
    voids = 0
    for state in _positions("schnapsen", rng):
        for seat in (0, 1):
            view = state.view(seat)
            if view["phase"] == "over":
                continue
            hidden = unseen_of(view)
            voids += hidden.cannot != 0
            for _ in range(DRAWS):
                drawn = REGISTRY["schnapsen"].sample(view, rng)
                assert isinstance(drawn, SchnapsenState)
                opponent = drawn.hands[1 - seat]
                assert opponent & hidden.must == hidden.must
                assert not opponent & hidden.cannot
    assert voids > 10


def test_the_ismcts_level_samples_through_the_game_not_the_bots() -> None:
    pytest.importorskip("open_spiel")
    code = ("import sys, stammtisch.envs.openspiel_ismcts; "
            "print(sorted(m for m in sys.modules if m.startswith('stammtisch.bots')))")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                         check=True).stdout.strip()
    assert out == "[]"
