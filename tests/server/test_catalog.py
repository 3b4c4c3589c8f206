"""The start page's catalog: every option becomes a field, groups and presets are
real options, and the hint hook switches on with an ``analyze``."""

from __future__ import annotations

import sys
import types
from typing import Any

import httpx
import pytest

import stammtisch
from stammtisch.server.catalog import catalog
from tests.server.live import LiveServer


def test_every_option_is_a_field_in_one_group() -> None:
    for entry in catalog():
        names = [o["name"] for o in entry["options"]]
        grouped = [n for g in entry["groups"] for n in g["options"]]
        assert sorted(grouped) == sorted(names), entry["name"]
        assert all(g["name"] != "other" for g in entry["groups"])
        for option in entry["options"]:
            assert option["kind"] in ("bool", "choice", "int", "seat")
            if option["kind"] == "choice":
                assert option["default"] in option["values"]


@pytest.mark.parametrize("entry", catalog(), ids=lambda e: e["name"])
def test_presets_start_a_match(entry: dict[str, Any]) -> None:
    assert set(entry["presets"]) == {"rules", "traditional"}
    players: dict[str, Any] = {entry["players"]["option"]: 3} if entry["players"]["option"] else {}
    for options in entry["presets"].values():
        match = stammtisch.new_match(entry["name"], seed=1, **{**players, **options})
        assert match.to_act is not None
    assert entry["levels"] and all(level["description"] for level in entry["levels"])
    assert entry["hint"] is True  # every game has an expert that explains itself


@pytest.mark.slow
def test_a_hint_is_the_experts_advice(live: LiveServer) -> None:
    created = live.create("schnapsen", ["human", "random"], seed=2, first_dealer=1)
    sock = live.socket(created["id"], created["token"])
    state = sock.until_my_turn()
    assert state["hint"] is True
    sock.send({"type": "hint"})
    answer = sock.receive()
    assert answer["type"] == "hint" and answer["seq"] == state["seq"]
    advice = answer["advice"]
    assert advice["unit"] == "win" and advice["best"] == advice["ranked"][0]["action"]
    assert sorted(e["action"] for e in advice["ranked"]) == sorted(state["view"]["legal_actions"])
    values = [e["value"] for e in advice["ranked"]]
    assert values == sorted(values, reverse=True) and all(0 <= v <= 1 for v in values)
    sock.close()


def test_no_hint_without_an_adviser(live: LiveServer, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setitem(sys.modules, "stammtisch.bots.analysis", types.ModuleType("empty"))
    created = live.create("schnapsen", ["human", "random"], seed=2, first_dealer=1)
    sock = live.socket(created["id"], created["token"])
    assert sock.until_my_turn()["hint"] is False
    sock.send({"type": "hint"})
    assert "no hints yet" in sock.receive()["message"]
    sock.close()


@pytest.mark.parametrize(("game", "option", "high", "players"), [
    ("schnauz", "lives", 20, {"num_players": 2}), ("scat", "lives", 20, {"num_players": 2}),
    ("schmier", "target_score", 100, {}), ("schnapsen", "match_target", 50, {})])
def test_open_ended_options_have_a_maximum_at_the_table(
        live: LiveServer, game: str, option: str, high: int, players: dict[str, Any]) -> None:
    """A match of 10^300 lives never ends: the web table states and enforces a maximum."""
    entry = next(g for g in httpx.get(f"{live.url}/api/games").json() if g["name"] == game)
    assert next(o for o in entry["options"] if o["name"] == option)["max"] == high
    seats = ["human"] + ["random"] * (stammtisch.new_match(game, seed=1, **players).num_players - 1)
    for value, status in ((high, 201), (high + 1, 400), (10**300, 400)):
        answer = httpx.post(f"{live.url}/api/tables", json={
            "game": game, "seats": seats, "options": {**players, option: value}})
        assert answer.status_code == status, answer.text
        if status == 400:
            assert f"option '{option}'" in answer.json()["error"] and len(answer.text) < 400


def test_numbers_past_the_digit_limit_are_a_clear_400(live: LiveServer) -> None:
    body = '{"game": "schnauz", "seats": ["human", "random"], "options": {"lives": 1' \
        + "0" * 5000 + "}}"
    answer = httpx.post(f"{live.url}/api/tables", content=body,
                        headers={"Content-Type": "application/json"})
    assert answer.status_code == 400 and "JSON" in answer.json()["error"]
