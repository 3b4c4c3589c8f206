"""The table of short forms (web/short_forms.json) and the terminal resolver that reads it.

The browser's resolver reads the same table: tests/browser/test_short_forms.py holds
the two to the same answers.
"""

from __future__ import annotations

import dataclasses
import json
from importlib.resources import files
from typing import Any

import pytest

from stammtisch.terminal.resolve import resolve
from stammtisch.terminal.short_forms import (
    SHORT_FORMS,
    STEP_NAMES,
    TABLE_PATH,
    Example,
    parse_short_forms,
)
from stammtisch.text import resolve as resolve_module

SCHNAUZ = ["swap 7H QC", "swap all", "pass", "knock"]


def table(**changes: Any) -> str:
    """The shipped table as JSON text, with some top-level fields changed."""
    data = json.loads(files("stammtisch").joinpath(TABLE_PATH).read_text(encoding="utf-8"))
    data.update(changes)
    return json.dumps(data)


@pytest.mark.parametrize("example", SHORT_FORMS.examples, ids=lambda e: f"{e.step}:{e.typed}")
def test_every_example_of_the_table_names_its_action(example: Example) -> None:
    assert resolve(example.typed, example.legal, str).action == example.means


def test_the_table_has_an_example_of_every_step_and_the_initials_rule() -> None:
    assert {e.step for e in SHORT_FORMS.examples} == set(STEP_NAMES)
    assert Example("initials", ("draw stock", "draw discard", "knock"), "ds", "draw stock") \
        in SHORT_FORMS.examples


@pytest.mark.parametrize(("typed", "card"), [
    ("joker", "play JK"), ("JOKER", "play JK"), ("jk", "play JK"),
    ("10h", "play TH"), ("h10", None), ("h7", "play 7H"), ("Qs", "play QS"), ("sq", "play QS")])
def test_card_words_of_the_table(typed: str, card: str | None) -> None:
    legal = ["play JK", "play TH", "play 7H", "play QS"]
    assert resolve(typed, legal, str).action == card


def test_initials_only_when_no_other_step_found_an_action() -> None:
    legal = ["draw stock", "draw discard", "dsx 7H", "dsx 8H"]
    found = resolve("ds", legal, str)
    assert found.action is None
    assert found.candidates == ["dsx 7H", "dsx 8H"]


def test_initials_need_card_free_actions_of_enough_words() -> None:
    assert resolve("s7", ["swap 7H"], str).action is None
    assert resolve("k", ["knock"], str).action == "knock"
    assert resolve("kx", ["knock"], str).action is None


def test_the_resolver_follows_the_order_and_the_steps_of_the_table(
        monkeypatch: pytest.MonkeyPatch) -> None:
    legal = ["draw stock", "dsx 7H"]
    assert resolve("ds", legal, str).action == "dsx 7H"
    initials_first = ("initials", "canonical", "prefix", "cards")
    monkeypatch.setattr(resolve_module, "SHORT_FORMS",
                        dataclasses.replace(SHORT_FORMS, steps=initials_first))
    assert resolve("ds", legal, str).action == "draw stock"
    monkeypatch.setattr(resolve_module, "SHORT_FORMS",
                        dataclasses.replace(SHORT_FORMS, steps=("canonical", "cards")))
    assert resolve("k", SCHNAUZ, str).action is None
    assert resolve("Knock", SCHNAUZ, str.lower).action == "knock"


def test_the_table_names_each_step_once_and_nothing_else() -> None:
    assert sorted(SHORT_FORMS.steps) == sorted(STEP_NAMES)
    assert SHORT_FORMS.card_words == {"joker": "JK"}
    assert SHORT_FORMS.rank_words == {"10": "T"}


@pytest.mark.parametrize(("changes", "problem"), [
    ({"steps": [{"name": "canonical"}, {"name": "guess"}]}, "the steps must be"),
    ({"card_words": {"joker": "XX"}}, "not a card code"),
    ({"card_words": ["joker"]}, "'card_words' must be an object"),
    ({"rank_words": {"ten": "10"}}, "one rank letter"),
    ({"suit_first": "yes"}, "'suit_first' must be true or false"),
    ({"initials_fewest_words": 1}, "at least 2"),
    ({"steps": [{"name": "canonical", "examples": [
        {"legal": ["pass"], "typed": "k", "means": "knock"}]}]
      + [{"name": name} for name in STEP_NAMES[1:]]}, "not among its legal actions"),
])
def test_a_broken_table_is_named_and_explained(changes: dict[str, Any], problem: str) -> None:
    with pytest.raises(ValueError, match=problem) as raised:
        parse_short_forms(table(**changes))
    assert TABLE_PATH in str(raised.value)


def test_a_table_that_is_not_json_is_named() -> None:
    with pytest.raises(ValueError, match=r"web/short_forms.json: not JSON"):
        parse_short_forms("{steps: ")
