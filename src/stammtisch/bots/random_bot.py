"""The ``random`` level: a uniformly random legal action, reproducible from a seed."""

from __future__ import annotations

import random
from collections.abc import Mapping
from typing import Any


class RandomBot:
    """Plays a uniformly random legal action. Knows nothing, so it is easy to beat."""

    name = "random"

    def __init__(self, seed: int | None = None) -> None:
        self._rng = random.Random(seed)

    def choose(self, view: Mapping[str, Any]) -> str:
        legal: list[str] = view["legal_actions"]
        if not legal:
            raise ValueError("the bot was asked to act in a view with no legal actions")
        return self._rng.choice(legal)
