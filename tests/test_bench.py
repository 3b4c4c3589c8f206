"""`make bench`: every path measures, the peer's ratio is printed, a missing peer is told."""

from __future__ import annotations

import pytest

from stammtisch.bench import Figure, main, measure, measure_peer, peer_lines, playout_policy
from stammtisch.games import find_game


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


def test_a_missing_peer_is_named_not_fatal(capsys: pytest.CaptureFixture[str]) -> None:
    assert "error" in measure_peer("/nonexistent/python", 0.01)
    assert main(["--games", "scat", "--seconds", "0.01", "--peer-python", "/nonexistent/python"]
                ) == 0
    assert "peer schnapsen (PyPI): not measured:" in capsys.readouterr().out
