"""Accounts (issue 42): sign up, log in, change the password, delete, download; the
attacks: wrong passwords and unknown names answered alike after one verification each,
rate limits, look-alike names, common and short passwords, other sites' requests; and
the seats a guest played that become the account's."""

from __future__ import annotations

import asyncio
import threading
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from sqlalchemy import create_engine, event, insert, inspect, select, text
from sqlalchemy.engine import Connection, Engine
from starlette.applications import Starlette

from stammtisch.server.accounts import (
    MIN_PASSWORD,
    NAME_REFUSED,
    WRONG_LOGIN,
    Accounts,
    check_password,
    common_passwords,
)
from stammtisch.server.accounttables import DELETED_NAME, accounts, match_seats, sessions
from stammtisch.server.matchseats import (
    claim_seats,
    matches_of,
    record_match_seats,
)
from stammtisch.server.store import BOTS_LOCK
from tests.server.accountkit import (
    DATABASES,
    PASSWORD,
    CountingHasher,
    app_on,
    client,
    hasher,
    log_in,
    session_cookie,
    sign_up,
    with_session,
)
from tests.server.live import PATIENCE


@pytest.fixture(params=DATABASES)
def app(request: pytest.FixtureRequest, tmp_path: Path) -> Iterator[Starlette]:
    yield from app_on(request, tmp_path)


def engine(app: Starlette) -> Engine:
    found: Engine = app.state.hub.store.engine
    return found


def new_table(app: Starlette) -> tuple[str, str]:
    """A guest's new table (as today: no account); its id and the guest's seat token,
    with its ``match_seats`` rows written as the server will write them."""
    async def make() -> dict[str, Any]:
        async with client(app) as http:
            made = await http.post("/api/tables", json={"game": "schnapsen",
                                                        "seats": ["human", "random"]})
            assert made.status_code == 201, made.text
            return dict(made.json())

    made = asyncio.run(make())
    stored = app.state.hub.store.load(made["id"])
    with engine(app).begin() as db:
        record_match_seats(db, stored.id, stored.created, stored.seats)
    return made["id"], made["token"]


# --- sign-up and login -------------------------------------------------------------------


def test_a_guest_plays_as_before_and_a_sign_up_logs_in(app: Starlette) -> None:
    new_table(app)  # a guest's table, with no account at all

    async def scenario() -> None:
        async with client(app) as http:
            assert (await http.get("/api/me")).json() is None
            made = await sign_up(http, "Alice")
            assert made.status_code == 201 and made.json() == {"name": "Alice", "claimed": 0}
            me = await http.get("/api/me")
            assert me.status_code == 200 and me.json()["name"] == "Alice"
            assert me.headers["cache-control"] == "no-store"
        async with client(app, "10.0.0.2") as other:
            assert (await log_in(other, "alice")).json() == {"name": "Alice", "claimed": 0}
            assert (await other.get("/api/me")).json()["name"] == "Alice"

    asyncio.run(scenario())


def test_a_wrong_password_and_an_unknown_name_get_the_same_answer_after_one_verification(
        app: Starlette) -> None:
    async def scenario() -> None:
        async with client(app) as http:
            await sign_up(http, "Alice")
        answers = []
        for name, password in (("Alice", "not the password at all"),
                               ("Nobody", "not the password at all"),
                               ("x" * 500, PASSWORD)):  # not even a possible name
            async with client(app, "10.0.0.2") as http:
                before = hasher(app).verified
                answer = await log_in(http, name, password)
                assert hasher(app).verified - before == 1, name
                assert "set-cookie" not in answer.headers
                answers.append((answer.status_code, answer.json()))
        assert answers == [(401, {"error": WRONG_LOGIN})] * 3

    asyncio.run(scenario())


@pytest.mark.parametrize("password", ["qwertyuiop", "QWERTYUIOP", "1q2w3e4r5t",
                                      "dragon2024", "Password12345"])
def test_a_common_password_is_refused(app: Starlette, password: str) -> None:
    async def scenario() -> None:
        async with client(app) as http:
            refused = await sign_up(http, "Alice", password)
            assert refused.status_code == 400
            assert refused.json() == {
                "error": "that password is one of the most common ones: choose another"}
            assert (await sign_up(http, "Alice", password + "x7Q!")).status_code == 201

    asyncio.run(scenario())


