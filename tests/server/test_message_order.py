"""A table's changes go out whole: no broadcast of its own (seats that came or went)
runs while a change is half made and its save is awaited. Found as a state with a seat's
hand reaching the client before the ``seated`` answer that gives it that seat (issue 47:
the presence broadcast ran while ``sit`` waited for the database), and the same gap
would show an action whose save then fails."""

from __future__ import annotations

import asyncio
from pathlib import Path
from typing import Any

from starlette.applications import Starlette

from stammtisch.server import Settings, create_app
from stammtisch.server.hub import Hub
from stammtisch.server.tables import Table
from tests.server.wire import Wire


def memory_app(tmp_path: Path) -> Starlette:
    return create_app(Settings(db_url=f"sqlite:///{tmp_path / 'order.db'}", bot_delay=0.0))


def hub_of(app: Starlette) -> Hub:
    found: Hub = app.state.hub
    return found


def ignore(_wire: Wire, _text: str, _message: dict[str, Any]) -> None:
    pass


class HeldSave:
    """Stands in for one of the table's saves: it waits until the test lets it go
    (a slow database), then succeeds or fails."""

    def __init__(self, fail: bool = False) -> None:
        self.started = asyncio.Event()
        self.go = asyncio.Event()
        self.fail = fail

    async def __call__(self) -> None:
        self.started.set()
        await self.go.wait()
        if self.fail:
            raise OSError("the database is away")


async def presence_while(table: Table, app: Starlette, token: str, held: HeldSave) -> Wire:
    """While ``held`` waits, the seat of ``token`` comes back (its socket joins), which
    asks for a broadcast to everyone else; the loop gets every chance to run it before
    the save is let go."""
    await held.started.wait()
    back = Wire(app, table.id, token, ignore, 0)
    for _ in range(100):  # (with the fix, its join itself waits for the change)
        await asyncio.sleep(0)
    held.go.set()
    await back.handled()
    return back


def test_no_state_of_a_seat_reaches_its_socket_before_seated(tmp_path: Path) -> None:
    app = memory_app(tmp_path)
    table, token = hub_of(app).create("scat", ["human", "open", "open"], {"num_players": 3})
    table.presence_delay = 0.0  # every coming and going is told at once

    async def run() -> list[dict[str, Any]]:
        held = HeldSave()
        table._save_seats = held  # type: ignore[method-assign]
        friend = Wire(app, table.id, "", ignore, None)
        await friend.handled()
        friend.sit(1, "Gast")
        back = await presence_while(table, app, token, held)
        await friend.handled()
        await back.close()
        await friend.close()
        return friend.received

    received = asyncio.run(run())
    kinds = [(m["type"], m.get("seat")) for m in received]
    seated = kinds.index(("seated", 1))
    assert all(seat is None for kind, seat in kinds[:seated] if kind == "state"), kinds
    assert ("state", 1) in kinds[seated:]


def test_an_action_whose_save_fails_is_never_shown(tmp_path: Path) -> None:
    app = memory_app(tmp_path)
    table, token = hub_of(app).create("schnapsen", ["human", "open"], {})
    table.presence_delay = 0.0

    async def run() -> tuple[list[int], int]:
        friend = Wire(app, table.id, "", ignore, None)
        friend.sit(1, "Gast")
        await friend.handled()
        tokens = {0: token, 1: next(m["token"] for m in friend.received
                                    if m["type"] == "seated")}
        player = Wire(app, table.id, token, ignore, 0)
        watcher = Wire(app, table.id, "", ignore, None)
        await player.handled()
        await watcher.handled()
        wires = {0: player, 1: friend}
        to_act = table.match.to_act
        assert to_act is not None
        mover, away = wires[to_act], 1 - to_act
        await wires[away].close()  # the other seat is away: its return is news
        held = HeldSave(fail=True)
        table._save = held  # type: ignore[method-assign]
        before = table.seq
        seen = len(watcher.received)
        mover.send({"type": "act", "action": mover.state["view"]["legal_actions"][0],
                    "seq": before})
        watcher.send({"type": "sync"})  # a full state asked for meanwhile ...
        late = Wire(app, table.id, "", ignore, None)  # ... and a watcher's first one
        back = await presence_while(table, app, tokens[away], held)
        for wire in (mover, watcher, late):
            await wire.handled()
        shown = [m["seq"] for m in watcher.received[seen:] + late.received
                 if m["type"] == "state"]
        for wire in (back, mover, watcher, late):
            await wire.close()
        return shown, before

    shown, before = asyncio.run(run())
    assert shown and all(seq == before for seq in shown), (shown, before)
