"""The Schnauz computer players (docs/rules/schnauz.md): each reads its seat's view
only. Rules of thumb in policy.py, odds in odds.py, the rule-based levels' shell and
the expert's search in bots/thirty_one.py over deals from determinize.py."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from stammtisch.bots.schnauz.determinize import build
from stammtisch.bots.schnauz.history import LastMove, Snapshot, last_moves, snapshot
from stammtisch.bots.schnauz.odds import lowest_chance, strength
from stammtisch.bots.schnauz.policy import (
    CLUB_KNOCKS,
    KEEP_AT,
    beginner_move,
    club_move,
    club_policy,
)
from stammtisch.bots.schnauz.seen import Seen, read
from stammtisch.bots.thirty_one import RuleLevel, SearchingExpert, Shell, standing
from stammtisch.cards import CardSet
from stammtisch.games.schnauz import (
    CARDS_OF,
    KEEP,
    KNOCK,
    PASS,
    SWAP_ALL,
    SWAP_HAND,
    SchnauzState,
    action_text,
    parse_action,
    swap_one,
)
from stammtisch.games.schnauz_types import SchnauzView, schnauz_view
from stammtisch.native import schnauz as schnauz_native

PATIENCE = 12
"""After this many own turns in one deal the rule-based levels knock when
they may (no round goes on for ever)."""


SHELL: Shell[SchnauzView, Seen] = Shell(schnauz_view, read, action_text, KNOCK, PATIENCE)


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


def load_club(deck_variant: str) -> None:
    """The club's tables for a deck, handed to the compiled play-outs."""
    schnauz_native.load_club(deck_variant, strength(deck_variant), CLUB_KNOCKS, KEEP_AT)


def _as_is(state: SchnauzState) -> SchnauzState:
    return state


class BeginnerBot(RuleLevel[SchnauzView, Seen]):
    name = "beginner"
    shell = SHELL

    def move(self, view: SchnauzView, seen: Seen) -> int:
        return beginner_move(seen.hand, seen.table, seen.dealer_choice, KNOCK in seen.legal)


class ClubBot(RuleLevel[SchnauzView, Seen]):
    name = "club"
    shell = SHELL

    def move(self, view: SchnauzView, seen: Seen) -> int:
        power = strength(view["deck_variant"])
        known = [seen.known.get(s, 0) for s in seen.active if s != seen.seat]
        after = seen.next_seat(seen.seat)
        feeds = after != seen.knocker
        return club_move(seen.hand, seen.table, power, seen.dealer_choice,
                         KNOCK in seen.legal, feeds, len(known),
                         lambda: lowest_chance(seen.hand, seen.table, known, seen.unseen))


class ExpertBot(SearchingExpert):
    """Within a deal it remembers how many turns it had and what it saw after its
    last move (the table it left, who held which known cards); the samples use both,
    and fit each other player's hand to his last move. A fresh bot asked about one
    view (a hint) knows neither and samples as at the start of a deal."""

    build = staticmethod(build)
    """The sampler of worlds (determinize.py), a part the decision lab swaps."""
    policy = staticmethod(club_policy)
    """The play-out policy of every seat after the searched move."""
    rollouts_per_second = 4000
    compiled = True
    """Play the worlds out on the compiled core when it is built (the same values;
    False measures the Python path)."""
    patience_limit = PATIENCE
    deck = "A7"
    """The deck of the decision being searched."""
    left: Snapshot | None = None
    """What this seat saw right after its last move."""
    read_rounds: tuple[int, dict[int, list[list[LastMove]]]] = (-1, {})
    """The deal and, per other seat, the readings of his moves in it, newest round first,
    back to the last round that could not be replayed."""

    def on_compiled(self) -> bool:
        """Whether the worlds are played out on the compiled core: when it is built
        and :attr:`compiled`, and the play-out is the club's valued by ``standing``
        (the compiled one is exactly that; a swapped part runs in Python)."""
        if not (self.compiled and self.policy is club_policy and self.value is standing
                and schnauz_native.available()):
            return False
        load_club(self.deck)
        return True

    def play_out(self, world: Any, action: int, seat: int, policy: Callable[[Any], int]) -> float:
        if isinstance(world, SchnauzState):
            return super().play_out(world, action, seat, policy)
        return schnauz_native.play_out(world, action, seat)

    def history(self, view: SchnauzView, seen: Seen) -> dict[int, list[list[LastMove]]]:
        """The others' moves this deal as far as this seat can replay them."""
        moves = last_moves(self.left, view, seen)
        deal, earlier = self.read_rounds
        if deal != view["deal"]:
            earlier = {}
        return {seat: [readings] + earlier.get(seat, []) for seat, readings in moves.items()}

    def analyze(self, view: Mapping[str, Any]) -> list[tuple[str, float]]:
        seat_view = schnauz_view(view)
        seen = read(seat_view)
        return self._ranked(seat_view, seen, self.history(seat_view, seen))

    def _ranked(self, view: SchnauzView, seen: Seen,
                moves: dict[int, list[list[LastMove]]]) -> list[tuple[str, float]]:
        if not seen.legal:
            return []
        own_turns = 0 if seen.dealer_choice else self.turns.before(view)
        left = self.left
        lying = left.table if left is not None and left.deal == view["deal"] else 0
        default = ClubBot(self.seed).pick(view)
        self.deck = view["deck_variant"]
        build = self.build
        # a world may be a compiled match, which only play_out below reads
        convert: Callable[[SchnauzState], Any] = (schnauz_native.to_native
                                                  if self.on_compiled() else _as_is)
        ranked = self.rank(view, seen.legal, seen.seat,
                           lambda rng: convert(build(view, seen, rng, own_turns, lying, moves)),
                           self.policy, default)
        return [(action_text(a), value) for a, value in ranked]

    def choose(self, view: Mapping[str, Any]) -> str:
        seat_view = schnauz_view(view)
        seen = read(seat_view)
        moves = self.history(seat_view, seen)
        if self.tired(seat_view, seen.legal, KNOCK):
            self.turns.before(seat_view)
            action = action_text(KNOCK)
        else:
            action = self._ranked(seat_view, seen, moves)[0][0]
        self.read_rounds = (seat_view["deal"], moves)
        chosen = parse_action(action)
        self.left = snapshot(seat_view, seen, table_after(seen.hand, seen.table, chosen),
                             chosen == KNOCK, self.turns.latest(seat_view))
        return action
