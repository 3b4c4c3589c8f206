"""What the API shows of a tournament: its settings, the standings with their
tie-breaks (swiss.py), every round's tables and byes, each player's results, and for
the logged-in person asking, their own table with the token of their seat (boards.py)
while its match goes on: nobody else is ever sent it."""

from __future__ import annotations

from typing import Any

from stammtisch.server.seats import Player
from stammtisch.server.tournaments import swiss
from stammtisch.server.tournaments.boards import seat_token
from stammtisch.server.tournaments.store import RUNNING, Entrant, Tournament, person_key

TIEBREAKS = ("buchholz", "sonneborn_berger")


def _who(entrant: Entrant) -> dict[str, Any]:
    return {"key": entrant.key, "kind": entrant.kind, "name": entrant.name,
            "level": entrant.level}


def summary(tournament: Tournament) -> dict[str, Any]:
    return {"id": tournament.id, "name": tournament.name, "game": tournament.game,
            "rules": tournament.rules, "table_size": tournament.table_size,
            "rounds": tournament.rounds, "round": tournament.round,
            "clock": tournament.clock, "computers": tournament.computers,
            "starts": tournament.starts, "state": tournament.state,
            "creator_name": tournament.creator_name, "cancelled_by": tournament.cancelled_by,
            "url": f"/tournaments/{tournament.id}"}


def _results(tournament: Tournament, names: dict[str, str]) -> dict[str, list[Any]]:
    """Each player's matches, round by round."""
    found: dict[str, list[Any]] = {entrant.key: [] for entrant in tournament.players}
    for board in tournament.boards:
        for seat, key in enumerate(board.players):
            found.setdefault(key, []).append({
                "round": board.round, "table": board.table_id, "bye": board.table_id is None,
                "opponents": [names.get(other, other) for at, other in
                              enumerate(board.players) if at != seat],
                "points": None if board.points is None else board.points[seat]})
    return found


def _your_table(tournament: Tournament, account: Player | None) -> dict[str, Any] | None:
    if account is None or tournament.state != RUNNING:
        return None
    key = person_key(account.id)
    for board in tournament.board_rows(tournament.round):
        if key in board.players and board.table_id is not None:
            seat = board.players.index(key)
            over = board.points is not None
            return {"table": board.table_id, "seat": seat, "url": f"/table/{board.table_id}",
                    "over": over,
                    "token": None if over else seat_token(tournament, board.table_id, seat)}
    return None


def detail(tournament: Tournament, account: Player | None) -> dict[str, Any]:
    names = {entrant.key: entrant.name for entrant in tournament.players}
    keys = [entrant.key for entrant in tournament.players]
    by_key = {entrant.key: entrant for entrant in tournament.players}
    results = _results(tournament, names)
    table = [{"rank": one.rank, **_who(by_key[one.key]), "points": one.points,
              "buchholz": round(one.buchholz, 3),
              "sonneborn_berger": round(one.berger, 3), "results": results[one.key]}
             for one in swiss.standings(keys, tournament.rounds_so_far())]
    rounds = []
    for number in range(1, tournament.round + 1):
        boards = tournament.board_rows(number)
        rounds.append({
            "round": number,
            "tables": [{"table": board.table_id, "url": f"/table/{board.table_id}",
                        "players": [names.get(key, key) for key in board.players],
                        "points": board.points, "over": board.points is not None}
                       for board in boards if board.table_id is not None],
            "byes": [names.get(board.players[0], board.players[0]) for board in boards
                     if board.table_id is None]})
    you = person_key(account.id) if account is not None else None
    return {**summary(tournament), "tiebreaks": list(TIEBREAKS),
            "players": [_who(entrant) for entrant in tournament.players],
            "standings": table, "round_tables": rounds,
            "you": {"name": account.name, "playing": you in names,
                    "creator": account.id == tournament.creator_id,
                    "table": _your_table(tournament, account)} if account else None}
