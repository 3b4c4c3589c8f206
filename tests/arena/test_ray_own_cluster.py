"""The arena on a local Ray cluster started for the run (``--ray`` without an address),
stopped early by SIGTERM: it reports and writes what finished, as with ``--jobs``.

A module of its own: the other Ray tests share a cluster started before them, and
starting one here is what this test is about (Ray puts its own SIGTERM handler in
place when it starts).
"""

from __future__ import annotations

import json
import os
import signal
from pathlib import Path

import pytest

from stammtisch.cli import main
from tests.arena.needs_ray import require_ray

pytestmark = pytest.mark.slow  # a Ray cluster takes seconds to start


def test_a_run_on_its_own_ray_cluster_stops_on_sigterm_and_keeps_what_finished(
        tmp_path: Path, capsys: pytest.CaptureFixture[str],
        monkeypatch: pytest.MonkeyPatch) -> None:
    require_ray()
    import ray

    from stammtisch.arena import progress

    original = progress.Progress.step

    def step(self: progress.Progress, count: int = 1) -> None:
        original(self, count)
        if self.done == 4:
            os.kill(os.getpid(), signal.SIGTERM)

    monkeypatch.setattr(progress.Progress, "step", step)
    assert not ray.is_initialized()
    handler = signal.getsignal(signal.SIGTERM)
    status = main(["arena", "schnauz", "--players", "random,club", "--matches", "30",
                   "--ray", "--jobs", "2", "--seed", "3", "--out", str(tmp_path)])
    captured = capsys.readouterr()
    assert status == 130
    assert "interrupted: " in captured.err and " of 30 matches finished" in captured.err
    data = json.loads((tmp_path / "schnauz-random_club-seed3.json").read_text())
    assert data["interrupted"] is True and data["ray"] == ""
    assert 4 <= data["matches"] < 30 and data["matches"] == len(data["match_list"])
    assert "on a local Ray cluster of 2 CPU(s)" in captured.out
    assert not ray.is_initialized(), "the cluster started for the run is stopped after it"
    assert signal.getsignal(signal.SIGTERM) is handler, "the run puts the handler back"
