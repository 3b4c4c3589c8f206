"""What a Schnapsen seat knows, read from its view, and deals sampled consistent with it.

Rules: rules/schnapsen.md §5-§8 and §11. Method: :func:`read_view` turns a view
into ints and bitmasks (:class:`Seen`): the unseen cards, the opponent's hand
size, the cards the opponent must hold (the partner of a declared marriage, a
trump card taken by exchange, both not yet played) and the cards it cannot
hold (a suit it did not follow, a trump it did not play, a higher card it did
not head with, each in the strict phase of §7 where following was compulsory;
the dead trump card of a closed talon when the seat remembers it).
:func:`determinize` places the unseen cards uniformly among the deals that
respect all of that and builds a :class:`SchnapsenState` the engine plays on.

Known weaknesses: every consistent deal is equally likely (the opponent's
choices are not read as signals); only the options a view shows (deck size,
hand size, match target, manual claims when ``claim`` is offered) are known,
the others are taken at their defaults; the open phase with
``follow_suit_mode = "always"`` yields no void (cards are drawn afterwards).
"""

from __future__ import annotations

import random
from typing import Any

from stammtisch.bots.schnapsen.seen import Seen, read_view, view_rules
from stammtisch.cards import (
    Card,
    CardSet,
    iter_cards,
    make_card,
    to_set,
)
from stammtisch.games.schnapsen import (
    SchnapsenState,
)


def sample_hidden(seen: Seen, rng: random.Random) -> tuple[CardSet, tuple[Card, ...]]:
    """The opponent's hand and the face-down talon (draw order; for a closed talon the
    dead cards, its trump card last), drawn uniformly among the consistent deals."""
    free = list(iter_cards(seen.unseen & ~seen.opp_must & ~seen.opp_not))
    need = seen.opp_size - seen.opp_must.bit_count()
    if need > len(free):  # a memory that contradicts the view: trust the view alone
        free = list(iter_cards(seen.unseen & ~seen.opp_must))
    chosen = rng.sample(free, need) if need > 0 else []
    opp = seen.opp_must | to_set(chosen)
    rest = [c for c in iter_cards(seen.unseen & ~opp) if c != seen.dead_trump]
    rng.shuffle(rest)
    if seen.dead_trump >= 0 and (seen.unseen & ~opp) >> seen.dead_trump & 1:
        rest.append(seen.dead_trump)
    return opp, tuple(rest)


def build_state(seen: Seen, opp_hand: CardSet, talon: tuple[Card, ...],
                seed: int = 0) -> SchnapsenState:
    """A full-information state of the current deal: the seen facts, the given hidden cards.

    The face-down talon is ``talon`` in draw order, read from position 0; the last
    card of a closed talon is its (face-down) trump card."""
    view = seen.view
    state: SchnapsenState = object.__new__(SchnapsenState)
    state.rules = seen.rules
    state.num_players = 2
    state.seed = seed
    state.decks = ()
    state.game_points = list(view["game_points"])
    state.dealer = view["dealer"]
    state.deal_number = view["deal"]
    state.to_act = -1 if view["to_act"] is None else view["to_act"]
    state.over = False
    state.last_deal = view["last_deal"]
    state.deck = talon[:-1] if seen.closer >= 0 and talon else talon
    state.talon_pos = 0
    state.t = seen.t
    state.trump_suit = seen.trump_suit
    state.low_trump = make_card(seen.trump_suit, seen.rules.low_rank)
    if seen.trump_card >= 0:
        state.trump_card = seen.trump_card
    elif seen.closer >= 0 and talon:
        state.trump_card = talon[-1]
    else:
        state.trump_card = state.low_trump
    state.closer = seen.closer
    state.strict = seen.strict
    hands = [0, 0]
    hands[seen.seat] = seen.hand
    hands[1 - seen.seat] = opp_hand
    state.hands = hands
    state.lead_card = seen.lead
    state.leader = seen.leader
    state.declared = seen.declared
    state.claim_ok = seen.claim_ok
    state.points = list(seen.points)
    state.pending = list(seen.pending)
    state.tricks = list(seen.tricks)
    state.won = list(seen.won)
    state.close_points = seen.close_points
    state.close_tricks = seen.close_tricks
    state.marriages = seen.marriages
    state.exchanges = seen.exchanges
    state.history = seen.history
    state.events = None
    return state


def determinize(view: dict[str, Any], rng: random.Random,
                trump_memory: Card = -1) -> SchnapsenState:
    """A complete deal consistent with everything ``view`` shows, as an engine state."""
    seen = read_view(view, trump_memory)
    opp, talon = sample_hidden(seen, rng)
    return build_state(seen, opp, talon, rng.getrandbits(32))


__all__ = ["Seen", "build_state", "determinize", "read_view", "sample_hidden", "view_rules"]
