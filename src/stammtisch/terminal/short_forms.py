"""The table of short forms under the terminal's name: it lives in
:mod:`stammtisch.text.short_forms`."""

from __future__ import annotations

from stammtisch.text.short_forms import (
    SHORT_FORMS,
    STEP_NAMES,
    TABLE_PATH,
    Example,
    ShortForms,
    parse_short_forms,
)

__all__ = ["SHORT_FORMS", "STEP_NAMES", "TABLE_PATH", "Example", "ShortForms",
           "parse_short_forms"]
