"""`make bench`: every path measures, the peer's ratio is printed, a missing peer is told."""

from __future__ import annotations

import random
from typing import Any

import pytest

from stammtisch import native
from stammtisch.games import find_game
from stammtisch.games.schnapsen import SchnapsenState
from stammtisch.games.schnapsen_sim import SimulatedMatch
from tests.envs.rl import require_rl
from tools.bench import (
    Figure,
    _fast_runner,
    combine_peer,
    fast_start,
    main,
    measure,
    measure_peer,
    peer_lines,
    playout_policy,
)


@pytest.mark.parametrize("game", ["schnauz", "scat", "schnapsen", "schmier"])
def test_every_path_plays_whole_deals(game: str) -> None:
    paths = ["public", "fast"] + (["playout"] if playout_policy(game) else [])
    for path in paths:
        figure = measure(find_game(game), path, 0.01)
        assert figure.matches >= 1 and figure.deals >= figure.matches and figure.actions > 0


def test_peer_ratio_and_target() -> None:
    figures = [Figure("schnapsen", "fast", 10, 40, 600, 0.002),
               Figure("schnapsen", "public", 10, 40, 600, 0.02)]
    lines = peer_lines({"version": "0.0.5", "deals_per_second": 1000.0}, figures)
    assert "1,000 deals/s" in lines[0]
    assert "20,000 deals/s =  20.0x the peer  (target >= 10x: met)" in lines[1]
    assert lines[2].endswith("=   2.0x the peer")


@pytest.mark.slow
def test_a_missing_peer_is_named_not_fatal(capsys: pytest.CaptureFixture[str]) -> None:
    assert "error" in measure_peer("/nonexistent/python", 0.01)
    assert main(["--games", "scat", "--seconds", "0.01", "--wait-turns", "0",
                 "--peer-python", "/nonexistent/python"]
                ) == 0
    assert "peer schnapsen (PyPI): not measured:" in capsys.readouterr().out


def test_the_peer_is_one_figure_from_its_runs_before_and_after_ours() -> None:
    runs = [{"package": "schnapsen", "version": "0.0.5", "deals": 300, "seconds": 1.0,
             "deals_per_second": 300.0},
            {"package": "schnapsen", "version": "0.0.5", "deals": 100, "seconds": 1.0,
             "deals_per_second": 100.0}]
    peer = combine_peer(runs)
    assert peer["deals_per_second"] == 200.0 and peer["runs"] == [300.0, 100.0]
    figures = [Figure("schnapsen", "fast", 10, 40, 600, 0.01)]
    lines = peer_lines(peer, figures)
    assert lines[0].endswith("200 deals/s (timed before and after ours: 300 and 100)")
    assert "4,000 deals/s =  20.0x the peer  (target >= 10x: met)" in lines[1]
    assert combine_peer([runs[0], {"error": "gone"}]) == {"error": "gone"}


def test_schnapsen_fast_path_deals_from_the_running_generator() -> None:
    start = fast_start(find_game("schnapsen"))
    match, twin, other = (start(0, random.Random(seed)) for seed in (7, 7, 8))
    assert isinstance(match, SimulatedMatch) and match.events is None
    assert isinstance(twin, SimulatedMatch) and isinstance(other, SimulatedMatch)
    assert match.deck == twin.deck != other.deck
    scat = fast_start(find_game("scat"))(3, random.Random(7))
    assert not isinstance(scat, SchnapsenState) and scat.events is None


class _Recorder:
    """A state whose applied actions are written down (for the fast runner's draws)."""

    def __init__(self, state: Any, played: list[int]) -> None:
        self.state, self.played = state, played

    def __getattr__(self, name: str) -> Any:
        return getattr(self.state, name)

    def apply(self, action: int) -> None:
        self.played.append(action)
        self.state.apply(action)


@pytest.mark.parametrize("game", ["schnauz", "schnapsen"])
def test_the_fast_runner_draws_what_rng_choice_draws(game: str) -> None:
    start = fast_start(find_game(game))
    inlined: list[int] = []
    _fast_runner(lambda seed, rng: _Recorder(start(seed, rng), inlined))(5, random.Random(9))
    rng = random.Random(9)
    state = start(5, rng)
    chosen: list[int] = []
    while state.to_act >= 0:
        chosen.append(rng.choice(state.legal()))
        state.apply(chosen[-1])
    assert len(chosen) > 20 and inlined == chosen


def test_the_env_and_vector_rates_are_put_beside_the_engines_paths() -> None:
    require_rl()
    from tools.bench import env_lines

    figures = [measure(find_game("schnapsen"), path, 0.01) for path in ("public", "fast")]
    lines = env_lines(["schnapsen"], figures, 0.01)
    (row,) = [line.split() for line in lines if line.startswith("schnapsen ")]
    assert len(row) == 8
    python = [line for line in lines if line.startswith("(schnapsen's vector env on the Python")]
    assert len(python) == (1 if native.available() else 0)
    rates = [float(cell.replace(",", "")) for cell in row[1:]]
    assert all(rate > 0 for rate in rates)
    assert rates[4] == pytest.approx(rates[2] / rates[1], abs=0.01)  # env / public
    assert "vector/env >= 10" in lines[-1]


@pytest.mark.slow
def test_rl_only_runs_the_engine_paths_and_the_envs(capsys: pytest.CaptureFixture[str]) -> None:
    require_rl()
    assert main(["--games", "scat", "--seconds", "0.01", "--env-seconds", "0.01",
                 "--rl-only"]) == 0
    out = capsys.readouterr().out
    assert "scat       public" in out and "vector/env" in out and "peer" not in out
