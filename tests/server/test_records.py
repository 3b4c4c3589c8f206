"""My matches at scale: every page is one query on the index of an account's seats
(``match_seats_by_account``), with the game and result filters too, plus one query for
the seats of its tables, and the pages follow each other exactly."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from sqlalchemy import event, insert

from stammtisch.server import records
from stammtisch.server.accounttables import accounts
from stammtisch.server.store import Store


@pytest.fixture(params=["sqlite", "postgresql"])
def store(request: pytest.FixtureRequest, tmp_path: Path) -> Iterator[Store]:
    url = f"sqlite:///{tmp_path / 'records.db'}" if request.param == "sqlite" \
        else request.getfixturevalue("postgres")
    opened = Store(url)
    yield opened
    opened.dispose()


def _matches(store: Store, account: int, count: int) -> None:
    """``count`` finished Schnapsen matches of ``account`` at seat 0, won every third."""
    for n in range(count):
        table_id = f"t{n:03d}"
        store.create(table_id, "schnapsen", [
            {"kind": "human", "name": "Anna", "token_hash": f"{n:064d}", "account": account},
            {"kind": "bot", "level": "club"}], {"game": "schnapsen", "actions": []})
        store.save(table_id, {"game": "schnapsen", "actions": []},
                   {"winner": 0 if n % 3 == 0 else 1})


def _pages(store: Store, account: int, result: str | None) -> list[list[str]]:
    """Every page of the account's Schnapsen matches of ``result``, three a page."""
    pages, before = [], None
    while True:
        page = records.matches(store.engine, records.of_account(account), game="schnapsen",
                               result=result, before=before, limit=3)
        pages.append([match["table"] for match in page["matches"]])
        before = page["next"]
        if before is None:
            return pages


def test_every_page_is_one_indexed_query_and_the_pages_follow_exactly(store: Store) -> None:
    with store.engine.begin() as db:
        account = db.execute(insert(accounts).values(
            name="Anna", name_skeleton="anna", name_shape="Anna", name_shape_upper="ANNA",
            password_hash="-", created=0.0).returning(accounts.c.id)).scalar_one()
    _matches(store, account, 10)
    issued: list[tuple[str, Any]] = []

    def seen(_conn: Any, _cursor: Any, statement: str, parameters: Any, *_: Any) -> None:
        if statement.lstrip().startswith("SELECT"):
            issued.append((statement, parameters))

    event.listen(store.engine, "before_cursor_execute", seen)
    pages = {result: _pages(store, account, result) for result in (None, "win")}
    event.remove(store.engine, "before_cursor_execute", seen)
    tables = [f"t{n:03d}" for n in reversed(range(10))]
    assert pages[None] == [tables[0:3], tables[3:6], tables[6:9], tables[9:]]
    assert pages["win"] == [["t009", "t006", "t003"], ["t000"]]
    lists = [(s, p) for s, p in issued if "ORDER BY match_seats.created" in s]
    assert len(lists) == 4 + 2  # one query a page (the seats of its tables: one more)
    with store.engine.begin() as db:
        if db.dialect.name == "postgresql":
            db.exec_driver_sql("SET LOCAL enable_seqscan = off")
        for statement, parameters in lists:
            plan = " ".join(str(row[-1]) for row in db.exec_driver_sql(
                f"EXPLAIN {'QUERY PLAN ' * (db.dialect.name == 'sqlite')}{statement}",
                parameters))
            assert "match_seats_by_account" in plan, plan
