"""What the opponent's play says about its hand: soft weights for sampled deals.

Rules: docs/rules/schnapsen.md §6-§8 (marriages on a lead in the open phase, the
exchange of the low trump while more than two talon cards remain). Method: each
past decision of the opponent that a holder of some cards would likely have made
otherwise becomes an :class:`Evidence`: it led in the open phase without
declaring a marriage it could hold (K and Q of a suit both unseen), led without
exchanging the low trump it could hold, or let our ace or ten of a plain suit
win a trick in the open phase while it could hold the higher card of that suit
(or a trump). A sampled hand that holds such cards is weighted by
``1 - strength * p``, where ``p`` is the chance that those cards were already in
its hand at that decision rather than drawn since (about ``(h - d) / h`` a card
for ``d`` draws since and a hand of ``h``). :func:`hand_weight` is the product
of the weights; determinize.py keeps a sampled deal with that chance
(rejection), so no consistent deal is excluded, only made rarer.

A close by the opponent is read from its hand at the close (its hand now and the
cards it has played since): a hand is weighted by ``1 - closed * (1 - c)``, where
``c`` is how often players close with a hand of its :func:`close_strength`
(:data:`CLOSE_BANDS`, fitted on the 20-card deal with five cards a hand and read only
there).

Known weaknesses: the strengths are judged, not fitted to the opponent (a human
who holds back a marriage to hide it is read as not having it); the draw-order
chance is the uniform one.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from stammtisch.bots.schnapsen.seen import Seen
from stammtisch.cards import KING, QUEEN, SUIT_MASKS, CardSet, iter_cards, make_card, rank_of
from stammtisch.games.schnapsen import HIGHER, POINTS


@dataclass(frozen=True, slots=True)
class Strengths:
    """How sure each kind of evidence is that the opponent lacks the cards: 0 reads
    nothing into it, 1 rules the hands holding them out (tools/fit_inference.py
    measures them for a level's own play)."""

    undeclared_marriage: float = 0.7
    """A lead without a declaration: the leader held no marriage."""
    unexchanged_trump: float = 0.8
    """A lead without an exchange: the leader held no low trump."""
    untaken_higher: float = 0.7
    """A lost trick on our ace or ten: the follower held no higher card."""
    untaken_trump: float = 0.3
    """The same for holding a trump (trumping a ten or ace is often, not always, right)."""
    closed: float = 0.9
    """A close: the closer's hand at the close was one players close with
    (:func:`close_chance`)."""


JUDGED = Strengths()
"""The strengths the expert plays with."""
CLOSE_BANDS = (0.0, 0.0, 0.0, 0.0, 0.0, 0.05, 0.22, 0.73, 1.0, 0.90, 0.55, 0.21)
"""How often a hand of each band of ten :func:`close_strength` points is closed with,
against the most often (80-89), the last band for every strength above: fitted to
``expert`` and ``expert-2026`` each against itself (tools/fit_inference.py, 3,143
decisions where a close was legal, 351 closes). Players close on middling hands:
a hand strong enough to win anyway is closed with less often than one at 80-99."""
CLOSE_FITTED_ON = (20, 5)
"""The deal the bands were fitted on (cards in the deck, cards in a hand): with more
cards the strengths of the hands closed with are others, so a close is read only there."""
MARRIAGE_PAIRS = tuple(1 << make_card(suit, KING) | 1 << make_card(suit, QUEEN)
                       for suit in range(4))
"""The king and queen of each suit, by suit."""
MAX_TRIES = 16
"""Rejected samples at most before a deal is kept whatever its weight."""


@dataclass(frozen=True, slots=True)
class Evidence:
    """A hand holding all of ``cards`` (``every``) or any of them gets ``weight``."""

    cards: CardSet
    every: bool
    weight: float

    def applies(self, hand: CardSet) -> bool:
        held = hand & self.cards
        return held == self.cards if self.every else held != 0


def _kept(size: int, drawn: int, count: int) -> float:
    """The chance that ``count`` given cards of a hand of ``size`` were all in it
    ``drawn`` draws ago (every card of the hand equally likely to be a new one)."""
    chance = 1.0
    for k in range(count):
        if size - k <= 0:
            return 0.0
        chance *= max(0, size - drawn - k) / (size - k)
    return chance


def close_strength(hand: CardSet, points: int, trump_suit: int) -> int:
    """How strong a hand is for closing: the points won so far, the hand's card points,
    ten more a trump, and 20 (40 in trumps) a marriage held."""
    strength = points + sum(POINTS[card] for card in iter_cards(hand))
    trumps = SUIT_MASKS[trump_suit]
    strength += 10 * (hand & trumps).bit_count()
    for suit, pair in enumerate(MARRIAGE_PAIRS):
        if hand & pair == pair:
            strength += 40 if suit == trump_suit else 20
    return strength


def close_chance(strength: int) -> float:
    """The chance that a player closes with a hand of ``strength``, against the chance
    with the hands most often closed with (:data:`CLOSE_BANDS`)."""
    return CLOSE_BANDS[min(max(0, strength) // 10, len(CLOSE_BANDS) - 1)]


def evidence(seen: Seen, strengths: Strengths = JUDGED) -> list[Evidence]:
    """Everything the opponent's past choices in this deal say against some hands."""
    found: list[Evidence] = []
    rules = seen.rules
    opp = seen.opp
    hand_size = rules.hand_size
    t0 = rules.deck_size - 2 * hand_size
    rounds = (t0 - seen.t) // 2
    """Draw rounds so far: the tricks played with the talon open."""
    size = max(1, seen.opp_size)
    low_trump = make_card(seen.trump_suit, rules.low_rank)
    exchanged_at = {trick for s, _, _, trick in seen.exchanges if s == opp}
    pairs = [mask for mask in MARRIAGE_PAIRS if mask & seen.unseen == mask]
    leads = [(index, a) for index, (leader, a, _, _) in enumerate(seen.history)
             if leader == opp and index < rounds]
    if seen.leader == opp and seen.lead >= 0 and not seen.strict:
        leads.append((len(seen.history), seen.lead))
    married = {suit for s, suit in seen.marriages if s == opp}
    for index, lead in leads:
        drawn = rounds - index
        declared = rank_of(lead) in (KING, QUEEN) and lead // 13 in married
        if not declared:
            for mask in pairs:
                found.append(Evidence(mask, True,
                                      1 - strengths.undeclared_marriage * _kept(size, drawn, 2)))
        if (t0 - 2 * index > 2 and index not in exchanged_at
                and seen.unseen >> low_trump & 1 and low_trump != seen.dead_trump):
            found.append(Evidence(1 << low_trump, True,
                                  1 - strengths.unexchanged_trump * _kept(size, drawn, 1)))
    trumps = SUIT_MASKS[seen.trump_suit]
    for index, (leader, a, b, winner) in enumerate(seen.history):
        if leader != seen.seat or winner != seen.seat or index >= rounds:
            continue
        if POINTS[a] < 10 or (1 << a) & trumps or (1 << b) & trumps:
            continue
        kept = _kept(size, rounds - index, 1)
        higher = HIGHER[a] & seen.unseen
        if higher:
            found.append(Evidence(higher, False, 1 - strengths.untaken_higher * kept))
        if trumps & seen.unseen:
            found.append(Evidence(trumps & seen.unseen, False, 1 - strengths.untaken_trump * kept))
    return [e for e in found if e.weight < 1.0]


def hand_weight(seen: Seen, strengths: Strengths = JUDGED
                ) -> Callable[[CardSet], float] | None:
    """The weight of a sampled opponent's hand (0..1], or None when nothing is known."""
    found = evidence(seen, strengths)
    read_close = (strengths.closed > 0 and seen.closer == seen.opp
                  and (seen.rules.deck_size, seen.rules.hand_size) == CLOSE_FITTED_ON)
    if not found and not read_close:
        return None

    def weight(hand: CardSet) -> float:
        result = 1.0
        for item in found:
            if item.applies(hand):
                result *= item.weight
        if read_close:
            at_close = close_strength(hand | seen.closer_played, seen.closer_points,
                                      seen.trump_suit)
            result *= 1 - strengths.closed * (1 - close_chance(at_close))
        return result

    return weight


__all__ = ["CLOSE_BANDS", "JUDGED", "Evidence", "Strengths", "close_chance", "close_strength",
           "evidence", "hand_weight"]
