"""A review's ranking of a Schnapsen decision (issue 44): the expert on the compiled core
samples until its best action is clear, and spends its whole budget only where the
action played lost so near the mistake's mark that the short search could turn the
verdict."""

from __future__ import annotations

from typing import Any

import pytest

import stammtisch
from stammtisch.bots import analysis, review
from stammtisch.bots.coach import WEAK
from stammtisch.bots.schnapsen.players import ExpertBot
from stammtisch.games.schnapsen import parse_action


def first_choice() -> dict[str, Any]:
    match = stammtisch.new_match("schnapsen", seed=4)
    while len(match.legal_actions()) < 3:
        match.play(match.legal_actions()[0])
    view: dict[str, Any] = dict(match.view(match.to_act))
    return view


@pytest.mark.parametrize(("loss", "searched_again"), [
    (0.0, False), (0.5 * WEAK["schnapsen"], False), (0.8 * WEAK["schnapsen"], True),
    (1.2 * WEAK["schnapsen"], True), (2.0 * WEAK["schnapsen"], False)])
def test_only_a_loss_near_the_mistakes_mark_is_searched_on_the_whole_budget(
        monkeypatch: pytest.MonkeyPatch, loss: float, searched_again: bool) -> None:
    view = first_choice()
    best, played, *_ = view["legal_actions"]
    early: list[bool] = []

    def evaluate(_self: ExpertBot, _view: Any,
                 early_stop: bool = False) -> list[tuple[int, float, float]]:
        early.append(early_stop)
        return [(parse_action(best), 0.6, 1.0), (parse_action(played), 0.6 - loss, 0.0)]

    whole: list[float | None] = []

    def whole_budget(_game: str, _seen: dict[str, Any], *, seed: int = 0,  # noqa: ARG001
                     budget: float | None = None) -> list[tuple[str, float]]:
        whole.append(budget)
        return [(best, 0.5), (played, 0.5)]

    monkeypatch.setattr(ExpertBot, "evaluate", evaluate)
    monkeypatch.setattr(analysis, "rank", whole_budget)
    ranked = review.rank("schnapsen", view, seed=3, budget=0.4, played=played)
    assert early == [True]
    assert whole == ([0.4] if searched_again else [])
    assert ranked == ([(best, 0.5), (played, 0.5)] if searched_again
                      else [(best, 0.6), (played, round(0.6 - loss, 4))])


def test_a_search_that_was_not_stopped_early_is_not_searched_again(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """Near the mark too: a search that sampled its cap of worlds is as precise as the
    whole budget makes it."""
    view = first_choice()
    best, played, *_ = view["legal_actions"]

    def evaluate(self: ExpertBot, _view: Any,
                 early_stop: bool = False,  # noqa: ARG001 - as the expert's
                 ) -> list[tuple[int, float, float]]:
        self.worlds = self.max_worlds
        return [(parse_action(best), 0.6, 1.0), (parse_action(played), 0.56, 0.0)]

    def whole_budget(*_: Any, **__: Any) -> list[tuple[str, float]]:
        raise AssertionError("searched again")

    monkeypatch.setattr(ExpertBot, "evaluate", evaluate)
    monkeypatch.setattr(analysis, "rank", whole_budget)
    assert review.rank("schnapsen", view, seed=3, budget=0.4, played=played) == \
        [(best, 0.6), (played, 0.56)]


def test_the_review_of_schnapsen_values_every_action_on_the_compiled_core() -> None:
    from stammtisch import native
    from stammtisch.bots.registry import make_bot

    if not native.available():
        pytest.skip(f"the compiled core is not built: {native.missing_reason()}")
    view = first_choice()
    expert = make_bot("schnapsen", analysis.ADVISER_LEVEL, 1, view["seat"], 0.5)
    assert isinstance(expert, ExpertBot) and expert.compiled
    ranked = review.rank("schnapsen", view, seed=1, budget=0.5, played=view["legal_actions"][0])
    assert ranked is not None
    assert sorted(action for action, _ in ranked) == sorted(view["legal_actions"])
    assert all(0.0 <= value <= 1.0 for _, value in ranked)
    assert [value for _, value in ranked] == sorted((value for _, value in ranked), reverse=True)
