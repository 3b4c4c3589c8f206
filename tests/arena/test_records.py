"""``stammtisch arena --records DIR``: every match saved as a record that ``stammtisch
replay`` and ``stammtisch review`` read, with an index of its seats and result."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

import stammtisch
from stammtisch.cli import main


def test_the_arena_saves_records_that_replay_and_review_read(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    records = tmp_path / "records"
    assert main(["arena", "schnapsen", "match_target=3", "--players", "club,random",
                 "--matches", "2", "--jobs", "1", "--budget", "0.02", "--seed", "4",
                 "--out", str(tmp_path / "out"), "--records", str(records)]) == 0
    index = json.loads((records / "index.json").read_text())
    assert sorted(entry["seats"] for entry in index) == [["club", "random"],
                                                         ["random", "club"]]
    assert sorted(path.name for path in records.glob("schnapsen-*.json")) == sorted(
        entry["file"] for entry in index)
    for entry in index:
        path = records / entry["file"]
        record = json.loads(path.read_text())
        assert record["seed"] == entry["seed"]
        assert stammtisch.replay(record).result == entry["result"] is not None
        capsys.readouterr()
        assert main(["replay", str(path)]) == 0
        shown = capsys.readouterr().out
        assert f"{len(record['actions'])} actions (finished)" in shown
    first = records / index[0]["file"]
    assert main(["review", str(first), "--seat", "1", "--budget", "0.01",
                 "--json", str(tmp_path / "review.json")]) == 0
    review = json.loads((tmp_path / "review.json").read_text())
    assert (review["game"], review["seat"], review["finished"]) == ("schnapsen", 1, True)
    assert review["decisions"]
