"""Which account played which seat of which match: the rows of ``match_seats``
(server/accounttables.py), kept beside each table's seats.

A person's seat is known by the SHA-256 of its token, as in ``tables.seats``. A guest
who signs up or logs in hands over the seat tokens the browser holds
(:func:`claim_seats`): the seats they hash to become the account's, unless another
account has them already. A seat whose token changes (a computer player took it over)
belongs to nobody again.

:func:`record_match_seats` writes a table's rows whenever its seats change (at creation
and whenever someone sits), in the same transaction, never showing a deleted account's
seat under a name again; migration 0003 wrote them for the tables stored before.
:func:`matches_of` is one page of an account's matches,
newest first: one look-up in the index ``(account_id, created)``.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from typing import Any

from sqlalchemy import and_, delete, insert, or_, select, update
from sqlalchemy.engine import Connection
from sqlalchemy.sql.elements import ColumnElement

from stammtisch.errors import StammtischError
from stammtisch.ratings import standings
from stammtisch.server.accounttables import DELETED_NAME, match_seats
from stammtisch.server.seats import HUMAN

WIN, LOSS, DRAW = "win", "loss", "draw"
OUTCOMES = (WIN, LOSS, DRAW)

CHUNK = 500
"""Hashes per query (SQLite takes a limited number of parameters in one)."""


def seat_rows(table_id: str, created: float,
              seats: Sequence[dict[str, Any]]) -> list[dict[str, Any]]:
    """The ``match_seats`` rows of a table whose stored seats are ``seats``; with the
    account of a seat taken by a logged-in person (its ``account``)."""
    rows = []
    for index, seat in enumerate(seats):
        row = {"table_id": table_id, "seat": index, "kind": str(seat.get("kind") or ""),
               "name": str(seat.get("name") or "") or None,
               "level": str(seat.get("level") or "") or None,
               "token_hash": str(seat.get("token_hash") or "") or None, "created": created}
        account = seat.get("account")
        if isinstance(account, int) and not isinstance(account, bool):
            row["account_id"] = account
        rows.append(row)
    return rows


def record_match_seats(db: Connection, table_id: str, created: float,
                       seats: Sequence[dict[str, Any]]) -> None:
    """Write the rows of ``table_id`` for its seats now (in the caller's transaction):
    a seat keeps its account while its token stays the same."""
    held = {row.seat: row for row in db.execute(
        select(match_seats).where(match_seats.c.table_id == table_id))}
    for row in seat_rows(table_id, created, seats):
        before = held.get(row["seat"])
        if before is None:
            db.execute(insert(match_seats).values(**row))
            continue
        changed = {key: value for key, value in row.items() if getattr(before, key) != value}
        if "token_hash" in changed and "account_id" not in row:
            changed["account_id"] = None
        elif before.account_id is not None and before.name == DELETED_NAME:
            changed.pop("name", None)  # a deleted account's seat never shows a name again
        if changed:
            db.execute(update(match_seats).where(
                match_seats.c.table_id == table_id, match_seats.c.seat == row["seat"])
                .values(**changed))
    gone = [seat for seat in held if seat >= len(seats)]
    if gone:
        db.execute(delete(match_seats).where(match_seats.c.table_id == table_id,
                                             match_seats.c.seat.in_(gone)))


def outcomes(game: str, result: Mapping[str, Any]) -> list[str] | None:
    """Each seat's outcome of a finished match: the first place wins, everyone level is a
    draw (stammtisch/ratings/standings.py); None for a result that cannot be read."""
    try:
        places = standings(game, result)
    except StammtischError:
        return None
    everyone_level = len(set(places.places)) == 1
    by_seat = [""] * places.num_seats
    for unit, place in zip(places.units, places.places, strict=True):
        for seat in unit:
            by_seat[seat] = DRAW if everyone_level else WIN if place == 0 else LOSS
    return by_seat


def record_outcomes(db: Connection, table_id: str, game: str,
                    result: Mapping[str, Any]) -> None:
    """Write each seat's outcome of the finished match ``table_id`` (in the caller's
    transaction)."""
    for seat, outcome in enumerate(outcomes(game, result) or []):
        db.execute(update(match_seats).where(match_seats.c.table_id == table_id,
                                             match_seats.c.seat == seat)
                   .values(outcome=outcome))


def claim_seats(db: Connection, account_id: int, token_hashes: Iterable[str]) -> int:
    """Give the account every person's seat whose token hashes to one of
    ``token_hashes`` and that belongs to nobody yet; returns how many it got."""
    wanted = sorted(set(token_hashes))
    claimed = 0
    for start in range(0, len(wanted), CHUNK):
        claimed += db.execute(update(match_seats).where(
            match_seats.c.token_hash.in_(wanted[start:start + CHUNK]),
            match_seats.c.kind == HUMAN, match_seats.c.account_id.is_(None))
            .values(account_id=account_id)).rowcount
    return claimed


NEWEST_FIRST = (match_seats.c.created.desc(), match_seats.c.table_id.desc(),
                match_seats.c.seat.desc())
"""The order of a player's seats in every list of them (the index's, backwards)."""


def older_than(before: tuple[float, str, int]) -> ColumnElement[bool]:
    """The seats after ``before`` (a seat's ``(created, table, seat)``) in
    :data:`NEWEST_FIRST` order: where the next page starts."""
    created, table_id, seat = before
    own = match_seats.c
    return or_(own.created < created, and_(own.created == created, or_(
        own.table_id < table_id, and_(own.table_id == table_id, own.seat < seat))))


def matches_of(db: Connection, account_id: int, limit: int = 50,
               before: tuple[float, str, int] | None = None) -> list[dict[str, Any]]:
    """One page of the account's seats, newest match first: ``limit`` of them, those
    after ``before`` (the ``(created, table, seat)`` of the last one of the page
    before), each ``{"table", "seat", "name", "kind", "created"}``."""
    seat_of = match_seats.c
    query = select(seat_of.table_id, seat_of.seat, seat_of.name, seat_of.kind,
                   seat_of.created).where(seat_of.account_id == account_id)
    if before is not None:
        query = query.where(older_than(before))
    query = query.order_by(*NEWEST_FIRST).limit(limit)
    return [{"table": row.table_id, "seat": row.seat, "name": row.name, "kind": row.kind,
             "created": row.created} for row in db.execute(query)]
