"""Schnapsen rules of thumb, no search: the ``beginner``'s and the ``club``'s choices
and the expert's play-out policy.

Rules: docs/rules/schnapsen.md (default options assumed beyond what the view shows).

``beginner`` plays its own hand only: it exchanges and declares when it can,
leads its highest plain card to grab points, takes a led card in suit or a led
ace or ten with a trump, and never closes or counts (20% of its moves are
random). ``club`` plays like a strong casual player: it counts both players'
points and the unseen cards (trumps above all), exchanges, declares the
biggest marriage, leads cheap cards and keeps the halves of a marriage it may
still complete, takes a led card in suit, trumps a led ace or ten cheaply,
draws trumps with its master trumps in the strict phase, goes out when a sure
trick takes it to 66, closes when its sure tricks are enough for 66, and
claims when it has counted 66.

Known weaknesses: no look-ahead at all (``club`` counts sure tricks, it does
not plan a sequence of them), no reading of the opponent's hand beyond the
unseen cards, and a fixed style an attentive player learns to exploit.

The play-out policy the expert simulates with (``playout_action``, ``play_until``) is
the game's, in games/schnapsen_playout.py, below the compiled core that mirrors it.
"""

from __future__ import annotations

import random

from stammtisch.bots.schnapsen.seen import Seen
from stammtisch.cards import (
    KING,
    QUEEN,
    SUIT_CODES,
    SUIT_MASKS,
    Card,
    iter_cards,
    parse_card,
    rank_of,
)
from stammtisch.games.schnapsen import (
    CLAIM,
    CLOSE,
    EXCHANGE,
    HIGHER,
    MARRIAGE,
    POINTS,
    STRENGTH,
    TARGET,
    takes,
)
from stammtisch.games.schnapsen_playout import LEAD_RISK, play_until, playout_action
from stammtisch.games.schnapsen_types import SchnapsenView


