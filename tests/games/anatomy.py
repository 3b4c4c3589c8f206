"""Where each game keeps its cards, which of them a seat may not see, and what its
views and result must repeat of its state.

The contract test (test_contract.py) reads a game's ``dump()`` through these
functions: ``places`` lists every card place (together they hold the deck once),
``hidden`` the cards a seat (``None``: a spectator) may not see now, ``own`` the
view entries a seat must be shown exactly as the state holds them (``ABSENT``: the
view has no such key), ``result_errors`` what keeps a final result from agreeing
with the final state. A new game adds its :class:`Anatomy` here; the contract test
fails until it does.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

Dump = dict[str, Any]
Events = list[dict[str, Any]]
Result = dict[str, Any]
Options = dict[str, Any]
ABSENT = "<absent>"
"""In ``own``: the view must not have this key."""


@dataclass(frozen=True)
class Anatomy:
    places: Callable[[Dump], list[list[str]]]
    hidden: Callable[[Dump, int | None, Events], set[str]]
    own: Callable[[Dump, int | None], dict[str, Any]]
    result_errors: Callable[[Dump, Result, Options], list[str]]


def _others(dump: Dump, seat: int | None, key: str = "hands") -> set[str]:
    return {card for other, cards in enumerate(dump[key]) if other != seat for card in cards}


def _schnauz_hidden(dump: Dump, seat: int | None, events: Events) -> set[str]:  # noqa: ARG001
    hidden = set(dump["stock"])
    if dump["phase"] != "over":  # the final showdown shows every hand
        hidden |= _others(dump, seat) - set(dump["public"])
    return hidden


def _schnauz_own(dump: Dump, seat: int | None) -> dict[str, Any]:
    """A seat sees its hand while it is in the match (docs/rules/README.md §7)."""
    playing = seat is not None and not dump["eliminated"][seat] and dump["phase"] != "over"
    return {"hand": dump["hands"][seat] if playing and seat is not None else ABSENT}


def _last_survivor_errors(dump: Dump, result: Result, options: Options) -> list[str]:  # noqa: ARG001
    """Schnauz and Scat: the match ends with one seat left in, the winner."""
    alive = [seat for seat, out in enumerate(dump["eliminated"]) if not out]
    return [] if alive == [result["winner"]] else [f"seats {alive} left, winner {result}"]


def _scat_hidden(dump: Dump, seat: int | None, events: Events) -> set[str]:  # noqa: ARG001
    """In the throw-down window a seat sees its hand only once it declined."""
    hidden = set(dump["stock"])
    for other, cards in enumerate(dump["hands"]):
        if other != seat or not _scat_sees_hand(dump, other):
            hidden |= set(cards) - set(dump["known"][other])
    return hidden


def _scat_sees_hand(dump: Dump, seat: int) -> bool:
    return dump["phase"] != "throw_down" or bool(dump["declined"] >> seat & 1)


def _scat_own(dump: Dump, seat: int | None) -> dict[str, Any]:
    """Its hand, from the throw-down window on (§12); and everybody the last settlement."""
    playing = (seat is not None and not dump["eliminated"][seat] and dump["phase"] != "over"
               and _scat_sees_hand(dump, seat))
    return {"hand": dump["hands"][seat] if playing and seat is not None else ABSENT,
            "last_showdown": dump["last_showdown"]}


def _schnapsen_shown(events: Events) -> set[str]:
    """Cards shown face up since the deal began: the trump card, exchanges, marriages."""
    start = max(i for i, e in enumerate(events) if e["type"] == "deal")
    shown: set[str] = set()
    for event in events[start:]:
        shown.update(event[key] for key in ("trump_card", "took") if key in event)
        if event["type"] == "marriage":
            shown.update(event["cards"])
    return shown


def _schnapsen_hidden(dump: Dump, seat: int | None, events: Events) -> set[str]:
    return (set(dump["talon"]) | _others(dump, seat)) - _schnapsen_shown(events)


def _schnapsen_own(dump: Dump, seat: int | None) -> dict[str, Any]:
    """A seat's hand, credited points and pending marriage points (§8.1)."""
    if seat is None:
        return {"hand": ABSENT, "points": ABSENT, "pending": ABSENT}
    return {"hand": dump["hands"][seat], "points": dump["points"][seat],
            "pending": dump["pending"][seat]}


def _schnapsen_result_errors(dump: Dump, result: Result, options: Options) -> list[str]:
    """The winner reached the match target, the loser did not (§11)."""
    points, winner = dump["game_points"], result["winner"]
    if points[winner] >= options["match_target"] > points[1 - winner]:
        return []
    return [f"game points {points}, target {options['match_target']}, winner {winner}"]


def _schmier_hidden(dump: Dump, seat: int | None, events: Events) -> set[str]:  # noqa: ARG001
    """Other hands, the stock, other players' discards."""
    return set(dump["stock"]) | _others(dump, seat) | _others(dump, seat, "discards")


def _schmier_own(dump: Dump, seat: int | None) -> dict[str, Any]:
    return {"hand": ABSENT if seat is None else dump["hands"][seat]}


def _schmier_result_errors(dump: Dump, result: Result, options: Options) -> list[str]:  # noqa: ARG001
    """Winners reached the target with the top score; "play_on" leaves one winner (§11)."""
    scores, winners = result["scores"], result["winners"]
    errors = []
    if not winners or max(scores) < options["target_score"]:
        errors.append(f"winners {winners} with scores {scores}")
    if any(scores[team] != max(scores) for team in winners):
        errors.append(f"a winner below the top score: {winners}, {scores}")
    if options["unresolved_tie"] == "play_on" and [result["winner"]] != winners:
        errors.append(f"play_on ends with one winner, not {result}")
    return errors


ANATOMIES: dict[str, Anatomy] = {
    "schnauz": Anatomy(
        places=lambda d: [*d["hands"], d["table"], d["stock"], d["out_of_play"]],
        hidden=_schnauz_hidden, own=_schnauz_own, result_errors=_last_survivor_errors),
    "scat": Anatomy(
        places=lambda d: [*d["hands"], d["pile"], d["stock"]],
        hidden=_scat_hidden, own=_scat_own, result_errors=_last_survivor_errors),
    "schnapsen": Anatomy(
        places=lambda d: [*d["hands"], *d["won"], d["talon"],
                          [d["trump_card"]] if d["trump_card"] else [],
                          [d["lead_card"]] if d["lead_card"] else []],
        hidden=_schnapsen_hidden, own=_schnapsen_own, result_errors=_schnapsen_result_errors),
    "schmier": Anatomy(
        places=lambda d: [*d["hands"], d["stock"], *d["discards"], d["trick"], *d["captured"]],
        hidden=_schmier_hidden, own=_schmier_own, result_errors=_schmier_result_errors),
}