def test_a_short_password_is_refused(app: Starlette) -> None:
    async def scenario() -> None:
        async with client(app) as http:
            refused = await sign_up(http, "Alice", "k3&Zq!9w")
            assert (refused.status_code, refused.json()) == (
                400, {"error": f"a password has at least {MIN_PASSWORD} characters"})
            assert (await http.get("/api/me")).json() is None

    asyncio.run(scenario())


def test_the_common_passwords_are_shipped_and_read() -> None:
    listed = common_passwords()
    assert len(listed) > 3000 and "123456" in listed and "qwertyuiop" in listed
    assert check_password("a long walk to the pub") == "a long walk to the pub"


@pytest.mark.parametrize("body", [[], "Alice", {"name": "Alice"},
                                  {"name": 5, "password": PASSWORD},
                                  {"name": "Alice", "password": PASSWORD, "seat_tokens": "x"},
                                  {"name": "Alice", "password": PASSWORD,
                                   "seat_tokens": ["t"] * 1001}])
def test_a_sign_up_that_cannot_be_read_is_one_clear_error(app: Starlette, body: Any) -> None:
    async def scenario() -> None:
        async with client(app) as http:
            refused = await http.post("/api/accounts", json=body)
            assert refused.status_code == 400
            assert list(refused.json()) == ["error"] and "\n" not in refused.json()["error"]
            form = {"Content-Type": "application/x-www-form-urlencoded"}
            not_json = await http.post("/api/accounts", content=b"name=Alice", headers=form)
            assert not_json.status_code == 415

    asyncio.run(scenario())


# --- names ----------------------------------------------------------------------------------


@pytest.mark.parametrize("second", ["Alice", "ALICE", "alice", "\u0430lice", "AlIce",
                                    "Al1ce", "\uff21lice", DELETED_NAME, "DELETED PLAYER"])
def test_a_name_taken_or_alike_cannot_be_used_and_is_told_the_same(
        app: Starlette, second: str) -> None:
    async def scenario() -> None:
        async with client(app) as http:
            assert (await sign_up(http, "Alice")).status_code == 201
        async with client(app, "10.0.0.2") as http:
            refused = await sign_up(http, second, "another good password")
            assert (refused.status_code, refused.json()) == (409, {"error": NAME_REFUSED})
            assert (await sign_up(http, "Alina", "another good password")).status_code == 201

    asyncio.run(scenario())


def test_account_names_and_bot_names_are_one_namespace(app: Starlette) -> None:
    async def scenario() -> None:
        async with client(app) as http:
            assert (await http.post("/api/bots", json={"name": "robo"})).status_code == 201
            refused = await sign_up(http, "ROBO")
            assert (refused.status_code, refused.json()) == (409, {"error": NAME_REFUSED})
            assert (await sign_up(http, "Greta")).status_code == 201
        async with client(app, "10.0.0.2") as http:
            bot = await http.post("/api/bots", json={"name": "greta"})
            assert (bot.status_code, bot.json()) == (
                409, {"error": "the bot name 'greta' cannot be used: choose another name"})
            assert (await http.post("/api/bots", json={"name": "gretl"})).status_code == 201

    asyncio.run(scenario())


def test_a_sign_up_on_postgresql_waits_for_the_names_lock(postgres: str) -> None:
    """Across processes, accounts and bot accounts are added one at a time: a sign-up
    waits while another process holds the lock of new names."""
    from tests.server.accountkit import close_app, make_app

    app = make_app(postgres)
    holder, watch = create_engine(postgres), create_engine(postgres)
    try:
        accounts_: Accounts = app.state.accounts
        with holder.begin() as held:
            held.execute(text("SELECT pg_advisory_xact_lock(:key)"), {"key": BOTS_LOCK})
            done = threading.Event()

            def signing_up() -> None:
                accounts_.sign_up("Alice", PASSWORD)
                done.set()

            worker = threading.Thread(target=signing_up)
            worker.start()
            deadline = time.monotonic() + PATIENCE
            while not _waiting(watch):
                assert time.monotonic() < deadline, "the sign-up never waited for the lock"
                time.sleep(0.02)
            assert not done.is_set()
        worker.join(PATIENCE)
        assert done.is_set() and accounts_.log_in("alice", PASSWORD).name == "Alice"
    finally:
        holder.dispose()
        watch.dispose()
        close_app(app)


