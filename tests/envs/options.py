"""Option sets of each game for the env tests, read from the game's own OPTIONS table.

Every value of every option, one at a time from the defaults, and the full product of
the options that shape a game's actions (player count, deck, hand size, discards, bids).
An integer option needs its test values named in :data:`NUMBERS`: a new one fails here.
"""

from __future__ import annotations

import ast
import itertools
from collections.abc import Iterator
from typing import Any

from stammtisch.core.options import OptionSpec
from stammtisch.games import find_game

NUMBERS: dict[str, dict[str, tuple[Any, ...]]] = {
    "schnauz": {"num_players": (2, 3, 6), "lives": (1, 3)},
    "scat": {"num_players": (2, 4, 9), "lives": (1, 3), "min_knock_score": (0, 21)},
    "schnapsen": {"schneider_max_points": (0, 33, 65), "match_target": (1, 7)},
    "schmier": {"target_score": (3, 21), "min_bid": (1, 3), "max_bid": (4, 6),
                "max_discard": (0, 1, 2, 3)},
}
SHAPING: dict[str, dict[str, tuple[Any, ...]]] = {
    "schnauz": {"num_players": tuple(range(2, 7)), "deck_variant": ("A7", "A9", "A5")},
    "scat": {"num_players": tuple(range(2, 10)), "throw_down": (False, True)},
    "schnapsen": {"deck_size": (20, 24), "hand_size": (5, 6),
                  "claim_mode": ("automatic", "manual"),
                  "marriage_after_close_or_exhaustion": (False, True)},
    "schmier": {"max_discard": (0, 1, 2, 3), "min_bid": (1, 3), "max_bid": (4, 6),
                "stick_the_dealer": (False, True), "dealer_may_equal_high_bid": (False, True)},
}
BASE: dict[str, dict[str, Any]] = {"schnauz": {"num_players": 3}, "scat": {"num_players": 3}}
"""What a game needs beyond its defaults (its required options)."""


def values_of(game: str, spec: OptionSpec) -> tuple[Any, ...]:
    """The test values of one option: from the table, or named in NUMBERS."""
    if spec.name in NUMBERS[game]:
        return NUMBERS[game][spec.name]
    if spec.allowed == "true or false":
        return (False, True)
    if spec.allowed == "a seat number or 'random'":
        return ("random", 0, 1)
    try:
        values = ast.literal_eval(f"({spec.allowed},)")
    except (ValueError, SyntaxError):
        raise AssertionError(f"{game}: name test values of {spec.name!r} in NUMBERS") from None
    return tuple(values)


def option_sets(game: str) -> Iterator[dict[str, Any]]:
    """One at a time from the defaults, then the product of the action-shaping options."""
    base = BASE.get(game, {})
    yield dict(base)
    for spec in find_game(game).options:
        for value in values_of(game, spec):
            if value != spec.default and value != base.get(spec.name):
                yield {**base, spec.name: value}
    shaping = SHAPING[game]
    for values in itertools.product(*shaping.values()):
        yield {**base, **dict(zip(shaping, values, strict=True))}
