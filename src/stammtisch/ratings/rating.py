"""A rating as every game shows and stores it: a value with its uncertainty.

One shape and one scale for the four games: the value starts at 1500 with a deviation
of 350 (Glickman's start for an unrated player), and it reads "1500?" while it is
provisional: while the deviation is 110 or more (lichess's threshold) and fewer than 20
matches are rated. The count is our addition: OpenSkill's deviation shrinks slowly
(in a four-seat Scat still about 250 after 20 matches, 110 only after some 120, where
Glicko-2's two-player Schnapsen gets below 110 after about 15), and a player should
not read "1500?" for a hundred matches; the deviation still shows how sure the number
is (``display(spread=True)``). Schnapsen's Glicko-2 keeps the volatility; the OpenSkill
games carry it along unchanged. A program's rating reads "1623 BOT" (lichess marks its
BOT accounts).

Stored as four numbers: :meth:`Rating.to_row` and :meth:`Rating.from_row`; a row from
outside is checked, and a bad one is a :class:`RatingError` naming the field.
"""

from __future__ import annotations

import math
from collections.abc import Mapping
from dataclasses import dataclass

from stammtisch.errors import StammtischError

START_VALUE = 1500.0
START_DEVIATION = 350.0
START_VOLATILITY = 0.06
PROVISIONAL_DEVIATION = 110.0
"""From this deviation on a rating is provisional ("1500?"), as on lichess..."""
PROVISIONAL_GAMES = 20
"""...unless this many matches are rated."""
PROGRAM_MARK = "BOT"


class RatingError(StammtischError):
    """A rating, a result or a level that cannot be rated; the message says which."""


@dataclass(frozen=True)
class Rating:
    """A rating: ``value`` and its ``deviation`` on the Glicko scale, Glicko-2's
    ``volatility``, and the number of rated ``games``.

    >>> Rating().display()
    '1500?'
    >>> Rating(1623.4, 62.0, 0.06, 40).display(program=True)
    '1623 BOT'
    >>> Rating(1623.4, 62.0, 0.06, 40).display(spread=True)
    '1623 ±124'
    """

    value: float = START_VALUE
    deviation: float = START_DEVIATION
    volatility: float = START_VOLATILITY
    games: int = 0

    def __post_init__(self) -> None:
        for key in ("value", "deviation", "volatility"):
            number = getattr(self, key)
            if isinstance(number, bool) or not isinstance(number, int | float) \
                    or not math.isfinite(number):
                raise RatingError(f"a rating's {key} is a finite number, not {number!r}")
        if self.deviation <= 0 or self.volatility <= 0:
            raise RatingError(f"a rating's deviation and volatility are > 0, not "
                              f"{self.deviation!r} and {self.volatility!r}")
        if not isinstance(self.games, int) or isinstance(self.games, bool) or self.games < 0:
            raise RatingError(f"a rating's games is a whole number >= 0, not {self.games!r}")

    @property
    def provisional(self) -> bool:
        """Whether the rating reads "1500?": the deviation still large, few matches rated."""
        return self.deviation >= PROVISIONAL_DEVIATION and self.games < PROVISIONAL_GAMES

    @property
    def interval(self) -> tuple[float, float]:
        """Where the strength lies with about 95% confidence: value ± 2 deviations."""
        return self.value - 2 * self.deviation, self.value + 2 * self.deviation

    def display(self, program: bool = False, *, spread: bool = False) -> str:
        """The value as a whole number, ``?`` while provisional, ``±`` two deviations
        with ``spread``, and ``BOT`` for a ``program``'s rating."""
        text = str(_whole(self.value)) + ("?" if self.provisional else "")
        if spread:
            text += f" ±{_whole(2 * self.deviation)}"
        return f"{text} {PROGRAM_MARK}" if program else text

    def to_row(self) -> dict[str, float | int]:
        """The four numbers to store (column names as the fields)."""
        return {"value": self.value, "deviation": self.deviation,
                "volatility": self.volatility, "games": self.games}

    @classmethod
    def from_row(cls, row: Mapping[str, object]) -> Rating:
        """The rating a stored row holds; :class:`RatingError` for a missing or bad field.

        >>> Rating.from_row(Rating(1600, 80).to_row()) == Rating(1600, 80)
        True
        """
        fields = ("value", "deviation", "volatility", "games")
        missing = [key for key in fields if key not in row]
        if missing:
            raise RatingError(f"a rating row lacks {', '.join(missing)}")
        value, deviation, volatility, games = (row[key] for key in fields)
        # __post_init__ checks each type and range
        return cls(value, deviation, volatility, games)  # type: ignore[arg-type]


def _whole(number: float) -> int:
    return math.floor(number + 0.5)


__all__ = ["PROGRAM_MARK", "PROVISIONAL_DEVIATION", "PROVISIONAL_GAMES", "START_DEVIATION",
           "START_VALUE", "START_VOLATILITY", "Rating", "RatingError"]
