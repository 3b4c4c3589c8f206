"""The hint hook: the expert's ``analyze`` once the bots issue provides one.

A module ``stammtisch.bots.analysis`` with ``analyze(game, view) -> str`` (a short
advice in words) switches the hint button on; until then no hint is offered.
"""

from __future__ import annotations

import importlib
from collections.abc import Callable
from typing import Any

Analyzer = Callable[[str, dict[str, Any]], str]


def find_analyzer() -> Analyzer | None:
    try:
        module = importlib.import_module("stammtisch.bots.analysis")
    except ImportError:
        return None
    analyze = getattr(module, "analyze", None)
    return analyze if callable(analyze) else None


def hint_available(_game: str) -> bool:
    return find_analyzer() is not None


def hint(game: str, view: dict[str, Any]) -> str | None:
    analyze = find_analyzer()
    return None if analyze is None else str(analyze(game, view))
