"""The envs encode straight from the engine's state exactly what the view-based encoding
gives, and never what a seat may not know.

For each game, under every option set of envs/options.py, a seeded random match is
played through the raw env. At every position every seat's observation from the state
(:meth:`Codec.encode_state`, what the env steps on) equals the one from its view
(:meth:`Codec.encode` of ``match.view(seat)``), and the action mask equals the legal
actions' indices from the view. Then the cards a seat cannot see are dealt anew by the
game's own sampler: its observation stays the same.
"""

from __future__ import annotations

import random
from typing import Any

import pytest

from tests.envs.rl import require_rl

require_rl()

import numpy as np  # noqa: E402

from stammtisch.envs import scat_v0, schmier_v0, schnapsen_v0, schnauz_v0  # noqa: E402
from stammtisch.envs.base import PICK, CardGameEnv  # noqa: E402
from tests.envs.options import option_sets  # noqa: E402

RAW: dict[str, type[CardGameEnv]] = {
    "schnauz": schnauz_v0.raw_env, "scat": scat_v0.raw_env,
    "schnapsen": schnapsen_v0.raw_env, "schmier": schmier_v0.raw_env,
}
POSITIONS = 80
"""Positions checked per option set."""
SAMPLED = 10
"""Positions per option set whose hidden cards are dealt anew."""


def from_view(env: CardGameEnv, seat: int) -> np.ndarray[Any, Any]:
    out = np.zeros(env.codec.size, dtype=np.float32)
    env.codec.encode(env.match.view(seat), out)
    return out


def from_state(env: CardGameEnv, state: Any, seat: int, pending: int) -> np.ndarray[Any, Any]:
    out = np.zeros(env.codec.size, dtype=np.float32)
    env.codec.encode_state(state, seat, out, pending)
    return out


def check_position(env: CardGameEnv, rng: random.Random, sample: bool) -> None:
    state = env.match.state
    acting = state.to_act
    pending = env._pending  # noqa: SLF001 - the rob's picks so far
    for seat in range(env.match.num_players):
        fast = from_state(env, state, seat, pending if seat == acting else 0)
        slow = from_view(env, seat)
        if "rob_kept" in env.codec.offsets:  # the view shows no picks: compare apart
            start = env.codec.offsets["rob_kept"]
            kept = np.flatnonzero(fast[start:start + 53]).tolist()
            assert sum(1 << card for card in kept) == (pending if seat == acting else 0)
            fast, slow = fast[:start], slow[:start]
        assert np.array_equal(fast, slow), (seat, [
            name for name, size in env.codec.fields
            if not np.array_equal(fast[env.codec.offsets[name]:][:size],
                                  slow[env.codec.offsets[name]:][:size])])
        observed = env.observe(env.possible_agents[seat])
        assert np.array_equal(observed["observation"][:len(fast)], fast)
        if sample:
            view = env.match.view(seat)
            dealt = env.match.info.sample(view, rng)
            assert np.array_equal(from_state(env, dealt, seat, 0)[:len(fast)], fast)
    view = env.match.view(acting)
    mask = env.observe(env.agent_selection)["action_mask"]
    moves = env.codec.moves(state, pending)
    if PICK in moves.values() or view["phase"] == "rob":
        return  # a rob made card by card: tests/envs/test_actions.py
    legal = state.legal()
    assert sorted(np.flatnonzero(mask).tolist()) == sorted(
        env.codec.index_of(view, action) for action in legal)
    assert sorted(moves.values()) == sorted(legal)


@pytest.mark.slow
@pytest.mark.parametrize("game", list(RAW))
def test_the_state_encoding_is_the_view_encoding(game: str) -> None:
    checked = 0
    for number, options in enumerate(option_sets(game)):
        env = RAW[game](max_deals=10, **options)
        env.reset(seed=number)
        rng = random.Random(number)
        for position in range(POSITIONS):
            agent = env.agent_selection
            if env.terminations[agent] or env.truncations[agent]:
                break
            check_position(env, rng, position % (POSITIONS // SAMPLED) == 0)
            env.step(rng.choice(env.legal_indices()))
            checked += 1
        if env.match.to_act is None:  # the end of a match is encoded alike too
            for seat in range(env.match.num_players):
                assert np.array_equal(from_state(env, env.match.state, seat, 0),
                                      from_view(env, seat))
    assert checked > 1000


def test_a_whole_quick_match_of_each_game_encodes_alike() -> None:
    quick: dict[str, dict[str, Any]] = {
        "schnauz": {"lives": 1}, "scat": {"lives": 1},
        "schnapsen": {"match_target": 2}, "schmier": {"target_score": 3, "min_bid": 1}}
    for game, options in quick.items():
        env = RAW[game](**options)
        env.reset(seed=11)
        rng = random.Random(11)
        while env.match.to_act is not None and not any(env.truncations.values()):
            check_position(env, rng, False)
            env.step(rng.choice(env.legal_indices()))
        for seat in range(env.match.num_players):
            assert np.array_equal(from_state(env, env.match.state, seat, 0),
                                  from_view(env, seat))
