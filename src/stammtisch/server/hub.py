"""Every live table of one server: made new, or rebuilt from the store on first use;
and the lobby, the listed tables that still wait for players or play."""

from __future__ import annotations

import asyncio
import secrets
import time
from collections.abc import Callable, Mapping
from typing import Any

import stammtisch
from stammtisch.bots.registry import find_level
from stammtisch.core.match import Match
from stammtisch.core.options import resolve
from stammtisch.errors import RecordError, StammtischError
from stammtisch.games import find_game
from stammtisch.server.botaccounts import check_bot_name
from stammtisch.server.botoffers import Offers
from stammtisch.server.catalog import PRESETS, check_table_limits
from stammtisch.server.lessons import LESSONS
from stammtisch.server.lessons import seats as lesson_seats
from stammtisch.server.names import first_alike
from stammtisch.server.protocol import ProtocolError, clean_name
from stammtisch.server.seats import (
    BOT,
    EXTERNAL,
    HUMAN,
    OPEN,
    Player,
    Seat,
    new_token,
    token_hash,
)
from stammtisch.server.store import Store, StoredTable
from stammtisch.server.table.settings import TableSettings, read_settings
from stammtisch.server.tables import BOT_ROUND, BOT_TIME, FALLBACK, Table, TableError

LOADS = 2
UNJOINED = 600.0
"""Seconds a new table nobody has come to stays in memory and in the lobby."""
"""Stored tables rebuilt at once (each in a worker thread); more wait their turn."""


class NotOwner(StammtischError):
    """Another server process holds the table's lease (server/cluster.py)."""

    def __init__(self, owner: str) -> None:
        super().__init__(f"the table is run by the server process {owner}")
        self.owner = owner


def replay_table(stored: StoredTable, store: Store, bot_delay: float,
                 grace: float = 60.0, bot_round: float = BOT_ROUND,
                 bot_time: float = BOT_TIME) -> Table:
    """A stored table rebuilt action by action, with who played what; every person
    starts away, with a fresh grace period."""
    seats = [Seat.from_stored(s) for s in stored.seats]
    record = dict(stored.record)
    actions = record.pop("actions", [])
    match = stammtisch.replay({**record, "actions": []})
    table = Table(stored.id, match, seats, store, bot_delay, grace,
                  seq=stored.seq if stored.seq is not None else len(actions),
                  created=stored.created, listed=stored.listed, lesson=stored.lesson,
                  hints=stored.hints, rated=stored.rated, bot_round=bot_round,
                  settings=TableSettings.from_stored(stored.settings),
                  turn_clock=stored.turn_clock, restoring=True,
                  bot_time=bot_time)
    for index, text in enumerate(actions):
        actor = match.to_act
        if actor is None:
            raise RecordError(f"action {index} ({text!r}) after the end", index=index)
        before = match.event_count
        match.play(text)
        table.played(actor, before)
    table.written, table.stored = stored.written, len(actions)
    table.away_from_start()
    table.joined = True  # rebuilt because a socket came
    if any("token" in s for s in stored.seats):  # an old record: keep hashes only
        store.save_seats(stored.id, [info.stored() for info in seats])
    return table


BOT_SEAT = "bot:"
"""A seat kind ``bot:NAME`` or ``bot:NAME:LEVEL``: the program of bot account NAME plays
it, the computer player LEVEL (default :data:`~stammtisch.server.tables.FALLBACK`) when
it does not."""


def _seat(kind: Any, game: str, store: Store) -> Seat:
    if kind == OPEN:
        return Seat(OPEN)
    if not isinstance(kind, str):
        raise TableError(f"a seat is 'human', 'open', 'bot:NAME' or a computer level, "
                         f"not {kind!r}")
    if kind.startswith(BOT_SEAT):
        return _program_seat(kind, game, store)
    _offered_level(game, kind)
    return Seat(BOT, kind)


def _offered_level(game: str, name: str) -> None:
    """A level a table may seat: known, and not one hidden from the start page."""
    if find_level(game, name).hidden:
        raise TableError(f"the level {name!r} plays in the arena only, not at tables")


def _program_seat(kind: str, game: str, store: Store) -> Seat:
    name, _, level = kind[len(BOT_SEAT):].partition(":")
    check_bot_name(name)
    _offered_level(game, level or FALLBACK)
    if not store.bot_exists(name):
        raise TableError(f"there is no bot named {name!r} (a program gets its name and "
                         "token from POST /api/bots)")
    return Seat(EXTERNAL, level or FALLBACK, name=name)


