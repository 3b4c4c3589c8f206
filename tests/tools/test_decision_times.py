"""tools/decision_times.py: a level's CPU time per decision at its default budget."""

from __future__ import annotations

import pytest

import stammtisch
from stammtisch.bots.registry import make_bot
from tools import decision_times


def test_the_summary_reads_median_tenth_and_worst() -> None:
    line = decision_times.summary("scat", [0.1, 0.3, 0.2, 0.25, 0.05])
    assert line.split() == ["scat", "5", "decisions:", "median", "0.200", "s,",
                            "90%", "0.300", "s,", "worst", "0.300", "s"]
    assert decision_times.summary("scat", []).endswith("no decision with a choice")


def test_every_timed_decision_is_one_of_the_level_with_a_choice(
        capsys: pytest.CaptureFixture[str]) -> None:
    times = decision_times.decision_times("schnauz", "club", 1, 4, players=3)
    match = stammtisch.new_match("schnauz", seed=4 * 1_000_003, num_players=3)
    bots = [make_bot("schnauz", "club", 4 * 1_000_003, seat) for seat in range(3)]
    choices = 0
    while (seat := match.to_act) is not None:  # the first match tests seat 0
        view = match.view(seat)
        choices += seat == 0 and len(view["legal_actions"]) > 1
        match.play(bots[seat].choose(view))
    assert len(times) == choices > 0 and all(t >= 0.0 for t in times)
    assert decision_times.main(["--games", "schnapsen", "--level", "beginner",
                                "--matches", "1"]) == 0
    assert capsys.readouterr().out.startswith("schnapsen ")
