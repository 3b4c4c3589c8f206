"""The games' own renderers, and ``renderer(game)`` that picks one.

Each game's renderer (text/<game>.py) builds on text/render.py; a game
without one, or a view its renderer cannot read, goes through the generic one.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import fields
from typing import ParamSpec, TypeVar

from stammtisch.text import scat, schmier, schnapsen, schnauz
from stammtisch.text.render import GENERIC, Renderer

P = ParamSpec("P")
R = TypeVar("R")

RENDERERS: dict[str, Renderer] = {
    "schnauz": schnauz.RENDERER,
    "scat": scat.RENDERER,
    "schnapsen": schnapsen.RENDERER,
    "schmier": schmier.RENDERER,
}



def _guarded(own: Callable[P, R], generic: Callable[P, R]) -> Callable[P, R]:
    def call(*args: P.args, **kwargs: P.kwargs) -> R:
        try:
            return own(*args, **kwargs)
        except (KeyError, IndexError, TypeError, ValueError, AttributeError):
            return generic(*args, **kwargs)
    return call


def renderer(game: str) -> Renderer:
    """The renderer of ``game``, or the generic one.

    A game's own renderer falls back to the generic one on a view or event it
    cannot read (an engine that moved on), so a display bug never ends a match.
    """
    own = RENDERERS.get(game)
    if own is None:
        return GENERIC
    return Renderer(*(_guarded(getattr(own, f.name), getattr(GENERIC, f.name))
                      for f in fields(Renderer)))
