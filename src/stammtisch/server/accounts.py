"""Optional accounts (issue 42): a name and a password; a guest plays without one.

Passwords: at least :data:`MIN_PASSWORD` characters (at most :data:`MAX_PASSWORD`),
none of the most common ones (data/common-passwords.txt, case aside, nor one of them
with digits after it, such as "dragon2024"), hashed with Argon2id
(``argon2.PasswordHasher``); a hash made with older parameters is made anew at the
next login.

Names: a display name as at a table (server/protocol.py's ``clean_name``). A new name
may not read like any account's or bot account's, nor like "deleted player" (the one
rule of server/names.py: "ALICE" beside "Alice", a Cyrillic "а"); a name refused is
answered "that name cannot be used" whether it is taken or only looks like one taken.
Bot names and account names are one namespace: an account and a bot account are added
one at a time (:data:`NAMES_LOCK` in a process, the store's PostgreSQL advisory lock
across processes). Logging in finds the account by the case-blind reading of the name
given, so "alice" logs into "Alice"; the password decides.

Login answers the same for an unknown name and a wrong password, after one Argon2
verification either way (an unknown name is checked against a dummy hash).

Deleting an account keeps its matches: its seats stay its own, shown as "deleted
player"; its sessions end; its name, readings and password hash are erased, so the
name is free again (whoever takes it later is never shown as the player of the old
matches, which show "deleted player").

Password work is slow on purpose (tens of milliseconds, 64 MiB each): it runs in a
pool of its own with few threads (:meth:`Accounts.run`), never on the event loop.
"""

from __future__ import annotations

import asyncio
import re
import secrets
import threading
import time
from collections.abc import Callable, Iterable
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass
from functools import cache
from importlib import resources
from typing import Any, TypeVar

from argon2 import PasswordHasher
from argon2.exceptions import InvalidHashError, VerificationError
from sqlalchemy import delete, insert, or_, select, text, update
from sqlalchemy.engine import Connection, Engine
from sqlalchemy.exc import IntegrityError

from stammtisch.errors import StammtischError
from stammtisch.server.accounttables import DELETED_NAME, accounts, match_seats, sessions
from stammtisch.server.matchseats import claim_seats, matches_of
from stammtisch.server.names import alike, first_alike, shape, skeleton
from stammtisch.server.protocol import ProtocolError, clean_name
from stammtisch.server.schema import bots
from stammtisch.server.store import BOTS_LOCK

T = TypeVar("T")

MIN_PASSWORD = 10
MAX_PASSWORD = 1024
"""Characters of a password, at least and at most."""
NAME_REFUSED = "that name cannot be used: choose another"
WRONG_LOGIN = "wrong name or password"
WORKERS = 2
"""Passwords hashed or verified at once (each takes 64 MiB for a moment)."""
PAGE = 1000
"""Seats read at a time for a download of an account's data."""

NAMES_LOCK = threading.Lock()
"""Accounts and bot accounts of this process are added one at a time: each new name is
compared with all the others (server/botaccounts.py takes it too)."""

_TRAILING_DIGITS = re.compile(r"\d+$")


class AccountError(StammtischError):
    """A request about an account that is refused; ``status`` is the HTTP answer's."""

    status = 400


class NameRefused(AccountError):
    """A new name that reads like one in use (or is one)."""

    status = 409


class WrongPassword(AccountError):
    """A login, or a password given to confirm a change, that does not match."""

    status = 401


@dataclass(frozen=True)
class Account:
    id: int
    name: str
    created: float


@cache
def common_passwords() -> frozenset[str]:
    """The common passwords shipped with the package, case folded."""
    listed = resources.files("stammtisch.server").joinpath("data", "common-passwords.txt")
    lines = listed.read_text(encoding="utf-8").splitlines()
    return frozenset(line.strip().casefold() for line in lines
                     if line.strip() and not line.startswith("#"))


