"""tools/calibration.py: the expert's estimates against the outcomes of its matches."""

from __future__ import annotations

from tools import calibration


def test_a_perfectly_calibrated_forecaster_shows_no_gap() -> None:
    found = [(0.25, k < 1) for k in range(4)] * 10 + [(0.75, k < 3) for k in range(4)] * 10
    rows = calibration.table(found)
    assert [(r.low, r.count, r.won) for r in rows] == [(0.2, 40, 0.25), (0.7, 40, 0.75)]
    assert all(r.interval[0] < r.won < r.interval[1] for r in rows)
    assert calibration.lines(found)[-1].endswith("share won 0.000")


def test_the_wilson_interval_holds_the_share_and_stays_in_bounds() -> None:
    assert calibration.wilson(0, 10)[0] == 0.0
    assert calibration.wilson(10, 10)[1] == 1.0
    low, high = calibration.wilson(50, 100)
    assert 0.39 < low < 0.5 < high < 0.61


def test_the_expert_is_asked_at_each_choice_and_its_matches_end() -> None:
    times: list[float] = []
    found = calibration.collect("schnapsen", "expert", "club", 2, 0.01, 3, times)
    assert len(found) > 10
    assert len(times) == len(found) and all(t >= 0.0 for t in times)
    assert all(0.0 <= estimate <= 1.0 for estimate, _ in found)
    assert {won for _, won in found} <= {True, False}
