"""Hand judgement for Schmier bidding, trump choice and the exchange (docs/rules/schmier.md
§2, §6-§8), on bitmasks.

Method (club): a suit's value is the points a hand expects to take with it as
trump: the ace (High) and the two (Low) are sure points for whoever plays
them, the right and left bauer and the joker are points when their trick is
won, so they count for less and for more next to the cards that protect them;
length wins tricks and with them the other teams' bauers, joker and game
count; tens and aces lean toward Game. The beginner counts high trumps.

Known weaknesses: the weights are hand-set, not fitted (only the margins a bid needs
are measured); the partner is a flat allowance; of the position in the auction only
the dealer's seat counts, and the match score is ignored.
"""

from __future__ import annotations

from stammtisch.cards import (
    ACE,
    JACK,
    JOKER,
    KING,
    QUEEN,
    SUITS,
    CardSet,
    iter_cards,
    make_card,
    rank_of,
)
from stammtisch.games.schmier import POWER, PROTECTED, TRUMPS, left_bauer, right_bauer

PARTNER = 0.7
"""Points a partner is expected to add to a bidder's own."""
DEALER_EXTRA = 1.0
"""What robbing the pack adds to a dealer's hand."""
EXCHANGE_EXTRA = 0.3
"""What drawing up to three cards adds to a non-dealer's hand."""
MARGIN = 0.35
"""The dealer's bid must be covered by this much more than its number."""
OPEN_MARGIN = -0.35
"""The margin of every other seat: it bids when its estimate comes within this much
of the bid. Measured in club play-outs (tools/schmier_bidding.py; notes/findings.md):
from there on a bid of the lowest number gains on passing, for a pass leaves the deal
to the others or throws it in."""


def _bit(card: int) -> int:
    return 1 << card


_MARKS = tuple(
    (_bit(make_card(t, ACE)), _bit(make_card(t, KING)), _bit(make_card(t, QUEEN)),
     _bit(make_card(t, 2)), _bit(right_bauer(t)), _bit(left_bauer(t)),
     _bit(make_card(t, 10)), TRUMPS[t],
     sum(_bit(make_card(s, 10)) for s in SUITS if s != t))
    for t in SUITS)


def suit_value(hand: CardSet, trump: int) -> float:
    """The points ``hand`` expects to win itself with ``trump`` as trump."""
    ace, king, queen, two, rb, lb, ten, trumps, tens = _MARKS[trump]
    has_rb, has_lb, has_joker = hand & rb != 0, hand & lb != 0, hand >> JOKER & 1
    high = (hand & ace != 0) + (hand & king != 0) + (hand & queen != 0)
    value = 0.0
    if hand & ace:
        value += 1.0
    if hand & two:
        value += 0.95
    if hand & king:
        value += 0.3
    if hand & queen:
        value += 0.15
    if has_rb:
        value += 0.55 + 0.15 * min(high, 2)
    if has_lb:
        value += 0.4 + 0.12 * (min(high, 2) + has_rb)
    if has_joker:
        value += 0.3 + 0.1 * min(high + has_rb + has_lb, 3)
    if hand & ten:
        value += 0.25
    value += 0.25 * max(0, (hand & trumps).bit_count() - 2)
    return value + 0.05 * (hand & tens).bit_count()


def best_suit(hand: CardSet) -> tuple[int, float]:
    """The suit of the highest :func:`suit_value` and that value."""
    values = [suit_value(hand, t) for t in SUITS]
    best = max(SUITS, key=lambda t: (values[t], -t))
    return best, values[best]


def bid_estimate(hand: CardSet, is_dealer: bool, partners: int) -> tuple[int, float]:
    """(trump, points the team expects) if this hand takes the contract."""
    trump, value = best_suit(hand)
    value += PARTNER * partners + (DEALER_EXTRA if is_dealer else EXCHANGE_EXTRA)
    return trump, value


HIGH_RANKS = (ACE, KING, QUEEN)


def high_count(hand: CardSet, trump: int) -> int:
    """The beginner's measure: trump A, K, Q, both bauers and the joker held."""
    cards = [make_card(trump, r) for r in HIGH_RANKS] + [right_bauer(trump),
                                                         left_bauer(trump), JOKER]
    return sum(hand >> c & 1 for c in cards)


def beginner_suit(hand: CardSet) -> int:
    return max(SUITS, key=lambda t: (high_count(hand, t), (hand & TRUMPS[t]).bit_count(), -t))


def keep_value(card: int, hand: CardSet) -> float:
    """How much a non-trump is worth keeping through the exchange: aces win tricks,
    a king only beside its ace; tens feed others' Game and go first."""
    rank = rank_of(card)
    if rank == ACE:
        return 1.0
    if rank == KING:
        return 0.5 if hand >> (card + 1) & 1 else 0.15
    if rank == 10:
        return -0.1
    if rank in (QUEEN, JACK):
        return 0.05
    return 0.01 * rank


KEEP_LIMIT = 0.3
"""Non-trumps worth less than this are exchanged, as many as allowed."""


def trump_keep(card: int, trump: int) -> float:
    """How much a trump is worth keeping when the dealer must shed some (§8.2)."""
    if card == make_card(trump, 10):
        return 12.0
    return float(POWER[trump][card])


def rob_keep(hand: CardSet, trump: int) -> CardSet:
    """The six cards a club dealer keeps from ``hand`` (§8.2's restrictions hold)."""
    trumps = hand & TRUMPS[trump]
    if trumps.bit_count() > 6:
        free = list(iter_cards(trumps & ~PROTECTED[trump]))
        free.sort(key=lambda c: trump_keep(c, trump))
        shed = sum(1 << c for c in free[:trumps.bit_count() - 6])
        return trumps & ~shed
    plain = sorted(iter_cards(hand & ~trumps), key=lambda c: -keep_value(c, hand))
    return trumps | sum(1 << c for c in plain[:6 - trumps.bit_count()])

