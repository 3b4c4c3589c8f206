"""``stammtisch review FILE``: the table of decisions and the accuracy lines, the JSON
written, and bad input as one line on stderr with exit status 2."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from stammtisch.bots import review
from stammtisch.cli import main

DATA = Path(__file__).resolve().parents[1] / "data"


def fake_rank(_game: str, view: dict[str, Any], **_: Any) -> list[tuple[str, float]]:
    legal = view["legal_actions"]
    return [(action, 0.5 - 0.04 * n) for n, action in enumerate(legal)]


@pytest.fixture
def record_file(tmp_path: Path) -> Path:
    path = tmp_path / "match.json"
    path.write_text(json.dumps(json.loads(
        (DATA / "schnapsen-bummerl-5-6.json").read_text())["record"]))
    return path


def test_review_prints_the_decisions_and_writes_json(
        record_file: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
        capsys: pytest.CaptureFixture[str]) -> None:
    monkeypatch.setattr(review, "rank", fake_rank)
    out = tmp_path / "review.json"
    assert main(["review", str(record_file), "--seat", "1", "--json", str(out),
                 "--budget", "0.05"]) == 0
    shown = capsys.readouterr().out
    written = json.loads(out.read_text())
    assert written["seat"] == 1 and written["budget"] == 0.05
    rows = [line for line in shown.splitlines() if line[:4].strip().isdigit()]
    assert len(rows) == len(written["decisions"]) > 0
    first = written["decisions"][0]
    assert rows[0].split()[:2] == [str(first["deal"] + 1), str(first["move"])]
    assert first["played"] in rows[0] and first["best"] in rows[0]
    assert any(line.startswith("Match: accuracy ") for line in shown.splitlines())
    assert "?? marks a mistake (a loss of 0.05 or more)" in shown
    mistakes = [entry for entry in written["decisions"] if entry["mistake"]]
    assert sum(row.endswith("??") for row in rows) == len(mistakes)


@pytest.mark.parametrize(("argv", "said"), [
    (["--seat", "5"], "no seat 5"),
    (["--budget", "0"], "--budget is a number of seconds"),
    (["--budget", "nan"], "--budget is a number of seconds"),
    (["--seat", "x"], "invalid int value"),
])
def test_bad_input_is_one_line_on_stderr_and_exit_2(
        record_file: Path, argv: list[str], said: str,
        capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["review", str(record_file), *argv]) == 2
    err = capsys.readouterr().err
    assert said in err and err.count("\n") == 1


def test_a_missing_or_broken_file_is_named(tmp_path: Path,
                                           capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["review", str(tmp_path / "none.json")]) == 2
    assert "cannot read" in capsys.readouterr().err
    broken = tmp_path / "broken.json"
    broken.write_text('{"game": "schnauz", "options": {"num_players": 3}, "seed": 1, '
                      '"actions": ["fly"]}')
    assert main(["review", str(broken)]) == 2
    assert "action 0 ('fly')" in capsys.readouterr().err
