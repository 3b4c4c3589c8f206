"""The start page's catalog: every option becomes a field, groups and presets are
real options, and the hint hook switches on with an ``analyze``."""

from __future__ import annotations

import sys
import types
from typing import Any

import pytest

import stammtisch
from server.live import LiveServer
from stammtisch.server.catalog import catalog


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


def test_a_hint_is_the_experts_advice(live: LiveServer) -> None:
    created = live.create("schnapsen", ["human", "random"], seed=2, first_dealer=1)
    sock = live.socket(created["id"], created["token"])
    state = sock.until_my_turn()
    assert state["hint"] is True
    sock.send({"type": "hint"})
    answer = sock.receive()
    assert answer["type"] == "hint" and answer["text"].startswith("The expert would ")
    best = answer["text"].removeprefix("The expert would ").split(" (")[0]
    assert best in state["view"]["legal_actions"]
    sock.close()


def test_no_hint_without_an_adviser(live: LiveServer, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setitem(sys.modules, "stammtisch.bots.analysis", types.ModuleType("empty"))
    created = live.create("schnapsen", ["human", "random"], seed=2, first_dealer=1)
    sock = live.socket(created["id"], created["token"])
    assert sock.until_my_turn()["hint"] is False
    sock.send({"type": "hint"})
    assert "no hints yet" in sock.receive()["message"]
    sock.close()
