"""Deals sampled consistent with what a Schnapsen seat knows (seen.py), layered on the
game's own sampler.

Rules: docs/rules/schnapsen.md §5-§8 and §11. Method: the plain draw is the game's
(:func:`stammtisch.games.schnapsen.deal_unseen`: the unseen cards placed uniformly among
the deals that respect the cards the opponent must and cannot hold); the engine builds
the state (:meth:`SchnapsenState.for_view`: the view read once per decision), under the
table's options as the view shows them.

What the bots add: with a weight (inference.py: what the opponent's choices say), a
sampled deal is kept with the chance its weight gives, so the deals the opponent's play
makes unlikely come up less often.

Known weaknesses: without a weight every consistent deal is equally likely; the open phase with
``follow_suit_mode = "always"`` yields no void (cards are drawn afterwards).
"""

from __future__ import annotations

import random
from collections.abc import Callable

from stammtisch.bots.schnapsen.seen import Seen
from stammtisch.cards import Card, CardSet
from stammtisch.games.schnapsen import (
    SchnapsenHidden,
    SchnapsenState,
    deal_unseen,
    sample,
)
from stammtisch.games.schnapsen_types import SchnapsenView


def sample_hidden(seen: Seen, rng: random.Random) -> tuple[CardSet, tuple[Card, ...]]:
    """The opponent's hand and the face-down talon in draw order (the trump card of a
    closed talon not among it), drawn uniformly among the consistent deals (the game's
    plain draw)."""
    return deal_unseen(seen.hidden, rng)


def sample_weighted(seen: Seen, rng: random.Random,
                    weight: Callable[[CardSet], float] | None,
                    tries: int) -> tuple[CardSet, tuple[Card, ...]]:
    """As :func:`sample_hidden`, a deal kept with the chance ``weight(opponent's hand)``
    (rejection sampling; after ``tries`` rejections the next deal is kept)."""
    for _ in range(tries):
        opp, talon = sample_hidden(seen, rng)
        if weight is None or rng.random() < weight(opp):
            return opp, talon
    return sample_hidden(seen, rng)


def state_builder(seen: Seen) -> Callable[[CardSet, tuple[Card, ...], int], SchnapsenState]:
    """Full-information states of the current deal from ``seen``'s view, read once:
    called with the given hidden cards (the opponent's hand, the face-down talon in
    draw order) and a seed, built by the engine (:meth:`SchnapsenState.for_view`)."""
    build = SchnapsenState.for_view(seen.view)
    mine, first = seen.hand, seen.seat == 0

    def state(opp_hand: CardSet, talon: tuple[Card, ...], seed: int = 0) -> SchnapsenState:
        hands = (mine, opp_hand) if first else (opp_hand, mine)
        return build(SchnapsenHidden(hands, talon, seed))

    return state


def build_state(seen: Seen, opp_hand: CardSet, talon: tuple[Card, ...],
                seed: int = 0) -> SchnapsenState:
    """One state of :func:`state_builder` (for many, build the builder once)."""
    return state_builder(seen)(opp_hand, talon, seed)


def determinize(view: SchnapsenView, rng: random.Random) -> SchnapsenState:
    """A complete deal consistent with everything ``view`` shows, as an engine state
    (the game's plain sampler)."""
    return sample(view, rng)


__all__ = ["build_state", "determinize", "sample_hidden", "sample_weighted", "state_builder"]
