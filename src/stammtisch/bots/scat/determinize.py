"""A complete Scat state consistent with one seat's view (rules/scat.md).

Places only what the view hides: the unknown cards of the other hands (and the
seat's own hand in the throw-down window before it looked) and the stock's
cards and order, drawn from the cards the seat has not seen. The discard pile,
the cards others took from it, the seat's hand, lives, knocker and completed
turns stay as the view shows them; the options come from the view. A knocker
is assumed to hold a hand his knock makes plausible (rejection, bounded tries).
Weakness: after a reshuffle the stock is drawn from all unseen cards, though a
seat that remembered the pile would know it better.
"""

from __future__ import annotations

import random
from typing import Any

from stammtisch.bots.commerce import deal_hidden, to_mask
from stammtisch.bots.scat.seen import Seen, cards_of, read
from stammtisch.games.scat import DISCARD, DRAW, WINDOW, ScatState, straight_masks

KNOCKER_FLOOR = 20
"""A sampled knocker's hand must be worth at least this..."""
TRIES = 20
"""... within this many tries (then the last sample stands)."""


def determinize(view: dict[str, Any], rng: random.Random) -> ScatState:
    return build(view, read(view), rng)


def build(view: dict[str, Any], seen: Seen, rng: random.Random) -> ScatState:
    sizes = view["hand_sizes"]
    hidden_seats = [s for s in seen.active if s != seen.seat or not seen.hand]
    missing = [sizes[s] - seen.known.get(s, 0).bit_count() for s in hidden_seats]
    hands = [0] * view["num_players"]
    hands[seen.seat] = seen.hand
    knocker = seen.knocker
    unseen = seen.unseen
    for _ in range(TRIES):
        piles = deal_hidden(unseen, [*missing, seen.stock_size], rng)
        for seat, pile in zip(hidden_seats, piles, strict=False):
            hands[seat] = seen.known.get(seat, 0) | to_mask(pile)
        if knocker < 0 or knocker == seen.seat or seen.value(hands[knocker]) >= KNOCKER_FLOOR:
            break
    return _state(view, seen, hands, tuple(piles[-1]), rng)


def _state(view: dict[str, Any], seen: Seen, hands: list[int], stock: tuple[int, ...],
           rng: random.Random) -> ScatState:
    options = dict(view["options"])
    n = view["num_players"]
    state = object.__new__(ScatState)
    state.num_players = n
    state.seed = rng.getrandbits(63)
    state.decks = ()
    state.options = options
    state.three = options["three_of_a_kind_value"] if options["three_of_a_kind"] else 0
    state.straights = (straight_masks(options["straight_flush_ace_low"])
                       if options["straight_flush"] else frozenset())
    state.min_knock = options["min_knock_score"]
    state.throw_down = options["throw_down"]
    state.knock_first_round = options["knock_allowed_first_round"]
    state.knocker_penalty = options["knocker_lowest_penalty"]
    state.reshuffle = options["empty_stock"] == "reshuffle"
    state.lives = list(view["lives"])
    state.eliminated = list(view["eliminated"])
    state.eliminated_order = [s for s in range(n) if state.eliminated[s]]
    state.active = list(seen.active)
    state.dealer = view["dealer"]
    state.deal_number = view["deal"]
    state.phase = {WINDOW: WINDOW, DRAW: DRAW, DISCARD: DISCARD}.get(seen.phase, "over")
    state.to_act = -1 if view["to_act"] is None else view["to_act"]
    state.hands = hands
    state.pile = list(seen.pile)
    state.stock = stock
    state.known = [seen.known.get(s, 0) for s in range(n)]
    state.known[seen.seat] = cards_of(view["known_cards"].get(str(seen.seat), []))
    state.taken = seen.taken
    state.knocker = seen.knocker
    state.turned = sum(1 << s for s, done in enumerate(view["completed_turn"]) if done)
    state.declined = sum(1 << s for s in view["declined"])
    state.reshuffles = view["reshuffles"]
    state.last_showdown = view["last_showdown"]
    state.events = None
    return state

