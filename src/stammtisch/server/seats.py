"""A table's seats: who holds each (a person by a secret token, a computer player, a
program of the bot API named by its bot account, or nobody yet), and for how long a
person who lost their connection keeps the seat.

Tokens are 256 random bits; only their SHA-256 is kept, in memory and in the store.
"""

from __future__ import annotations

import hashlib
import secrets
import time
from dataclasses import dataclass
from typing import Any

HUMAN = "human"
BOT = "bot"
OPEN = "open"
EXTERNAL = "external"
"""A seat for a program over the network (server/botprotocol.py): ``name`` is its bot
account, ``level`` the computer player that acts when the program does not."""


def new_token() -> str:
    return secrets.token_urlsafe(32)


def token_hash(token: str) -> str:
    return hashlib.sha256(token.encode("utf-8")).hexdigest()


@dataclass(frozen=True)
class Player:
    """A logged-in person: their account's id and name."""

    id: int
    name: str


@dataclass
class Seat:
    kind: str
    """``human``, ``bot``, ``external`` or ``open``."""
    level: str = ""
    token_hash: str = ""
    name: str = ""
    owner: bool = False
    """The creator's seat: its token may put computer players into seats."""
    chose_deals: bool = False
    """The creator gave the match's seed (a practice table only): every seat is told."""
    account: int | None = None
    """The account of the person who sat here logged in (kept when a computer player
    takes the seat over: a rated match is theirs, and lost, server/ratingstore.py)."""
    away_since: float | None = None
    """``time.monotonic()`` when the person's last socket closed; None while connected."""

    @classmethod
    def from_stored(cls, stored: dict[str, Any]) -> Seat:
        """A stored seat; an old plain ``token`` is hashed here."""
        hashed = stored.get("token_hash") or ""
        if not hashed and stored.get("token"):
            hashed = token_hash(str(stored["token"]))
        account = stored.get("account")
        return cls(str(stored["kind"]), str(stored.get("level") or ""), str(hashed),
                   str(stored.get("name") or ""), bool(stored.get("owner")),
                   bool(stored.get("chose_deals")),
                   account if isinstance(account, int) and not isinstance(account, bool)
                   else None)

    def stored(self) -> dict[str, Any]:
        stored = {"kind": self.kind, "level": self.level, "name": self.name,
                  "token_hash": self.token_hash, "owner": self.owner}
        if self.chose_deals:
            stored["chose_deals"] = True
        if self.account is not None:
            stored["account"] = self.account
        return stored

    def holds(self, token: str) -> bool:
        return (self.kind == HUMAN and bool(token) and bool(self.token_hash)
                and secrets.compare_digest(self.token_hash, token_hash(token)))

    def for_bot(self, name: str) -> bool:
        """Whether the program of bot account ``name`` plays this seat."""
        return self.kind == EXTERNAL and self.name == name

    def grace_left(self, grace: float, now: float | None = None) -> float | None:
        """Seconds this person keeps the seat while away; None while connected."""
        if self.kind != HUMAN or self.away_since is None:
            return None
        now = time.monotonic() if now is None else now
        return max(0.0, grace - (now - self.away_since))

    def public(self, grace: float, now: float, connected: bool) -> dict[str, Any]:
        """As every client sees it; ``connected``: a socket holds this person's seat."""
        left = None if connected else self.grace_left(grace, now)
        return {"kind": self.kind, "name": self.name or None, "level": self.level or None,
                "connected": self.kind == BOT or (self.kind in (HUMAN, EXTERNAL)
                                                  and connected),
                "grace_left": None if left is None else round(left, 1),
                "takeover": left == 0.0}

    def lobby(self, connected: bool) -> dict[str, Any]:
        return {"kind": self.kind, "name": self.name or None, "level": self.level or None,
                "connected": connected}
