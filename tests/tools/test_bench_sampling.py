"""tools/bench_sampling.py: what it times are samples of the view it was given."""

from __future__ import annotations

import random

import pytest

from tools import bench_sampling


@pytest.mark.parametrize("game", bench_sampling.GAMES)
def test_every_timed_path_builds_a_state_of_the_view(game: str) -> None:
    for view in bench_sampling.views_of(game, 3):
        seat = view["seat"]
        paths = bench_sampling.paths(game, view)
        assert set(paths) == {"sample", "from_view", "for_view"}
        for make in paths.values():
            assert make(random.Random(2)).view(seat) == view


def test_a_game_without_a_sampler_is_refused(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit):
        bench_sampling.main(["--games", "chess", "--seconds", "0.01"])
    assert "no sampler for 'chess'" in capsys.readouterr().err
