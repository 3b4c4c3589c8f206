"""tools/fit_inference.py counts what a level does with the cards in hand, and how
often it closes with a hand of each strength."""

from __future__ import annotations

import pytest

from tools.fit_inference import KINDS, close_lines, main, play


def test_the_club_always_declares_and_exchanges() -> None:
    tallies = play("club", matches=3, budget=0.01, seed=1, options={})
    assert set(tallies) == set(KINDS)
    for kind in ("undeclared marriage", "unexchanged trump"):
        assert tallies[kind].held > 0
        assert tallies[kind].sign == 0, kind


def test_the_report_gives_a_strength_per_kind(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["--level", "club", "--matches", "1", "deck_size=24"]) == 0
    out = capsys.readouterr().out
    assert "deck_size" in out
    for kind in KINDS:
        assert kind in out
    assert "decisions where the seat could close" in out


def test_the_close_is_tallied_by_the_hands_strength() -> None:
    closes: list[tuple[int, bool]] = []
    play("expert", matches=2, budget=0.01, seed=2, options={}, closes=closes)
    assert closes and all(isinstance(s, int) and s >= 0 for s, _ in closes)
    lines = close_lines([(45, False), (47, False), (85, True), (88, False), (130, False)])
    assert lines[0].startswith("close: 5 decisions") and "1 closed" in lines[0]
    rows = {line.split()[0]: line.split() for line in lines[2:]}
    assert set(rows) == {"40-49", "80-89", "130-139"}
    assert rows["80-89"][-1] == "1.00" and rows["40-49"][-1] == "0.00"
