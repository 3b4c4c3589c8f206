"""The expert's review of a match (bots/review.py) on stored records: every view handed
to the ranker is the reviewing seat's, the best is the highest value, losses, marks,
accuracy and the biggest mistakes follow the stated thresholds."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

import stammtisch
from stammtisch.bots import review
from stammtisch.bots.coach import WEAK
from stammtisch.errors import RecordError

DATA = Path(__file__).resolve().parents[1] / "data"
RECORDS = ["schnauz-3p-default", "scat-default", "schnapsen-bummerl-5-6", "schmier-default"]


def record(name: str) -> dict[str, Any]:
    data: dict[str, Any] = json.loads((DATA / f"{name}.json").read_text())["record"]
    return data


def fake_rank(game: str, view: dict[str, Any], **_: Any) -> list[tuple[str, float]]:
    """Deterministic values in a shuffled order: the last legal action is the best, each
    one before it 0.03 (Schmier: 0.3) worse; listed worst first, so that the review
    must sort them itself."""
    step = 0.3 if game == "schmier" else 0.03
    legal = view["legal_actions"]
    return [(action, round(-step * (len(legal) - 1 - n), 4)) for n, action in enumerate(legal)]


@pytest.mark.parametrize("name", RECORDS)
def test_every_view_ranked_is_the_seats_own_and_holds_no_other_seats_cards(
        name: str, monkeypatch: pytest.MonkeyPatch) -> None:
    game = record(name)
    seat = 1
    seen: list[dict[str, Any]] = []

    def spy(game_name: str, view: dict[str, Any], **kwargs: Any) -> list[tuple[str, float]]:
        seen.append(json.loads(json.dumps(view)))
        return fake_rank(game_name, view, **kwargs)

    monkeypatch.setattr(review, "rank", spy)
    done = review.review(game, seat, budget=0.01)
    # The same positions, found independently: the seat to act with a choice.
    match = stammtisch.replay({**game, "actions": []})
    expected = []
    for text in game["actions"]:
        if match.to_act == seat and len(match.legal_actions()) > 1:
            others = {card for other in range(match.num_players) if other != seat
                      for card in match.view(other).get("hand", [])}
            expected.append((match.view(seat), others))
        match.play(text)
    assert len(seen) == len(expected) == len(done["decisions"]) > 0
    for view, (own, others) in zip(seen, expected, strict=True):
        assert view["seat"] == seat
        assert view == json.loads(json.dumps(own))
        assert not others & set(view.get("hand", []))
        assert "hands" not in view
    assert all(entry["view"]["seat"] == seat for entry in done["decisions"])


@pytest.mark.parametrize("name", RECORDS)
def test_best_is_the_highest_value_and_losses_marks_and_accuracy_follow(
        name: str, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(review, "rank", fake_rank)
    done = review.review(record(name), 0)
    game = done["game"]
    assert done["mistake"] == WEAK[game] and done["close"] == review.CLOSE[game]
    for entry in done["decisions"]:
        values = [value for _, value in entry["ranked"]]
        assert values == sorted(values, reverse=True)
        legal = entry["view"]["legal_actions"]
        assert entry["best"] == legal[-1] and entry["best_value"] == 0.0
        played_at = legal.index(entry["played"])
        step = 0.3 if game == "schmier" else 0.03
        assert entry["loss"] == pytest.approx(step * (len(legal) - 1 - played_at))
        assert entry["mistake"] == (entry["loss"] >= WEAK[game])
        assert entry["accurate"] == (entry["loss"] <= review.CLOSE[game])
    judged = done["decisions"]
    share = sum(entry["accurate"] for entry in judged) / len(judged)
    assert done["accuracy"] == pytest.approx(share, abs=1e-4)
    for deal in done["deals"]:
        mine = [entry for entry in judged if entry["deal"] == deal["deal"]]
        assert deal["decisions"] == len(mine)
        if mine:
            assert deal["accuracy"] == pytest.approx(
                sum(entry["accurate"] for entry in mine) / len(mine), abs=1e-4)
    losses = sorted((entry["loss"] for entry in judged if entry["mistake"]), reverse=True)
    assert [judged[n]["loss"] for n in done["biggest"]] == losses[:3]
    assert len(done["moves"]) == len(record(name)["actions"])


def test_an_action_the_expert_did_not_weigh_has_no_loss_and_counts_in_no_accuracy(
        monkeypatch: pytest.MonkeyPatch) -> None:
    def weighs_one(_game: str, view: dict[str, Any], **_: Any) -> list[tuple[str, float]]:
        return [(view["legal_actions"][0], 0.5)]

    monkeypatch.setattr(review, "rank", weighs_one)
    done = review.review(record("schnauz-3p-default"), 0)
    unweighed = [entry for entry in done["decisions"] if entry["loss"] is None]
    assert unweighed and not any(entry["mistake"] for entry in unweighed)
    weighed = len(done["decisions"]) - len(unweighed)
    assert done["accuracy"] == (1.0 if weighed else None)


def test_a_tie_with_the_best_names_the_action_played_as_best(
        monkeypatch: pytest.MonkeyPatch) -> None:
    def all_equal(_game: str, view: dict[str, Any], **_: Any) -> list[tuple[str, float]]:
        return [(action, 0.25) for action in view["legal_actions"]]

    monkeypatch.setattr(review, "rank", all_equal)
    done = review.review(record("schnapsen-bummerl-5-6"), 1)
    assert all(entry["best"] == entry["played"] and entry["loss"] == 0.0
               for entry in done["decisions"])
    assert done["accuracy"] == 1.0 and done["biggest"] == []


@pytest.mark.parametrize("seat", [-1, 3, True, "0"])
def test_a_seat_not_in_the_match_is_refused(seat: Any) -> None:
    with pytest.raises(RecordError, match="no seat"):
        review.decisions(record("schnauz-3p-default"), seat)


def test_the_real_expert_reviews_a_short_match() -> None:
    game = record("schnauz-3p-default")
    progress: list[tuple[int, int]] = []
    done = review.review(game, 2, budget=0.02,
                         progress=lambda n, total: progress.append((n, total)))
    assert progress[-1] == (len(done["decisions"]), len(done["decisions"]))
    for entry in done["decisions"]:
        assert entry["best_value"] == max(value for _, value in entry["ranked"])
        assert 0.0 <= entry["best_value"] <= 1.0
