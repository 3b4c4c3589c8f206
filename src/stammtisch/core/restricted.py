"""Uniform deals of the cards a view hides into places that may hold only some of them:
a hand that showed a void, discards that may hold no trump (Schmier's sampler).

A :class:`RestrictedDeal` counts the deals exactly and draws one uniformly among them.
Method: the cards fall into *atoms*, the cards every place treats alike (same allowed
places), and places that allow the same atoms form one *group*; a deal is then, per
group, how many cards of each atom it gets, weighted by the ways to pick those cards
(binomials), and counted by a dynamic programme over the groups. Within an atom the
cards are interchangeable and within a group the places are, so the cards of each are
shuffled and handed out: every deal the restrictions allow is equally likely.

One place may also need at least ``k`` cards of a set (Schmier's dealer who kept six
trumps put at least one trump away): that place is its own group, counted first, and
only its compositions that meet the need count.
"""

from __future__ import annotations

import random
from collections.abc import Iterable, Iterator, Sequence
from functools import lru_cache
from itertools import product
from math import comb

from stammtisch.cards import Card, CardSet, iter_cards, popcount
from stammtisch.core.guess import CARD_LIMIT
from stammtisch.errors import ViewError

Need = tuple[int, CardSet, int]
"""``(place, cards, k)``: the place gets at least ``k`` of ``cards``."""


