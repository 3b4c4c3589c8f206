"""What one finished match says about each seat: its finish, its share of the win,
and the game's per-deal figure.

The figure per deal follows what the game's result holds: game points per deal
(Schnapsen: ``game_points``), lives lost per deal played (Schnauz and Scat:
``lives``; from the showdowns' ``lives_lost``, over the deals the seat was dealt
in) and score per deal (Schmier: team ``scores``). Finishing ranks (0 best)
order the seats for Elo: the winner first, then the eliminated in reverse
order (last out is second), or the teams by score.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from stammtisch.core.game import Event

METRICS = {
    "game_points": ("game points per deal", True),
    "lives": ("lives lost per deal", False),
    "scores": ("score per deal", True),
}
"""Result key -> (figure name, whether more is better)."""


def metric_name(result_keys: Sequence[str]) -> str | None:
    return next((METRICS[key][0] for key in METRICS if key in result_keys), None)


def team_of(seat: int, teams: Sequence[Sequence[int]] | None) -> int:
    if not teams:
        return seat
    return next(k for k, team in enumerate(teams) if seat in team)


def win_shares(result: Mapping[str, Any] | None, num_seats: int,
               teams: Sequence[Sequence[int]] | None) -> list[float]:
    """Each seat's share of the match win: 1 for the winner, 1/k in a k-way joint win."""
    shares = [0.0] * num_seats
    if result is None:
        return shares
    if "winners" in result and teams:
        winners = list(result["winners"])
        for seat in range(num_seats):
            if team_of(seat, teams) in winners:
                shares[seat] = 1.0 / len(winners)
    elif result.get("winner") is not None:
        shares[result["winner"]] = 1.0
    return shares


def ranks(result: Mapping[str, Any] | None, num_seats: int,
          teams: Sequence[Sequence[int]] | None) -> list[int]:
    """Finishing rank of each seat (0 best, equal ranks tie); all 0 for an unfinished match."""
    if result is None:
        return [0] * num_seats
    if "eliminated_order" in result:
        out = list(result["eliminated_order"])
        order = [result["winner"], *reversed(out)]
        order += [s for s in range(num_seats) if s not in order]
        return [order.index(seat) for seat in range(num_seats)]
    if "scores" in result and teams:
        winners = set(result.get("winners", []))
        keys = [(0 if k in winners else 1, -score) for k, score in enumerate(result["scores"])]
        distinct = sorted(set(keys))
        return [distinct.index(keys[team_of(seat, teams)]) for seat in range(num_seats)]
    shares = win_shares(result, num_seats, teams)
    return [0 if share > 0 else 1 for share in shares]


def per_deal(result: Mapping[str, Any] | None, events: Sequence[Event], num_seats: int,
             teams: Sequence[Sequence[int]] | None) -> list[float | None]:
    """The game's figure per deal for each seat; ``None`` where it has none or is unfinished."""
    if result is None:
        return [None] * num_seats
    deals = max(1, int(result.get("deals", 1)))
    if "game_points" in result:
        return [points / deals for points in result["game_points"]]
    if "lives" in result:
        lost = [0] * num_seats
        dealt_in = [0] * num_seats
        for event in events:
            if event.get("type") == "deal":
                for seat in event.get("players", range(num_seats)):
                    dealt_in[seat] += 1
            elif event.get("type") == "showdown":
                for seat, count in event.get("lives_lost", {}).items():
                    lost[int(seat)] += count
        return [lost[s] / max(1, dealt_in[s]) for s in range(num_seats)]
    if "scores" in result and teams:
        return [result["scores"][team_of(seat, teams)] / deals for seat in range(num_seats)]
    return [None] * num_seats
