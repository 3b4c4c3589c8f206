"""Play now in one server process: people join and leave queues (the routes of
server/routes/playnow.py), and every :data:`TICK` the process pairs the queues it holds
(all of them alone; in a cluster, those whose Redis lease it holds) and makes the
tables of the groups whose found phase is over, seating each person with a token of
their own."""

from __future__ import annotations

import asyncio
import contextlib
import json
import logging
import random
import secrets
import time
from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from stammtisch.bots.registry import levels
from stammtisch.games import find_game
from stammtisch.ratings import Rating, level_rating
from stammtisch.server.catalog import PRESETS
from stammtisch.server.hub import BOT_SEAT, Hub
from stammtisch.server.names import first_alike
from stammtisch.server.outage import Outage
from stammtisch.server.playnow.board import (
    FOUND,
    SEARCHING,
    SEATED,
    SEATING,
    Board,
    MemoryBoard,
    group_record,
)
from stammtisch.server.playnow.queue import (
    FOUND_SECONDS,
    TABLE_SIZES,
    Entry,
    Group,
    pair,
    queue_name,
    queues,
)
from stammtisch.server.protocol import MAX_NAME
from stammtisch.server.ratingstore import current
from stammtisch.server.seats import HUMAN, OPEN, Player, Seat, new_token, token_hash
from stammtisch.server.table.settings import TableSettings
from stammtisch.server.tables import Table

if TYPE_CHECKING:
    from stammtisch.server.cluster import Cluster

log = logging.getLogger("stammtisch.server")

TICK = 0.25
"""Seconds between two pairings of the queues this process holds."""
STOP_WAIT = 2.0
"""Seconds a shutdown waits to give the queues' leases back."""
GUEST = "Guest"
"""A guest's name when they gave none."""
CLOCK = TableSettings(clock=30, clock_reserve=60)
"""The turn clock of a Play now table where two or more sit (one person against
computer levels waits for nobody: a practice table has none)."""


@dataclass(frozen=True)
class Asker:
    """Who asks: a logged-in person, a program (bot account) or a guest (a ticket)."""

    person: str
    name: str
    account: Player | None = None
    program: str | None = None


def subject(asker: Asker) -> str | None:
    """The rating subject of ``asker`` (server/ratingstore.py); None for a guest."""
    if asker.account is not None:
        return f"account:{asker.account.id}"
    if asker.program is not None:
        return f"bot:{asker.program}"
    return None


def level_ratings(game: str) -> dict[str, float]:
    """The offered computer levels of ``game`` and their calibrated ratings."""
    return {level.name: level_rating(game, level.name).value
            for level in levels(game) if not level.hidden}


def table_options(game: str, rules: str) -> dict[str, Any]:
    """The options of a Play now table: the named rule set, at :data:`TABLE_SIZES`."""
    options = dict(PRESETS[game][rules])
    if any(spec.name == "num_players" for spec in find_game(game).options):
        options["num_players"] = TABLE_SIZES[game]
    return options


def _distinct_names(people: list[Entry]) -> list[str]:
    """The people's names at one table, a guest's numbered where it reads like another's
    (accounts' and programs' names are unique already)."""
    shown: dict[str, str] = {}
    taken: list[str] = [e.name for e in people if e.account is not None or e.program]
    for entry in people:
        if entry.account is not None or entry.program:
            shown[entry.person] = entry.name
            continue
        name, number = entry.name, 1
        while first_alike(name, taken) is not None:
            number += 1
            suffix = f" {number}"
            name = entry.name[:MAX_NAME - len(suffix)] + suffix
        taken.append(name)
        shown[entry.person] = name
    return [shown[e.person] for e in people]


def open_table(hub: Hub, game: str, rules: str, group: Group,
               shuffle: Callable[[list[Any]], None] | None = None,
               ) -> tuple[Table, dict[str, tuple[int, str]]]:
    """The table of a formed group: its people in random seats (each with a new token;
    a program by its bot account), computer levels in the rest. Rated when everyone at
    it who is a person is logged in; with :data:`CLOCK` where two or more sit; the
    first person is its creator."""
    people = list(group.people)
    names = dict(zip((e.person for e in people), _distinct_names(people), strict=True))
    places: list[Entry | str] = [*people, *group.levels]
    (shuffle or random.SystemRandom().shuffle)(places)
    humans = [e for e in people if not e.program]
    creator = humans[0] if humans else None
    kinds = [(HUMAN if place is creator else
              f"{BOT_SEAT}{place.name}" if place.program else OPEN)
             if isinstance(place, Entry) else place for place in places]
    rated = bool(humans) and all(e.account is not None for e in humans)
    account = Player(creator.account, creator.name) \
        if creator is not None and creator.account is not None else None
    table, token = hub.create(game, kinds, table_options(game, rules),
                              name=names[creator.person] if creator else None,
                              account=account, rated=rated,
                              settings=CLOCK if len(people) > 1 else None)
    seated: dict[str, tuple[int, str]] = {}
    for seat, place in enumerate(places):
        if not isinstance(place, Entry):
            continue
        if place is creator:
            seated[place.person] = (seat, token)
        elif place.program:
            seated[place.person] = (seat, "")
        else:
            mine = new_token()
            table.seats[seat] = Seat(HUMAN, token_hash=token_hash(mine),
                                     name=names[place.person], account=place.account)
            seated[place.person] = (seat, mine)
    if len(humans) > 1:
        hub.store.save_seats(table.id, [info.stored() for info in table.seats])
    return table, seated