def check_password(password: object) -> str:
    """``password`` when it may be used, else :class:`AccountError` saying why."""
    if not isinstance(password, str):
        raise AccountError('"password" must be text')
    if len(password) < MIN_PASSWORD:
        raise AccountError(f"a password has at least {MIN_PASSWORD} characters")
    if len(password) > MAX_PASSWORD:
        raise AccountError(f"a password has at most {MAX_PASSWORD} characters")
    folded = password.casefold()
    if folded in common_passwords() or _TRAILING_DIGITS.sub("", folded) in common_passwords():
        raise AccountError("that password is one of the most common ones: choose another")
    return password


def check_name(name: object) -> str:
    """The name as it is shown, or :class:`AccountError` saying what is wrong with it."""
    try:
        return clean_name(name)
    except ProtocolError as wrong:
        raise AccountError(f"{wrong} (the account's name)") from None


def readings(name: str) -> tuple[str, str, str]:
    """How ``name`` reads: case-blind, and its shapes as written and in capitals."""
    return skeleton(name), shape(name), shape(name.upper())


def _alike_query(name: str) -> Any:
    """The live accounts whose names read like ``name`` (three indexed look-ups)."""
    blind, written, capitals = readings(name)
    shapes = (written, capitals)
    return select(accounts.c.name).where(or_(
        accounts.c.name_skeleton == blind, accounts.c.name_shape.in_(shapes),
        accounts.c.name_shape_upper.in_(shapes))).limit(1)


def account_alike(engine: Engine, name: str) -> bool:
    """Whether an account's name reads like ``name`` (for bot names: one namespace)."""
    with engine.connect() as db:
        return db.execute(_alike_query(name)).first() is not None


def _lock_names(db: Connection) -> None:
    """On PostgreSQL, hold the store's lock for new names until the transaction ends."""
    if db.dialect.name == "postgresql":
        db.execute(text("SELECT pg_advisory_xact_lock(:key)"), {"key": BOTS_LOCK})


