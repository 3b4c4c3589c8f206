"""The tournaments' reads and writes (tables.py's tables), each one short transaction.

Only the process holding a tournament's lease advances it (:func:`take_lease`, timed by
the database's clock as the tables' leases are); a round is written only over the one
before it (:func:`start_round`), so that even two processes racing could not pair one
round twice. A cancel (:func:`cancel`) is a state like any other, so that the process
advancing the tournament sees it at its next look and nothing after it is written.
"""

from __future__ import annotations

import json
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from sqlalchemy import Float, and_, cast, delete, func, insert, or_, select, update
from sqlalchemy.engine import Connection, Engine
from sqlalchemy.exc import IntegrityError
from sqlalchemy.sql.elements import ColumnElement

from stammtisch.errors import StammtischError
from stammtisch.ratings import Rating
from stammtisch.server.ratingstore import current
from stammtisch.server.schema import tables
from stammtisch.server.tournaments import swiss
from stammtisch.server.tournaments.tables import (
    tournament_players,
    tournament_tables,
    tournaments,
)

UPCOMING, RUNNING, FINISHED, CANCELLED = "upcoming", "running", "finished", "cancelled"
MAX_PLAYERS = 256
"""Players one tournament takes."""
PERSON, LEVEL, PROGRAM = "person", "level", "program"
"""The kinds of player; a player's key is ``account:<id>``, ``level:<name>`` or
``bot:<name>``."""


class TournamentError(StammtischError):
    """A request about a tournament that cannot be granted; ``status`` its HTTP status."""

    def __init__(self, message: str, status: int = 400) -> None:
        super().__init__(message)
        self.status = status


@dataclass(frozen=True)
class Entrant:
    key: str
    kind: str
    name: str
    account_id: int | None = None
    level: str | None = None
    joined: float = 0.0


@dataclass(frozen=True)
class Board:
    """One table of a round (or a bye: no ``table_id``)."""

    round: int
    board: int
    table_id: str | None
    players: tuple[str, ...]
    points: tuple[float, ...] | None


@dataclass(frozen=True)
class Tournament:
    id: str
    name: str
    game: str
    rules: str
    table_size: int
    rounds: int
    clock: int
    computers: bool
    starts: float
    creator_id: int | None
    creator_name: str
    created: float
    state: str
    round: int
    seat_key: str
    players: list[Entrant] = field(default_factory=list)
    boards: list[Board] = field(default_factory=list)
    cancelled_by: str | None = None
    """The creator's name when they cancelled it."""

    def board_rows(self, number: int) -> list[Board]:
        return [board for board in self.boards if board.round == number]

    def rounds_so_far(self) -> list[swiss.Round]:
        """The rounds as the pairing sees them: the finished tables and the byes."""
        found = []
        for number in range(1, self.round + 1):
            boards = self.board_rows(number)
            games = tuple(swiss.Game(board.players, board.points) for board in boards
                          if board.table_id is not None and board.points is not None)
            byes = tuple(board.players[0] for board in boards if board.table_id is None)
            found.append(swiss.Round(games, byes))
        return found


def person_key(account_id: int) -> str:
    return f"account:{account_id}"


def _now(engine: Engine) -> ColumnElement[float]:
    """Now by the database's clock (as the tables' leases are timed)."""
    if engine.dialect.name == "postgresql":
        return cast(func.extract("epoch", func.clock_timestamp()), Float)
    return (func.julianday("now") - 2440587.5) * 86400.0


def create(engine: Engine, values: dict[str, Any]) -> None:
    with engine.begin() as db:
        db.execute(insert(tournaments).values(**values, state=UPCOMING, round=0,
                                              created=time.time()))


def _entrant(row: Any) -> Entrant:
    return Entrant(row.player, row.kind, row.name, row.account_id, row.level, row.joined)


def _board(row: Any) -> Board:
    points = json.loads(row.points) if row.points is not None else None
    return Board(row.round, row.board, row.table_id, tuple(json.loads(row.players)),
                 tuple(float(p) for p in points) if points is not None else None)


def _tournament(row: Any, players: list[Entrant], boards: list[Board]) -> Tournament:
    return Tournament(row.id, row.name, row.game, row.rules, row.table_size, row.rounds,
                      row.clock, bool(row.computers), row.starts, row.creator_id,
                      row.creator_name, row.created, row.state, row.round, row.seat_key,
                      players, boards, row.cancelled_by)


def _players(db: Connection, tournament_id: str) -> list[Entrant]:
    own = tournament_players.c
    return [_entrant(row) for row in db.execute(
        select(tournament_players).where(own.tournament_id == tournament_id)
        .order_by(own.joined, own.player))]


