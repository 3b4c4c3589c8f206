"""New ratings after a finished match, for every game: :func:`rate`.

Schnapsen (two players) is rated with Glicko-2 (:mod:`.glicko2`), each match a rating
period of its own, as lichess rates each game. Schnauz, Scat and Schmier are rated with
OpenSkill's Plackett-Luce model (:mod:`.plackett_luce`) from the match's places
(:mod:`.standings`). Seats named in ``anchors`` keep their rating: a computer level is an
anchor (its rating comes from the calibration, :mod:`.levels`), the others are rated
against it. A match is rated as a whole, never deal by deal.
"""

from __future__ import annotations

from collections.abc import Collection, Mapping, Sequence
from typing import Any

from stammtisch.ratings import glicko2
from stammtisch.ratings.plackett_luce import rate_places
from stammtisch.ratings.rating import Rating, RatingError
from stammtisch.ratings.standings import Events, Standings, standings

GLICKO_GAMES = frozenset({"schnapsen"})
"""The games rated with Glicko-2; every other with OpenSkill."""


def rate(game: str, ratings_by_seat: Sequence[Rating], result: Mapping[str, Any],
         events: Events | None = None, *, anchors: Collection[int] = ()) -> list[Rating]:
    """Each seat's rating after the match of ``game`` that ended in ``result`` (the
    engine's ``result()``), given the ratings before it, by seat; ``events`` (the
    match's public events) tie the seats that went out in one deal in Schnauz and Scat.
    The seats in ``anchors`` keep their ratings. Bad input is a :class:`RatingError`.

    >>> before = [Rating(), Rating()]
    >>> [r.display() for r in rate("schnapsen", before, {"winner": 1})]
    ['1338?', '1662?']
    """
    places = standings(game, result, events)
    if len(ratings_by_seat) != places.num_seats:
        raise RatingError(f"the {game} result has {places.num_seats} seats, but "
                          f"{len(ratings_by_seat)} ratings were given")
    if not all(isinstance(rating, Rating) for rating in ratings_by_seat):
        raise RatingError("the ratings by seat are Rating objects")
    if any(seat not in range(places.num_seats) for seat in anchors):
        raise RatingError(f"anchors {sorted(anchors)} are not all seats of the "
                          f"{places.num_seats}")
    if game in GLICKO_GAMES:
        after = _glicko(places, ratings_by_seat)
    else:
        after = _openskill(places, ratings_by_seat)
    return [ratings_by_seat[seat] if seat in anchors else rating
            for seat, rating in enumerate(after)]


def _glicko(places: Standings, ratings: Sequence[Rating]) -> list[Rating]:
    if len(ratings) != 2:
        raise RatingError(f"Glicko-2 rates two seats, not {len(ratings)}")
    (first,), (second,) = places.units
    after = list(ratings)
    for seat, other in ((first, second), (second, first)):
        mine, theirs = ratings[seat], ratings[other]
        place, their_place = places.places[seat], places.places[other]
        score = 1.0 if place < their_place else 0.0 if place > their_place else 0.5
        new = glicko2.update(_glicko_of(mine), [glicko2.Game(_glicko_of(theirs), score)])
        after[seat] = Rating(new.rating, new.deviation, new.volatility, mine.games + 1)
    return after


def _glicko_of(rating: Rating) -> glicko2.Glicko:
    return glicko2.Glicko(rating.value, rating.deviation, rating.volatility)


def _openskill(places: Standings, ratings: Sequence[Rating]) -> list[Rating]:
    teams = [[ratings[seat] for seat in unit] for unit in places.units]
    rated = rate_places(teams, places.places)
    after = list(ratings)
    for unit, new in zip(places.units, rated, strict=True):
        for seat, rating in zip(unit, new, strict=True):
            after[seat] = rating
    return after


__all__ = ["GLICKO_GAMES", "rate"]