class Accounts:
    """The accounts of one database. Every method but :meth:`run` and :meth:`close`
    blocks: call them through :meth:`run`."""

    def __init__(self, engine: Engine, hasher: PasswordHasher | None = None,
                 workers: int = WORKERS, clock: Callable[[], float] = time.time) -> None:
        self.engine = engine
        self.hasher = hasher or PasswordHasher()
        self.clock = clock
        self._pool = ThreadPoolExecutor(workers, thread_name_prefix="accounts")
        self._dummy: str | None = None
        self._dummy_lock = threading.Lock()

    async def run(self, work: Callable[..., T], *args: Any) -> T:
        """``work(*args)`` in the accounts' own threads."""
        return await asyncio.get_running_loop().run_in_executor(self._pool, work, *args)

    def close(self) -> None:
        self._pool.shutdown(wait=False, cancel_futures=True)

    # --- passwords ------------------------------------------------------------------------

    def _dummy_hash(self) -> str:
        """A hash of a random password, made like every other: a login with an unknown
        name is verified against it, so that it costs what a wrong password costs."""
        with self._dummy_lock:
            if self._dummy is None:
                self._dummy = self.hasher.hash(secrets.token_urlsafe(16))
            return self._dummy

    def _verify(self, hashed: str, password: str) -> bool:
        try:
            return bool(self.hasher.verify(hashed, password))
        except (VerificationError, InvalidHashError):
            return False

    def _row(self, db: Connection, account_id: int) -> Any:
        return db.execute(select(accounts).where(
            accounts.c.id == account_id, accounts.c.deleted.is_(None))).first()

    def _confirm(self, account_id: int, password: object) -> Any:
        """The live account's row when ``password`` is its password, else
        :class:`WrongPassword`."""
        if not isinstance(password, str) or len(password) > MAX_PASSWORD:
            raise AccountError(f'"password" must be text of at most {MAX_PASSWORD} '
                               "characters")
        with self.engine.connect() as db:
            row = self._row(db, account_id)
        if not self._verify(row.password_hash if row is not None else self._dummy_hash(),
                            password) or row is None:
            raise WrongPassword("wrong password")
        return row

    # --- sign-up, login ---------------------------------------------------------------------

    def sign_up(self, name: object, password: object) -> Account:
        """A new account; :class:`NameRefused` when the name reads like one in use,
        :class:`AccountError` for a name or password that may not be used."""
        shown = check_name(name)
        hashed = self.hasher.hash(check_password(password))
        blind, written, capitals = readings(shown)
        now = self.clock()
        try:
            with NAMES_LOCK, self.engine.begin() as db:
                _lock_names(db)
                bot_names = [str(row.name) for row in db.execute(select(bots.c.name))]
                if alike(shown, DELETED_NAME) or first_alike(shown, bot_names) is not None \
                        or db.execute(_alike_query(shown)).first() is not None:
                    raise NameRefused(NAME_REFUSED)
                account_id = int(db.execute(insert(accounts).values(
                    name=shown, name_skeleton=blind, name_shape=written,
                    name_shape_upper=capitals, password_hash=hashed, created=now)
                    .returning(accounts.c.id)).scalar_one())
        except IntegrityError:  # the same reading added meanwhile by another process
            raise NameRefused(NAME_REFUSED) from None
        return Account(account_id, shown, now)

    def log_in(self, name: object, password: object) -> Account:
        """The account of ``name`` when ``password`` is its password; else
        :class:`WrongPassword`, the same for a name no account has. One Argon2
        verification either way."""
        if not isinstance(password, str) or len(password) > MAX_PASSWORD:
            raise AccountError(f'"password" must be text of at most {MAX_PASSWORD} '
                               "characters")
        row = None
        try:
            blind = skeleton(check_name(name))
        except AccountError:
            blind = None
        if blind is not None:
            with self.engine.connect() as db:
                row = db.execute(select(accounts).where(
                    accounts.c.name_skeleton == blind, accounts.c.deleted.is_(None))).first()
        if not self._verify(row.password_hash if row is not None else self._dummy_hash(),
                            password) or row is None:
            raise WrongPassword(WRONG_LOGIN)
        if self.hasher.check_needs_rehash(row.password_hash):
            self._set_hash(row.id, self.hasher.hash(password))
        return Account(row.id, row.name, row.created)

    def _set_hash(self, account_id: int, hashed: str) -> None:
        with self.engine.begin() as db:
            db.execute(update(accounts).where(accounts.c.id == account_id)
                       .values(password_hash=hashed))

    # --- the account itself ----------------------------------------------------------------

    def get(self, account_id: int) -> Account | None:
        """The live account ``account_id``; None once deleted (or for none)."""
        with self.engine.connect() as db:
            row = self._row(db, account_id)
        return None if row is None else Account(row.id, row.name, row.created)

    def change_password(self, account_id: int, password: object, new: object) -> None:
        """Set a new password, ``password`` being the current one."""
        self._confirm(account_id, password)
        self._set_hash(account_id, self.hasher.hash(check_password(new)))

    def delete(self, account_id: int, password: object) -> None:
        """Delete the account, ``password`` being its password: its sessions end, its
        name and password are erased, its seats are shown as :data:`DELETED_NAME`."""
        self._confirm(account_id, password)
        with self.engine.begin() as db:
            db.execute(update(accounts).where(accounts.c.id == account_id).values(
                name=None, name_skeleton=None, name_shape=None, name_shape_upper=None,
                password_hash="", deleted=self.clock()))
            db.execute(delete(sessions).where(sessions.c.account_id == account_id))
            db.execute(update(match_seats).where(match_seats.c.account_id == account_id)
                       .values(name=DELETED_NAME))

    def claim(self, account_id: int, token_hashes: Iterable[str]) -> int:
        """Make the seats of these token hashes the account's (server/matchseats.py)."""
        with self.engine.begin() as db:
            return claim_seats(db, account_id, token_hashes)

    def data(self, account_id: int) -> dict[str, Any] | None:
        """What is stored of the account, to download: the account (never its password
        hash) and every seat of it; None for no live account."""
        with self.engine.connect() as db:
            row = self._row(db, account_id)
            if row is None:
                return None
            seats: list[dict[str, Any]] = []
            while True:
                last = seats[-1] if seats else None
                page = matches_of(db, account_id, PAGE, None if last is None
                                  else (last["created"], last["table"], last["seat"]))
                seats.extend(page)
                if len(page) < PAGE:
                    break
        return {"account": {"id": row.id, "name": row.name, "created": row.created},
                "matches": seats, "exported": self.clock()}
