# cython: language_level=3, boundscheck=False, wraparound=False, cdivision=True
"""The expert's play-outs compiled: ``playout_action`` and ``play_until`` of
bots/schnapsen/policy.py.

Rules and method: those of the Python play-out (the reference; read its header),
on a :class:`~stammtisch.native.schnapsen_core.NativeMatch`: the same choices from
the same random numbers. The generator is a
:class:`~stammtisch.native.twister.Twister`, or a ``random.Random`` whose state is
copied in and written back, so a Python caller's generator advances as the
Python play-out would advance it.
"""

from libc.stdint cimport uint64_t

from stammtisch.native.schnapsen_core cimport NativeMatch
from stammtisch.native.twister cimport Twister

import random

from stammtisch.cards import SUIT_MASKS
from stammtisch.games import schnapsen as _py

cdef enum:
    EXCHANGE = 52
    CLOSE = 53
    CLAIM = 54
    MARRIAGE = 64
    MAX_ACTIONS = 32

cdef int POINTS_C[52]
cdef int STRENGTH_C[52]
cdef int RISK_C[52]
cdef uint64_t SUIT_C[4]

for _c in range(52):
    POINTS_C[_c] = _py.POINTS[_c]
    STRENGTH_C[_c] = _py.STRENGTH[_c]
    RISK_C[_c] = 12 if _py.POINTS[_c] == 10 else 5 if _py.POINTS[_c] == 11 else _py.POINTS[_c]
for _s in range(4):
    SUIT_C[_s] = SUIT_MASKS[_s]


cdef int choose(NativeMatch state, Twister rng, double noise) noexcept:
    """The play-out's action in ``state`` (the seat to act), as ``policy.playout_action``."""
    cdef int legal[MAX_ACTIONS]
    cdef int n = state.legal_c(legal), i, card, best, seat, trump, lead, suit, count
    cdef bint found
    if n == 1:
        return legal[0]
    seat = state.to_act_c
    found = False
    for i in range(n):
        if legal[i] == CLAIM:
            found = True
    if found:
        if state.points_c[seat] >= 66:
            return CLAIM
        count = 0
        for i in range(n):
            if legal[i] != CLAIM:
                legal[count] = legal[i]
                count += 1
        n = count
        if n == 1:
            return legal[0]
    if rng.real() < noise:
        count = 0
        for i in range(n):
            if legal[i] != CLOSE:
                legal[count] = legal[i]
                count += 1
        return legal[rng.below(count)]
    trump = state.trump_suit_c
    lead = state.lead_card_c
    if lead >= 0:
        suit = lead // 13
        best = -1
        for i in range(n):
            card = legal[i]
            if card // 13 == suit and STRENGTH_C[card] > STRENGTH_C[lead]:
                if best < 0 or POINTS_C[card] < POINTS_C[best]:
                    best = card
        if best >= 0:
            return best
        if POINTS_C[lead] >= 10 and suit != trump:
            for i in range(n):
                card = legal[i]
                if card // 13 == trump and (best < 0 or POINTS_C[card] < POINTS_C[best]):
                    best = card
            if best >= 0:
                return best
        # the cheapest card, plain suits before trumps
        best = legal[0]
        for i in range(1, n):
            card = legal[i]
            if ((card // 13 == trump) < (best // 13 == trump)
                    or ((card // 13 == trump) == (best // 13 == trump)
                        and POINTS_C[card] < POINTS_C[best])):
                best = card
        return best
    for i in range(n):
        if legal[i] == EXCHANGE:
            return EXCHANGE
    if legal[n - 1] == CLOSE:
        n -= 1
    if legal[n - 1] >= MARRIAGE:
        best = -1
        for i in range(n):
            if legal[i] >= MARRIAGE:
                if best < 0 or ((legal[i] - MARRIAGE) // 13 == trump
                                and (best - MARRIAGE) // 13 != trump):
                    best = legal[i]
        return best
    cdef uint64_t trumps = SUIT_C[trump]
    best = -1
    for i in range(n):
        if not trumps >> legal[i] & 1 and (best < 0 or RISK_C[legal[i]] < RISK_C[best]):
            best = legal[i]
    if best >= 0:
        return best
    best = legal[0]
    for i in range(1, n):
        if RISK_C[legal[i]] < RISK_C[best]:
            best = legal[i]
    return best


cdef bint run_until(NativeMatch state, Twister rng, int stop_t) except -1:
    cdef int deal = state.deal_number_c
    while not state.strict_c and state.t_c > stop_t:
        state.apply_c(choose(state, rng, 0.1))
        if state.deal_number_c != deal or state.over_c:
            return False
    return True


cdef Twister twister_of(rng):
    if isinstance(rng, Twister):
        return rng
    if isinstance(rng, random.Random):
        return Twister.from_random(rng)
    raise TypeError(f"a play-out draws from a random.Random or a Twister, not "
                    f"{type(rng).__name__}")


def playout_action(NativeMatch state, rng, double noise=0.1):
    """The play-out's action in ``state`` (``policy.playout_action``); ``rng`` advances as there."""
    if state.to_act_c < 0:
        raise ValueError("the match is over: nobody is to act")
    cdef Twister twister = twister_of(rng)
    action = choose(state, twister, noise)
    if twister is not rng:
        twister.sync_to(rng)
    return action


def play_until(NativeMatch state, rng, int stop_t):
    """Play ``state`` on with the policy until the talon is down to ``stop_t`` cards or the
    strict phase starts (True), or the deal ends (False): ``policy.play_until``."""
    cdef Twister twister = twister_of(rng)
    done = run_until(state, twister, stop_t)
    if twister is not rng:
        twister.sync_to(rng)
    return done
