"""A player's record: their matches page by page (an account's, or the seats a guest's
browser holds), each with its outcome for them, and the counts a profile shows.

A page is the player's seats, newest first, from the index on ``match_seats`` (by
account, or by token hash), joined to their tables; the other seats of the page's
tables come in one more query. Each seat's outcome is stored with it when its match
ends (server/matchseats.py), so filters and counts are the database's.
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from typing import Any

from sqlalchemy import and_, func, select
from sqlalchemy.engine import Engine
from sqlalchemy.sql.elements import ColumnElement

from stammtisch.server.accounttables import accounts, match_seats
from stammtisch.server.matchseats import NEWEST_FIRST, WIN, older_than
from stammtisch.server.schema import reviews, table_actions, tables
from stammtisch.server.seats import EXTERNAL

PAGE = 20
MAX_TOKENS = 1000


class BadCursor(ValueError):
    """A paging cursor this server did not make."""


def cursor(created: float, table_id: str, seat: int) -> str:
    return f"{created!r}:{table_id}:{seat}"


def read_cursor(text: str) -> tuple[float, str, int]:
    created, _, rest = text.partition(":")
    table_id, _, seat = rest.rpartition(":")
    try:
        return float(created), table_id, int(seat)
    except ValueError:
        raise BadCursor(f"{text!r} is not a cursor of this list") from None


Whose = ColumnElement[bool]
"""Which seats are a player's: :func:`of_account`, :func:`of_program`, :func:`of_tokens`."""


def of_account(account: int) -> Whose:
    return match_seats.c.account_id == account


def of_program(name: str) -> Whose:
    """The seats of the program of bot account ``name``."""
    return and_(match_seats.c.kind == EXTERNAL, match_seats.c.name == name)


def of_tokens(token_hashes: Sequence[str]) -> Whose:
    """The seats these token hashes hold (a guest's browser)."""
    return match_seats.c.token_hash.in_(list(token_hashes)[:MAX_TOKENS])


def matches(engine: Engine, who: Whose, *, game: str | None = None,
            result: str | None = None, before: str | None = None,
            limit: int = PAGE) -> dict[str, Any]:
    """One page of the matches of the seats ``who`` picks:
    ``{"matches": [...], "next": cursor or None}``."""
    own = match_seats.c
    appended = select(func.count()).where(table_actions.c.table_id == own.table_id) \
        .scalar_subquery()
    query = (select(own.table_id, own.seat, own.created, own.outcome, tables.c.game,
                    tables.c.finished, tables.c.record, tables.c.rated,
                    appended.label("appended"))
             .join(tables, tables.c.id == own.table_id).where(who))
    if game is not None:
        query = query.where(tables.c.game == game)
    if result is not None:
        query = query.where(own.outcome == result)
    if before is not None:
        query = query.where(older_than(read_cursor(before)))
    query = query.order_by(*NEWEST_FIRST)
    with engine.connect() as db:
        rows = db.execute(query.limit(limit + 1)).all()
        found = [{"table": row.table_id, "game": row.game, "seat": row.seat,
                  "created": row.created, "finished": bool(row.finished),
                  "result": row.outcome,
                  "actions": len(json.loads(row.record).get("actions", []))
                  + row.appended,
                  "rated": bool(row.rated)} for row in rows[:limit]]
        seats = _seats_of(db, [entry["table"] for entry in found])
    for entry in found:
        entry["seats"] = [{**seat, "you": index == entry["seat"]}
                          for index, seat in enumerate(seats.get(entry["table"], []))]
    last = rows[limit - 1] if len(rows) > limit else None
    return {"matches": found,
            "next": cursor(last.created, last.table_id, last.seat) if last else None}


def _seats_of(db: Any, table_ids: list[str]) -> dict[str, list[dict[str, Any]]]:
    if not table_ids:
        return {}
    own = match_seats.c
    seats: dict[str, list[dict[str, Any]]] = {}
    for row in db.execute(select(own.table_id, own.seat, own.kind, own.name, own.level,
                                 accounts.c.name.label("account"))
                          .outerjoin(accounts, accounts.c.id == own.account_id)
                          .where(own.table_id.in_(table_ids))
                          .order_by(own.table_id, own.seat)):
        seats.setdefault(row.table_id, []).append(
            {"kind": row.kind, "name": row.name, "level": row.level, "account": row.account})
    return seats


def stats(engine: Engine, who: Whose) -> dict[str, dict[str, int]]:
    """Matches finished and won per game."""
    own = match_seats.c
    with engine.connect() as db:
        rows = db.execute(select(tables.c.game, func.count(),
                                 func.count().filter(own.outcome == WIN))
                          .join(tables, tables.c.id == own.table_id)
                          .where(who, own.outcome.is_not(None))
                          .group_by(tables.c.game))
        return {game: {"matches": played, "wins": won} for game, played, won in rows}


def accuracy(engine: Engine, who: Whose) -> dict[str, float]:
    """The average accuracy per game of the player's reviewed seats."""
    own = match_seats.c
    totals: dict[str, list[float]] = {}
    with engine.connect() as db:
        rows = db.execute(select(tables.c.game, reviews.c.data)
                          .join(tables, tables.c.id == own.table_id)
                          .join(reviews, and_(reviews.c.table_id == own.table_id,
                                              reviews.c.seat == own.seat))
                          .where(who).limit(1000))
        for row in rows:
            try:
                value = json.loads(row.data).get("accuracy")
            except (ValueError, AttributeError):
                continue
            if isinstance(value, int | float):
                totals.setdefault(row.game, []).append(float(value))
    return {game: round(sum(values) / len(values), 4) for game, values in totals.items()}
