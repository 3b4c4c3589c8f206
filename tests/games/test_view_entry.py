"""The typed entry helpers beside each game's view TypedDict (games/<game>_types.py):
a view of their game passes through unchanged, any other view is refused."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

import pytest

import stammtisch
from stammtisch.games.scat_types import scat_view
from stammtisch.games.schmier_types import schmier_view
from stammtisch.games.schnapsen_types import schnapsen_view
from stammtisch.games.schnauz_types import schnauz_view

ENTRIES: dict[str, Callable[[Mapping[str, Any]], Mapping[str, Any]]] = {
    "schnauz": schnauz_view, "scat": scat_view, "schnapsen": schnapsen_view,
    "schmier": schmier_view,
}
OPTIONS: dict[str, dict[str, Any]] = {"schnauz": {"num_players": 3}, "scat": {"num_players": 3}}


def _view(game: str) -> dict[str, Any]:
    view: dict[str, Any] = stammtisch.new_match(game, seed=1, **OPTIONS.get(game, {})).view(0)
    return view


@pytest.mark.parametrize("game", sorted(ENTRIES))
def test_a_view_of_the_game_passes_unchanged(game: str) -> None:
    view = _view(game)
    assert ENTRIES[game](view) is view


@pytest.mark.parametrize("game", sorted(ENTRIES))
def test_a_view_of_another_game_is_refused(game: str) -> None:
    other = "schmier" if game != "schmier" else "scat"
    view = _view(other)
    with pytest.raises(ValueError, match=f"not a {game} view: game '{other}'"):
        ENTRIES[game](view)
    with pytest.raises(ValueError, match=f"not a {game} view: game None"):
        ENTRIES[game]({})
