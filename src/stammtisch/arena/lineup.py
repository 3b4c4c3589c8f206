"""Who plays: the bot level of each seat, or of each team in a team game.

``--players`` lists one level per *unit*. A unit is a seat, or in a team game
(Schmier, whose views list ``teams``) either a seat or a whole team:
``expert,club,club`` in Schmier with three teams of two is one team of two
experts against two teams of club; six names give each seat its own level
(seat s and s + 3 are partners). For games whose player count is an option
the number of names sets it. Besides a level, an entry may name a bot class
(``examples.greedy_bot:GreedyBot``, ``path/to/bot.py:MyBot``; see
:mod:`stammtisch.bots.custom`), which is imported and constructed once here so
that a bad one is reported before any match starts.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

import stammtisch
from stammtisch.bots.custom import construct, is_custom
from stammtisch.bots.registry import levels
from stammtisch.core.game import GameInfo
from stammtisch.errors import StammtischError
from stammtisch.games import REGISTRY


class ArenaError(StammtischError):
    """An arena that cannot be played as asked; the message says why in one line."""


@dataclass(frozen=True)
class Lineup:
    game: str
    options: dict[str, Any]
    """Resolved match options (``num_players`` included where the game has it)."""
    levels: tuple[str, ...]
    """The level of each entry (unit) in the order given."""
    units: tuple[tuple[int, ...], ...]
    """The seats of each unit: one seat, or a team's seats."""
    teams: tuple[tuple[int, ...], ...] | None
    """The game's teams (seat lists), ``None`` where everyone plays alone."""

    @property
    def num_seats(self) -> int:
        return sum(len(unit) for unit in self.units)

    @property
    def labels(self) -> tuple[str, ...]:
        """A name per entry: its level, numbered where the level is listed more than once
        (``expert, club#1, club#2, club#3``)."""
        seen: dict[str, int] = {}
        labels = []
        for level in self.levels:
            seen[level] = seen.get(level, 0) + 1
            many = self.levels.count(level) > 1
            labels.append(f"{level}#{seen[level]}" if many else level)
        return tuple(labels)

    def seat_levels(self, rotation: int) -> tuple[str, ...]:
        """The level in each seat when every entry has moved ``rotation`` units on."""
        seats = [""] * self.num_seats
        for entry, level in enumerate(self.levels):
            for seat in self.units[(entry + rotation) % len(self.units)]:
                seats[seat] = level
        return tuple(seats)

    def entry_of_seat(self, rotation: int) -> tuple[int, ...]:
        seats = [0] * self.num_seats
        for entry in range(len(self.levels)):
            for seat in self.units[(entry + rotation) % len(self.units)]:
                seats[seat] = entry
        return tuple(seats)


def find_arena_game(name: str) -> GameInfo:
    info = REGISTRY.get(name.strip().lower())
    if info is None:
        raise ArenaError(f"unknown game {name!r}; the games are: {', '.join(sorted(REGISTRY))}")
    return info


def _count_text(info: GameInfo) -> str:
    if info.min_players == info.max_players:
        return f"exactly {info.min_players}"
    return f"{info.min_players} to {info.max_players}"


def _read_name(name: str) -> str:
    """A level name in lower case; a class spec (``module:Class``) as written."""
    name = name.strip()
    return name if is_custom(name) else name.lower()


def _check_levels(game: str, names: Sequence[str]) -> None:
    """Every level known; every class importable and constructible (once, for seat 0)."""
    known = [level.name for level in levels(game)]
    for name in names:
        if is_custom(name):
            construct(name, game, seed=0, seat=0, budget=None)
        elif name not in known:
            raise ArenaError(f"unknown level {name!r} for {game}; the levels are: "
                             + ", ".join(known))


def read_lineup(game: str, players: str, options: Mapping[str, Any] | None = None) -> Lineup:
    """The lineup of ``players`` (comma-separated levels) at ``game`` with ``options``."""
    info = find_arena_game(game)
    names = [_read_name(name) for name in players.split(",")]
    if not players.strip() or any(not name for name in names):
        raise ArenaError(f"--players needs comma-separated levels or module:Class specs, "
                         f"got {players!r}")
    _check_levels(info.name, names)
    chosen = dict(options or {})
    has_count = any(spec.name == "num_players" for spec in info.options)
    if has_count:
        given = chosen.setdefault("num_players", len(names))
        if given != len(names):
            raise ArenaError(f"{len(names)} players listed but num_players={given}")
    if not info.min_players <= len(names) <= info.max_players and not has_count:
        return _team_lineup(info, names, chosen)
    if not info.min_players <= len(names) <= info.max_players:
        raise ArenaError(f"{info.title} is played by {_count_text(info)} players, "
                         f"but {len(names)} are listed ({players})")
    probe = stammtisch.new_match(info.name, seed=0, **chosen)
    teams = _teams(probe.view(None))
    units = tuple((seat,) for seat in range(probe.num_players))
    return Lineup(info.name, dict(probe.options), tuple(names), units, teams)


def _teams(view: Mapping[str, Any]) -> tuple[tuple[int, ...], ...] | None:
    teams = view.get("teams")
    return tuple(tuple(team) for team in teams) if teams else None


def _team_lineup(info: GameInfo, names: list[str], options: dict[str, Any]) -> Lineup:
    probe = stammtisch.new_match(info.name, seed=0, **options)
    teams = _teams(probe.view(None))
    if teams is None or len(names) != len(teams):
        per_team = f" or one per team ({len(teams)})" if teams else ""
        raise ArenaError(f"{info.title} is played by {_count_text(info)} players: list one "
                         f"level per seat{per_team}, not {len(names)} ({','.join(names)})")
    return Lineup(info.name, dict(probe.options), tuple(names), teams, teams)
