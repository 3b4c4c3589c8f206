"""The games that have their own terminal renderer; the others use the generic one."""

from __future__ import annotations

from stammtisch.terminal import scat, schmier, schnapsen, schnauz
from stammtisch.terminal.render import Renderer

RENDERERS: dict[str, Renderer] = {
    "schnauz": schnauz.RENDERER,
    "scat": scat.RENDERER,
    "schnapsen": schnapsen.RENDERER,
    "schmier": schmier.RENDERER,
}
