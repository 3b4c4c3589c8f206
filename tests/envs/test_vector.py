"""The vector env: each row is its match's seat to act, encoded as the single envs encode
it, masked with its legal indices; rewards are zero-sum and a finished match is
replaced in the same step; seeded runs repeat."""

from __future__ import annotations

from typing import Any

import pytest

from tests.envs.rl import require_rl

require_rl()

import numpy as np  # noqa: E402

from stammtisch.envs.vector import CardGameVectorEnv  # noqa: E402
from stammtisch.errors import OptionError  # noqa: E402
from tests.envs.options import option_sets  # noqa: E402

GAMES = ("schnauz", "scat", "schnapsen", "schmier")
QUICK: dict[str, dict[str, Any]] = {
    "schnauz": {"num_players": 4, "lives": 1}, "scat": {"num_players": 4, "lives": 1},
    "schnapsen": {"match_target": 2}, "schmier": {"target_score": 3, "max_deals": 4},
}


def check_rows(envs: CardGameVectorEnv, observations: dict[str, Any],
               infos: dict[str, Any]) -> None:
    """Every row is what the codec encodes from its state, with its legal indices."""
    codec = envs.codec
    for row, state in enumerate(envs.states):
        assert infos["to_act"][row] == state.to_act >= 0
        expected = np.zeros(codec.size, dtype=np.float32)
        codec.encode_state(state, state.to_act, expected, envs._pending[row])  # noqa: SLF001
        assert np.array_equal(observations["observation"][row], expected), row
        legal = codec.moves(state, envs._pending[row])  # noqa: SLF001
        assert set(np.flatnonzero(observations["action_mask"][row]).tolist()) == set(legal)


@pytest.mark.parametrize("game", GAMES)
@pytest.mark.parametrize("compiled", [True, False])
def test_rows_are_the_single_envs_encoding(game: str, compiled: bool) -> None:
    if not compiled and game != "schnapsen":
        pytest.skip("only Schnapsen has a compiled core")
    envs = CardGameVectorEnv(game, num_envs=16, compiled=compiled, **QUICK[game])
    observations, infos = envs.reset(seed=3)
    assert envs.observation_space.contains(observations)
    ended = 0
    for _ in range(300):
        check_rows(envs, observations, infos)
        observations, rewards, terminations, truncations, infos = envs.step(
            envs.sample_legal())
        assert rewards.shape == (16, envs.num_players)
        assert np.allclose(rewards.sum(axis=1), 0.0, atol=1e-6)
        ended += int(terminations.sum() + truncations.sum())
    assert ended > 0


def test_deal_rewards_follow_each_matchs_standing() -> None:
    envs = CardGameVectorEnv("schnapsen", num_envs=8, reward="deal", match_target=3)
    observations, infos = envs.reset(seed=4)
    totals = np.zeros((8, 2))
    for _ in range(150):
        check_rows(envs, observations, infos)
        before = [state.game_points[:] for state in envs.states]
        observations, rewards, terminations, truncations, infos = envs.step(
            envs.sample_legal())
        totals += rewards
        for row in range(8):
            if not terminations[row]:
                gained = [now - then for now, then in zip(
                    envs.states[row].game_points, before[row], strict=True)]
                assert rewards[row].tolist() == pytest.approx(
                    [gain - sum(gained) / 2 for gain in gained])
    assert totals.any()


@pytest.mark.slow
@pytest.mark.parametrize("options", list(option_sets("schnapsen")))
def test_schnapsens_numpy_encoding_under_every_option_set(options: dict[str, Any]) -> None:
    envs = CardGameVectorEnv("schnapsen", num_envs=32, **options)
    observations, infos = envs.reset(seed=5)
    for _ in range(120):
        check_rows(envs, observations, infos)
        observations, *_, infos = envs.step(envs.sample_legal())


def test_a_finished_match_pays_its_winner_and_starts_again() -> None:
    envs = CardGameVectorEnv("schnapsen", num_envs=4, match_target=1)
    envs.reset(seed=1)
    for _ in range(200):
        _, rewards, terminations, _, _ = envs.step(envs.sample_legal())
        for row in np.flatnonzero(terminations):
            assert sorted(rewards[row].tolist()) == [-1.0, 1.0]
            assert envs.states[row].game_points == [0, 0]
            assert envs.states[row].deal_number == 0
        if terminations.any():
            return
    pytest.fail("no match ended")


