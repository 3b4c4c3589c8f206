"""One action for the acting seat of a Schmier state, by the beginner's or the
club's rules (docs/rules/schmier.md §6-§9): the auction and trump from hand.py, the
exchange and the rob, the cards from play.py. Reads only the acting seat's
hand and what is public, so it runs both the bots and the expert's play-outs.

Beginner: bids the lowest bid up to its count of high trumps in its best suit,
names that suit, exchanges its non-trumps below ten, robs for trumps then high
cards. Club: bids when the best suit's value plus partner, exchange or rob
allowance covers the bid with a margin (the dealer), or comes within a margin of
it (the others, who would otherwise leave the deal to be thrown in; more to
outbid its partner), names
that suit, exchanges the non-trumps worth least to keep, robs by keeping every
trump (shedding the lowest unprotected ones when over six) and its best side
cards.

Known weaknesses: no bid reads the earlier bids beyond the partner's, and the
match score never changes the bidding.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from stammtisch.bots.schmier.hand import (
    KEEP_LIMIT,
    MARGIN,
    OPEN_MARGIN,
    beginner_suit,
    best_suit,
    bid_estimate,
    high_count,
    keep_value,
    rob_keep,
    trump_keep,
)
from stammtisch.bots.schmier.play import beginner_card, club_card
from stammtisch.cards import CardSet, iter_cards, rank_of
from stammtisch.games.schmier import (
    AUCTION,
    DISCARD,
    EXCHANGE,
    NUM_PLAYERS,
    OVER,
    PASS,
    PLAY,
    PROTECTED,
    ROB,
    TRUMP,
    TRUMPS,
    SchmierState,
    bid,
    discard,
    play,
    trump,
)

Policy = Callable[[SchmierState], int]

_BID0 = bid(0)
PARTNER_OVERBID = 1.0
"""How much more than the bid a club player needs to outbid its partner."""


def _bids(state: SchmierState) -> tuple[list[int], bool]:
    """The legal bid numbers and whether passing is legal."""
    legal = state.legal()
    return [a - _BID0 for a in legal if a != PASS], PASS in legal


def club_bid(state: SchmierState) -> int:
    seat = state.to_act
    bids, may_pass = _bids(state)
    if not bids:
        return PASS
    partners = NUM_PLAYERS // state.num_teams - 1
    _, estimate = bid_estimate(state.hands[seat], seat == state.dealer, partners)
    need = estimate - (MARGIN if seat == state.dealer else OPEN_MARGIN)
    teams = state.num_teams
    if state.bidder >= 0 and state.bidder % teams == seat % teams:
        need -= PARTNER_OVERBID
    affordable = [n for n in bids if n <= need]
    if affordable:
        return bid(min(affordable))
    return PASS if may_pass else bid(min(bids))


def beginner_bid(state: SchmierState) -> int:
    bids, may_pass = _bids(state)
    if not bids:
        return PASS
    hand = state.hands[state.to_act]
    count = high_count(hand, beginner_suit(hand))
    if min(bids) <= count or not may_pass:
        return bid(min(bids))
    return PASS


def club_exchange(state: SchmierState) -> CardSet:
    hand = state.hands[state.to_act]
    t = state.trump
    ranked = sorted(iter_cards(hand & ~TRUMPS[t]), key=lambda c: keep_value(c, hand))
    chosen = [c for c in ranked if keep_value(c, hand) < KEEP_LIMIT][:state.max_discard]
    return sum(1 << c for c in chosen)


def beginner_exchange(state: SchmierState) -> CardSet:
    hand = state.hands[state.to_act]
    low = [c for c in iter_cards(hand & ~TRUMPS[state.trump]) if rank_of(c) < 10]
    return sum(1 << c for c in low[:state.max_discard])


def beginner_rob(hand: CardSet, t: int) -> CardSet:
    """The cards a beginner dealer discards: lowest trumps over six, else low side cards."""
    trumps = hand & TRUMPS[t]
    if trumps.bit_count() > 6:
        free = sorted(iter_cards(trumps & ~PROTECTED[t]), key=lambda c: c % 13)
        return (hand & ~trumps) | sum(1 << c for c in free[:trumps.bit_count() - 6])
    plain = sorted(iter_cards(hand & ~trumps), key=lambda c: c % 13)
    return sum(1 << c for c in plain[:hand.bit_count() - 6])


def club_action(state: SchmierState) -> int:
    phase = state.phase
    if phase == PLAY:
        return play(club_card(state))
    hand = state.hands[state.to_act]
    if phase == AUCTION:
        return club_bid(state)
    if phase == TRUMP:
        return trump(best_suit(hand)[0])
    if phase == EXCHANGE:
        return discard(club_exchange(state))
    if phase == ROB:
        return discard(hand & ~rob_keep(hand, state.trump))
    raise ValueError(f"no action in phase {phase!r}")


def beginner_action(state: SchmierState) -> int:
    phase = state.phase
    if phase == PLAY:
        return play(beginner_card(state))
    hand = state.hands[state.to_act]
    if phase == AUCTION:
        return beginner_bid(state)
    if phase == TRUMP:
        return trump(beginner_suit(hand))
    if phase == EXCHANGE:
        return discard(beginner_exchange(state))
    if phase == ROB:
        return discard(beginner_rob(hand, state.trump))
    raise ValueError(f"no action in phase {phase!r}")


def discard_candidates(state: SchmierState, legal: Sequence[int], limit: int) -> list[int]:
    """The ``limit`` discards of ``legal`` the club rules like best (exchange or rob),
    best first."""
    hand = state.hands[state.to_act]
    t = state.trump
    trumps = hand & TRUMPS[t]

    def score(action: int) -> float:
        cards = action & ~DISCARD
        if state.phase == EXCHANGE:
            return sum(KEEP_LIMIT - keep_value(c, hand) for c in iter_cards(cards))
        return -sum(trump_keep(c, t) if trumps >> c & 1 else keep_value(c, hand)
                    for c in iter_cards(cards))

    return sorted(legal, key=lambda a: -score(a))[:limit]


MAX_STEPS = 200


def finish_deal(state: SchmierState, policy: Policy) -> None:
    """Play ``state`` on by ``policy`` until its deal is scored or thrown in."""
    if state.to_act < 0 and state.phase != OVER:
        raise ValueError("nobody is to act: the deal has ended")
    deal = state.deal_number
    steps = 0
    while state.deal_number == deal and state.phase != OVER and steps < MAX_STEPS:
        state.apply(policy(state))
        steps += 1