def load(engine: Engine, tournament_id: str) -> Tournament | None:
    with engine.connect() as db:
        row = db.execute(select(tournaments).where(tournaments.c.id == tournament_id)).first()
        if row is None:
            return None
        own = tournament_tables.c
        boards = [_board(b) for b in db.execute(
            select(tournament_tables).where(own.tournament_id == tournament_id)
            .order_by(own.round, own.board))]
        return _tournament(row, _players(db, tournament_id), boards)


def listing(engine: Engine, limit: int = 50) -> dict[str, list[dict[str, Any]]]:
    """The upcoming (soonest first), running and finished (latest first) tournaments,
    each with its number of players."""
    counts = select(tournament_players.c.tournament_id,
                    func.count().label("players")) \
        .group_by(tournament_players.c.tournament_id).subquery()
    columns = [tournaments.c[name] for name in (
        "id", "name", "game", "rules", "table_size", "rounds", "clock", "computers",
        "starts", "creator_name", "state", "round", "cancelled_by")]
    found: dict[str, list[dict[str, Any]]] = {UPCOMING: [], RUNNING: [], FINISHED: []}
    with engine.connect() as db:
        for states, order in (((UPCOMING,), tournaments.c.starts.asc()),
                              ((RUNNING,), tournaments.c.starts.asc()),
                              ((FINISHED, CANCELLED), tournaments.c.starts.desc())):
            query = select(*columns, func.coalesce(counts.c.players, 0).label("players")) \
                .outerjoin(counts, counts.c.tournament_id == tournaments.c.id) \
                .where(tournaments.c.state.in_(states)).order_by(order).limit(limit)
            found[states[0]] = [dict(row._mapping) for row in db.execute(query)]
    return found


def join(engine: Engine, tournament_id: str, entrant: Entrant) -> None:
    """Add ``entrant`` while the tournament has not started."""
    with engine.begin() as db:
        state = db.execute(select(tournaments.c.state).where(
            tournaments.c.id == tournament_id).with_for_update()).scalar()
        if state is None:
            raise TournamentError("no such tournament", 404)
        if state != UPCOMING:
            raise TournamentError("the tournament has started: players join before its "
                                  "start", 409)
        count = db.execute(select(func.count()).select_from(tournament_players).where(
            tournament_players.c.tournament_id == tournament_id)).scalar_one()
        if count >= MAX_PLAYERS:
            raise TournamentError(f"the tournament is full: {MAX_PLAYERS} players", 409)
        taken = db.execute(select(tournament_players.c.player).where(
            tournament_players.c.tournament_id == tournament_id,
            tournament_players.c.player == entrant.key)).first()
        if taken is not None:
            raise TournamentError(f"{entrant.name} plays in this tournament already", 409)
        try:
            with db.begin_nested():
                db.execute(insert(tournament_players).values(
                    tournament_id=tournament_id, player=entrant.key, kind=entrant.kind,
                    account_id=entrant.account_id, name=entrant.name, level=entrant.level,
                    joined=time.time()))
        except IntegrityError:
            raise TournamentError(f"{entrant.name} plays in this tournament already",
                                  409) from None


def leave(engine: Engine, tournament_id: str, key: str) -> None:
    with engine.begin() as db:
        state = db.execute(select(tournaments.c.state).where(
            tournaments.c.id == tournament_id).with_for_update()).scalar()
        if state is None:
            raise TournamentError("no such tournament", 404)
        if state != UPCOMING:
            raise TournamentError("the tournament has started: players leave before its "
                                  "start", 409)
        gone = db.execute(delete(tournament_players).where(
            tournament_players.c.tournament_id == tournament_id,
            tournament_players.c.player == key)).rowcount
        if not gone:
            raise TournamentError("not a player of this tournament", 409)


def ratings(engine: Engine, game: str, keys: list[str]) -> dict[str, float]:
    """Each player's rating at ``game`` (server/ratingstore.py): a computer level's
    calibration, a person's or a program's own, the start (1500) for the unrated and a
    level without one."""
    found = {}
    with engine.connect() as db:
        for key in keys:
            try:
                found[key] = current(db, key, game).value
            except StammtischError:
                found[key] = Rating().value
    return found


def due(engine: Engine, now: float | None = None) -> list[str]:
    """The tournaments to advance: running ones, and upcoming ones whose start has come."""
    now = time.time() if now is None else now
    with engine.connect() as db:
        return [row.id for row in db.execute(select(tournaments.c.id).where(or_(
            tournaments.c.state == RUNNING,
            and_(tournaments.c.state == UPCOMING, tournaments.c.starts <= now)))
            .order_by(tournaments.c.starts))]


def take_lease(engine: Engine, tournament_id: str, owner: str, seconds: float) -> bool:
    """Hold the tournament for ``seconds`` when it is free, run out or ours already."""
    now = _now(engine)
    own = tournaments.c
    with engine.begin() as db:
        return bool(db.execute(update(tournaments).where(
            own.id == tournament_id,
            or_(own.owner.is_(None), own.owner == owner, own.lease_until.is_(None),
                own.lease_until < now))
            .values(owner=owner, lease_until=now + seconds)).rowcount == 1)


