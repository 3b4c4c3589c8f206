"""The level name ``openspiel-ismcts`` of all four games: in the arena where OpenSpiel is
installed, hidden from the web, and a clear error naming the extra where it is not."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from stammtisch.bots import registry
from stammtisch.cli import main
from stammtisch.server.catalog import catalog
from stammtisch.server.hub import _offered_level
from stammtisch.server.tables import TableError

pytest.importorskip("pyspiel")


def test_the_arena_seats_openspiel_ismcts_by_its_level_name(tmp_path: Path) -> None:
    status = main(["arena", "schnapsen", "--players", "openspiel-ismcts,club",
                   "--matches", "2", "--jobs", "1", "--budget", "0.05",
                   "--out", str(tmp_path)])
    assert status == 0
    (written,) = tmp_path.glob("*.json")
    report = json.loads(written.read_text())
    assert "openspiel-ismcts" in json.dumps(report) and "club" in json.dumps(report)


@pytest.mark.parametrize("game", ["schnauz", "scat", "schnapsen", "schmier"])
def test_openspiel_ismcts_is_a_hidden_level_of_every_game(game: str) -> None:
    level = registry.find_level(game, "openspiel-ismcts")
    assert level.hidden
    listed = next(entry for entry in catalog() if entry["name"] == game)
    assert "openspiel-ismcts" not in [entry["name"] for entry in listed["levels"]]
    with pytest.raises(TableError, match="arena only"):
        _offered_level(game, "openspiel-ismcts")


def test_without_openspiel_the_level_names_the_extra(monkeypatch: pytest.MonkeyPatch,
                                                     capsys: pytest.CaptureFixture[str]) -> None:
    without = {game: [level for level in found if level.name != "openspiel-ismcts"]
               for game, found in registry._LEVELS.items()}
    monkeypatch.setattr(registry, "_LEVELS", without)
    with pytest.raises(registry.MissingExtraError, match=r"pip install 'stammtisch\[rl\]'"):
        registry.find_level("schnapsen", "openspiel-ismcts")
    assert main(["arena", "schnapsen", "--players", "openspiel-ismcts,club",
                 "--matches", "2", "--jobs", "1"]) == 2
    assert "stammtisch[rl]" in capsys.readouterr().err