def _program(kind: Any) -> bool:
    """A seat kind ``bot:NAME...``: a program of the bot API plays it."""
    return isinstance(kind, str) and kind.startswith(BOT_SEAT)


def _seats_fit(seats: list[Any]) -> bool:
    """``human`` once; or, at a table of programs and computer players, not at all."""
    if seats.count(HUMAN) == 1:
        return True
    programs = any(_program(kind) for kind in seats)
    return HUMAN not in seats and OPEN not in seats and programs


UNRATED_OPTIONS = ("num_players", "first_dealer")
"""Options a rated match may choose: how many play, and who deals first."""


def check_rated(match: Match, account: Player | None, *,
                chosen: bool, hints: bool) -> None:
    """Refuse a rated table that could not be rated fairly: its creator not logged in,
    chosen deals, hints for everyone, or house rules of its own (a rated match plays
    one of the start page's two named rule sets, the rules as written or the
    traditional ones: :data:`~stammtisch.server.catalog.PRESETS`). Its open seats take
    logged-in people only (table/seating.py)."""
    if account is None:
        raise TableError("log in to play a rated match: a rating belongs to an account")
    if chosen or hints:
        raise TableError("a rated match deals at random and gives no hints")
    free = {key: match.options[key] for key in UNRATED_OPTIONS if key in match.options}
    named = [resolve(match.game, match.info.options, {**free, **preset})
             for preset in PRESETS.get(match.game, {"rules": {}}).values()]
    if match.options not in named:
        house = min((sorted(key for key, value in match.options.items()
                            if rules.get(key) != value) for rules in named), key=len)
        raise TableError("a rated match plays the rules as written or the traditional "
                         "ones (the start page's two rule sets); these options differ "
                         f"from the nearer of them: {', '.join(house)}")


def match_seed() -> int:
    """A new match's seed: 128 bits from the operating system. Every shuffle of the
    match is a public function of it, so it must be beyond any search."""
    return secrets.randbits(SEED_BITS)


SEED_BITS = 128