class PlayNow:
    """This process's part of Play now, on the event loop."""

    def __init__(self, hub: Hub, board: Board, clock: Callable[[], float] = time.time,
                 tick: float = TICK, found_seconds: float = FOUND_SECONDS) -> None:
        self.hub = hub
        self.board = board
        self.clock = clock
        self.tick = tick
        self.found_seconds = found_seconds
        self._task: asyncio.Task[None] | None = None
        self._levels = {game: level_ratings(game) for game in TABLE_SIZES}

    async def start(self) -> None:
        self._task = asyncio.get_running_loop().create_task(self._run())

    async def stop(self) -> None:
        if self._task is not None:
            self._task.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await self._task
        with contextlib.suppress(Exception):  # Redis away: the leases run out by themselves
            await asyncio.wait_for(self.board.release(), STOP_WAIT)

    # --- a person's requests --------------------------------------------------------

    async def join(self, asker: Asker, game: str, rules: str, wait: float) -> str | None:
        """Queue ``asker`` for ``game`` and ``rules`` (moving them out of any other
        queue); the state that refuses it (``found``, ``seating``) or None."""
        rating = Rating().value
        if (who := subject(asker)) is not None:
            rating = (await asyncio.to_thread(self._rating, who, game)).value
        entry = Entry(asker.person, asker.name, rating, self.clock(), float(wait),
                      asker.account.id if asker.account else None, asker.program is not None)
        return await self.board.join(entry, queue_name(game, rules))

    def _rating(self, who: str, game: str) -> Rating:
        with self.hub.store.engine.connect() as db:
            return current(db, who, game)

    async def cancel(self, person: str) -> str | None:
        return await self.board.cancel(person)

    async def status(self, person: str) -> dict[str, Any]:
        """What ``GET /api/play-now`` answers (server/protocol.py)."""
        record, found = await self.board.look(person)
        if record is None:
            return {"state": "none"}
        state = record["state"]
        if state == SEATED:
            return {key: record[key] for key in ("state", "url", "table", "seat", "token",
                                                 "rated")}
        game, _, rules = str(record["queue"]).partition(":")
        if state == SEARCHING:
            entry = Entry.from_stored(json.loads(record["entry"]))
            return {"state": SEARCHING, "game": game, "rules": rules, "since": entry.since,
                    "wait": entry.wait, "searching": round(self.clock() - entry.since, 1),
                    "found": found}
        starts = float(record["starts"]) if state in (FOUND, SEATING) else self.clock()
        return {"state": FOUND, "game": game, "rules": rules, "players": record["players"],
                "starts_in": round(max(0.0, starts - self.clock()), 1)}

    # --- pairing ------------------------------------------------------------------------

    async def _run(self) -> None:
        away = Outage("Play now could not pair its queues",
                      f"trying again every {self.tick:g} s", "Play now pairs its queues again")
        while True:
            await asyncio.sleep(self.tick)
            failed = False
            for queue in queues():
                try:
                    if await self.board.hold(queue):
                        await self.pair_once(queue)
                except Exception as error:  # noqa: BLE001 - Redis or the database away
                    failed = True
                    away.failed(error)  # a line when Redis goes, a traceback for a bug
            if not failed:
                away.worked()

    async def pair_once(self, queue: str) -> None:
        """One round of ``queue``: the groups due are seated, the stale entries leave,
        the searchers are paired, and each is told who was found so far."""
        now = self.clock()
        for due in await self.board.due(queue, now):
            if await self.board.commit(due):
                await self._seat(queue, due)
        searching = await self.board.searching(queue)
        stale = set(await self.board.unseen([entry.person for entry, _ in searching]))
        for person in stale:
            await self.board.cancel(person)
        live = [(entry, text) for entry, text in searching if entry.person not in stale]
        game = queue.partition(":")[0]
        groups, found = pair([entry for entry, _ in live], TABLE_SIZES[game], now,
                             self._levels[game])
        texts = {entry.person: text for entry, text in live}
        for group in groups:
            record = group_record(secrets.token_urlsafe(9), queue, list(group.people),
                                  list(group.levels), now + self.found_seconds)
            await self.board.claim(queue, record, texts)
        await self.board.tell_found(found)

    async def _seat(self, queue: str, record: dict[str, Any]) -> None:
        game, _, rules = queue.partition(":")
        group = Group(tuple(Entry.from_stored(p) for p in record["people"]),
                      tuple(record["levels"]))
        try:
            table, seated = open_table(self.hub, game, rules, group)
        except Exception:  # noqa: BLE001 - a bad group or the database away: they search on
            log.exception("Play now: the table of a group of %s could not be made", queue)
            await self.board.unseat(record)
            return
        url = f"/table/{table.id}"
        for person, (seat, token) in seated.items():
            await self.board.seat(person, {"state": SEATED, "url": url, "table": table.id,
                                           "seat": seat, "token": token or None,
                                           "rated": table.rating.rated})


def for_app(hub: Hub, cluster: Cluster | None) -> PlayNow:
    """The app's Play now: its queues in Redis in a cluster, in memory alone."""
    if cluster is None:
        return PlayNow(hub, MemoryBoard())
    from stammtisch.server.playnow.redisboard import RedisBoard
    return PlayNow(hub, RedisBoard(cluster.redis, cluster.prefix, cluster.me))
