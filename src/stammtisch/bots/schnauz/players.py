"""The Schnauz computer players (rules/schnauz.md): each reads its seat's view
only. Rules of thumb in policy.py, odds in odds.py, the expert's search in
bots/commerce.py over deals from determinize.py."""

from __future__ import annotations

from typing import Any

from stammtisch.bots.commerce import Patience, SearchingExpert
from stammtisch.bots.schnauz.determinize import build
from stammtisch.bots.schnauz.odds import lowest_chance, strength
from stammtisch.bots.schnauz.policy import beginner_move, club_move, club_policy
from stammtisch.bots.schnauz.seen import Seen, read
from stammtisch.cards import CardSet
from stammtisch.games.schnauz import (
    CARDS_OF,
    KEEP,
    KNOCK,
    PASS,
    SWAP_ALL,
    SWAP_HAND,
    action_text,
    parse_action,
    swap_one,
)

PATIENCE = 12
"""After this many own turns in one deal the rule-based levels knock when
they may (no round goes on for ever)."""


def _checked(seen: Seen, action: int) -> str:
    if action not in seen.legal:
        raise ValueError(f"the bot chose {action_text(action)!r}, not legal here")
    return action_text(action)


def table_after(hand: CardSet, table: CardSet, action: int) -> CardSet:
    """The table a move leaves (none known yet after the dealer keeps)."""
    if action == SWAP_ALL or action == SWAP_HAND:
        return hand
    if action == KEEP:
        return 0
    if action in (PASS, KNOCK):
        return table
    for hand_card in CARDS_OF[hand]:
        for table_card in CARDS_OF[table]:
            if swap_one(hand_card, table_card) == action:
                return table ^ (1 << hand_card | 1 << table_card)
    return table


class BeginnerBot:
    name = "beginner"

    def __init__(self, seed: int = 0) -> None:
        self.seed = seed
        self.patience = Patience(PATIENCE)

    def choose(self, view: dict[str, Any]) -> str:
        seen = read(view)
        if self.patience.tired(view) and KNOCK in seen.legal:
            return action_text(KNOCK)
        return _checked(seen, beginner_move(seen.hand, seen.table, seen.dealer_choice,
                                            KNOCK in seen.legal))


class ClubBot:
    name = "club"

    def __init__(self, seed: int = 0) -> None:
        self.seed = seed
        self.patience = Patience(PATIENCE)

    def choose(self, view: dict[str, Any]) -> str:
        seen = read(view)
        if self.patience.tired(view) and KNOCK in seen.legal:
            return action_text(KNOCK)
        power = strength(view["deck_variant"])
        known = [seen.known.get(s, 0) for s in seen.active if s != seen.seat]
        after = seen.next_seat(seen.seat)
        feeds = after != seen.knocker
        action = club_move(seen.hand, seen.table, power, seen.dealer_choice,
                           KNOCK in seen.legal, feeds, len(known),
                           lambda: lowest_chance(seen.hand, seen.table, known, seen.unseen))
        return _checked(seen, action)


class ExpertBot(SearchingExpert):
    """Within a deal it remembers how many turns it had and the table its last move
    left; the samples use both. A fresh bot asked about one view (a hint) knows
    neither and samples as at the start of a deal."""

    rollouts_per_second = 4000
    left: tuple[int, CardSet] = (-1, 0)
    """The deal and the table this seat left after its last move."""

    def analyze(self, view: dict[str, Any]) -> list[tuple[str, float]]:
        seen = read(view)
        if not seen.legal:
            return []
        own_turns = 0 if seen.dealer_choice else self.turns.before(view)
        lying = self.left[1] if self.left[0] == view["deal"] else 0
        default = parse_action(ClubBot(self.seed).choose(view))
        ranked = self.rank(view, seen.legal, seen.seat,
                           lambda rng: build(view, seen, rng, own_turns, lying),
                           club_policy, default)
        return [(action_text(a), value) for a, value in ranked]

    def choose(self, view: dict[str, Any]) -> str:
        action = self.analyze(view)[0][0]
        seen = read(view)
        self.left = (view["deal"], table_after(seen.hand, seen.table, parse_action(action)))
        return action
