"""A complete Schnauz state consistent with one seat's view (rules/schnauz.md).

Places only what the view hides: the other seats' unknown hand cards and the
stock's cards and order, drawn from the cards the seat has not seen; its own
hand, the table, the out-of-play tables and the cards others took from the
table stay where the view shows them. A knocker is assumed to hold a hand his
knock makes plausible (rejection, a bounded number of tries).

The house rules come from the view's ``options`` (every player knows the
rules of the table); a view without them is taken to play the defaults.
"""

from __future__ import annotations

import random
from typing import Any

from stammtisch.bots.commerce import deal_hidden, to_mask
from stammtisch.bots.schnauz.odds import strength
from stammtisch.bots.schnauz.seen import Seen, read
from stammtisch.games.schnauz import DEALER_CHOICE, PLAY, SchnauzState

KNOCKER_FLOOR = 0.6
"""A sampled knocker's hand must be stronger than this share of all hands..."""
TRIES = 20
"""... within this many tries (then the last sample stands)."""


def determinize(view: dict[str, Any], rng: random.Random) -> SchnauzState:
    return build(view, read(view), rng)


def build(view: dict[str, Any], seen: Seen, rng: random.Random) -> SchnauzState:
    power = strength(view["deck_variant"])
    unseen = seen.unseen
    others = [s for s in seen.active if s != seen.seat]
    missing = [3 - seen.known.get(s, 0).bit_count() for s in others]
    stock_size: int = view["stock_size"]
    knocker = seen.knocker
    hands = [0] * view["num_players"]
    for _ in range(TRIES):
        piles = deal_hidden(unseen, [*missing, stock_size], rng)
        for seat, pile in zip(others, piles, strict=False):
            hands[seat] = seen.known.get(seat, 0) | to_mask(pile)
        if knocker < 0 or knocker == seen.seat or power[hands[knocker]] > KNOCKER_FLOOR:
            break
    hands[seen.seat] = seen.hand
    stock = tuple(piles[-1])
    return _state(view, seen, hands, stock, rng)


def _final_turns_left(seen: Seen, to_act: int) -> int:
    if seen.knocker < 0:
        return 0
    left, seat = 0, to_act
    while seat != seen.knocker:
        left += 1
        seat = seen.next_seat(seat)
    return left


def _state(view: dict[str, Any], seen: Seen, hands: list[int], stock: tuple[int, ...],
           rng: random.Random) -> SchnauzState:
    state = object.__new__(SchnauzState)
    n = view["num_players"]
    to_act = -1 if view["to_act"] is None else view["to_act"]
    state.num_players = n
    state.seed = rng.getrandbits(63)
    state.decks = ()
    state.deck_variant = view["deck_variant"]
    rules: dict[str, Any] = dict(view.get("options") or {})
    state.options = rules
    state.knock_first_round = rules.get("knock_allowed_first_round", True)
    state.check_before = rules.get("dealt_combo_check") == "before_dealer_choice"
    state.short_stock = rules.get("short_stock_on_all_pass", "showdown")
    state.fire_all_others = rules.get("fire_effect") == "all_others_lose"
    state.knocker_penalty = rules.get("knocker_lowest_penalty", 1)
    state.lives = list(view["lives"])
    state.eliminated = list(view["eliminated"])
    state.eliminated_order = [s for s in range(n) if state.eliminated[s]]
    state.active = list(seen.active)
    state.dealer = view["dealer"]
    state.deal_number = view["deal"]
    state.phase = DEALER_CHOICE if seen.dealer_choice else PLAY
    state.to_act = to_act
    state.hands = hands
    state.table = seen.table
    state.stock = stock
    state.out_of_play = seen.out_of_play
    state.public = seen.table | seen.out_of_play | sum(seen.known.values())
    state.knocker = seen.knocker
    state.final_turns_left = _final_turns_left(seen, to_act)
    state.passes = view["passes"]
    state.turned = sum(1 << s for s in seen.active)
    state.reshuffles = 0
    state.showdown = None
    state.events = None
    return state
