"""The Schmier bots' determinizer builds on the game's reading of a view (issue 41):
where the hidden cards may lie is ``games.schmier.hidden_places`` (voids under the
table's ``trump_anytime``, no trump in a non-dealer's discards), and the bots read
voids as the game does."""

from __future__ import annotations

import random
from typing import Any

import stammtisch
from stammtisch.bots.schmier import determinize
from stammtisch.bots.schmier.determinize import _places
from stammtisch.bots.schmier.seen import read
from stammtisch.games.schmier import (
    NUM_PLAYERS,
    STOCK_KEY,
    TRUMPS,
    hidden_places,
    voids,
)
from stammtisch.games.schmier_types import SchmierView

OPTIONS: tuple[dict[str, Any], ...] = ({}, {"trump_anytime": True, "partnerships": "2x3"})


def _views(seeds: int, rng: random.Random) -> list[SchmierView]:
    """Views of the seat to act along random matches under each option set."""
    found: list[SchmierView] = []
    for index, options in enumerate(OPTIONS):
        for seed in range(seeds):
            match = stammtisch.new_match("schmier", seed=500 + 10 * index + seed, **options)
            for _ in range(250):
                seat = match.to_act
                if seat is None:
                    break
                if rng.random() < 0.15:
                    found.append(match.view(seat))
                match.play(rng.choice(match.legal_actions()).text)
    return found


def test_the_bots_read_voids_as_the_game_does_under_the_tables_rules() -> None:
    rng = random.Random(41)
    excused = 0
    for view in _views(4, rng):
        seen = read(view)
        assert list(seen.voids) == voids(seen.trump, seen.tricks, seen.trick, seen.leader,
                                         view["options"]["trump_anytime"])
        strict = voids(seen.trump, seen.tricks, seen.trick, seen.leader)
        excused += seen.voids != tuple(strict)
    assert excused, "no trump on a plain lead under trump_anytime among the views"


def test_the_determinizer_places_cards_where_the_game_allows_them() -> None:
    rng = random.Random(42)
    views = _views(3, rng)
    kept = 0
    for view in views:
        seen = read(view)
        pool, keys, places = hidden_places(view)
        assert pool == seen.unseen
        assert [(k, size, allowed & pool) for k, (size, allowed) in zip(keys, places,
                                                                          strict=True)] \
            == _places(seen, True, True)
        state = determinize(view, rng)
        assert state.view(view["seat"]) == view
        # Constraints no deal meets are dropped after a dozen tries: rarely.
        kept += not any(state.hands[s] & seen.voids[s] for s in range(NUM_PLAYERS)) \
            and not any(state.discards[key - NUM_PLAYERS] & TRUMPS[seen.trump]
                        for key in keys if NUM_PLAYERS <= key < STOCK_KEY
                        and key - NUM_PLAYERS != view["dealer"])
    assert kept > 0.9 * len(views)
