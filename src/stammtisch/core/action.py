"""The action value object of the public API."""

from __future__ import annotations

from dataclasses import dataclass, field


@dataclass(frozen=True)
class Action:
    """One action in canonical notation (docs/rules/NOTATION.md).

    Two actions are equal when their texts are; ``id`` is the game's int for it
    (the fast path's action id) and takes no part in comparisons.
    """

    text: str
    id: int = field(default=-1, compare=False)

    def __str__(self) -> str:
        return self.text

    def __repr__(self) -> str:
        return f"Action({self.text!r})"
