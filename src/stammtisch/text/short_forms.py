"""The table of notation short forms, shared with the browser: web/short_forms.json.

The Python resolver (:mod:`stammtisch.text.resolve`, the terminal's) and the browser's
(web/js/resolve.js) both read this one file: the order of the steps that turn a
typed line into a legal action, the words that stand for cards, and examples of
each step that the tests hold both resolvers to.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from importlib.resources import files
from typing import Any

from stammtisch.cards import parse_card
from stammtisch.errors import NotationError

# Every step a resolver knows; the table orders them.
STEP_NAMES = ("canonical", "prefix", "cards", "initials")

TABLE_PATH = "web/short_forms.json"


@dataclass(frozen=True)
class Example:
    """A typed line and the one legal action it names among ``legal``."""

    step: str
    legal: tuple[str, ...]
    typed: str
    means: str


@dataclass(frozen=True)
class ShortForms:
    """The table: words for cards and ranks (lower case), the steps in order, examples."""

    card_words: dict[str, str]
    rank_words: dict[str, str]
    suit_first: bool
    initials_fewest_words: int
    steps: tuple[str, ...]
    examples: tuple[Example, ...]


def _problem(message: str) -> ValueError:
    return ValueError(f"{TABLE_PATH}: {message}")


def _words(data: dict[str, Any], key: str) -> dict[str, str]:
    words = data.get(key)
    if not isinstance(words, dict) or not all(
            isinstance(k, str) and isinstance(v, str) for k, v in words.items()):
        raise _problem(f"{key!r} must be an object of words to codes")
    return {k.lower(): v for k, v in words.items()}


def _example(step: str, raw: Any) -> Example:
    if not (isinstance(raw, dict) and isinstance(raw.get("legal"), list)
            and isinstance(raw.get("typed"), str) and isinstance(raw.get("means"), str)):
        raise _problem(f"an example of step {step!r} needs legal (a list), typed and means")
    if raw["means"] not in raw["legal"]:
        raise _problem(f"example {raw['typed']!r} means {raw['means']!r}, "
                       "which is not among its legal actions")
    return Example(step, tuple(raw["legal"]), raw["typed"], raw["means"])


def parse_short_forms(text: str) -> ShortForms:
    """Read and check the table; raises ValueError naming what is wrong in it."""
    try:
        data = json.loads(text)
    except json.JSONDecodeError as error:
        raise _problem(f"not JSON ({error})") from None
    if not isinstance(data, dict):
        raise _problem("must be a JSON object")
    card_words = _words(data, "card_words")
    for word, code in card_words.items():
        try:
            parse_card(code)
        except NotationError:
            raise _problem(f"card word {word!r} stands for {code!r}, not a card code") from None
    rank_words = _words(data, "rank_words")
    bad_ranks = [rank for rank in rank_words.values() if len(rank) != 1]
    if bad_ranks:
        raise _problem(f"rank words must stand for one rank letter, not {bad_ranks}")
    if not isinstance(data.get("suit_first"), bool):
        raise _problem("'suit_first' must be true or false")
    fewest = data.get("initials_fewest_words")
    if not isinstance(fewest, int) or isinstance(fewest, bool) or fewest < 2:
        raise _problem("'initials_fewest_words' must be a whole number of at least 2")
    steps = data.get("steps")
    if not isinstance(steps, list) or not all(isinstance(s, dict) for s in steps):
        raise _problem("'steps' must be a list of objects")
    names = tuple(step.get("name") for step in steps)
    if sorted(map(str, names)) != sorted(STEP_NAMES):
        raise _problem(f"the steps must be {', '.join(STEP_NAMES)} (in any order), not {names}")
    examples = tuple(_example(step["name"], raw) for step in steps
                     for raw in step.get("examples", []))
    return ShortForms(card_words, rank_words, data["suit_first"], fewest,
                      tuple(map(str, names)), examples)


def _load() -> ShortForms:
    return parse_short_forms(files("stammtisch").joinpath(TABLE_PATH).read_text(encoding="utf-8"))


SHORT_FORMS = _load()