class RestrictedDeal:
    """The deals of ``pool`` into ``places`` (each ``(size, allowed cards)``; the sizes
    add up to the pool), each place holding only allowed cards, and ``need`` met."""

    def __init__(self, pool: CardSet, places: Sequence[tuple[int, CardSet]],
                 need: Need | None = None) -> None:
        if sum(size for size, _ in places) != popcount(pool):
            raise ViewError(f"the view hides {popcount(pool)} cards but has places for "
                            f"{sum(size for size, _ in places)}")
        marks = [allowed & pool for _, allowed in places]
        if need is not None:
            marks.append(need[1] & pool)
        atoms = [pool] if pool else []
        for mark in marks:
            atoms = [part for atom in atoms for part in (atom & mark, atom & ~mark) if part]
        self.atoms = [list(iter_cards(atom)) for atom in atoms]
        signatures = [tuple(bool(atom & mark) for mark in marks) for atom in atoms]
        grouped: dict[tuple[int, ...], list[int]] = {}
        for index in range(len(places)):
            allowed = tuple(a for a, sig in enumerate(signatures) if sig[index])
            key = (-1,) if need is not None and index == need[0] else allowed
            grouped.setdefault(key, []).append(index)
        members = sorted(grouped.values(), key=lambda g: (
            sum(sig[g[0]] for sig in signatures), sum(places[i][0] for i in g)))
        self.need_group = -1
        if need is not None:
            needing = members.pop(next(g for g, group in enumerate(members) if need[0] in group))
            self.need_group = 0
            members.insert(self.need_group, needing)
        self.places = list(places)
        self.members = members
        self.sizes = [sum(places[i][0] for i in group) for group in members]
        self.allowed = [tuple(a for a, sig in enumerate(signatures) if sig[group[0]])
                        for group in members]
        self.least: tuple[frozenset[int], int] | None = None
        if need is not None:
            self.least = (frozenset(a for a, sig in enumerate(signatures) if sig[-1]), need[2])
        self._counts: dict[tuple[int, tuple[int, ...]], int] = {}
        self._free_last = len(members) > 1 and len(self.allowed[-1]) == len(self.atoms) \
            and self.need_group < len(members) - 2
        """The last group takes any card: the one before it then picks its cards from
        the atoms it allows in any way (Vandermonde: a single binomial)."""

    def count(self) -> int:
        """How many deals the restrictions allow."""
        splits = 1
        for group, size in zip(self.members, self.sizes, strict=True):
            for place in group:  # the ways to share a group's cards among its places
                splits *= comb(size, self.places[place][0])
                size -= self.places[place][0]
        return splits * self._count(0, tuple(len(atom) for atom in self.atoms))

    def _count(self, group: int, rest: tuple[int, ...]) -> int:
        if group == len(self.members):
            return 1 if not any(rest) else 0
        if self._free_last and group == len(self.members) - 2:
            return comb(sum(rest[a] for a in self.allowed[group]), self.sizes[group])
        key = group, rest
        found = self._counts.get(key)
        if found is None:
            found = sum(weight for _, weight in self._choices(group, rest))
            self._counts[key] = found
        return found

    def _choices(self, group: int, rest: tuple[int, ...]) -> Iterator[tuple[tuple[int, ...], int]]:
        """Each way the group can take cards of each atom, and how many deals follow."""
        allowed = self.allowed[group]
        least = self.least if group == self.need_group else None
        bounds = [rest[a] for a in allowed]
        size = self.sizes[group]
        if group == len(self.members) - 1:  # the last group takes what is left
            takes: Iterable[tuple[int, ...]] = [tuple(bounds)] if sum(bounds) == size else []
        else:
            takes = _compositions(size, bounds)
        for taken in takes:
            if least is not None and sum(
                    n for a, n in zip(allowed, taken, strict=True) if a in least[0]) < least[1]:
                continue
            left = list(rest)
            ways = 1
            for a, n in zip(allowed, taken, strict=True):
                ways *= _COMB[rest[a]][n]
                left[a] -= n
            after = tuple(left)
            ways *= self._count(group + 1, after)
            if ways:
                yield after, ways

    def draw(self, rng: random.Random) -> list[CardSet]:
        """One deal, uniformly among those :meth:`count` counts: per place its cards."""
        if not self._count(0, tuple(len(atom) for atom in self.atoms)):
            raise ViewError("no deal of the hidden cards fits what the view shows")
        piles = [atom[:] for atom in self.atoms]
        for pile in piles:
            rng.shuffle(pile)
        rest = tuple(len(atom) for atom in self.atoms)
        dealt = [0] * len(self.places)
        for group, places in enumerate(self.members):
            left = self._pick(group, rest, rng.randrange(self._count(group, rest)))
            cards: list[Card] = []
            for a, (before, after) in enumerate(zip(rest, left, strict=True)):
                cards += piles[a][after:before]
                del piles[a][after:before]
            rest = left
            rng.shuffle(cards)
            for place in places:
                size = self.places[place][0]
                dealt[place] = sum(1 << c for c in cards[:size])
                cards = cards[size:]
        return dealt

    def _pick(self, group: int, rest: tuple[int, ...], pick: int) -> tuple[int, ...]:
        """The cards of each atom left after the group's ``pick``-th deal."""
        for left, ways in self._choices(group, rest):
            if pick < ways:
                return left
            pick -= ways
        raise AssertionError("a pick beyond the deals counted")


_COMB = [[comb(n, k) for k in range(n + 1)] for n in range(CARD_LIMIT + 1)]


def _compositions(total: int, bounds: Sequence[int]) -> Iterator[tuple[int, ...]]:
    """Every way to write ``total`` as a sum with one term per bound, each term from
    zero to its bound."""
    if not bounds:
        if total == 0:
            yield ()
        return
    *heads, last = bounds
    for head in product(*(range(min(b, total) + 1) for b in heads)):
        rest = total - sum(head)
        if 0 <= rest <= last:
            yield (*head, rest)


@lru_cache(maxsize=256)
def restricted_deal(pool: CardSet, places: tuple[tuple[int, CardSet], ...],
                    need: Need | None = None) -> RestrictedDeal:
    """A :class:`RestrictedDeal`, kept for the next sample of the same view (its counts
    are worked out once)."""
    return RestrictedDeal(pool, places, need)


__all__ = ["Need", "RestrictedDeal", "restricted_deal"]
