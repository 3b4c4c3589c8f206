"""Calibration: a small arena run rates the stronger level higher, the same seed gives
the same file, and the command line refuses bad input in one line."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from stammtisch.cli import main
from stammtisch.ratings.calibrate import CalibrationConfig, calibrate, lineups
from stammtisch.ratings.rating import Rating


def test_lineups_pair_seat_or_team_the_levels() -> None:
    levels = ("random", "beginner", "club", "expert")
    assert len(lineups("schnapsen", levels)) == 6
    assert lineups("schnauz", levels) == [levels]
    assert lineups("scat", levels) == [levels]
    assert lineups("schmier", levels) == [
        ("random", "beginner", "club"), ("random", "beginner", "expert"),
        ("random", "club", "expert"), ("beginner", "club", "expert")]


def _small(game: str, levels: tuple[str, ...], matches: int) -> CalibrationConfig:
    return CalibrationConfig(games=(game,), levels=levels, matches=matches, jobs=1, seed=3)


def test_the_club_player_rates_above_the_random_one() -> None:
    data = calibrate(_small("schnapsen", ("random", "club"), 6))
    section = data["games"]["schnapsen"]
    assert section["matches"] == 6 and section["unfinished"] == 0
    random, club = (Rating.from_row(section["levels"][name]) for name in ("random", "club"))
    assert club.value > random.value + 100
    assert club.games == random.games == 6


def test_a_games_matches_are_shared_out_among_its_lineups() -> None:
    section = calibrate(_small("schnapsen", ("random", "beginner", "club"), 6))["games"]
    played = section["schnapsen"]
    assert played["lineups"] == ["random,beginner", "random,club", "beginner,club"]
    assert played["matches"] == 6
    assert {row["games"] for row in played["levels"].values()} == {4}


def test_the_same_seed_gives_the_same_ratings() -> None:
    config = _small("schnauz", ("random", "beginner", "club"), 3)
    first = calibrate(config)
    assert calibrate(config) == first
    levels = first["games"]["schnauz"]["levels"]
    assert levels["club"]["value"] > levels["random"]["value"]


def test_the_command_writes_the_file(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    out = tmp_path / "levels.json"
    status = main(["ratings", "calibrate", "--games", "schnapsen", "--levels", "random,club",
                   "--matches", "2", "--jobs", "1", "--out", str(out)])
    assert status == 0
    data = json.loads(out.read_text(encoding="utf-8"))
    assert set(data["games"]["schnapsen"]["levels"]) == {"random", "club"}
    assert "random" in capsys.readouterr().out


@pytest.mark.parametrize(("args", "message"), [
    (["--games", "skat"], "unknown game 'skat'"),
    (["--games", "schnapsen", "--levels", "random,wizard"], "the level 'wizard'"),
    (["--games", "schmier", "--levels", "random,club"], "schmier needs 3 levels"),
    (["--matches", "0"], "--matches must be at least 1"),
    (["--out", "/no/such/folder/levels.json"], "no folder /no/such/folder"),
])
def test_bad_input_is_one_line_and_status_2(args: list[str], message: str,
                                            capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["ratings", "calibrate", *args]) == 2
    error = capsys.readouterr().err
    assert message in error and error.count("\n") == 1
