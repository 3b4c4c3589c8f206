"""The arena on Ray: the same outcomes as one local job, a worker killed mid-run costs
nothing and counts nothing twice, an interrupt keeps what finished, clear errors.

The Ray tests share one local cluster of 2 CPUs (no dashboard). Without the ``ray``
extra they skip, saying so, except under CI (``CI`` set), where they fail.
"""

from __future__ import annotations

import json
import os
import signal
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from stammtisch.arena.lineup import ArenaError, read_lineup
from stammtisch.arena.runner import Outcome, Table, run_matches
from stammtisch.arena.schedule import schedule
from stammtisch.cli import main
from tests.arena.needs_ray import require_ray

pytestmark = pytest.mark.slow  # a Ray cluster takes seconds to start


@pytest.fixture(scope="module")
def local_cluster(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Path]:
    """A local cluster for the module's tests, whose workers look for kill orders in
    the directory yielded."""
    require_ray()
    import ray

    from stammtisch.arena.ray_runner import KILL_DIR_VARIABLE

    where = tmp_path_factory.mktemp("kill-orders")
    previous = os.environ.get(KILL_DIR_VARIABLE)
    os.environ[KILL_DIR_VARIABLE] = str(where)  # inherited by the workers ray.init starts
    handler = signal.getsignal(signal.SIGTERM)  # ray.init puts its own in place
    try:
        ray.init(address="local", num_cpus=2, include_dashboard=False, log_to_driver=False)
        yield where
    finally:
        ray.shutdown()
        signal.signal(signal.SIGTERM, handler)
        if previous is None:
            del os.environ[KILL_DIR_VARIABLE]
        else:
            os.environ[KILL_DIR_VARIABLE] = previous


@pytest.fixture
def kill_dir(local_cluster: Path) -> Path:
    """Where a file ``kill-<index>`` makes the worker that starts that match die."""
    return local_cluster


def _match_list(path: Path) -> list[dict[str, Any]]:
    matches: list[dict[str, Any]] = json.loads(path.read_text())["match_list"]
    for match in matches:
        del match["seconds"]
    return matches


def _played(outcome: Outcome) -> tuple[Any, ...]:
    return (outcome.plan.index, outcome.result, outcome.deals, outcome.actions,
            outcome.shares, outcome.per_deal)


@pytest.mark.usefixtures("local_cluster")
def test_ray_and_one_job_play_the_same_matches(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    runs = []
    for flags, where in ((["--jobs", "1"], "local"), (["--ray"], "ray")):
        assert main(["arena", "schnapsen", "--players", "random,club", "--matches", "6",
                     "--seed", "4", "--out", str(tmp_path / where), *flags]) == 0
        runs.append(_match_list(tmp_path / where / "schnapsen-random_club-seed4.json"))
    out = capsys.readouterr().out
    assert "on a local Ray cluster" in out
    assert len(runs[1]) == 6 and runs[0] == runs[1]


@pytest.mark.parametrize("retries", [3, 0], ids=["ray-retries", "driver-replays"])
def test_a_match_lost_with_its_worker_is_played_again_and_counted_once(
        kill_dir: Path, retries: int, monkeypatch: pytest.MonkeyPatch) -> None:
    from stammtisch.arena import ray_runner

    lost = 0
    outcome_of = ray_runner._outcome_of

    def counting(ray: Any, ref: Any) -> Outcome | None:
        nonlocal lost
        outcome = outcome_of(ray, ref)
        lost += outcome is None
        return outcome

    monkeypatch.setattr(ray_runner, "_outcome_of", counting)
    lineup = read_lineup("schnauz", "random,club", {})
    plans = schedule(lineup, 6, 9)
    table = Table(lineup, None, 100)
    for index in (1, 4):
        (kill_dir / f"kill-{index}").touch()
    steps = 0

    def step() -> None:
        nonlocal steps
        steps += 1

    played = ray_runner.run_on_ray(table, plans, "", 2, step, retries=retries)
    assert not list(kill_dir.iterdir()), "both kill orders were carried out"
    assert lost == (0 if retries else 2), "Ray replays them, or else the driver does"
    assert not played.interrupted and steps == 6
    expected = run_matches(table, plans, 1).outcomes
    assert [_played(o) for o in played.outcomes] == [_played(o) for o in expected]


@pytest.mark.usefixtures("local_cluster")
def test_an_interrupt_keeps_the_matches_already_finished_on_ray() -> None:
    from stammtisch.arena.ray_runner import run_on_ray

    lineup = read_lineup("schnauz", "random,club", {})
    plans = schedule(lineup, 8, 5)
    steps = 0

    def step() -> None:
        nonlocal steps
        steps += 1
        if steps == 3:
            raise KeyboardInterrupt

    played = run_on_ray(Table(lineup, None, 100), plans, "", 2, step)
    assert played.interrupted
    indexes = [outcome.plan.index for outcome in played.outcomes]
    assert 3 <= len(indexes) < 8 and indexes == sorted(set(indexes))
    whole = {o.plan.index: _played(o)
             for o in run_matches(Table(lineup, None, 100), plans, 1).outcomes}
    assert [_played(o) for o in played.outcomes] == [whole[i] for i in indexes]


@pytest.mark.usefixtures("local_cluster")
def test_a_bad_bot_on_ray_is_the_arena_error_of_one_job() -> None:
    from stammtisch.arena.ray_runner import run_on_ray

    lineup = read_lineup("schnapsen", "random,tests.arena.test_ray:Stubborn", {})
    table = Table(lineup, None, 100)
    plans = schedule(lineup, 2, 1)
    one_job_errors = set()
    for plan in plans:  # whichever match fails first on Ray says why
        with pytest.raises(ArenaError) as local:
            run_matches(table, [plan], 1)
        one_job_errors.add(str(local.value))
    with pytest.raises(ArenaError) as remote:
        run_on_ray(table, plans, "", 2)
    assert "chose badly" in str(remote.value) and str(remote.value) in one_job_errors


class Stubborn:
    """A bot that always answers a move no game has."""

    def __init__(self, game: str, seat: int, seed: int) -> None:
        pass

    def choose(self, view: dict[str, Any]) -> str:
        return "nonsense"


def test_without_ray_the_flag_says_how_to_install_it(
        monkeypatch: pytest.MonkeyPatch, tmp_path: Path,
        capsys: pytest.CaptureFixture[str]) -> None:
    monkeypatch.setitem(sys.modules, "ray", None)  # import ray fails
    assert main(["arena", "schnapsen", "--players", "random,random", "--matches", "2",
                 "--ray", "--out", str(tmp_path)]) == 2
    err = capsys.readouterr().err
    assert "--ray needs Ray: pip install 'stammtisch[ray]'" in err
    assert not list(tmp_path.iterdir())


def test_a_game_option_after_the_flag_is_not_taken_for_an_address(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["arena", "scat", "--players", "random,random", "--matches", "2",
                 "--ray", "lives=2", "--out", str(tmp_path)]) == 2
    err = capsys.readouterr().err
    assert "--ray lives=2: that is a game option, not a Ray address" in err
