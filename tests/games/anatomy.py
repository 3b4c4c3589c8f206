"""Where each game keeps its cards, and which of them a seat may not see.

The contract test (test_contract.py) reads a game's ``dump()`` through these two
functions: ``places`` lists every card place (together they hold the deck once),
``hidden`` the cards a seat (``None``: a spectator) may not see now. A new game
adds its :class:`Anatomy` here; the contract test fails until it does.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

Dump = dict[str, Any]
Events = list[dict[str, Any]]


@dataclass(frozen=True)
class Anatomy:
    places: Callable[[Dump], list[list[str]]]
    hidden: Callable[[Dump, int | None, Events], set[str]]


def _others(dump: Dump, seat: int | None, key: str = "hands") -> set[str]:
    return {card for other, cards in enumerate(dump[key]) if other != seat for card in cards}


def _schnauz_hidden(dump: Dump, seat: int | None, events: Events) -> set[str]:  # noqa: ARG001
    hidden = set(dump["stock"])
    if dump["phase"] != "over":  # the final showdown shows every hand
        hidden |= _others(dump, seat) - set(dump["public"])
    return hidden


def _scat_hidden(dump: Dump, seat: int | None, events: Events) -> set[str]:  # noqa: ARG001
    """In the throw-down window a seat sees its hand only once it declined."""
    hidden = set(dump["stock"])
    for other, cards in enumerate(dump["hands"]):
        mine = other == seat and (dump["phase"] != "throw_down" or dump["declined"] >> other & 1)
        if not mine:
            hidden |= set(cards) - set(dump["known"][other])
    return hidden


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


def _schmier_hidden(dump: Dump, seat: int | None, events: Events) -> set[str]:  # noqa: ARG001
    """Other hands, the stock, other players' discards."""
    return set(dump["stock"]) | _others(dump, seat) | _others(dump, seat, "discards")


ANATOMIES: dict[str, Anatomy] = {
    "schnauz": Anatomy(
        places=lambda d: [*d["hands"], d["table"], d["stock"], d["out_of_play"]],
        hidden=_schnauz_hidden),
    "scat": Anatomy(
        places=lambda d: [*d["hands"], d["pile"], d["stock"]],
        hidden=_scat_hidden),
    "schnapsen": Anatomy(
        places=lambda d: [*d["hands"], *d["won"], d["talon"],
                          [d["trump_card"]] if d["trump_card"] else [],
                          [d["lead_card"]] if d["lead_card"] else []],
        hidden=_schnapsen_hidden),
    "schmier": Anatomy(
        places=lambda d: [*d["hands"], d["stock"], *d["discards"], d["trick"], *d["captured"]],
        hidden=_schmier_hidden),
}
