"""tools/close_reading.py compares the expert's choices after the opponent's close with
and without reading it, valued in the real deal."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

import pytest

import stammtisch
from stammtisch.bots.schnapsen.inference import Strengths
from stammtisch.bots.schnapsen.solver import Search
from stammtisch.games.schnapsen import SchnapsenState
from tools.close_reading import Comparison, compare, main, parse_strengths, true_award


def test_strengths_are_named_and_the_rest_stay_judged() -> None:
    assert parse_strengths(["closed=0.5"]) == Strengths(closed=0.5)
    assert parse_strengths([]) == Strengths()
    with pytest.raises(ValueError, match="unknown strength 'closing'"):
        parse_strengths(["closing=0.9"])
    for bad in ("closed=x", "closed=1.5"):
        with pytest.raises(ValueError, match="a number from 0 to 1"):
            parse_strengths([bad])


def test_an_unknown_strength_is_refused_in_one_line(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit):
        main(["--matches", "1", "closing=0.9"])
    assert "unknown strength" in capsys.readouterr().err


def test_the_real_deal_is_solved_after_the_choice() -> None:
    match = stammtisch.new_match("schnapsen", seed=4)
    match.play("close")
    state = match.state
    assert isinstance(state, SchnapsenState)
    me = state.to_act
    for action in state.legal():
        child = state.clone()
        child.apply(action)
        assert true_award(state, me, action) == Search(child, me).value(child)


def test_a_gain_is_averaged_over_every_compared_decision() -> None:
    found = Comparison(compared=4, chance_gains=[0.2, -0.1], award_gains=[1, 0])
    lines = found.lines()
    assert lines[0] == "4 decisions after the opponent's close compared, 2 differ"
    assert "+0.0250" in lines[1] and "+0.2500" in lines[2]


class EagerCloser:
    """Closes whenever it may, else plays its first legal action: every deal has a close
    to read, whatever the expert's timed search chose before it."""

    name = "eager-closer"

    def choose(self, view: Mapping[str, Any]) -> str:
        legal: list[str] = view["legal_actions"]
        return "close" if "close" in legal else legal[0]


def test_a_short_run_compares_decisions_and_values_the_differences() -> None:
    found = compare(lambda _seed, _seat: EagerCloser(), matches=2, budget=0.02,
                    test_budget=0.02, seed=1, candidate=Strengths(closed=1.0),
                    base=Strengths(closed=0.0))
    assert found.compared > 0 and len(found.chance_gains) <= found.compared
    assert len(found.award_gains) == len(found.chance_gains)
    assert all(abs(g) <= 6 for g in found.award_gains)
    assert all(abs(g) <= 1 for g in found.chance_gains)
