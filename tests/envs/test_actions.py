"""Every legal action of the engine is one index of the env's action space, and back.

For each game, under every option set of envs/options.py, a seeded random match is
played through the raw env; at every position the mask is exactly the legal actions'
indices, each index maps back to its action, and indices not in the mask name no
legal action. Schmier's rob is picked card by card in the envs: every legal rob is
reached by picking the cards it keeps, and no other.
"""

from __future__ import annotations

import random
from typing import Any

import pytest

from tests.envs.rl import require_rl

require_rl()

import numpy as np  # noqa: E402

from stammtisch.cards import card_tuple  # noqa: E402
from stammtisch.envs import scat_v0, schmier_v0, schnapsen_v0, schnauz_v0  # noqa: E402
from stammtisch.envs.base import PICK, CardGameEnv  # noqa: E402
from stammtisch.errors import IllegalActionError  # noqa: E402
from tests.envs.options import option_sets  # noqa: E402

RAW: dict[str, type[CardGameEnv]] = {
    "schnauz": schnauz_v0.raw_env, "scat": scat_v0.raw_env,
    "schnapsen": schnapsen_v0.raw_env, "schmier": schmier_v0.raw_env,
}
POSITIONS = 120
"""Positions checked per option set."""
BACK = 200
"""Legal actions mapped back per position (a Schmier rob may have thousands)."""
OTHERS = 40
"""Indices outside the mask tried per position."""


def check_rob(env: CardGameEnv, rng: random.Random) -> int:
    """Every legal rob is the end of the picks of the cards it keeps, each pick legal on
    the way, and the picks reach no other; return a random legal pick."""
    state: Any = env.match.state
    codec = env.codec
    hand = state.hands[state.to_act]
    legal = state.legal()
    for action in rng.sample(legal, min(len(legal), BACK // 10)):
        pending = 0
        for card in card_tuple(hand & ~action):
            moves = codec.moves(state, pending)
            move = moves[schmier_v0.PLAYS + card]
            pending = codec.pick(state, pending, schmier_v0.PLAYS + card)
        assert move == action and pending == hand & ~action
    first = codec.moves(state, env._pending)  # noqa: SLF001 - the picks so far
    assert set(first) <= {schmier_v0.PLAYS + card for card in card_tuple(hand)}
    mask = env.observe(env.agent_selection)["action_mask"]
    assert set(np.flatnonzero(mask).tolist()) == set(first)
    if PICK not in first.values():
        assert set(first.values()) <= set(legal)
    return rng.choice(sorted(first))


def check_position(env: CardGameEnv, rng: random.Random) -> int:
    """Check one position both ways; return the index of a random legal action."""
    seat = env.match.to_act
    assert seat is not None
    view = env.match.view(seat)
    if view["phase"] == "rob":
        return check_rob(env, rng)
    codec = env.codec
    legal = env.match.state.legal()
    indices = [codec.index_of(view, action) for action in legal]
    assert len(set(indices)) == len(legal)
    assert all(0 <= i < codec.num_actions for i in indices)
    pairs = list(zip(legal, indices, strict=True))
    for action, index in rng.sample(pairs, min(len(pairs), BACK)):
        assert codec.action_of(view, index) == action
    mask = env.observe(env.agent_selection)["action_mask"]
    assert set(np.flatnonzero(mask).tolist()) == set(indices)
    allowed = set(legal)
    for index in rng.sample(range(codec.num_actions), min(OTHERS, codec.num_actions)):
        if mask[index]:
            continue
        try:
            action = codec.action_of(view, index)
        except ValueError:
            continue
        assert action not in allowed
    return rng.choice(indices)


@pytest.mark.slow
@pytest.mark.parametrize("game", list(RAW))
def test_actions_map_to_indices_and_back(game: str) -> None:
    checked = 0
    for number, options in enumerate(option_sets(game)):
        env = RAW[game](max_deals=10, **options)
        env.reset(seed=number)
        rng = random.Random(number)
        for _ in range(POSITIONS):
            if env.terminations[env.agent_selection] or env.truncations[env.agent_selection]:
                break
            env.step(check_position(env, rng))
            checked += 1
    assert checked > 1500


def test_the_largest_rob_fits_the_space() -> None:
    positions = tuple(range(17, 23))
    rank = schmier_v0.rob_rank(positions)
    assert rank == schmier_v0.NUM_ROBS - 1
    assert schmier_v0.rob_positions(rank) == positions
    for rank in random.Random(3).sample(range(schmier_v0.NUM_ROBS), 500):
        assert schmier_v0.rob_rank(schmier_v0.rob_positions(rank)) == rank


def test_an_index_naming_no_legal_action_is_refused_with_the_legal_ones() -> None:
    env = schnapsen_v0.raw_env()
    env.reset(seed=1)
    mask = env.observe(env.agent_selection)["action_mask"]
    illegal = int(np.flatnonzero(mask == 0)[0])
    with pytest.raises(IllegalActionError, match="legal actions: .*play"):
        env.step(illegal)
    assert env.action_text(int(np.flatnonzero(mask)[0])).startswith("play ")


def test_bad_env_options_are_named() -> None:
    from stammtisch.errors import OptionError

    with pytest.raises(OptionError, match="deck_size"):
        schnapsen_v0.raw_env(deck_size=32)
    with pytest.raises(OptionError, match="reward"):
        schnapsen_v0.raw_env(reward="trick")
    with pytest.raises(OptionError, match="max_deals"):
        schmier_v0.raw_env(max_deals=0)
