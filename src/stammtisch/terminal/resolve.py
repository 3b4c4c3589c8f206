"""The reading of a typed line under the terminal's name: it lives in
:mod:`stammtisch.text.resolve` (patch ``SHORT_FORMS`` there, where the resolver reads it)."""

from __future__ import annotations

from stammtisch.text.resolve import Resolution, resolve, shortest

__all__ = ["Resolution", "resolve", "shortest"]
