"""tools/closes.py: failed closes counted from the deals' ends, decision times kept."""

from __future__ import annotations

import pytest

from tools import closes


def test_options_are_read_as_the_table_takes_them() -> None:
    assert closes.parse_options(["deck_size=24", "claim_mode=manual",
                                 "marriage_after_close_or_exhaustion=true"]) == {
        "deck_size": 24, "claim_mode": "manual", "marriage_after_close_or_exhaustion": True}
    with pytest.raises(SystemExit, match="key=value"):
        closes.parse_options(["deck_size"])


def test_every_close_is_counted_for_its_closer_and_failed_ones_among_them() -> None:
    mine, theirs = closes.play("club", "beginner", 4, 0.01, 2, {"match_target": 3})
    assert mine.matches == theirs.matches == 4
    assert mine.won + theirs.won == 4
    assert mine.closes > 0  # the club closes when its count says so; the beginner never
    assert theirs.closes == theirs.failed == 0
    assert 0 <= mine.failed <= mine.closes
    assert len(mine.seconds) > 10 and all(s >= 0 for s in mine.seconds)
    line = mine.close_line("club")
    assert line.startswith(f"club: {mine.closes} closes, {mine.failed} failed")
