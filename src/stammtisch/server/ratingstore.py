"""The ratings of accounts and programs, per game, and each rated match's change.

A rated subject is an account (``account:<id>``: its name may change or go), a program
(``bot:<name>``, a bot account) or a computer level (``level:<name>``). The levels are the
anchors: their ratings are the package's calibration (stammtisch/ratings/levels.json),
never stored nor moved by a match. ``ratings`` holds everyone else's current rating,
``rating_history`` one row per subject and rated match (the rating after it), which is
also what makes rating a match happen once: a match with history rows is rated already.

A seat whose person left a rated match and was replaced by a computer player
(``forfeits``) loses it: it is placed last, below every seat that stayed.
"""

from __future__ import annotations

import time
from collections.abc import Collection, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from sqlalchemy import (
    Column,
    Float,
    Index,
    Integer,
    String,
    Table,
    insert,
    or_,
    select,
    update,
)
from sqlalchemy.engine import Connection, Engine

from stammtisch.ratings import Rating, level_rating, rate
from stammtisch.ratings.rating import PROVISIONAL_DEVIATION, PROVISIONAL_GAMES
from stammtisch.server.schema import metadata

ratings = Table(
    "ratings", metadata,
    Column("subject", String(80), primary_key=True),
    Column("game", String(32), primary_key=True),
    Column("value", Float, nullable=False),
    Column("deviation", Float, nullable=False),
    Column("volatility", Float, nullable=False),
    Column("games", Integer, nullable=False),
    Column("updated", Float, nullable=False),
)
"""Each account's and program's current rating per game (never a level's)."""
Index("ratings_by_game", ratings.c.game, ratings.c.value)

rating_history = Table(
    "rating_history", metadata,
    Column("table_id", String(40), primary_key=True),
    Column("subject", String(80), primary_key=True),
    Column("game", String(32), nullable=False),
    Column("seat", Integer, nullable=False),
    Column("value", Float, nullable=False),
    Column("deviation", Float, nullable=False),
    Column("change", Float, nullable=False),
    Column("at", Float, nullable=False),
    Column("games", Integer, nullable=True),
)
"""Each subject's rating after each rated match (the profile's chart), and by how much
the match moved it."""
Index("rating_history_by_subject", rating_history.c.subject, rating_history.c.game,
      rating_history.c.at)

LEVEL, ACCOUNT, BOT = "level", "account", "bot"


def account_subject(account_id: int) -> str:
    return f"{ACCOUNT}:{account_id}"


def subject_kind(subject: str) -> str:
    return subject.partition(":")[0]


@dataclass(frozen=True)
class Change:
    """What a rated match did to one seat's rating."""

    seat: int
    subject: str
    before: Rating
    after: Rating


def _level(subject: str) -> str | None:
    kind, _, name = subject.partition(":")
    return name if kind == LEVEL else None


def current(db: Connection, subject: str, game: str) -> Rating:
    """``subject``'s rating at ``game`` now: a level's calibration, a stored rating, or
    the start for someone never rated."""
    level = _level(subject)
    if level is not None:
        return level_rating(game, level)
    row = db.execute(select(ratings).where(ratings.c.subject == subject,
                                           ratings.c.game == game)).first()
    return Rating() if row is None else Rating.from_row(dict(row._mapping))


def _forfeited(result: Mapping[str, Any], forfeits: Collection[int],
               seats: int) -> Mapping[str, Any]:
    """The result as rated when the seats of ``forfeits`` left: in a two-seat game the
    one who stayed wins; in Schnauz and Scat the leavers are out first; in Schmier a
    leaver's team places below every other (with a score below theirs)."""
    if not forfeits:
        return result
    if seats == 2 and len(forfeits) == 1:
        (left,) = forfeits
        return {**result, "winner": 1 - left}
    if "teams" in result:
        teams = [set(team) for team in result["teams"]]
        lost = {index for index, team in enumerate(teams) if team & set(forfeits)}
        if len(lost) == len(teams):
            return result
        floor = min(result["scores"]) - 1
        winners = [team for team in result["winners"] if team not in lost] or \
            [max((team for team in range(len(teams)) if team not in lost),
                 key=lambda team: result["scores"][team])]
        scores = [floor if team in lost else score
                  for team, score in enumerate(result["scores"])]
        return {**result, "winners": winners, "scores": scores}
    order = [seat for seat in range(seats) if seat in forfeits] + \
        [seat for seat in result["eliminated_order"] if seat not in forfeits]
    winner = result.get("winner")
    if winner in forfeits:
        winner = order.pop()
    return {**result, "eliminated_order": order, "winner": winner}


