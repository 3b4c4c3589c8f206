"""The runner: every few seconds each server process looks for the tournaments due (a
start time come, a round running) and advances those whose lease it holds (one
process at a time: store.py), from the database alone, so that any process may take
over and a restart loses nothing.

To advance a tournament is to pair round 1 at its start (seeded by the players' ratings
at the game, swiss.py; cancelled when too few joined to seat one table), to read the
results of the current round's tables as they end (each seat's points from its place,
ratings/standings.py), and, once the last of them has ended, to pair the next round or
finish. Meanwhile the runner keeps the round's unfinished tables running in its own hub
(computer players move, a turn clock runs even before a person comes); a table another
process runs is left to it.

A tournament its creator cancelled (store.py's ``cancel``, from any process) is no longer
due: the runner stops at its next look, pairs no further round and records no later
result. The round's matches still in play are left to their players as ordinary tables
(a person who leaves one loses it by the usual grace rules); they count for nothing.
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Callable
from typing import Any

from stammtisch.errors import StammtischError
from stammtisch.ratings import standings as places_of
from stammtisch.server.hub import Hub, NotOwner
from stammtisch.server.tournaments import store as db
from stammtisch.server.tournaments import swiss
from stammtisch.server.tournaments.boards import open_table
from stammtisch.server.tournaments.new import smallest_table
from stammtisch.server.tournaments.store import Board, Tournament

log = logging.getLogger("stammtisch.server")

EVERY = 2.0
"""Seconds between two looks at the tournaments due."""
LEASE = 15.0
"""Seconds a process holds a tournament without renewing its lease."""


def points_of(game: str, result: dict[str, Any], seats: int) -> list[float]:
    """Each seat's points of a finished match; an unreadable result is a draw for all."""
    try:
        places = places_of(game, result)
    except StammtischError:
        log.error("a tournament table's result cannot be read: %r", result)
        return [0.5] * seats
    return swiss.seat_points(places.units, places.places)


class Runner:
    def __init__(self, hub: Hub, owner: str, every: float | None = None,
                 lease: float = LEASE) -> None:
        self.hub = hub
        self.owner = owner
        self.every = EVERY if every is None else every
        self.lease = lease
        self.engine = hub.store.engine
        self.paused: Callable[[], bool] = lambda: False
        """True while this process drains (server/drain.py): it opens no more tables,
        and gives up its tournaments to the other processes."""

    async def run(self) -> None:
        while True:
            try:
                await self.tick()
            except Exception:  # the next look tries again
                log.exception("the tournaments could not be advanced")
            await asyncio.sleep(self.every)

    async def tick(self) -> None:
        if self.paused():
            await asyncio.to_thread(db.release_leases, self.engine, self.owner)
            return
        for tournament_id in await asyncio.to_thread(db.due, self.engine):
            held = await asyncio.to_thread(db.take_lease, self.engine, tournament_id,
                                           self.owner, self.lease)
            if held:
                await self.advance(tournament_id)

    async def advance(self, tournament_id: str) -> None:
        tournament = await asyncio.to_thread(db.load, self.engine, tournament_id)
        if tournament is None:
            return
        if tournament.state == db.UPCOMING:
            await self._pair(tournament)
        elif tournament.state == db.RUNNING:
            await self._follow(tournament)

    async def _follow(self, tournament: Tournament) -> None:
        current = tournament.board_rows(tournament.round)
        waiting = [board for board in current if board.points is None]
        results = await asyncio.to_thread(db.results, self.engine,
                                          [b.table_id for b in waiting if b.table_id])
        going = []
        for board in waiting:
            result = results.get(board.table_id or "")
            if result is None:
                going.append(board)
                continue
            await asyncio.to_thread(db.record_points, self.engine, tournament.id, board,
                                    points_of(tournament.game, result,
                                              len(board.players)))
            self._let_go(board.table_id)
        if going:
            for board in going:
                await self._keep_running(board)
            return
        if tournament.round >= tournament.rounds:
            await asyncio.to_thread(db.end, self.engine, tournament.id, db.FINISHED,
                                    tournament.round)
            return
        fresh = await asyncio.to_thread(db.load, self.engine, tournament.id)
        if fresh is not None and fresh.state == db.RUNNING:  # not cancelled meanwhile
            await self._pair(fresh)

    async def _pair(self, tournament: Tournament) -> None:
        """Pair and open the next round (round 1 at the start)."""
        keys = [entrant.key for entrant in tournament.players]
        by_key = {entrant.key: entrant for entrant in tournament.players}
        size = tournament.table_size
        smallest = smallest_table(tournament.game, size)
        if len(keys) < smallest and tournament.round == 0:
            await asyncio.to_thread(db.end, self.engine, tournament.id, db.CANCELLED, 0)
            return
        if tournament.round == 0:
            rated = await asyncio.to_thread(db.ratings, self.engine, tournament.game, keys)
            pairing = swiss.first_round(swiss.seeding(keys, rated), size, smallest)
        else:
            rounds = tournament.rounds_so_far()
            ranking = [one.key for one in swiss.standings(keys, rounds)]
            # the search for a round without repeats may take a while: off the event loop
            pairing = await asyncio.to_thread(swiss.pair, ranking, rounds, size, smallest)
        number = tournament.round + 1
        boards = []
        for at, players in enumerate(pairing.tables):
            table_id = await asyncio.to_thread(
                open_table, self.hub.store, tournament, [by_key[key] for key in players],
                self.hub.new_seed())
            boards.append(Board(number, at, table_id, players, None))
        boards += [Board(number, len(boards) + at, None, (key,), (1.0,))
                   for at, key in enumerate(pairing.byes)]
        started = await asyncio.to_thread(db.start_round, self.engine, tournament.id,
                                          number, boards)
        if not started:  # another process paired it first: these tables stay unused
            if self.hub.store.owner is not None:
                await asyncio.to_thread(self.hub.store.release_leases,
                                        [b.table_id for b in boards if b.table_id])
            return
        for board in boards:
            await self._keep_running(board)

    async def _keep_running(self, board: Board) -> None:
        """Run ``board``'s table here unless another process does."""
        if board.table_id is None:
            return
        known = board.table_id in self.hub.tables
        try:
            table = await self.hub.open(board.table_id)
        except NotOwner:
            return
        except StammtischError:
            log.exception("the tournament table %s cannot be run", board.table_id)
            return
        if table is None:
            return
        if not known:
            self.hub.offers.tell(table)
        table.wake_bots()

    def _let_go(self, table_id: str | None) -> None:
        table = self.hub.tables.get(table_id or "")
        if table is not None:
            self.hub.release(table)
