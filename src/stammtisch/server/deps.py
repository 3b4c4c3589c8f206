"""What routes need from the app, looked up in one place."""

from __future__ import annotations

import asyncio

from starlette.exceptions import HTTPException
from starlette.requests import HTTPConnection

from stammtisch.server.hub import Hub
from stammtisch.server.seats import Player
from stammtisch.server.sessions import Sessions, sent_session_id
from stammtisch.server.settings import Settings
from stammtisch.server.store import Store
from stammtisch.server.tables import Table


def hub(conn: HTTPConnection) -> Hub:
    found: Hub = conn.app.state.hub
    return found


def store(conn: HTTPConnection) -> Store:
    return hub(conn).store


def settings(conn: HTTPConnection) -> Settings:
    found: Settings = conn.app.state.settings
    return found


def table(conn: HTTPConnection) -> Table:
    """The table named in the path, or 404."""
    found = hub(conn).get(conn.path_params["table_id"])
    if found is None:
        raise HTTPException(404, "no such table")
    return found


async def player(conn: HTTPConnection) -> Player | None:
    """The logged-in person of this request (its session cookie), or None for a guest."""
    sessions: Sessions = conn.app.state.sessions
    session = await asyncio.to_thread(sessions.lookup, sent_session_id(conn), False)
    return None if session is None else Player(session.account_id, session.name)
