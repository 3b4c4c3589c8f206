"""Logged-in browsers: a random session id in a cookie, its SHA-256 in the database.

The id is ``secrets.token_urlsafe(32)`` (256 bits), sent in the cookie :data:`COOKIE`:
HttpOnly (no script reads it), SameSite=Lax (other sites' requests do not carry it,
but a link followed to this site does), Path=/, and Secure when the page is served
over TLS (the request came by https, or the server's public address is https). The
database keeps only the id's SHA-256, so that every server process knows every
session and a copy of the database opens none.

A login always starts a new session (:meth:`Sessions.start`): an id the browser sent
before is ended, never promoted. A session lasts :data:`LIFETIME` from its last
renewal; using it renews it, at most once every :data:`RENEW_EVERY` (the answer then
sets the cookie anew). Logging out ends this session; logging out everywhere, a new
password and deleting the account end every session of the account.
"""

from __future__ import annotations

import hashlib
import secrets
import time
from collections.abc import Callable
from dataclasses import dataclass

from sqlalchemy import delete, insert, select, update
from sqlalchemy.engine import Engine
from starlette.requests import HTTPConnection
from starlette.responses import Response

from stammtisch.server.accounttables import accounts, sessions

COOKIE = "stammtisch_session"
LIFETIME = 30 * 86400.0
"""Seconds a session lasts unused."""
RENEW_EVERY = 86400.0
"""Seconds between two renewals of a session in use."""
MAX_ID = 128
"""A cookie longer than this is no session id of ours (ids are 43 characters)."""


def new_session_id() -> str:
    return secrets.token_urlsafe(32)


def id_hash(session_id: str) -> str:
    return hashlib.sha256(session_id.encode("utf-8")).hexdigest()


@dataclass(frozen=True)
class Session:
    """A live session: its account, and whether this use renewed it."""

    account_id: int
    name: str
    renewed: bool = False


class Sessions:
    """The sessions of one database. Its methods block: run them off the event loop."""

    def __init__(self, engine: Engine, clock: Callable[[], float] = time.time) -> None:
        self.engine = engine
        self.clock = clock

    def start(self, account_id: int, replacing: str = "") -> str:
        """A new session of the account; its id, which is never stored. ``replacing``:
        the session id the browser sent, ended here (a login never keeps it). Sessions
        past their time are cleared on the way."""
        session_id = new_session_id()
        now = self.clock()
        with self.engine.begin() as db:
            db.execute(delete(sessions).where(sessions.c.expires <= now))
            if replacing:
                db.execute(delete(sessions).where(sessions.c.id_hash == id_hash(replacing)))
            db.execute(insert(sessions).values(
                id_hash=id_hash(session_id), account_id=account_id, created=now,
                expires=now + LIFETIME, last_seen=now))
        return session_id

    def lookup(self, session_id: str, renew: bool = True) -> Session | None:
        """The live session of ``session_id``, renewed when it is due (unless ``renew``
        is false: where the answer cannot set the cookie anew, a renewal would leave the
        cookie expiring before its session); None for none (never one, ended, past its
        time, or its account deleted)."""
        if not session_id or len(session_id) > MAX_ID:
            return None
        hashed = id_hash(session_id)
        now = self.clock()
        with self.engine.connect() as db:
            row = db.execute(
                select(sessions.c.account_id, sessions.c.expires, sessions.c.last_seen,
                       accounts.c.name)
                .join(accounts, accounts.c.id == sessions.c.account_id)
                .where(sessions.c.id_hash == hashed, accounts.c.deleted.is_(None))).first()
        if row is None:
            return None
        if row.expires <= now:
            self.end(session_id)
            return None
        if not renew or now - row.last_seen < RENEW_EVERY:
            return Session(row.account_id, row.name)
        with self.engine.begin() as db:
            db.execute(update(sessions).where(sessions.c.id_hash == hashed)
                       .values(last_seen=now, expires=now + LIFETIME))
        return Session(row.account_id, row.name, renewed=True)

    def end(self, session_id: str) -> None:
        if session_id and len(session_id) <= MAX_ID:
            with self.engine.begin() as db:
                db.execute(delete(sessions).where(sessions.c.id_hash == id_hash(session_id)))

    def end_all(self, account_id: int) -> int:
        """End every session of the account; returns how many there were."""
        with self.engine.begin() as db:
            return db.execute(delete(sessions).where(
                sessions.c.account_id == account_id)).rowcount


# --- the cookie ---------------------------------------------------------------------------

def sent_session_id(conn: HTTPConnection) -> str:
    """The session id the request's cookie names; "" for none."""
    return conn.cookies.get(COOKIE, "")


def served_securely(conn: HTTPConnection, public_url: str | None) -> bool:
    """Whether the page is served over TLS: the request came by https (or wss), or the
    server's public address (``serve --public-url``) is https."""
    return conn.url.scheme in ("https", "wss") or \
        (public_url or "").lower().startswith("https://")


def set_session_cookie(response: Response, conn: HTTPConnection, session_id: str,
                       public_url: str | None) -> None:
    response.set_cookie(COOKIE, session_id, max_age=int(LIFETIME), path="/",
                        secure=served_securely(conn, public_url), httponly=True,
                        samesite="lax")


def clear_session_cookie(response: Response, conn: HTTPConnection,
                         public_url: str | None) -> None:
    response.delete_cookie(COOKIE, path="/", secure=served_securely(conn, public_url),
                           httponly=True, samesite="lax")
