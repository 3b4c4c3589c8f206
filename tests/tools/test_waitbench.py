"""tools/waitbench.py: the wait a person has for a round of computer players, on the
server's own table and pacing (a virtual clock, so the run takes only the thinking)."""

from __future__ import annotations

from tools import waitbench


def test_the_benchmark_times_a_person_waiting_for_a_round_of_club_players() -> None:
    found = waitbench.measure("schmier", "club", 12)
    assert len(found.waits) == 12
    # Five computer players: 0.2 s each; more where a trick or the deal ends between.
    assert all(w >= 0.2 - 1e-6 for w in found.waits)
    assert 0.9 <= found.median <= 1.3 and found.worst <= 2.0
    assert "schmier" in waitbench.lines([found])[2]
