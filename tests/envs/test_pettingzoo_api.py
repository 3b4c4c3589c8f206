"""PettingZoo's own checks pass for every game (the ones its classic games run).

``api_test``, ``seed_test`` and ``render_test`` as PettingZoo runs them on its classic
card games; ``aec_to_parallel`` needs ``is_parallelizable`` (all seats acting at once),
which no turn-based game has, so the parallel API is checked through
``turn_based_aec_to_parallel``, the conversion PettingZoo offers turn-based games.
"""

from __future__ import annotations

import warnings
from collections.abc import Callable
from functools import partial
from typing import Any

import pytest

from tests.envs.rl import require_rl

require_rl()

from pettingzoo.test import api_test, parallel_api_test, render_test, seed_test  # noqa: E402
from pettingzoo.utils.conversions import (  # noqa: E402
    aec_to_parallel,
    turn_based_aec_to_parallel,
)

from stammtisch.envs import scat_v0, schmier_v0, schnapsen_v0, schnauz_v0  # noqa: E402

MAKERS: dict[str, Callable[..., Any]] = {
    "schnauz": partial(schnauz_v0.env, num_players=4),
    "scat": partial(scat_v0.env, num_players=4, throw_down=True),
    "schnapsen": partial(schnapsen_v0.env, match_target=3),
    "schmier": partial(schmier_v0.env, max_deals=3),
}


@pytest.fixture(autouse=True)
def _quiet() -> Any:
    """PettingZoo warns that a dict observation is no Box for any env not its own."""
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        yield


@pytest.mark.parametrize("game", list(MAKERS))
def test_api(game: str) -> None:
    api_test(MAKERS[game](), num_cycles=100)


@pytest.mark.slow
@pytest.mark.parametrize("game", list(MAKERS))
def test_seed(game: str) -> None:
    seed_test(MAKERS[game], num_cycles=100)


@pytest.mark.parametrize("game", list(MAKERS))
def test_render(game: str, capsys: pytest.CaptureFixture[str]) -> None:
    render_test(MAKERS[game])
    assert "to act" in capsys.readouterr().out  # the "human" mode prints the text


@pytest.mark.slow
@pytest.mark.parametrize("game", list(MAKERS))
def test_turn_based_parallel(game: str) -> None:
    parallel_api_test(turn_based_aec_to_parallel(MAKERS[game]()), num_cycles=100)


def test_no_simultaneous_parallel_form() -> None:
    with pytest.raises(AssertionError, match="is_parallelizable"):
        aec_to_parallel(MAKERS["schnapsen"]())