def _waiting(watch: Engine) -> bool:
    with watch.connect() as db:
        return bool(db.execute(text(
            "SELECT count(*) FROM pg_locks WHERE locktype = 'advisory' "
            "AND objid = CAST(:key AS oid) AND NOT granted"), {"key": BOTS_LOCK}).scalar())


# --- limits and other sites ------------------------------------------------------------------


def test_logins_are_limited_per_address(app: Starlette) -> None:
    async def scenario() -> None:
        async with client(app, "10.0.0.9") as http:
            codes = [(await log_in(http, f"Name{n}", "wrong wrong wrong")).status_code
                     for n in range(11)]
            assert codes == [401] * 10 + [429]
            refused = await log_in(http, "Another", "wrong wrong wrong")
            assert int(refused.headers["retry-after"]) > 0
        async with client(app, "10.0.0.10") as http:  # another address goes on
            assert (await log_in(http, "Name0", "wrong wrong wrong")).status_code == 401

    asyncio.run(scenario())


def test_logins_are_limited_per_name_from_every_address(app: Starlette) -> None:
    async def scenario() -> None:
        codes = []
        for n in range(11):
            async with client(app, f"10.1.0.{n}") as http:
                name = "Alice" if n % 2 else "ALICE"  # one name, whatever the case
                codes.append((await log_in(http, name, "wrong wrong wrong")).status_code)
        assert codes == [401] * 10 + [429]
        async with client(app, "10.2.0.1") as http:
            assert (await log_in(http, "Bob", "wrong wrong wrong")).status_code == 401

    asyncio.run(scenario())


def test_sign_ups_are_limited_per_address(app: Starlette) -> None:
    async def scenario() -> None:
        async with client(app, "10.0.0.9") as http:
            codes = [(await sign_up(http, f"Player{n}")).status_code for n in range(6)]
            assert codes == [201] * 5 + [429]

    asyncio.run(scenario())


@pytest.mark.parametrize(("method", "path", "body"), [
    ("POST", "/api/accounts", {"name": "Mallory", "password": PASSWORD}),
    ("POST", "/api/session", {"name": "Alice", "password": PASSWORD}),
    ("DELETE", "/api/session", None),
    ("DELETE", "/api/sessions", None),
    ("POST", "/api/me/password", {"password": PASSWORD, "new_password": "evil evil evil"}),
    ("DELETE", "/api/me", {"password": PASSWORD}),
])
def test_requests_from_other_sites_are_refused(app: Starlette, method: str, path: str,
                                               body: Any) -> None:
    async def scenario() -> None:
        async with client(app) as http:
            made = await sign_up(http, "Alice")
            session_id = session_cookie(made).value
            refused = await http.request(
                method, path, json=body,
                headers={"Origin": "https://evil.example", **with_session(session_id)})
            assert refused.status_code == 403 and "other sites" in refused.json()["error"]
            assert "set-cookie" not in refused.headers
            me = await http.get("/api/me", headers=with_session(session_id))
            assert me.status_code == 200 and me.json()["name"] == "Alice"
            assert (await log_in(http, "Alice")).status_code == 200  # the password stands
            assert (await log_in(http, "Mallory")).status_code == 401

    asyncio.run(scenario())


# --- the account: password, deletion, data ---------------------------------------------------


def test_a_new_password_ends_the_other_sessions(app: Starlette) -> None:
    async def scenario() -> None:
        async with client(app) as http, client(app, "10.0.0.2") as elsewhere:
            await sign_up(http, "Alice")
            await log_in(elsewhere, "Alice")
            wrong = await http.post("/api/me/password", json={
                "password": "not my password", "new_password": "a brand new secret"})
            assert (wrong.status_code, wrong.json()) == (401, {"error": "wrong password"})
            short = await http.post("/api/me/password", json={
                "password": PASSWORD, "new_password": "short"})
            assert short.status_code == 400
            changed = await http.post("/api/me/password", json={
                "password": PASSWORD, "new_password": "a brand new secret"})
            assert changed.status_code == 200 and changed.json() == {"name": "Alice"}
            assert (await http.get("/api/me")).status_code == 200
            assert (await elsewhere.get("/api/me")).json() is None
            assert (await log_in(elsewhere, "Alice")).status_code == 401
            assert (await log_in(elsewhere, "Alice", "a brand new secret")).status_code == 200

    asyncio.run(scenario())


