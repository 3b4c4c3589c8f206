"""Issue 25, the live tables: rate-limit answers, undo after a takeover, computer moves
that fail to save, loads off the event loop, hints, paced computer moves, coalesced
presence, look-alike names and tables nobody joined."""

from __future__ import annotations

import asyncio
from pathlib import Path
from typing import Any

from starlette.applications import Starlette

from server.wire import Wire
from stammtisch.server import Settings, create_app
from stammtisch.server.hub import Hub


def memory_app(tmp_path: Path, **settings: Any) -> Starlette:
    return create_app(Settings(db_url=f"sqlite:///{tmp_path / 'hard.db'}", bot_delay=0.0,
                               **settings))


def hub_of(app: Starlette) -> Hub:
    found: Hub = app.state.hub
    return found


def ignore(_wire: Wire, _text: str, _message: dict[str, Any]) -> None:
    pass


def test_a_rate_limited_message_is_answered_with_its_id(tmp_path: Path) -> None:
    app = memory_app(tmp_path, rate=0.001, burst=1.0)
    table, token = hub_of(app).create("schnapsen", ["human", "random"], {}, seed=3)

    async def run() -> list[dict[str, Any]]:
        wire = Wire(app, table.id, token, ignore, 0)
        wire.send({"type": "sync", "id": 1})
        wire.send({"type": "sync", "id": 2})
        await wire.handled()
        await wire.close()
        return [m for m in wire.received if m["type"] == "error"]

    errors = asyncio.run(run())
    assert [(e["code"], e.get("id")) for e in errors] == [("rate_limited", 2)]
