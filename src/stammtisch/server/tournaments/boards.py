"""A round's tables: each stored as a web table (server/store.py), not yet running;
whichever process a player's socket reaches, or the runner, runs it (hub.py).

A person's seat is theirs by a token only the server can make (an HMAC of the table and
seat under the tournament's ``seat_key``): the tournament's page hands it to that
person's account session alone (view.py), so nobody else can hold the seat. A computer
level sits as itself; a program of the bot API by its bot account. The table plays the
tournament's rule set with its turn clock, and is rated where a person or a program
plays (the rule set is a named one: server/hub.py's ``check_rated``).
"""

from __future__ import annotations

import base64
import hashlib
import hmac
import secrets

from stammtisch.core.match import Match
from stammtisch.games import find_game
from stammtisch.server.catalog import PRESETS
from stammtisch.server.seats import BOT, EXTERNAL, HUMAN, Seat, token_hash
from stammtisch.server.store import Store
from stammtisch.server.table.seating import FALLBACK
from stammtisch.server.table.settings import TableSettings, default_reserve
from stammtisch.server.tournaments.store import LEVEL, PERSON, Entrant, Tournament


def seat_token(tournament: Tournament, table_id: str, seat: int) -> str:
    """The token of a person's ``seat`` at ``table_id``, the same each time it is made."""
    digest = hmac.new(bytes.fromhex(tournament.seat_key), f"{table_id}:{seat}".encode(),
                      hashlib.sha256).digest()
    return base64.urlsafe_b64encode(digest).rstrip(b"=").decode("ascii")


def _seat(tournament: Tournament, table_id: str, seat: int, entrant: Entrant) -> Seat:
    if entrant.kind == PERSON:
        return Seat(HUMAN, token_hash=token_hash(seat_token(tournament, table_id, seat)),
                    name=entrant.name, account=entrant.account_id)
    if entrant.kind == LEVEL:
        return Seat(BOT, entrant.level or FALLBACK)
    return Seat(EXTERNAL, FALLBACK, name=entrant.name)


def options(tournament: Tournament, players: int) -> dict[str, object]:
    chosen = dict(PRESETS.get(tournament.game, {"rules": {}})[tournament.rules])
    if any(spec.name == "num_players" for spec in find_game(tournament.game).options):
        chosen["num_players"] = players
    return chosen


def settings(tournament: Tournament) -> TableSettings:
    clock = tournament.clock
    return TableSettings(clock=clock, clock_reserve=default_reserve(clock) if clock else 0)


def open_table(store: Store, tournament: Tournament, players: list[Entrant],
               seed: int) -> str:
    """Store the table of ``players`` (by seat); its id."""
    match = Match(find_game(tournament.game), seed=seed,
                  options=options(tournament, len(players)))
    table_id = secrets.token_urlsafe(9)
    seats = [_seat(tournament, table_id, seat, entrant)
             for seat, entrant in enumerate(players)]
    rated = any(entrant.kind != LEVEL for entrant in players)
    store.create(table_id, tournament.game, [info.stored() for info in seats],
                 match.record(), rated=rated,
                 settings=settings(tournament).stored() if tournament.clock else None)
    return table_id
