"""Reading game records (docs/rules/NOTATION.md) before they are replayed.

A malformed record raises :class:`RecordError` naming the field or the action
index at fault; nothing is half-built.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from stammtisch.errors import RecordError

RECORD_KEYS = {"game", "options", "seed", "decks", "actions"}


@dataclass(frozen=True)
class RecordFields:
    game: str
    options: dict[str, Any]
    seed: int
    decks: list[Any] | None
    actions: list[str]


def read_record(record: Any) -> RecordFields:
    """Check the shape of a record (not yet the legality of its actions)."""
    if not isinstance(record, Mapping):
        raise RecordError(f"a record is a JSON object, not {type(record).__name__}")
    unknown = set(record) - RECORD_KEYS
    if unknown:
        raise RecordError(f"unknown record field(s): {', '.join(sorted(map(str, unknown)))}")
    for key in ("game", "seed", "actions"):
        if key not in record:
            raise RecordError(f"the record has no {key!r} field")
    game = record["game"]
    if not isinstance(game, str):
        raise RecordError(f"'game' must be a game name, not {game!r}")
    options = record.get("options", {})
    if not isinstance(options, Mapping) or not all(isinstance(k, str) for k in options):
        raise RecordError("'options' must be an object of option keys")
    seed = record["seed"]
    if not isinstance(seed, int) or isinstance(seed, bool):
        raise RecordError(f"'seed' must be an integer, not {seed!r}")
    decks = record.get("decks")
    if decks is not None and not isinstance(decks, list):
        raise RecordError("'decks' must be a list of decks")
    actions = record["actions"]
    if not isinstance(actions, list):
        raise RecordError("'actions' must be a list of action texts")
    for index, action in enumerate(actions):
        if not isinstance(action, str):
            raise RecordError(f"action {index} must be text, not {action!r}", index=index)
    return RecordFields(game, dict(options), seed, decks, list(actions))
