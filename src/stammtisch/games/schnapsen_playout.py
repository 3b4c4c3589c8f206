"""Schnapsen's play-out policy: how the expert's sampled deals are played on.

The play-out policy (:func:`playout_action`) is the club's rules without counting,
read straight from a full-information :class:`SchnapsenState` (ints and bitmasks,
no view): exchange, declare the biggest marriage, lead a cheap plain card, take a
led card in suit, trump a led ace or ten with the cheapest trump, otherwise throw
the cheapest card; a small share of random moves keeps the play-outs varied. It
never closes: the expert weighs closing exactly, at the root of its search and
inside the solver once two talon cards remain. It ignores what it could count, so
a play-out is a rough sample of sensible play, not good play.

The Python reference of the compiled play-outs (native/schnapsen_playout.pyx), which
must choose the same actions from the same random numbers
(tests/native/test_differential.py); the expert reaches both through
:func:`stammtisch.native.play_out`.
"""

from __future__ import annotations

import random

from stammtisch.cards import ACE, SUIT_MASKS, rank_of
from stammtisch.games.schnapsen import (
    CLAIM,
    CLOSE,
    EXCHANGE,
    HIGHER,
    MARRIAGE,
    POINTS,
    SchnapsenState,
)

LEAD_RISK = tuple({ACE: 5, 10: 12}.get(rank_of(c), POINTS[c]) for c in range(52))
"""How much a plain lead risks: a ten falls to the ace, an ace only to a trump."""


def playout_action(state: SchnapsenState, rng: random.Random, noise: float = 0.1) -> int:
    """The play-out's action in ``state`` (the seat to act)."""
    legal = state.legal()
    if len(legal) == 1:
        return legal[0]
    seat = state.to_act
    if CLAIM in legal:
        if state.points[seat] >= 66:
            return CLAIM
        legal.remove(CLAIM)
        if len(legal) == 1:
            return legal[0]
    if rng.random() < noise:
        plays = [a for a in legal if a != CLOSE]
        return plays[rng.randrange(len(plays))]
    trump = state.trump_suit
    lead = state.lead_card
    if lead >= 0:
        suit = lead // 13
        best = -1
        for card in legal:
            if HIGHER[lead] >> card & 1:
                if best < 0 or POINTS[card] < POINTS[best]:
                    best = card
        if best >= 0:
            return best
        if POINTS[lead] >= 10 and suit != trump:
            ruffs = [c for c in legal if c // 13 == trump]
            if ruffs:
                return min(ruffs, key=POINTS.__getitem__)
        return min(legal, key=lambda c: (c // 13 == trump, POINTS[c]))
    if EXCHANGE in legal:
        return EXCHANGE
    if legal[-1] == CLOSE:
        legal.pop()
    if legal[-1] >= MARRIAGE:
        return max((a for a in legal if a >= MARRIAGE),
                   key=lambda a: (a - MARRIAGE) // 13 == trump)
    trumps = SUIT_MASKS[trump]
    plain = [c for c in legal if not trumps >> c & 1] or legal
    return min(plain, key=LEAD_RISK.__getitem__)


def play_until(state: SchnapsenState, rng: random.Random, stop_t: int) -> bool:
    """Play ``state`` on with the policy until the talon is down to ``stop_t`` cards or
    the strict phase starts (True), or the deal ends (False)."""
    deal = state.deal_number
    while not state.strict and state.t > stop_t:
        state.apply(playout_action(state, rng))
        if state.deal_number != deal or state.over:
            return False
    return True


__all__ = ["LEAD_RISK", "play_until", "playout_action"]
