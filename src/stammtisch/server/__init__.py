"""The web table's server: the only layer with sockets and a database (DESIGN.md).

:func:`create_app` builds the ASGI app (pages, a JSON API, the table socket);
:func:`serve` runs it on uvicorn. The server holds every match; each browser
is sent its own seat's view and the public events, and sends actions in the
notation.
"""

from __future__ import annotations

from stammtisch.server.app import create_app
from stammtisch.server.main import serve
from stammtisch.server.settings import Settings

__all__ = ["Settings", "create_app", "serve"]
