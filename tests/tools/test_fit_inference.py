"""tools/fit_inference.py counts what a level does with the cards in hand."""

from __future__ import annotations

import pytest

from tools.fit_inference import KINDS, main, play


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
