"""What a new tournament may be: a request's fields checked, each refusal one line.

The game and one of its named rule sets (the start page's, server/catalog.py's
``PRESETS``: the tables are then rated), the number of rounds, the turn clock (seconds
per decision, table/settings.py; never none: at zero the stand-in decides for a player
who does not move, so nobody holds up a round), the start time (seconds since the epoch), the table
size in the multi-player games, and whether computer levels and programs may join.
"""

from __future__ import annotations

import secrets
import time
from typing import Any

import stammtisch
from stammtisch.games import find_game
from stammtisch.server.catalog import PRESETS
from stammtisch.server.protocol import ProtocolError, clean_name
from stammtisch.server.seats import Player
from stammtisch.server.table.settings import CLOCK_RANGE, RATED_CLOCK
from stammtisch.server.tournaments.store import TournamentError

MAX_ROUNDS = 15
LATEST_START = 60 * 86400.0
"""A tournament starts within this many seconds of its creation."""
LATE = 60.0
"""Seconds in the past a start time may lie (the form's clock and the server's)."""
TABLE_SIZE = {"schnauz": 4, "scat": 4, "schmier": 6}
"""The table size a multi-player game's tournament gets when its creator names none."""


def smallest_table(game: str, size: int) -> int:
    """A round's tables may be one seat smaller than ``size`` where the game allows it."""
    return max(find_game(game).min_players, size - 1, 2)


def _whole(value: Any) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def read_new(data: Any, creator: Player, now: float | None = None) -> dict[str, Any]:
    """The row of the tournament ``data`` asks for; :class:`TournamentError` says what
    is wrong."""
    now = time.time() if now is None else now
    if not isinstance(data, dict):
        raise TournamentError("the body is a JSON object")
    games = {info.name: info for info in stammtisch.games()}
    game = data.get("game")
    if game not in games:
        raise TournamentError(f'"game" is one of {", ".join(sorted(games))}')
    info = games[game]
    try:
        name = clean_name(data.get("name"))
    except ProtocolError as bad:
        raise TournamentError(f'"name": {bad}') from None
    presets = PRESETS.get(game, {"rules": {}})
    rules = data.get("rules", "rules")
    if rules not in presets:
        raise TournamentError(f'"rules" is one of {", ".join(presets)} (the start page\'s '
                              "rule sets)")
    rounds: Any = data.get("rounds")
    if not _whole(rounds) or not 1 <= rounds <= MAX_ROUNDS:
        raise TournamentError(f'"rounds" is a whole number from 1 to {MAX_ROUNDS}')
    clock = data.get("clock", RATED_CLOCK)
    low, high = CLOCK_RANGE
    if not _whole(clock) or not low <= clock <= high:
        raise TournamentError(f'"clock" is the seconds per decision, a whole number from '
                              f"{low} to {high}: a tournament's tables always have a clock, "
                              "so that one player who does not move cannot hold up a round")
    starts = data.get("starts")
    if isinstance(starts, bool) or not isinstance(starts, int | float) \
            or not now - LATE <= starts <= now + LATEST_START:
        raise TournamentError('"starts" is the start time in seconds since 1970 (UTC), '
                              f"from now to {LATEST_START / 86400:.0f} days ahead")
    size = data.get("table_size", TABLE_SIZE.get(game, info.min_players))
    if not _whole(size) or not max(info.min_players, 2) <= size <= info.max_players:
        raise TournamentError(f'"table_size" is a whole number from '
                              f"{max(info.min_players, 2)} to {info.max_players} for {game}")
    computers = data.get("computers", False)
    if not isinstance(computers, bool):
        raise TournamentError('"computers" is true or false: may computer levels and '
                              "programs join")
    return {"id": secrets.token_urlsafe(9), "name": name, "game": game, "rules": rules,
            "table_size": size, "rounds": rounds, "clock": clock, "computers": computers,
            "starts": float(max(starts, now)), "creator_id": creator.id,
            "creator_name": creator.name, "seat_key": secrets.token_hex(32)}