def test_a_login_rehashes_a_password_hashed_with_older_parameters(app: Starlette) -> None:
    async def scenario() -> None:
        async with client(app) as http:
            await sign_up(http, "Alice")
        app.state.accounts.hasher = CountingHasher(time_cost=2)
        async with client(app) as http:
            assert (await log_in(http, "Alice")).status_code == 200
            assert (await log_in(http, "Alice")).status_code == 200

    asyncio.run(scenario())
    with engine(app).connect() as db:
        stored = db.execute(select(accounts.c.password_hash)).scalar_one()
    assert stored.startswith("$argon2id$") and "t=2" in stored
    assert not hasher(app).check_needs_rehash(stored)


def test_a_deleted_account_keeps_its_matches_as_deleted_player_and_frees_its_name(
        app: Starlette) -> None:
    table_id, token = new_table(app)

    async def scenario() -> None:
        async with client(app) as http, client(app, "10.0.0.2") as elsewhere:
            made = await sign_up(http, "Alice", seat_tokens=[token])
            assert made.json() == {"name": "Alice", "claimed": 1}
            await log_in(elsewhere, "Alice")
            wrong = await http.request("DELETE", "/api/me", json={"password": "not mine at all"})
            assert wrong.status_code == 401 and (await http.get("/api/me")).status_code == 200
            gone = await http.request("DELETE", "/api/me", json={"password": PASSWORD})
            assert gone.status_code == 204
            assert session_cookie(gone).value == "" and session_cookie(gone)["max-age"] == "0"
            assert (await elsewhere.get("/api/me")).json() is None
            assert (await log_in(elsewhere, "Alice")).status_code == 401
            again = await sign_up(elsewhere, "ALICE", "another good password",
                                  seat_tokens=[token])
            assert again.json() == {"name": "ALICE", "claimed": 0}

    asyncio.run(scenario())
    stored = app.state.hub.store.load(table_id)
    with engine(app).begin() as db:  # the table's seats written again (someone sat down)
        record_match_seats(db, table_id, stored.created, stored.seats)
    with engine(app).connect() as db:
        seat = db.execute(select(match_seats).where(match_seats.c.table_id == table_id,
                                                    match_seats.c.seat == 0)).one()
        deleted = db.execute(select(accounts).where(accounts.c.id == seat.account_id)).one()
        assert seat.name == DELETED_NAME
        assert deleted.name is None and deleted.password_hash == ""
        assert deleted.deleted is not None
        assert db.execute(select(sessions).where(
            sessions.c.account_id == deleted.id)).first() is None


def test_my_data_is_the_account_and_its_seats(app: Starlette) -> None:
    first, first_token = new_table(app)
    second, second_token = new_table(app)

    async def scenario() -> dict[str, Any]:
        async with client(app) as http:
            assert (await http.get("/api/me/data")).status_code == 401
            made = await log_in(http, "Alice")
            assert made.status_code == 401
            made = await sign_up(http, "Alice", seat_tokens=[first_token, "not a token"])
            assert made.json()["claimed"] == 1
            assert (await log_in(http, "Alice", seat_tokens=[second_token])).json() == {
                "name": "Alice", "claimed": 1}
            data = await http.get("/api/me/data")
            assert data.status_code == 200
            assert data.headers["content-disposition"].startswith("attachment")
            assert data.headers["cache-control"] == "no-store"
            assert PASSWORD not in data.text and "argon2" not in data.text
            return dict(data.json())

    data = asyncio.run(scenario())
    assert data["account"]["name"] == "Alice"
    assert set(data["account"]) == {"id", "name", "created"}
    assert [(m["table"], m["seat"], m["kind"]) for m in data["matches"]] == [
        (second, 0, "human"), (first, 0, "human")]