def rate_match(engine: Engine, table_id: str, game: str, subjects: Sequence[str],
               result: Mapping[str, Any], events: Sequence[Mapping[str, Any]] | None = None,
               forfeits: Collection[int] = ()) -> list[Change]:
    """Rate the finished match ``table_id`` (``subjects``: who played each seat) once:
    every seat's new rating and history row, in one transaction. A match rated already
    (by another process, or by this one before a restart) is not rated again: its
    changes are read back."""
    with engine.begin() as db:
        done = {row.subject: row for row in db.execute(
            select(rating_history).where(rating_history.c.table_id == table_id))}
        if done:
            return [_told(db, seat, subject, game, done.get(subject))
                    for seat, subject in enumerate(subjects)]
        before = [current(db, subject, game) for subject in subjects]
        anchors = {seat for seat, subject in enumerate(subjects) if _level(subject)}
        rated = _forfeited(result, set(forfeits), len(subjects))
        after = rate(game, before, rated, None if forfeits else events, anchors=anchors)
        now = time.time()
        changes = [Change(seat, subject, before[seat], after[seat])
                   for seat, subject in enumerate(subjects)]
        for change in changes:
            if change.seat in anchors:
                continue
            _store(db, change, game, now)
            db.execute(insert(rating_history).values(
                table_id=table_id, subject=change.subject, game=game, seat=change.seat,
                value=change.after.value, deviation=change.after.deviation,
                change=change.after.value - change.before.value, at=now,
                games=change.after.games))
        return changes


def _told(db: Connection, seat: int, subject: str, game: str, row: Any) -> Change:
    """What the match rated before did to ``seat``, from its history row (none: a
    level's, which no match moves)."""
    if row is None:
        fixed = current(db, subject, game)
        return Change(seat, subject, fixed, fixed)
    games = row.games or 1
    after = Rating(row.value, row.deviation, games=games)
    return Change(seat, subject, Rating(row.value - row.change, row.deviation,
                                        games=games - 1), after)


def _store(db: Connection, change: Change, game: str, now: float) -> None:
    row = {**change.after.to_row(), "updated": now}
    written = db.execute(update(ratings).where(ratings.c.subject == change.subject,
                                               ratings.c.game == game).values(**row)).rowcount
    if written == 0:
        db.execute(insert(ratings).values(subject=change.subject, game=game, **row))


def ratings_of(engine: Engine, subject: str) -> dict[str, Rating]:
    """``subject``'s rating per game it was rated at."""
    with engine.connect() as db:
        rows = db.execute(select(ratings).where(ratings.c.subject == subject)).all()
    return {row.game: Rating.from_row(dict(row._mapping)) for row in rows}


def history_of(engine: Engine, subject: str, game: str,
               limit: int = 500) -> list[dict[str, Any]]:
    """``subject``'s rating after each of its last ``limit`` rated matches of ``game``,
    oldest first (the profile's chart)."""
    with engine.connect() as db:
        rows = db.execute(select(rating_history)
                          .where(rating_history.c.subject == subject,
                                 rating_history.c.game == game)
                          .order_by(rating_history.c.at.desc()).limit(limit)).all()
    return [{"table": row.table_id, "at": row.at, "value": round(row.value),
             "deviation": round(row.deviation), "change": round(row.change)}
            for row in reversed(rows)]


def top(engine: Engine, game: str, *, kind: str, since: float,
        limit: int = 100) -> list[tuple[str, Rating]]:
    """The best ``limit`` established (not provisional) ratings at ``game`` of the
    subjects of ``kind`` rated since ``since``, best first."""
    established = or_(ratings.c.deviation < PROVISIONAL_DEVIATION,
                      ratings.c.games >= PROVISIONAL_GAMES)
    with engine.connect() as db:
        rows = db.execute(select(ratings)
                          .where(ratings.c.game == game, ratings.c.updated >= since,
                                 ratings.c.subject.startswith(f"{kind}:"), established)
                          .order_by(ratings.c.value.desc()).limit(limit)).all()
    return [(row.subject, Rating.from_row(dict(row._mapping))) for row in rows]
