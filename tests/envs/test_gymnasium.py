"""The single-agent Gymnasium envs: registered on ``import stammtisch.envs``, Gymnasium's
``check_env`` passes for every game, the mask is the agent's legal indices, opponents
come by level name or bot class, the seat is chosen or drawn, and a match repeats from
its seed."""

from __future__ import annotations

import random
from collections.abc import Mapping
from typing import Any

import pytest

from tests.envs.rl import require_rl

require_rl()

import gymnasium  # noqa: E402
import numpy as np  # noqa: E402
from gymnasium.utils.env_checker import check_env  # noqa: E402

import stammtisch.envs  # noqa: E402, F401 - registers the ids
from stammtisch.envs.gym import CardGameGymEnv  # noqa: E402
from stammtisch.envs.registration import IDS  # noqa: E402
from stammtisch.errors import IllegalActionError, OptionError  # noqa: E402

QUICK: dict[str, dict[str, Any]] = {
    "schnauz": {"lives": 1}, "scat": {"lives": 1},
    "schnapsen": {"match_target": 2}, "schmier": {"target_score": 3, "min_bid": 1},
}


class FirstLegal:
    """A bot class: the first legal action, counting its seats."""

    made: list[int] = []

    def __init__(self, seat: int) -> None:
        FirstLegal.made.append(seat)

    def choose(self, view: Mapping[str, Any]) -> str:
        return str(view["legal_actions"][0])


def play(env: Any, seed: int) -> tuple[list[int], float, bool, bool]:
    """A random agent over the mask until the end; its actions, total reward and ending."""
    _, info = env.reset(seed=seed)
    rng = random.Random(seed)
    actions, total = [], 0.0
    terminated = truncated = False
    while not (terminated or truncated):
        action = rng.choice(np.flatnonzero(info["action_mask"]).tolist())
        actions.append(action)
        _, reward, terminated, truncated, info = env.step(action)
        total += float(reward)
    return actions, total, terminated, truncated


@pytest.mark.parametrize("game", list(IDS))
def test_check_env_passes(game: str) -> None:
    env = gymnasium.make(IDS[game], opponents="random", **QUICK[game])
    check_env(env.unwrapped, skip_render_check=False)


@pytest.mark.parametrize("game", list(IDS))
def test_a_match_against_club_ends_with_the_agents_result(game: str) -> None:
    env = gymnasium.make(IDS[game], opponents="club", **QUICK[game])
    _, total, terminated, truncated = play(env, 3)
    raw = env.unwrapped
    assert isinstance(raw, CardGameGymEnv)
    result = raw.match.result
    if terminated:
        assert result is not None
        winners = result.get("winning_seats", [result["winner"]])
        assert (total > 0) == (raw.seat in winners)
    else:
        assert truncated and result is None


def test_the_mask_is_the_legal_indices_of_the_agent() -> None:
    env = CardGameGymEnv("schmier", seat=2, max_deals=3)
    _, info = env.reset(seed=5)
    rng = random.Random(5)
    steps = 0
    while True:
        assert env.match.to_act == 2
        assert np.array_equal(info["action_mask"], env.action_masks())
        assert set(np.flatnonzero(info["action_mask"]).tolist()) == set(
            env.codec.moves(env.match.state, env._pending))  # noqa: SLF001
        _, _, terminated, truncated, info = env.step(
            rng.choice(np.flatnonzero(info["action_mask"]).tolist()))
        steps += 1
        if terminated or truncated:
            break
    assert steps > 10 and truncated


def test_opponents_by_class_and_by_name_per_seat_and_a_random_seat() -> None:
    FirstLegal.made = []
    env = gymnasium.make(IDS["scat"], num_players=4, seat="random",
                         opponents=[FirstLegal, "random", "club"], lives=1)
    seats = set()
    for seed in range(6):
        env.reset(seed=seed)
        raw = env.unwrapped
        assert isinstance(raw, CardGameGymEnv)
        seats.add(raw.seat)
        others = [s for s in range(4) if s != raw.seat]
        assert FirstLegal.made[-1] == others[0]
        assert isinstance(raw.bots[others[0]], FirstLegal)
    assert len(seats) > 1


def test_a_seed_repeats_the_match() -> None:
    first = gymnasium.make(IDS["schnapsen"], opponents="club")
    second = gymnasium.make(IDS["schnapsen"], opponents="club")
    assert play(first, 8)[0] == play(second, 8)[0]
    records = [env.unwrapped.match.record() for env in (first, second)]  # type: ignore[attr-defined]
    assert records[0] == records[1]


def test_deal_rewards_add_up_to_the_agents_share_of_the_standing() -> None:
    env = CardGameGymEnv("schnapsen", reward="deal", match_target=3)
    _, total, terminated, _ = play(env, 4)
    assert terminated
    points = env.match.state.game_points  # type: ignore[attr-defined]
    assert total == pytest.approx(points[0] - sum(points) / 2)


def test_an_index_outside_the_mask_ends_the_match_at_minus_one() -> None:
    env = CardGameGymEnv("schnauz", num_players=3)
    _, info = env.reset(seed=1)
    illegal = int(np.flatnonzero(info["action_mask"] == 0)[0])
    _, reward, terminated, truncated, info = env.step(illegal)
    assert (reward, terminated, truncated, info["illegal_action"]) == (-1.0, True, False, illegal)
    assert not info["action_mask"].any()
    with pytest.raises(IllegalActionError, match="reset"):
        env.step(0)


def test_bad_keywords_are_named() -> None:
    with pytest.raises(OptionError, match="seat"):
        CardGameGymEnv("schnapsen", seat=2)
    with pytest.raises(OptionError, match="opponents"):
        CardGameGymEnv("schnauz", num_players=4, opponents=["club"])
    with pytest.raises(OptionError, match="game"):
        CardGameGymEnv("skat")