def test_a_seat_claimed_by_one_account_is_not_another_s(app: Starlette) -> None:
    _table_id, token = new_table(app)

    async def scenario() -> None:
        async with client(app) as http, client(app, "10.0.0.2") as other:
            assert (await sign_up(http, "Alice", seat_tokens=[token])).json()["claimed"] == 1
            assert (await sign_up(other, "Bruno", seat_tokens=[token])).json()["claimed"] == 0

    asyncio.run(scenario())


# --- match seats: the integrator's part -------------------------------------------------------


SEATS: list[dict[str, Any]] = [
    {"kind": "human", "name": "Anna", "token_hash": "a" * 64, "owner": True},
    {"kind": "open", "name": "", "token_hash": ""},
    {"kind": "bot", "level": "random", "name": ""}]


def an_account(db: Connection, name: str) -> int:
    """A bare account row (its name's readings stand in)."""
    return int(db.execute(insert(accounts).values(
        name=name, name_skeleton=name.lower(), password_hash="x", created=1.0)
        .returning(accounts.c.id)).scalar_one())


def test_a_seat_keeps_its_account_while_its_token_stays(app: Starlette) -> None:
    with engine(app).begin() as db:
        account_id = an_account(db, "Anna")
        record_match_seats(db, "t1", 5.0, SEATS)
        assert claim_seats(db, account_id, ["a" * 64, "b" * 64]) == 1
        ben = {"kind": "human", "name": "Ben", "token_hash": "b" * 64}
        seated = [SEATS[0], ben, SEATS[2]]
        record_match_seats(db, "t1", 5.0, seated)
        assert claim_seats(db, account_id, ["b" * 64]) == 1
        taken_over = [{"kind": "bot", "level": "club", "name": ""}, ben, SEATS[2]]
        record_match_seats(db, "t1", 5.0, taken_over)
        rows = db.execute(select(match_seats).order_by(match_seats.c.seat)).all()
    assert [(row.kind, row.name, row.account_id) for row in rows] == [
        ("bot", None, None), ("human", "Ben", account_id), ("bot", None, None)]


def test_an_account_s_matches_are_pages_of_one_indexed_query(app: Starlette) -> None:
    issued: list[tuple[str, Any]] = []

    def seen(_conn: Any, _cursor: Any, statement: str, parameters: Any, *_: Any) -> None:
        if statement.lstrip().startswith("SELECT") and "match_seats" in statement:
            issued.append((statement, parameters))

    with engine(app).begin() as db:
        account_id = an_account(db, "Anna")
        for n in range(7):
            record_match_seats(db, f"t{n}", float(n // 2), [
                {"kind": "human", "token_hash": f"{n:064d}"}])
        claim_seats(db, account_id, [f"{n:064d}" for n in range(7)])
        issued.clear()
        event.listen(engine(app), "before_cursor_execute", seen)
        pages, before = [], None
        while True:
            page = matches_of(db, account_id, 3, before)
            pages.append([seat["table"] for seat in page])
            if len(page) < 3:
                break
            before = (page[-1]["created"], page[-1]["table"], page[-1]["seat"])
        event.remove(engine(app), "before_cursor_execute", seen)
        assert len(issued) == len(pages)  # one query a page
        if db.dialect.name == "postgresql":
            db.exec_driver_sql("SET LOCAL enable_seqscan = off")
        for statement, parameters in issued:  # each one looks the account up by index
            plan = " ".join(str(row[-1]) for row in db.exec_driver_sql(
                f"EXPLAIN {'QUERY PLAN ' * (db.dialect.name == 'sqlite')}{statement}",
                parameters))
            assert "match_seats_by_account" in plan, plan
    assert pages == [["t6", "t5", "t4"], ["t3", "t2", "t1"], ["t0"]]


def test_the_account_tables_come_and_go_with_their_migration(tmp_path: Path) -> None:
    from alembic import command

    from stammtisch.server import migrations
    from stammtisch.server.store import Store

    store = Store(f"sqlite:///{tmp_path / 'migrated.db'}")
    try:
        names = {"accounts", "sessions", "match_seats"}
        assert names <= set(inspect(store.engine).get_table_names())
        with store.engine.begin() as db:
            command.downgrade(migrations.config(db), "0001")
        assert not names & set(inspect(store.engine).get_table_names())
        with store.engine.begin() as db:
            migrations.upgrade(db)
        assert names <= set(inspect(store.engine).get_table_names())
    finally:
        store.dispose()
