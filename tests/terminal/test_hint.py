"""`hint` at the terminal: the expert's analyze() for the person's seat, or a plain no."""

from __future__ import annotations

import io
from collections.abc import Mapping
from typing import Any

import pytest

from stammtisch.bots import registry
from stammtisch.bots.registry import BotLevel
from stammtisch.cli import main


class StubAnalyst:
    """Values every legal action by its position; records the views it was shown."""

    name = "expert"
    views: list[Mapping[str, Any]] = []
    seeds: list[int] = []

    def __init__(self, seed: int) -> None:
        StubAnalyst.seeds.append(seed)

    def choose(self, view: Mapping[str, Any]) -> str:
        return str(view["legal_actions"][0])

    def analyze(self, view: Mapping[str, Any]) -> list[tuple[str, float]]:
        StubAnalyst.views.append(view)
        legal: list[str] = view["legal_actions"]
        return [(action, 0.5 - i / 10) for i, action in enumerate(reversed(legal))]


class Mute:
    """An expert without analyze()."""

    name = "expert"

    def choose(self, view: Mapping[str, Any]) -> str:
        return str(view["legal_actions"][0])


def use_levels(monkeypatch: pytest.MonkeyPatch, expert: BotLevel | None) -> None:
    """The registry less every expert that could play Schnauz, plus ``expert`` if given."""
    table = {game: [level for level in found
                    if level.name != "expert" or game not in ("schnauz", registry.ANY_GAME)]
             for game, found in registry._LEVELS.items()}
    monkeypatch.setattr(registry, "_LEVELS", table)
    if expert is not None:
        registry.register(expert)


def play(monkeypatch: pytest.MonkeyPatch, lines: list[str]) -> str:
    screen = io.StringIO()
    monkeypatch.setattr("sys.stdout", screen)
    monkeypatch.setattr("sys.stdin", io.StringIO("".join(line + "\n" for line in lines)))
    assert main(["play", "schnauz", "--players", "2", "--seed", "4", "--seat", "1"]) == 0
    return screen.getvalue()


def test_hint_shows_the_expert_analysis_of_the_persons_seat(
        monkeypatch: pytest.MonkeyPatch) -> None:
    StubAnalyst.views.clear()
    StubAnalyst.seeds.clear()
    use_levels(monkeypatch, BotLevel("expert", "a stub that explains itself",
                                     lambda _game, seed, _budget: StubAnalyst(seed),
                                     games=frozenset({"schnauz"})))
    shown = play(monkeypatch, ["hint", "hint", "quit", ""])
    assert len(StubAnalyst.views) == 2 and len(StubAnalyst.seeds) == 1  # one adviser
    view = StubAnalyst.views[0]
    assert view["seat"] == 1 and view["legal_actions"]
    assert "hand" in view and "hands" not in view
    best = view["legal_actions"][-1]
    lines = shown.splitlines()
    start = lines.index("The expert's estimate of each action (higher is better), best first:")
    listed = [line.split() for line in lines[start + 1:start + 1 + len(view["legal_actions"])]]
    assert " ".join(listed[0][:-1]) == best and listed[0][-1] == "0.500"
    assert [float(row[-1]) for row in listed] == sorted((float(r[-1]) for r in listed),
                                                        reverse=True)


def test_no_hint_without_an_expert(monkeypatch: pytest.MonkeyPatch) -> None:
    use_levels(monkeypatch, None)
    assert "expert" not in [level.name for level in registry.levels("schnauz")]
    shown = play(monkeypatch, ["hint", "quit", ""])
    assert "No hint available yet: Schnauz has no expert player." in shown


def test_no_hint_from_an_expert_that_cannot_explain(monkeypatch: pytest.MonkeyPatch) -> None:
    use_levels(monkeypatch, BotLevel("expert", "mute", lambda _game, _seed, _budget: Mute(),
                                     games=frozenset({"schnauz"})))
    shown = play(monkeypatch, ["hint", "quit", ""])
    assert "No hint available yet: the Schnauz expert cannot explain itself." in shown


def test_help_mentions_hint(monkeypatch: pytest.MonkeyPatch) -> None:
    shown = play(monkeypatch, ["help", "quit", ""])
    assert "hint (the expert's advice)" in shown
