"""One bot class plays in the arena and over the network unchanged: the example client's
``--bot module:Class`` seats it through the arena's own loader."""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import httpx
import pytest

from examples import network_bot
from stammtisch.bots.custom import load_bot_class
from stammtisch.cli import main
from tests.server.live import PATIENCE, LiveServer

BOT = '''
class Recorder:
    """Plays the first legal action; remembers whom it was made for and what it saw."""

    made = []
    views = []

    def __init__(self, seed, game, seat):
        self.seat = seat
        Recorder.made.append((game, seat))

    def choose(self, view):
        assert view["seat"] == self.seat
        Recorder.views.append(view)
        return view["legal_actions"][0]
'''


@pytest.fixture
def server(tmp_path: Path) -> Iterator[LiveServer]:
    live = LiveServer(tmp_path / "bots.db", bot_time=3.0, bot_rate=1000.0, bot_burst=1000.0)
    yield live
    live.stop()


def test_one_class_plays_in_the_arena_and_over_the_network(
        server: LiveServer, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    (tmp_path / "recorder.py").write_text(BOT)
    spec = f"{tmp_path / 'recorder.py'}:Recorder"
    assert main(["arena", "schnauz", "num_players=3", "--players", f"{spec},random,random",
                 "--matches", "3", "--jobs", "1", "--out", str(tmp_path / "arena")]) == 0
    (report,) = (tmp_path / "arena").glob("*.json")
    assert spec in report.read_text()
    recorder: Any = load_bot_class(spec)  # the one class, loaded once for both
    assert {seat for game, seat in recorder.made} == {0, 1, 2}  # seats rotate
    made_before, seen_before = len(recorder.made), len(recorder.views)

    token = network_bot.register(server.url, "recorder")
    made = httpx.post(f"{server.url}/api/tables", timeout=PATIENCE, json={
        "game": "schnauz", "seats": ["random", "bot:recorder", "random"]})
    assert made.status_code == 201, made.text
    capsys.readouterr()
    assert network_bot.main(["--server", server.url, "--token", token, "--bot", spec,
                             "--matches", "1"]) == 0
    line = capsys.readouterr().out
    assert line.startswith(f"table {made.json()['id']}: ")
    assert "winner" in json.loads(line.split(": ", 1)[1])
    assert recorder.made[made_before:] == [("schnauz", 1)]
    assert len(recorder.views) > seen_before


def test_a_spec_that_names_no_class_is_refused_at_once(
        capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit):
        network_bot.main(["--token", "t", "--bot", "examples.greedy_bot:NoSuchBot"])
    assert "has no class NoSuchBot" in capsys.readouterr().err
