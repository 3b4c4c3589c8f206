"""Rewards add up to zero at every step; the match's winners get +1; per-deal rewards
follow the standing; ``max_deals`` truncates; an illegal index ends the match at -1."""

from __future__ import annotations

import random
from typing import Any

import pytest

from tests.envs.rl import require_rl

require_rl()

import numpy as np  # noqa: E402

from stammtisch.cards import card_code  # noqa: E402
from stammtisch.envs import scat_v0, schmier_v0, schnapsen_v0, schnauz_v0  # noqa: E402

MODULES: dict[str, Any] = {"schnauz": schnauz_v0, "scat": scat_v0,
                           "schnapsen": schnapsen_v0, "schmier": schmier_v0}
QUICK: dict[str, dict[str, Any]] = {
    "schnauz": {"lives": 1}, "scat": {"lives": 1},
    "schnapsen": {"match_target": 2}, "schmier": {"target_score": 3, "min_bid": 1},
}


def play_out(env: Any, seed: int) -> dict[str, float]:
    """A random match through the wrapped env; the total reward of each agent."""
    env.reset(seed=seed)
    rng = random.Random(seed)
    totals = dict.fromkeys(env.possible_agents, 0.0)
    for agent in env.agent_iter(200_000):
        observation, reward, terminated, truncated, _ = env.last()
        totals[agent] += reward
        action = None if terminated or truncated else \
            rng.choice(np.flatnonzero(observation["action_mask"]).tolist())
        env.step(action)
        assert abs(sum(env.rewards.values())) < 1e-9
    return totals


@pytest.mark.parametrize("game", list(MODULES))
def test_a_match_pays_its_winners_zero_sum(game: str) -> None:
    env = MODULES[game].env(**QUICK[game])
    totals = play_out(env, 5)
    result = env.unwrapped.match.result
    assert result is not None
    winners = result.get("winning_seats", [result["winner"]])
    assert {f"player_{s}" for s in winners} == {a for a, r in totals.items() if r == 1.0}
    assert abs(sum(totals.values())) < 1e-9


@pytest.mark.parametrize("game", ["schnapsen", "schnauz"])
def test_deal_rewards_follow_the_standing(game: str) -> None:
    env = MODULES[game].env(reward="deal", **QUICK[game])
    totals = play_out(env, 9)
    raw = env.unwrapped
    standing = raw.codec.standing(raw.match.view(None))
    start = raw.codec.standing(type(raw)(**QUICK[game]).match.view(None))
    gains = [now - before for now, before in zip(standing, start, strict=True)]
    mean = sum(gains) / len(gains)
    for seat, agent in enumerate(env.possible_agents):
        assert totals[agent] == pytest.approx(gains[seat] - mean)
    assert any(totals.values())


def test_max_deals_truncates_every_agent() -> None:
    env = schmier_v0.env(max_deals=2)
    play_out(env, 3)
    raw = env.unwrapped
    assert raw.match.result is None and raw.match.state.deal_number == 2
    assert env.agents == []


def test_an_illegal_index_ends_the_match_at_minus_one() -> None:
    env = schnapsen_v0.env()
    env.reset(seed=2)
    observation, *_ = env.last()
    agent = env.agent_selection
    env.step(int(np.flatnonzero(observation["action_mask"] == 0)[0]))
    assert env.rewards[agent] == -1 and all(env.terminations.values())


def test_the_observation_shows_the_own_hand_only() -> None:
    env = schnapsen_v0.raw_env()
    env.reset(seed=4)
    codec = env.codec
    start = codec.offsets["hand"]
    for seat, agent in enumerate(env.possible_agents):
        hand = env.observe(agent)["observation"][start:start + len(codec.deck)]
        assert [card_code(codec.deck[i]) for i in np.flatnonzero(hand)] == \
            env.match.state.dump()["hands"][seat]


@pytest.mark.parametrize("game", list(MODULES))
def test_every_field_is_documented(game: str) -> None:
    module = MODULES[game]
    codec = module.raw_env(**QUICK[game]).codec
    for name, _ in codec.fields:
        assert f"``{name}``" in (module.__doc__ or ""), name
    assert sum(size for _, size in codec.fields) == codec.size