def _cheapest(cards: list[Card], trump_suit: int) -> Card:
    """The card it hurts least to give away: plain before trump, low points first."""
    return min(cards, key=lambda c: (c // 13 == trump_suit, POINTS[c], STRENGTH[c], c))


def _follow_to_take(cards: list[Card], lead: Card, trump_suit: int) -> Card | None:
    """The cheapest card that takes ``lead``: in suit before trump."""
    winners = [c for c in cards if takes(c, lead, trump_suit)]
    if not winners:
        return None
    return min(winners, key=lambda c: (c // 13 == trump_suit and lead // 13 != trump_suit,
                                       POINTS[c], STRENGTH[c]))


def _marriage_pick(marriages: list[int], trump_suit: int) -> int:
    """The biggest marriage, declared by leading its queen (the king stays a stopper)."""
    return max(marriages, key=lambda a: ((a - MARRIAGE) // 13 == trump_suit,
                                         rank_of(a - MARRIAGE) == QUEEN))


def beginner_action(view: SchnapsenView, legal: list[int], rng: random.Random) -> int:
    """The beginner's choice among the ids ``legal``: its own hand by rules of thumb."""
    if CLAIM in legal and view["points"] >= TARGET:
        return CLAIM
    if EXCHANGE in legal:
        return EXCHANGE
    trump_suit = SUIT_CODES.index(view["trump_suit"])
    marriages = [a for a in legal if a >= MARRIAGE]
    if marriages:
        return _marriage_pick(marriages, trump_suit)
    cards = [a for a in legal if a < 52]
    trick = view.get("trick")
    if trick:
        lead = parse_card(trick["cards"][0])
        take = _follow_to_take(cards, lead, trump_suit)
        if take is not None and (POINTS[lead] >= 10 or take // 13 == lead // 13):
            return take
        return _cheapest(cards, trump_suit)
    if rng.random() < 0.2:
        return rng.choice(cards)
    plain = [c for c in cards if c // 13 != trump_suit] or cards
    return max(plain, key=lambda c: (POINTS[c], c))


def _masters(seen: Seen, suit: int) -> list[Card]:
    """Our cards of ``suit`` that no unseen card beats, highest first, counted in order."""
    mine = seen.hand & SUIT_MASKS[suit]
    out: list[Card] = []
    others = seen.unseen & SUIT_MASKS[suit]
    for card in sorted(iter_cards(mine), key=lambda c: -STRENGTH[c]):
        if others & HIGHER[card]:
            break
        out.append(card)
    return out


def _sure_points(seen: Seen) -> int:
    """Card points we can take for sure in the strict phase: master trumps first; side
    masters too once our master trumps outnumber the unseen trumps (worth two each
    opponent card, its least)."""
    trump = seen.trump_suit
    trumps = _masters(seen, trump)
    total = sum(POINTS[c] + 2 for c in trumps)
    if len(trumps) >= (seen.unseen & seen.trump_mask).bit_count():
        for suit in range(4):
            if suit != trump:
                total += sum(POINTS[c] + 2 for c in _masters(seen, suit))
    return total


def club_action(seen: Seen, legal: list[int]) -> int:
    """The club's choice among the ids ``legal`` for the seat that knows ``seen``."""
    me = seen.seat
    mine = seen.points[me]
    trump = seen.trump_suit
    if CLAIM in legal:
        if mine >= TARGET:
            return CLAIM
        legal = [a for a in legal if a != CLAIM]
    if len(legal) == 1:  # e.g. the card of a marriage declared in the strict phase
        return legal[0]
    if EXCHANGE in legal:
        return EXCHANGE
    marriages = [a for a in legal if a >= MARRIAGE]
    cards = [a for a in legal if a < 52]
    if seen.lead >= 0:
        return _club_follow(seen, cards)
    if marriages:
        return _marriage_pick(marriages, trump)
    has_trick = seen.tricks[me] > 0
    if CLOSE in legal and has_trick and mine + _sure_points(seen) >= TARGET and seen.t > 2:
        return CLOSE
    return _club_lead(seen, cards)


def _club_lead(seen: Seen, cards: list[Card]) -> Card:
    me = seen.seat
    trump = seen.trump_suit
    need = TARGET - seen.points[me]
    trumps_out = (seen.unseen & seen.trump_mask).bit_count()
    master_trumps = _masters(seen, trump)
    if seen.tricks[me] > 0:
        for card in master_trumps:
            if POINTS[card] + 2 >= need:
                return card
    if seen.strict:
        if master_trumps and trumps_out:
            return master_trumps[0]
        for suit in range(4):
            masters = _masters(seen, suit)
            follows = seen.unseen & ~seen.opp_not & SUIT_MASKS[suit]
            if masters and (suit == trump or not trumps_out or follows):
                return masters[0]
        return _cheapest(cards, trump)
    return min(cards, key=lambda c: (c // 13 == trump, LEAD_RISK[c] + _keep_value(seen, c), c))


def _club_follow(seen: Seen, cards: list[Card]) -> Card:
    me = seen.seat
    lead = seen.lead
    trump = seen.trump_suit
    need = TARGET - seen.points[me] - (seen.pending[me] if seen.tricks[me] == 0 else 0)
    take = _follow_to_take(cards, lead, trump)
    if take is not None:
        gain = POINTS[lead] + POINTS[take]
        if gain >= need:
            return take
        if take // 13 == lead // 13 or seen.strict:
            return take
        if POINTS[lead] >= 10 and _keep_value(seen, take) < 20:
            return take
    return min(cards, key=lambda c: (c // 13 == trump and seen.lead // 13 != trump,
                                      POINTS[c] + _keep_value(seen, c), c))


def _keep_value(seen: Seen, card: Card) -> int:
    """What a marriage half is worth beyond its points: much with its partner in hand,
    a little while the partner may still be drawn."""
    if seen.strict or rank_of(card) not in (KING, QUEEN):
        return 0
    partner = card + 1 if rank_of(card) == QUEEN else card - 1
    if seen.hand >> partner & 1:
        return 20
    return 3 if seen.unseen >> partner & 1 else 0


__all__ = ["beginner_action", "club_action", "play_until", "playout_action"]
