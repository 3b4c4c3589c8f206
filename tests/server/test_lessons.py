"""Guided first deals (issue 26): the lesson's own deal, the coach's advice before each
of the player's decisions, the verdict after, the summary at the end of the deal, and
nothing of it for a watcher."""

from __future__ import annotations

from functools import partial
from typing import Any

import httpx
import pytest

import stammtisch
from stammtisch.server.lessons import LESSONS
from tests.server.live import LiveServer


def test_each_lesson_deal_shows_what_it_promises() -> None:
    hands = {}
    for game, lesson in LESSONS.items():
        match = stammtisch.new_match(game, seed=lesson.seed, **lesson.options)
        assert match.to_act == 0, game  # the player acts first
        hands[game] = match.view(0)
    assert {"QH", "KH"} <= set(hands["schnauz"]["hand"])
    assert hands["scat"]["discard_top"] == "KH"
    assert sum(card.endswith("H") for card in hands["scat"]["hand"]) == 2
    assert {"QS", "KS"} <= set(hands["schnapsen"]["hand"])
    assert "marriage KS" in hands["schnapsen"]["legal_actions"]
    assert {"AD", "JD", "9D", "2D"} <= set(hands["schmier"]["hand"])
    for game, lesson in LESSONS.items():
        for card in ("QH KH", "KH", "QS KS", "AD JD 9D 2D"):
            if card in lesson.teaches:
                break
        else:
            pytest.fail(f"the {game} lesson's line names none of its cards")


def _after(seq: int, state: dict[str, Any]) -> bool:
    return bool(state["seq"] > seq)


def _advised(state: dict[str, Any]) -> bool:
    coach = state["coach"]
    return state["result"] is not None or not coach["teaching"] or (
        state["to_act"] == state["seat"] and coach["advice"] is not None)


@pytest.mark.slow
@pytest.mark.parametrize("game", sorted(LESSONS))
def test_a_lesson_coaches_every_decision_of_the_first_deal(live: LiveServer, game: str) -> None:
    created = httpx.post(f"{live.url}/api/lessons", json={"game": game}).json()
    player = live.socket(created["id"], created["token"])
    watcher = live.socket(created["id"])
    decisions = weak = 0
    while True:
        state = player.until_state(_advised, timeout=60)
        coach = state["coach"]
        if not coach["teaching"]:
            break
        advice = coach["advice"]
        legal = state["view"]["legal_actions"]
        weighed = [entry["action"] for entry in advice["ranked"]]
        assert set(weighed) <= set(legal) and len(set(weighed)) == len(weighed)
        assert advice["unweighed"] == len(legal) - len(weighed)
        if game != "schmier":  # Schmier's expert weighs only its likeliest discards
            assert advice["unweighed"] == 0
        assert advice["ranked"][0]["action"] == advice["best"]
        values = [entry["value"] for entry in advice["ranked"][1:]]
        assert values == sorted(values, reverse=True)
        worst = advice["ranked"][-1]
        player.act(worst["action"])  # the weakest move: the coach must say so
        state = player.until_state(partial(_after, state["seq"]))
        verdict = state["coach"]["verdict"]
        assert verdict["played"] == worst["action"] and verdict["best"] == advice["best"]
        assert verdict["loss"] == pytest.approx(max(0.0, advice["ranked"][0]["value"]
                                                    - worst["value"]), abs=1e-4)
        assert verdict["weak"] == (worst["action"] != advice["best"]
                                   and verdict["loss"] >= advice["weak"])
        decisions += 1
        weak += verdict["weak"]
    summary = state["coach"]["summary"]
    assert decisions >= 1 and summary["decisions"] == decisions
    assert summary["weak"] == weak
    watched = watcher.latest()
    assert watched["coach"] is None and watched["chosen_deals"] is False
    player.close()
    watcher.close()


def test_an_unknown_lesson_is_a_clear_400(live: LiveServer) -> None:
    answer = httpx.post(f"{live.url}/api/lessons", json={"game": "poker"})
    assert answer.status_code == 400 and "guided deal" in answer.json()["error"]
    assert httpx.post(f"{live.url}/api/lessons", content=b"[",
                      headers={"Content-Type": "application/json"}).status_code == 400


@pytest.mark.slow
def test_a_lesson_is_unlisted_and_survives_a_restart(live: LiveServer, db: Any) -> None:
    created = httpx.post(f"{live.url}/api/lessons", json={"game": "schnapsen"}).json()
    assert created["id"] not in {t["id"] for t in httpx.get(f"{live.url}/api/lobby").json()}
    live.stop()
    again = LiveServer(db)
    try:
        player = again.socket(created["id"], created["token"])
        state = player.until_state(_advised, timeout=60)
        assert state["coach"]["teaching"] and state["coach"]["advice"] is not None
        player.close()
    finally:
        again.stop()
