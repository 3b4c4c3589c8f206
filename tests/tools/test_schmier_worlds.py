"""tools/schmier_worlds.py: the Schmier expert's choices at smaller caps of worlds."""

from __future__ import annotations

import pytest

from tools import schmier_worlds


def test_positions_are_club_views_with_a_choice() -> None:
    views = schmier_worlds.positions(4, seed=3)
    assert len(views) == 4
    assert all(len(view["legal_actions"]) > 1 for view in views)
    assert len({repr(view) for view in views}) == 4


def test_the_paired_value_is_zero_for_one_action_and_antisymmetric() -> None:
    view = schmier_worlds.positions(1, seed=5)[0]
    first, second = view["legal_actions"][:2]
    assert schmier_worlds.paired_gain(view, first, first, 20) == 0.0
    forward = schmier_worlds.paired_gain(view, first, second, 20)
    assert forward == pytest.approx(-schmier_worlds.paired_gain(view, second, first, 20))


def test_main_reports_every_smaller_cap(capsys: pytest.CaptureFixture[str]) -> None:
    assert schmier_worlds.main(["--positions", "2", "--caps", "2,4", "--reference", "5",
                                "--seed", "2"]) == 0
    out = capsys.readouterr().out
    assert out.startswith("2 positions; loss per position against cap 4")
    assert "cap     2:" in out and "choice differs in" in out
    assert "     club:" in out
