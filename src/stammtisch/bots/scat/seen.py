"""What a Scat seat's view tells, as ints (docs/rules/scat.md; games/scat.py names the
view's keys). Every bot reads its view through :func:`read`."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from functools import cached_property
from typing import Any

from stammtisch.bots.thirty_one import to_mask
from stammtisch.cards import SCAT_DECK, CardSet, parse_card
from stammtisch.games.scat import (
    DISCARD,
    DRAW,
    WINDOW,
    ScatHidden,
    ScatState,
    hand_value,
    parse_action,
    points,
)
from stammtisch.games.scat_types import ScatView

DECK: CardSet = to_mask(SCAT_DECK)


def cards_of(codes: list[str]) -> CardSet:
    mask = 0
    for code in codes:
        mask |= 1 << parse_card(code)
    return mask


def valuer(options: Mapping[str, Any]) -> Callable[[CardSet], float]:
    """The §7 value under the match's variants (plain points when none is on)."""
    if not options.get("three_of_a_kind") and not options.get("straight_flush"):
        return points
    keywords = {k: options[k] for k in ("three_of_a_kind", "three_of_a_kind_value",
                                        "straight_flush", "straight_flush_ace_low")}
    return lambda hand: hand_value(hand, **keywords)


@dataclass(frozen=True)
class Seen:
    seat: int
    phase: str
    hand: CardSet
    """Empty in the throw-down window before the seat has looked."""
    pile: tuple[int, ...]
    """The discard pile, bottom to top."""
    known: dict[int, CardSet]
    """Cards other seats took from the pile and still hold."""
    active: tuple[int, ...]
    knocker: int
    taken: CardSet
    stock_size: int
    legal: tuple[int, ...]
    value: Callable[[CardSet], float]
    view: ScatView = field(repr=False, compare=False)
    """The view read (samples are built from it)."""

    @cached_property
    def worlds(self) -> Callable[[ScatHidden], ScatState]:
        """The view's state with a guess of its hidden cards: the public part is built
        once per view (``ScatState.for_view``), a copy per guess."""
        return ScatState.for_view(self.view)

    @property
    def top(self) -> int:
        return self.pile[-1] if self.pile else -1

    @property
    def unseen(self) -> CardSet:
        """Cards in others' hands or the stock that this seat cannot place."""
        placed = self.hand | to_mask(self.pile)
        for cards in self.known.values():
            placed |= cards
        return DECK & ~placed

    def next_seat(self, seat: int) -> int:
        return self.active[(self.active.index(seat) + 1) % len(self.active)]


def read(view: ScatView) -> Seen:
    """Raises ValueError for a spectator's view (a bot reads a seat's)."""
    seat = view["seat"]
    if seat is None:
        raise ValueError("a Scat bot reads a seat's view, not a spectator's")
    eliminated = view["eliminated"]
    phase = view["phase"]
    return Seen(
        seat=seat,
        phase=phase if phase in (WINDOW, DRAW, DISCARD) else "over",
        hand=cards_of(view.get("hand", [])),
        pile=tuple(parse_card(c) for c in view["discard_pile"]),
        known={int(s): cards_of(c) for s, c in view["known_cards"].items()
               if int(s) != seat},
        active=tuple(s for s in range(view["num_players"]) if not eliminated[s]),
        knocker=-1 if view["knocker"] is None else view["knocker"],
        taken=cards_of([view["taken_from_discard"]]) if view["taken_from_discard"] else 0,
        stock_size=view["stock_size"],
        legal=tuple(parse_action(text) for text in view["legal_actions"]),
        value=valuer(view["options"]),
        view=view,
    )
