"""What a Schnauz seat's view tells, as ints (docs/rules/schnauz.md; games/schnauz.py
names the view's keys). Every bot reads its view through :func:`read`."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from functools import cached_property

from stammtisch.cards import SCHNAUZ_DECKS, CardSet, parse_card
from stammtisch.games.schnauz import DEALER_CHOICE, SchnauzHidden, SchnauzState, parse_action
from stammtisch.games.schnauz_types import SchnauzView


def cards_of(codes: list[str]) -> CardSet:
    mask = 0
    for code in codes:
        mask |= 1 << parse_card(code)
    return mask


@dataclass(frozen=True)
class Seen:
    seat: int
    deck: CardSet
    hand: CardSet
    table: CardSet
    out_of_play: CardSet
    known: dict[int, CardSet]
    """Cards other seats took from the table and still hold."""
    active: tuple[int, ...]
    dealer_choice: bool
    knocker: int
    legal: tuple[int, ...]
    view: SchnauzView = field(repr=False, compare=False)
    """The view read (samples are built from it)."""

    @cached_property
    def worlds(self) -> Callable[[SchnauzHidden], SchnauzState]:
        """The view's state with a guess of its hidden cards: the public part is built
        once per view (``SchnauzState.for_view``), a copy per guess."""
        return SchnauzState.for_view(self.view)

    @property
    def unseen(self) -> CardSet:
        """Cards in others' hands or the stock that this seat cannot place."""
        placed = self.hand | self.table | self.out_of_play
        for cards in self.known.values():
            placed |= cards
        return self.deck & ~placed

    def next_seat(self, seat: int) -> int:
        return self.active[(self.active.index(seat) + 1) % len(self.active)]


def read(view: SchnauzView) -> Seen:
    """Raises ValueError for a spectator's view (a bot reads a seat's)."""
    seat = view["seat"]
    if seat is None:
        raise ValueError("a Schnauz bot reads a seat's view, not a spectator's")
    eliminated = view["eliminated"]
    deck = 0
    for card in SCHNAUZ_DECKS[view["deck_variant"]]:
        deck |= 1 << card
    return Seen(
        seat=seat,
        deck=deck,
        hand=cards_of(view.get("hand", [])),
        table=cards_of(view["table"]),
        out_of_play=cards_of(view["out_of_play"]),
        known={int(s): cards_of(c) for s, c in view["known_hands"].items()},
        active=tuple(s for s in range(view["num_players"]) if not eliminated[s]),
        dealer_choice=view["phase"] == DEALER_CHOICE,
        knocker=-1 if view["knocker"] is None else view["knocker"],
        legal=tuple(parse_action(text) for text in view["legal_actions"]),
        view=view,
    )
