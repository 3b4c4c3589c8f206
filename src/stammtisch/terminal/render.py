"""The renderers under the terminal's name: they live in :mod:`stammtisch.text.render`."""

from __future__ import annotations

from stammtisch.text.render import (
    GENERIC,
    ActionsText,
    EventLines,
    HandText,
    Renderer,
    ResultLines,
    ViewLines,
    field_text,
    generic_actions,
    generic_events,
    generic_hand,
    generic_result,
    generic_view,
    options_lines,
    value_text,
    wrapped,
)

__all__ = ["GENERIC", "ActionsText", "EventLines", "HandText", "Renderer", "ResultLines",
           "ViewLines", "field_text", "generic_actions", "generic_events", "generic_hand",
           "generic_result", "generic_view", "options_lines", "value_text", "wrapped"]
