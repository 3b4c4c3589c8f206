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
    """Seconds between two computer moves, so that people can follow them."""
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
    unjoined: float = 600.0
    """Seconds a table made by ``POST /api/tables`` waits for its first socket before it
    leaves memory and the lobby (it stays stored: its link still works)."""
