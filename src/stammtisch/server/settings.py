"""What one server run is configured with."""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

DEFAULT_DB = "sqlite:///stammtisch.db"
WEB_DIR = Path(__file__).resolve().parent.parent / "web"


@dataclass(frozen=True)
class Settings:
    db_url: str = DEFAULT_DB
    """SQLAlchemy URL: a SQLite file by default, ``postgresql://...`` for PostgreSQL."""
    bot_delay: float = 0.6
    """Seconds a lone computer move is shown after its turn, beyond the level's thinking
    budget, so that people can follow it (several in a row share ``bot_round``)."""
    web_dir: Path = WEB_DIR
    grace: float = 60.0
    """Seconds a person whose connection dropped keeps the seat before the table's
    creator may hand it to a computer player."""
    rate: float = 20.0
    """Messages a second one socket may send on average ..."""
    burst: float = 40.0
    """... and at most at once."""
    hint_cooldown: float = 2.0
    """Seconds after a seat's hint before the same seat may ask for the next."""
    reviews_at_end: bool = True
    """A match that ends begins the reviews of its people's seats in the background
    (server/reviews.py); off, a review begins when someone asks for it."""
    unjoined: float = 600.0
    """Seconds a table made by ``POST /api/tables`` waits for its first socket before it
    leaves memory and the lobby (it stays stored: its link still works)."""
    create_rate: float = 0.5
    """Tables one client address may create a second on average (30 a minute) ..."""
    create_burst: float = 10.0
    """... and at most at once."""
    header_timeout: float = 10.0
    """Seconds a connection has to send a complete request head: from its opening, and
    from the first byte of each further request on a kept-alive connection; and to end a
    body that is still coming after its request was answered."""
    body_timeout: float = 10.0
    """Seconds a request body (a new table) has to arrive once its head is in."""
    max_per_address: int = 64
    """Connections open at once from one address (sockets to tables included); more are
    closed at once. The trusted proxies are exempt: behind a proxy, it limits per client."""
    max_connections: int = 0
    """Connections open at once in all; 0: the process's descriptor limit less 100, so
    that the database and the log can always open files."""
    trusted_proxies: str | None = None
    """Addresses (and networks) whose ``X-Forwarded-For`` and ``X-Forwarded-Proto`` are
    believed, comma separated; None: uvicorn's $FORWARDED_ALLOW_IPS, else 127.0.0.1,::1."""
    review_budget: float = 0.5
    """Seconds the expert thinks about each decision of a review (bots/review.py's
    REVIEW_BUDGET)."""
    bot_round: float = 1.0
    """Seconds the computer players in play take, about, for one move each: each move is
    shown an even share of this after its turn began (no later than a lone one), and the
    experts think within their share. A person waits about this long for them."""
    bot_time: float = 10.0
    """Seconds a connected program of the bot API has for each decision; then its seat's
    fallback computer player acts (server/botprotocol.py)."""
    bot_rate: float = 1 / 60
    """Bot accounts one client address may register a second on average (1 a minute) ..."""
    bot_burst: float = 3.0
    """... and at most at once."""
    public_url: str | None = None
    """The address friends on other devices open (``http://192.168.1.20:8000``, say):
    invite links are made with it, and it is the one origin besides the loopback names
    whose requests and sockets are taken (server/guard.py). None: invite links are the
    table's path alone, and the page completes them with the address it was opened at;
    the origins taken are the loopback names and the address the server was reached at."""
    redis: str | None = None
    """``redis://host:port/db``: several server processes share the database (PostgreSQL)
    and this Redis, and any of them serves any table (server/cluster.py). None: this
    process alone serves its tables."""
    redis_prefix: str = "stammtisch:"
    """What the names of this deployment's Redis channels begin with."""
    lease: float = 5.0
    """Seconds a process holds a live table without renewing its lease: a dead
    process's tables are taken over after about this long."""