def test_an_index_outside_the_mask_ends_that_match_at_minus_one() -> None:
    envs = CardGameVectorEnv("scat", num_envs=3, num_players=3)
    observations, infos = envs.reset(seed=2)
    actions = envs.sample_legal()
    actions[1] = int(np.flatnonzero(observations["action_mask"][1] == 0)[0])
    seat = int(infos["to_act"][1])
    _, rewards, terminations, _, _ = envs.step(actions)
    assert terminations.tolist() == [False, True, False]
    assert rewards[1, seat] == -1.0


def test_a_seed_repeats_the_run() -> None:
    runs = []
    for _ in range(2):
        envs = CardGameVectorEnv("schmier", num_envs=4, max_deals=2)
        observations, _ = envs.reset(seed=9)
        trace = [observations["observation"].copy()]
        for _ in range(50):
            observations, rewards, *_ = envs.step(envs.sample_legal())
            trace += [observations["observation"].copy(), rewards.copy()]
        runs.append(trace)
    assert all(np.array_equal(a, b) for a, b in zip(*runs, strict=True))


def test_bad_arguments_are_named() -> None:
    with pytest.raises(OptionError, match="num_envs"):
        CardGameVectorEnv("schnapsen", num_envs=0)
    with pytest.raises(OptionError, match="game"):
        CardGameVectorEnv("skat", num_envs=2)


def test_compiled_schnapsen_is_stepped_and_read_as_the_python_matches() -> None:
    """The compiled matches, stepped and read in one call each (schnapsen_batch.pyx),
    give the run of the Python simulations dealt from the same seed: the same rows,
    masks, rewards and ends, an index outside a mask included."""
    runs = []
    for compiled in (True, False):
        envs = CardGameVectorEnv("schnapsen", num_envs=24, compiled=compiled, match_target=3)
        assert (envs._batch is not None) == compiled  # noqa: SLF001
        observations, infos = envs.reset(seed=11)
        trace = [observations["observation"], observations["action_mask"], infos["to_act"]]
        for step in range(300):
            actions = envs.sample_legal()
            if step % 50 == 7:
                actions[step % 24] = int(np.flatnonzero(
                    observations["action_mask"][step % 24] == 0)[0])
            observations, rewards, terminations, truncations, infos = envs.step(actions)
            trace += [observations["observation"], observations["action_mask"],
                      infos["to_act"], rewards, terminations, truncations]
        runs.append(trace)
    compiled_run, python_run = runs
    assert all(np.array_equal(a, b) for a, b in zip(compiled_run, python_run, strict=True))
    assert any(rewards.min() == -1.0 for rewards in compiled_run[6::6])


def test_the_compiled_reader_fills_the_table_the_attributes_give() -> None:
    """native/schnapsen_batch.pyx's table is SchnapsenCodec.read_table's, marriages and
    exchanges included; it refuses an action on a finished match or a non-action."""
    from stammtisch.envs.schnapsen_v0 import COLUMNS
    from stammtisch.native import schnapsen_batch

    assert schnapsen_batch.FIELDS == COLUMNS
    envs = CardGameVectorEnv("schnapsen", num_envs=64, match_target=3)
    envs.reset(seed=7)
    table = np.zeros((64, len(COLUMNS)), np.int64)
    legal, counts = np.zeros(64 * 32, np.int64), np.zeros(64, np.int64)
    mask = np.ones((64, envs.codec.num_actions), np.int8)
    shown = 0
    for _ in range(200):
        total = schnapsen_batch.read(envs.states, table, envs._indices,  # noqa: SLF001
                                     legal, counts, mask)
        assert np.array_equal(table, envs.codec.read_table(envs.states))  # type: ignore[attr-defined]
        assert total == counts.sum() == mask.sum()
        shown += int(np.count_nonzero(table[:, COLUMNS.index("shown")]))
        envs.step(envs.sample_legal())
    assert shown > 0
    with pytest.raises(ValueError, match="not a Schnapsen action"):
        schnapsen_batch.apply_all(envs.states[:1], np.array([60], np.int64))
    over = envs.states[0]
    while over.to_act >= 0:
        over.apply(over.legal()[0])
    with pytest.raises(ValueError, match="over"):
        schnapsen_batch.apply_all([over], np.array([0], np.int64))
