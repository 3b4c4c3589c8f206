"""The games' renderers under the terminal's name: they live in :mod:`stammtisch.text.games`."""

from __future__ import annotations

from stammtisch.text.games import RENDERERS, renderer

__all__ = ["RENDERERS", "renderer"]