class Hub:
    """Every live table of one server, loaded from the store on first use."""

    def __init__(self, store: Store, bot_delay: float, grace: float = 60.0, *,
                 unjoined: float = UNJOINED, new_seed: Callable[[], int] = match_seed,
                 bot_round: float = BOT_ROUND, bot_time: float = BOT_TIME) -> None:
        self.new_seed = new_seed
        self.bot_time = bot_time
        """Seconds a program of the bot API has for a decision before its fallback acts."""
        self.offers = Offers()
        self.bot_round = bot_round
        self.store = store
        self.bot_delay = bot_delay
        self.grace = grace
        self.unjoined = unjoined
        """Seconds a new table waits for its first socket before :meth:`sweep` drops it."""
        self.tables: dict[str, Table] = {}
        self._loading: dict[str, asyncio.Task[Table | None]] = {}
        self._loads = asyncio.Semaphore(LOADS)

    def create(self, game: str, seats: list[str], options: dict[str, Any],
               seed: int | None = None, *, name: str | None = None,
               listed: bool | None = None, hints: bool = False,
               account: Player | None = None, rated: bool = False,
               settings: Mapping[str, Any] | TableSettings | None = None,
               ) -> tuple[Table, str]:
        """A new table; ``seats`` holds ``human`` once (the creator), ``open`` for a
        friend, a computer level elsewhere. Returns the table and the creator's token.
        ``settings``: its turn clock and table talk (server/table/settings.py).

        A chosen ``seed`` fixes every deal, so it is taken only at a practice table (the
        creator and this server's computer levels: no friend, no program of the bot API,
        nobody else can ever sit there), and the table says so to its player; elsewhere
        the seed is :func:`match_seed`'s."""
        if not isinstance(seats, list) or not _seats_fit(seats):
            raise TableError('"seats" lists every seat: "human" once, "open" for a friend, '
                             '"bot:NAME" for a program of the bot API, a computer level for '
                             'the others; "human" may be left out only at a table of '
                             "programs and computer players")
        if seed is not None and HUMAN not in seats:
            raise TableError('"seed" chooses the deals: it is taken only where its creator '
                             "plays (a practice table), and said to them")
        if seed is not None and OPEN in seats:
            raise TableError('"seed" chooses the deals: it is taken only at a practice table '
                             "(you and computer players), never where a friend may sit")
        if seed is not None and any(_program(kind) for kind in seats):
            raise TableError('"seed" chooses the deals: it is taken only where every other '
                             "seat is one of this server's computer levels, never against a "
                             "program of the bot API, whose hand it would tell you")
        if not isinstance(options, dict):
            raise TableError('"options" is an object of option names and values')
        info = find_game(game)
        if "num_players" not in options and any(spec.name == "num_players"
                                                for spec in info.options):
            options = {**options, "num_players": len(seats)}  # the seats say how many play
        check_table_limits(info, options)
        # Options go to the match as options, never as keywords: a key "decks" or "seed"
        # is an unknown option, not a stacked deck.
        match = Match(info, seed=seed if seed is not None else self.new_seed(), options=options)
        if rated:
            check_rated(match, account, chosen=seed is not None, hints=hints)
        # A friend's seat is for the friend with the invite link: unlisted unless asked.
        practice = all(kind == HUMAN or not (kind == OPEN or _program(kind))
                       for kind in seats)
        try:
            chosen_settings = read_settings(settings, rated=rated, practice=practice)
        except StammtischError as bad:
            raise TableError(str(bad)) from None
        return self._open_table(match, seats, name, listed=bool(listed),
                                chosen=seed is not None, hints=hints, account=account,
                                rated=rated, settings=chosen_settings)

    def create_lesson(self, game: str, *, name: str | None = None) -> tuple[Table, str]:
        """A guided first deal of ``game`` (server/lessons.py): the lesson's own deal
        against computer players, never listed."""
        lesson = LESSONS.get(game) if isinstance(game, str) else None
        if lesson is None:
            raise TableError(f"there is no guided deal of {game!r}; the games are "
                             f"{', '.join(sorted(LESSONS))}")
        match = Match(find_game(game), seed=lesson.seed, options=lesson.options)
        return self._open_table(match, lesson_seats(lesson, match.num_players), name,
                                lesson=True)

    def _open_table(self, match: Match, seats: list[str], name: str | None, *,
                    listed: bool = False, chosen: bool = False, lesson: bool = False,
                    hints: bool = False, account: Player | None = None,
                    rated: bool = False, settings: TableSettings | None = None,
                    ) -> tuple[Table, str]:
        """The table around a new ``match``, stored; the creator's token."""
        if len(seats) != match.num_players:
            raise TableError(f"this table has {match.num_players} seats, "
                             f"but {len(seats)} were given")
        creator = seats.index(HUMAN) if HUMAN in seats else None
        try:
            shown = account.name if account is not None else \
                f"Player {(creator or 0) + 1}" if name is None else clean_name(name)
        except ProtocolError as bad:
            raise TableError(f'"name": {bad}') from None
        token = new_token() if creator is not None else ""
        built = [Seat(HUMAN, token_hash=token_hash(token), name=shown, owner=True,
                      chose_deals=chosen, account=account.id if account else None)
                 if seat == creator else _seat(kind, match.game, self.store)
                 for seat, kind in enumerate(seats)]
        programs = [info.name for info in built if info.kind == EXTERNAL]
        if len(programs) != len(set(programs)):
            raise TableError("a bot plays one seat of a table, not more")
        names = [info.name for info in built if info.kind in (HUMAN, EXTERNAL)]
        for at, one in enumerate(names):  # the rule of Table._check_name, all at once
            other = first_alike(one, names[at + 1:])
            if other is not None:
                raise TableError(f"{one!r} and {other!r} read the same: the names at a "
                                 "table must tell its players apart")
        table_id = secrets.token_urlsafe(9)
        created = self.store.create(table_id, match.game, [s.stored() for s in built],
                                    match.record(), listed=listed, lesson=lesson,
                                    hints=hints, rated=rated,
                                    settings=settings.stored() if settings else None)
        table = Table(table_id, match, built, self.store, self.bot_delay, self.grace,
                      created=created, listed=listed, lesson=lesson, hints=hints, rated=rated,
                      bot_round=self.bot_round, bot_time=self.bot_time, settings=settings)
        self.tables[table_id] = table
        self.offers.tell(table)
        return table, token

    def rematch(self, table: Table) -> tuple[Table, dict[int, str]]:
        """The next match after ``table``'s: the same game, options and seats (each
        person in their seat under their name, with a new token; each computer player at
        its level), listed and hints as before, a fresh seed. Returns the new table and
        each person's token."""
        match = Match(find_game(table.match.game), seed=self.new_seed(),
                      options=dict(table.match.options))
        tokens = {seat: new_token() for seat in table.human_seats}
        seats = [Seat(HUMAN, token_hash=token_hash(tokens[seat]), name=info.name,
                      owner=info.owner) if seat in tokens
                 else Seat(info.kind, info.level, name=info.name)
                 if info.kind == EXTERNAL else Seat(BOT, info.level)
                 for seat, info in enumerate(table.seats)]
        table_id = secrets.token_urlsafe(9)
        created = self.store.create(table_id, match.game, [s.stored() for s in seats],
                                    match.record(), listed=table.listed, hints=table.hints,
                                    settings=table.settings.stored())
        made = Table(table_id, match, seats, self.store, self.bot_delay, self.grace,
                     created=created, listed=table.listed, hints=table.hints,
                     bot_round=self.bot_round, bot_time=self.bot_time,
                     settings=table.settings)
        self.tables[table_id] = made
        self.offers.tell(made)
        return made, tokens

    def sweep(self, now: float | None = None) -> list[str]:
        """Forget the tables no socket has come to within :attr:`unjoined` seconds of
        their creation (``now`` and the creation time: ``time.time()``): they leave
        memory and the lobby and stay stored, so that their link still works. Run it
        on the event loop, now and then; one database statement. Returns their ids."""
        now = time.time() if now is None else now
        gone = [table for table in self.tables.values()
                if not table.joined and table.idle() and now - table.created > self.unjoined]
        for table in gone:
            del self.tables[table.id]
            table.close()
        self.store.unlist([table.id for table in gone if table.listed])
        if self.store.owner is not None:
            self.store.release_leases([table.id for table in gone])
        return [table.id for table in gone]

    def release(self, table: Table) -> None:
        """Forget an idle table (no sockets, no computer player moving); the store keeps it."""
        if table.idle() and self.tables.get(table.id) is table:
            del self.tables[table.id]
            table.close()
            if self.store.owner is not None:  # another process may run it at once
                self.store.release_leases([table.id])

    def drop(self, table_id: str) -> Table | None:
        """Forget a table whose lease this process lost (server/cluster.py): its
        computer players and timers stop here; another process runs it now."""
        table = self.tables.pop(table_id, None)
        if table is not None:
            table.close()
        return table

    def get(self, table_id: str) -> Table | None:
        """The table, loaded and rebuilt here and now when it is not in memory (for
        callers outside the event loop; sockets use :meth:`open`)."""
        table = self.tables.get(table_id)
        if table is None:
            table = self._load(table_id)
            if table is not None:
                self.tables[table_id] = table
        return table

    async def open(self, table_id: str) -> Table | None:
        """The table, rebuilt from the store in a worker thread when it is not in
        memory, so that a long match's replay never holds up the other tables;
        sockets that come for one table while it loads share that one load, and at
        most :data:`LOADS` tables load at once."""
        table = self.tables.get(table_id)
        if table is not None:
            return table
        loading = self._loading.get(table_id)
        if loading is None:
            loading = asyncio.get_running_loop().create_task(self._open(table_id))
            self._loading[table_id] = loading
            loading.add_done_callback(self._loaded)
        return await asyncio.shield(loading)

    def _loaded(self, loading: asyncio.Task[Table | None]) -> None:
        for table_id, task in list(self._loading.items()):
            if task is loading:
                del self._loading[table_id]
        if not loading.cancelled():
            loading.exception()  # retrieved here too: every socket may have gone

    async def _open(self, table_id: str) -> Table | None:
        async with self._loads:
            table = await asyncio.to_thread(self._load, table_id)
        if table is not None:
            self.tables.setdefault(table_id, table)
        return self.tables.get(table_id)

    def _load(self, table_id: str) -> Table | None:
        """The table rebuilt from the store; where processes share the database, only
        once this process holds its lease (:class:`NotOwner` names the one that does)."""
        if self.store.owner is not None:
            holder = self.store.take_lease(table_id)
            if holder is None:
                return None
            if holder != self.store.owner:
                raise NotOwner(holder)
        stored = self.store.load(table_id)
        if stored is None:
            return None
        return replay_table(stored, self.store, self.bot_delay, self.grace, self.bot_round,
                            self.bot_time)

    def lobby(self) -> list[dict[str, Any]]:
        """The listed tables whose match is not over, newest first; a table not in
        memory has nobody connected."""
        entries = []
        for stored in self.store.listed():
            live = self.tables.get(stored.id)
            if live is not None:
                if live.phase != "over":
                    entries.append(live.lobby_entry())
                continue
            seats = [Seat.from_stored(s) for s in stored.seats]
            free = sum(1 for info in seats if info.kind == OPEN)
            entries.append({
                "id": stored.id, "game": stored.game,
                "options": stored.record.get("options", {}),
                "phase": "waiting" if free else "playing", "created": stored.created,
                "seats": [info.lobby(info.kind == BOT) for info in seats],
                "free_seats": free, "watchers": 0, "url": f"/table/{stored.id}"})
        return entries
