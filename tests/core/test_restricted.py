"""core/restricted.py: the deals of hidden cards into places that may hold only some of
them are counted exactly and drawn uniformly (checked against every deal listed by
brute force on small decks)."""

from __future__ import annotations

import random
from collections import Counter
from itertools import permutations

import pytest

from stammtisch.cards import CardSet
from stammtisch.core.restricted import Need, RestrictedDeal
from stammtisch.errors import ViewError

CARDS = 7
POOL: CardSet = (1 << CARDS) - 1
ALL = POOL

CASES: list[tuple[list[tuple[int, CardSet]], Need | None]] = [
    ([(2, ALL), (3, ALL), (2, ALL)], None),
    ([(2, 0b0001111), (2, 0b1110000 | 0b1), (3, ALL)], None),
    ([(3, ~0b11 & ALL), (1, 0b11), (3, ALL)], None),
    ([(2, 0b0101010), (2, ~0b0101010 & ALL), (1, 0b1000001), (2, ALL)], None),
    ([(3, ALL), (2, 0b0011111), (2, ALL)], (1, 0b0000011, 1)),
    ([(2, 0b1111100), (3, ALL), (2, ALL)], (1, 0b1100000, 2)),
    ([(2, 0b0000111), (2, 0b0111000), (3, ALL)], (2, 0b0000001, 1)),
]


def _legal(places: list[tuple[int, CardSet]], need: Need | None) -> list[tuple[CardSet, ...]]:
    """Every deal, listed by brute force."""
    found = set()
    for order in permutations(range(CARDS)):
        dealt, at = [], 0
        for size, _ in places:
            dealt.append(sum(1 << c for c in order[at:at + size]))
            at += size
        if any(cards & ~allowed for cards, (_, allowed) in zip(dealt, places, strict=True)):
            continue
        if need is not None and (dealt[need[0]] & need[1]).bit_count() < need[2]:
            continue
        found.add(tuple(dealt))
    return sorted(found)


@pytest.mark.parametrize("places, need", CASES)
def test_the_deals_are_counted_exactly(places: list[tuple[int, CardSet]],
                                       need: Need | None) -> None:
    assert RestrictedDeal(POOL, places, need).count() == len(_legal(places, need))


@pytest.mark.parametrize("places, need", CASES)
def test_every_allowed_deal_is_drawn_equally_often(places: list[tuple[int, CardSet]],
                                                   need: Need | None) -> None:
    legal = _legal(places, need)
    deal = RestrictedDeal(POOL, places, need)
    rng = random.Random(len(legal))
    per_deal = 60
    drawn = Counter(tuple(deal.draw(rng)) for _ in range(per_deal * len(legal)))
    assert set(drawn) == set(legal)
    # Each count is binomial around per_deal; five standard deviations either way.
    spread = 5 * per_deal ** 0.5
    assert all(abs(n - per_deal) < spread for n in drawn.values()), drawn.most_common(3)


def test_places_that_do_not_add_up_to_the_hidden_cards_are_refused() -> None:
    with pytest.raises(ViewError, match="hides 7 cards but has places for 6"):
        RestrictedDeal(POOL, [(3, ALL), (3, ALL)])


def test_restrictions_no_deal_meets_are_one_clear_error() -> None:
    deal = RestrictedDeal(POOL, [(3, 0b11), (4, ALL)])
    assert deal.count() == 0
    with pytest.raises(ViewError, match="no deal of the hidden cards fits"):
        deal.draw(random.Random(1))