def release_leases(engine: Engine, owner: str) -> None:
    """Give up every tournament ``owner`` holds: another process takes them at once."""
    with engine.begin() as db:
        db.execute(update(tournaments).where(tournaments.c.owner == owner)
                   .values(owner=None, lease_until=None))


def start_round(engine: Engine, tournament_id: str, number: int,
                boards: list[Board]) -> bool:
    """Write round ``number``'s tables and make it the current one, only over round
    ``number - 1``; False (nothing written) when the tournament is elsewhere."""
    with engine.begin() as db:
        moved = db.execute(update(tournaments).where(
            tournaments.c.id == tournament_id, tournaments.c.round == number - 1,
            tournaments.c.state.in_((UPCOMING, RUNNING)))
            .values(round=number, state=RUNNING)).rowcount
        if moved != 1:
            return False
        for board in boards:
            db.execute(insert(tournament_tables).values(
                tournament_id=tournament_id, round=number, board=board.board,
                table_id=board.table_id, players=json.dumps(board.players),
                points=json.dumps(board.points) if board.points is not None else None))
    return True


def _record(db: Connection, tournament_id: str, board: Board,
            points: list[float]) -> None:
    db.execute(update(tournament_tables).where(
        tournament_tables.c.tournament_id == tournament_id,
        tournament_tables.c.round == board.round,
        tournament_tables.c.board == board.board,
        tournament_tables.c.points.is_(None)).values(points=json.dumps(points)))


def record_points(engine: Engine, tournament_id: str, board: Board,
                  points: list[float]) -> None:
    """``board``'s points, while the tournament runs (not once it was cancelled)."""
    with engine.begin() as db:
        state = db.execute(select(tournaments.c.state).where(
            tournaments.c.id == tournament_id).with_for_update()).scalar()
        if state == RUNNING:
            _record(db, tournament_id, board, points)


def end(engine: Engine, tournament_id: str, state: str, number: int) -> None:
    """The tournament finished (or was cancelled) after round ``number``, unless it
    ended already (its creator cancelled it)."""
    with engine.begin() as db:
        db.execute(update(tournaments).where(tournaments.c.id == tournament_id,
                                             tournaments.c.round == number,
                                             tournaments.c.state.in_((UPCOMING, RUNNING)))
                   .values(state=state, owner=None, lease_until=None))


Scores = Callable[[str, dict[str, Any], int], list[float]]
"""Each seat's points of a finished match: (game, result, seats) -> points (runner.py)."""


def cancel(engine: Engine, tournament_id: str, account_id: int, name: str,
           scores: Scores) -> None:
    """The creator (``account_id``, ``name``) cancels the tournament: before its start
    it simply ends; during a round the results of the round's tables that have ended
    are kept (as the runner would have read them), the others no longer count. Refused:
    404 unknown, 403 for anyone but the creator, 409 once it has ended."""
    with engine.begin() as db:
        row = db.execute(select(tournaments.c.state, tournaments.c.creator_id,
                                tournaments.c.round, tournaments.c.game).where(
            tournaments.c.id == tournament_id).with_for_update()).first()
        if row is None:
            raise TournamentError("no such tournament", 404)
        if row.creator_id is None or row.creator_id != account_id:
            raise TournamentError("only the tournament's creator may cancel it", 403)
        if row.state not in (UPCOMING, RUNNING):
            raise TournamentError(f"the tournament is {row.state} already", 409)
        own = tournament_tables.c
        open_boards = [_board(b) for b in db.execute(select(tournament_tables).where(
            own.tournament_id == tournament_id, own.round == row.round,
            own.table_id.is_not(None), own.points.is_(None)))]
        ended = _results(db, [board.table_id for board in open_boards if board.table_id])
        for board in open_boards:
            result = ended.get(board.table_id or "")
            if result is not None:
                _record(db, tournament_id, board,
                        scores(row.game, result, len(board.players)))
        db.execute(update(tournaments).where(tournaments.c.id == tournament_id)
                   .values(state=CANCELLED, cancelled_by=name, owner=None,
                           lease_until=None))


def _results(db: Connection, table_ids: list[str]) -> dict[str, dict[str, Any] | None]:
    if not table_ids:
        return {}
    rows = db.execute(select(tables.c.id, tables.c.finished, tables.c.result)
                      .where(tables.c.id.in_(table_ids)))
    return {row.id: json.loads(row.result) if row.finished and row.result else None
            for row in rows}


def results(engine: Engine, table_ids: list[str]) -> dict[str, dict[str, Any] | None]:
    """Each table's stored result (None while its match goes on)."""
    if not table_ids:
        return {}
    with engine.connect() as db:
        return _results(db, table_ids)
