"""From command-line words to match options: ``--players`` and ``key=value`` words."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from stammtisch.core.game import GameInfo
from stammtisch.core.options import parse_value


class SetupError(ValueError):
    """A command line that cannot start a match; the message says why in one line."""


def default_players(info: GameInfo) -> int:
    spec = next((s for s in info.options if s.name == "num_players"), None)
    if spec is not None and not spec.required:
        return int(spec.default)
    return min(max(3, info.min_players), info.max_players)


def read_words(info: GameInfo, words: Sequence[str]) -> dict[str, Any]:
    """``key=value`` words as options; unknown keys are named with the known ones."""
    known = {spec.name for spec in info.options}
    options: dict[str, Any] = {}
    for word in words:
        key, equals, value = word.partition("=")
        key = key.strip()
        if not equals or not key:
            raise SetupError(f"expected option=value, got {word!r}")
        if key not in known:
            raise SetupError(f"unknown option {key!r} for {info.name}; its options: "
                             + ", ".join(sorted(known)))
        if key in options:
            raise SetupError(f"option {key!r} is given twice")
        options[key] = parse_value(value)
    return options


def match_options(info: GameInfo, players: int | None, words: Sequence[str]) -> dict[str, Any]:
    """The options for ``new_match``: the words, with ``--players`` as ``num_players``."""
    options = read_words(info, words)
    has_count = any(spec.name == "num_players" for spec in info.options)
    if players is not None and not info.min_players <= players <= info.max_players:
        if info.min_players == info.max_players:
            raise SetupError(f"{info.title} is played by exactly {info.min_players} players,"
                             f" not {players}")
        raise SetupError(f"{info.title} is for {info.min_players} to {info.max_players} players,"
                         f" not {players}")
    if not has_count:
        return options
    if players is not None and options.get("num_players", players) != players:
        raise SetupError(f"--players {players} and num_players={options['num_players']}"
                         " disagree")
    if "num_players" not in options:
        options["num_players"] = players if players is not None else default_players(info)
    return options
