"""Every live table of one server: made new, or rebuilt from the store on first use."""

from __future__ import annotations

import secrets
from typing import Any

import stammtisch
from stammtisch.bots.registry import find_level
from stammtisch.errors import RecordError
from stammtisch.server.store import Store, StoredTable
from stammtisch.server.tables import HUMAN, Seat, Table, TableError


def replay_table(stored: StoredTable, store: Store, bot_delay: float) -> Table:
    """A stored table rebuilt action by action, with who played what."""
    seats = [Seat(s["kind"], s.get("level", ""), s.get("token", "")) for s in stored.seats]
    record = dict(stored.record)
    actions = record.pop("actions", [])
    match = stammtisch.replay({**record, "actions": []})
    table = Table(stored.id, match, seats, store, bot_delay)
    for index, text in enumerate(actions):
        actor = match.to_act
        if actor is None:
            raise RecordError(f"action {index} ({text!r}) after the end", index=index)
        before = len(match.events)
        match.play(text)
        table.played(actor, before)
    return table


class Hub:
    """Every live table of one server, loaded from the store on first use."""

    def __init__(self, store: Store, bot_delay: float) -> None:
        self.store = store
        self.bot_delay = bot_delay
        self.tables: dict[str, Table] = {}

    def create(self, game: str, seats: list[str], options: dict[str, Any],
               seed: int | None = None) -> tuple[Table, str]:
        """A new table; ``seats`` holds ``human`` once and a bot level elsewhere."""
        if not isinstance(seats, list) or seats.count(HUMAN) != 1:
            raise TableError('"seats" lists every seat: "human" once, a computer level for '
                             "the others")
        if seed is None:
            seed = secrets.randbelow(2**31)
        if not isinstance(options, dict):
            raise TableError('"options" is an object of option names and values')
        match = stammtisch.new_match(game, seed=seed, **options)
        if len(seats) != match.num_players:
            raise TableError(f"this table has {match.num_players} seats, "
                             f"but {len(seats)} were given")
        token = secrets.token_urlsafe(18)
        built = []
        for level in seats:
            if level == HUMAN:
                built.append(Seat(HUMAN, token=token))
            else:
                if not isinstance(level, str):
                    raise TableError(f"a seat is 'human' or a computer level, not {level!r}")
                find_level(match.game, level)
                built.append(Seat("bot", level))
        table_id = secrets.token_urlsafe(9)
        table = Table(table_id, match, built, self.store, self.bot_delay)
        self.store.create(table_id, match.game, [s.stored() for s in built], match.record())
        self.tables[table_id] = table
        return table, token

    def release(self, table: Table) -> None:
        """Forget an idle table (no sockets, no computer player moving); the store keeps it."""
        if table.idle() and self.tables.get(table.id) is table:
            del self.tables[table.id]

    def get(self, table_id: str) -> Table | None:
        table = self.tables.get(table_id)
        if table is None:
            stored = self.store.load(table_id)
            if stored is None:
                return None
            table = replay_table(stored, self.store, self.bot_delay)
            self.tables[table_id] = table
        return table
