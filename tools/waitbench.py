"""How long a person waits for the computer players at a live table (issue 30: about a
second at most), per game and level: the median, the 90th percentile and the worst.

A table of each game holds one person (seat 0, who plays by the club rules the moment
it is their turn) and computer players of one level. The table runs as the server runs
it (its bots with the server's thinking budgets, deciding in a worker thread, and its
pacing, Settings.bot_delay and Settings.bot_round), except that its pauses pass on a
virtual clock: the clock is the monotonic time plus every pause taken, so the figures
are what the person would see and the run lasts only as long as the thinking. Nothing
is stored. A wait runs from the person's action to the broadcast that gives them the
turn again; a turn that follows their own action directly (no computer moved) is none.
"""

from __future__ import annotations

import asyncio
import statistics
import time
from dataclasses import dataclass
from typing import Any

import stammtisch
from stammtisch.bots.registry import make_bot
from stammtisch.server.seats import BOT, HUMAN, Seat
from stammtisch.server.settings import Settings
from stammtisch.server.store import Store
from stammtisch.server.tables import PLAYING, Client, Table

TABLES: dict[str, dict[str, Any]] = {
    "schnapsen": {},
    "schmier": {},
    "scat": {"num_players": 4},
    "schnauz": {"num_players": 4},
}
"""The tables measured: each game with its options (the player count)."""
PERSON = 0
MAX_MATCHES = 20


@dataclass(frozen=True)
class Waits:
    game: str
    players: int
    level: str
    waits: list[float]

    @property
    def median(self) -> float:
        return statistics.median(self.waits) if self.waits else 0.0

    @property
    def p90(self) -> float:
        ordered = sorted(self.waits)
        return ordered[min(len(ordered) - 1, int(0.9 * len(ordered)))] if ordered else 0.0

    @property
    def worst(self) -> float:
        return max(self.waits, default=0.0)


class NullStore(Store):
    """A store that keeps nothing (the wait is the computer players', not the disk's)."""

    def __init__(self) -> None:
        pass

    def save(self, table_id: str, record: dict[str, Any], result: dict[str, Any] | None,
             seq: int | None = None, turn_clock: dict[str, Any] | None = None) -> None:
        pass

    def append(self, table_id: str, start: int, actions: list[str], seq: int,
               turn_clock: dict[str, Any] | None = None, *, taken_back: bool = True) -> None:
        pass

    def save_seats(self, table_id: str, seats: list[dict[str, Any]]) -> None:
        pass


class VirtualTime:
    """Monotonic time plus every pause taken; a pause passes at once."""

    def __init__(self) -> None:
        self.paused = 0.0

    def clock(self) -> float:
        return time.monotonic() + self.paused

    async def sleep(self, seconds: float) -> None:
        self.paused += max(0.0, seconds)
        await asyncio.sleep(0)


async def _one_match(game: str, options: dict[str, Any], level: str, seed: int,
                     settings: Settings, turns: int) -> list[float]:
    """The person's waits in one match, until ``turns`` or the person is out."""
    match = stammtisch.new_match(game, seed=seed, **options)
    seats = [Seat(HUMAN, token_hash="p", owner=True) if seat == PERSON else Seat(BOT, level)
             for seat in range(match.num_players)]
    clock = VirtualTime()
    table = Table(f"wait-{game}", match, seats, NullStore(), settings.bot_delay,
                  clock=clock.clock, sleep=clock.sleep, bot_round=settings.bot_round)
    person = make_bot(game, "club", seed, PERSON)
    waits: list[float] = []
    turn = asyncio.Event()
    turn_at = 0.0

    async def hear(_message: dict[str, Any]) -> None:
        nonlocal turn_at
        if match.to_act == PERSON and not turn.is_set():
            turn_at = clock.clock()
            turn.set()

    client = Client(PERSON, hear)
    table.clients.append(client)
    acted_at, moves_then = -1.0, 0
    try:
        if match.to_act == PERSON:
            turn.set()
        table.wake_bots()
        while len(waits) < turns:
            while not turn.is_set():
                await asyncio.sleep(0.001)
                if table.phase != PLAYING or _out(table):
                    return waits
            turn.clear()
            if acted_at >= 0 and len(table.actors) > moves_then + 1:
                waits.append(turn_at - acted_at)
            choice = person.choose(match.view(PERSON))
            acted_at, moves_then = clock.clock(), len(table.actors)
            await table.act(client, table.seq, choice)
            if match.to_act == PERSON:  # the person moves again at once
                turn_at = clock.clock()
                turn.set()
    finally:
        if table._runner is not None:
            table._runner.cancel()
    return waits


def _out(table: Table) -> bool:
    eliminated = table.match.view(None).get("eliminated")
    return isinstance(eliminated, list) and bool(eliminated[PERSON])


def measure(game: str, level: str, turns: int, settings: Settings | None = None,
            seed: int = 1) -> Waits:
    """The person's waits over ``turns`` turns (matches from ``seed`` on)."""
    settings = settings or Settings()
    options = TABLES.get(game, {})
    waits: list[float] = []
    for offset in range(MAX_MATCHES):
        if len(waits) >= turns:
            break
        waits += asyncio.run(_one_match(game, options, level, seed + offset, settings,
                                        turns - len(waits)))
    players = stammtisch.new_match(game, seed=seed, **options).num_players
    return Waits(game, players, level, waits)


def lines(found: list[Waits], settings: Settings | None = None) -> list[str]:
    settings = settings or Settings()
    rows = [f"A person's wait for the computer players (bot_delay {settings.bot_delay} s, "
            f"bot_round {settings.bot_round} s; seconds)",
            f"{'game':<10} {'players':>7} {'level':<9} {'turns':>5} {'median':>7} {'90%':>6}"
            f" {'worst':>6}"]
    rows += [f"{w.game:<10} {w.players:>7} {w.level:<9} {len(w.waits):>5} {w.median:>7.2f}"
             f" {w.p90:>6.2f} {w.worst:>6.2f}" for w in found]
    return rows
