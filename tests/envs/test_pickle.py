"""The PettingZoo envs pickle mid-match (the option specs hold no closures), and an
unpickled env goes on exactly as the original."""

from __future__ import annotations

import pickle
import random
from collections.abc import Callable
from functools import partial
from typing import Any

import pytest

from tests.envs.rl import require_rl

require_rl()

import numpy as np  # noqa: E402

from stammtisch.envs import scat_v0, schmier_v0, schnapsen_v0, schnauz_v0  # noqa: E402

MAKERS: dict[str, Callable[..., Any]] = {
    "schnauz": partial(schnauz_v0.env, num_players=3),
    "scat": partial(scat_v0.env, num_players=4),
    "schnapsen": partial(schnapsen_v0.env, match_target=3),
    "schmier": partial(schmier_v0.env, max_deals=2),
}


def _steps(env: Any, rng: random.Random, count: int) -> list[tuple[str, int, float]]:
    taken = []
    for _ in range(count):
        agent = env.agent_selection
        observation, reward, terminated, truncated, _ = env.last()
        if terminated or truncated:
            env.step(None)
            taken.append((agent, -1, reward))
            if not env.agents:
                break
            continue
        legal = np.flatnonzero(observation["action_mask"])
        action = int(legal[rng.randrange(len(legal))])
        env.step(action)
        taken.append((agent, action, reward))
    return taken


@pytest.mark.parametrize("game", sorted(MAKERS))
def test_an_env_pickles_mid_match_and_goes_on_alike(game: str) -> None:
    env = MAKERS[game]()
    env.reset(seed=8)
    _steps(env, random.Random(1), 15)
    copy = pickle.loads(pickle.dumps(env))
    assert copy.agent_selection == env.agent_selection
    for agent in env.agents:
        assert (copy.observe(agent)["observation"] == env.observe(agent)["observation"]).all()
    assert _steps(copy, random.Random(2), 60) == _steps(env, random.Random(2), 60)
    assert copy.unwrapped.match.record() == env.unwrapped.match.record()
