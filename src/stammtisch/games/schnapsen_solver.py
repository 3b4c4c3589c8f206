"""Exact alpha-beta over one Schnapsen deal with every card known.

Rules: docs/rules/schnapsen.md §6-§10 under the default options (automatic 66,
first to 66 ends the deal, strict following with heading and trumping, the
seed's graded and closing awards), any deck and hand size. Method: fail-soft
alpha-beta on ints and bitmasks (hands, points, talon position) with a
transposition table of bounds; the value of a deal is the signed award of
§10 for the seat ``me`` (-3..3 game points), so the search maximises the
expected game points of the deal. The open phase is searched too (drawing
from the known talon, exchanging, closing, marriages), which is exact for the
world given and fast once few talon cards remain.

Known weaknesses: it sees every card (callers average it over sampled deals,
which credits the seat with knowledge it will not have); other options than
the defaults are not modelled (manual claims are taken as automatic).

The Python reference of the compiled solver (native/schnapsen_solver.pyx), which must
give the same values and visit as many nodes (tests/native/test_differential.py);
the expert (bots/schnapsen/players.py) reaches both through
:func:`stammtisch.native.search`.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator

from stammtisch.cards import KING, QUEEN, SUIT_MASKS, CardSet, card_tuple, make_card
from stammtisch.games.schnapsen import HIGHER, POINTS, STRENGTH, TAKES, TARGET, SchnapsenState

INF = 3
"""The largest award of a deal: the search window is exactly [-INF, INF]."""

_KQ: tuple[tuple[int, int, CardSet], ...] = tuple(
    (make_card(s, KING), make_card(s, QUEEN), 1 << make_card(s, KING) | 1 << make_card(s, QUEEN))
    for s in range(4))


Node = tuple[int, int, int, int, int, int, int, int, int, int, int, int, int]
"""A position's fields, as :meth:`Search.node` takes them before the window."""


def _graded(points: int) -> int:
    return 3 if points == 0 else 2 if points <= 33 else 1


class Search:
    """Alpha-beta for one deal of one world; reuse it for every root action."""

    def __init__(self, state: SchnapsenState, me: int) -> None:
        self.me = me
        self.trump = state.trump_suit
        self.takes = TAKES[state.trump_suit]
        self.low = state.low_trump
        self.talon = state.deck[state.talon_pos:]
        self.face_down = len(self.talon)
        self.table: dict[tuple[int, ...], tuple[int, int, int]] = {}
        self.nodes = 0
        self._order: dict[CardSet, tuple[int, ...]] = {}
        """Each hand's cards in the order leads are tried: trumps, then high cards."""

    # A node: hands h0 h1, credited points p0 p1, pending marriage points e0 e1, tricks
    # n0 n1, the seat on lead, the led card (-1: to lead), talon size t, the face-up trump
    # card tc, the closer (-1: none). Values are the signed award for ``me``.

    def value(self, state: SchnapsenState, alpha: int = -INF, beta: int = INF) -> int:
        """The exact value of ``state`` (a position of the deal this search was made for)."""
        h0, h1 = state.hands
        p0, p1 = state.points
        e0, e1 = state.pending
        n0, n1 = state.tricks
        return self.node(h0, h1, p0, p1, e0, e1, n0, n1, state.to_act, state.lead_card,
                         state.t, state.trump_card, state.closer, alpha, beta)

    def node(self, h0: int, h1: int, p0: int, p1: int, e0: int, e1: int, n0: int, n1: int,
             mover: int, lead: int, t: int, tc: int, closer: int, alpha: int, beta: int) -> int:
        self.nodes += 1
        if lead < 0 and not h0 & (h0 - 1) and not h1 & (h1 - 1):
            return self._last_trick(h0, h1, p0, p1, e0, e1, n0, n1, mover, closer)
        key = (h0, h1, p0, p1, e0, e1, n0 > 0, n1 > 0, mover, lead, t, tc, closer)
        entry = self.table.get(key)
        first = 0
        if entry is not None:
            low, high, first = entry
            if low >= beta or low == high:
                return low
            if high <= alpha:
                return high
            if low > alpha:
                alpha = low
            if high < beta:
                beta = high
        else:
            low, high = -INF, INF
        a0, b0 = alpha, beta
        maxing = mover == self.me
        best = -INF - 1 if maxing else INF + 1
        best_index = 0
        children: Iterable[int | Node] = self._children(
            h0, h1, p0, p1, e0, e1, n0, n1, mover, lead, t, tc, closer)
        if first:
            listed = list(children)
            listed.insert(0, listed.pop(first))
            children = listed
        for index, child in enumerate(children):
            if isinstance(child, int):
                v = child
            else:
                v = self.node(*child, alpha, beta)
            if maxing:
                if v > best:
                    best = v
                    best_index = index
                    if v > alpha:
                        alpha = v
                        if alpha >= beta:
                            break
            else:
                if v < best:
                    best = v
                    best_index = index
                    if v < beta:
                        beta = v
                        if alpha >= beta:
                            break
        if first and best_index <= first:
            best_index = first if best_index == 0 else best_index - 1
        if best <= a0:
            high = min(high, best)
        elif best >= b0:
            low = max(low, best)
        else:
            low = high = best
        self.table[key] = (low, high, best_index)
        return best

    def _last_trick(self, h0: int, h1: int, p0: int, p1: int, e0: int, e1: int, n0: int,
                    n1: int, mover: int, closer: int) -> int:
        """One card each: the last trick, played out directly (the strict phase)."""
        lead = (h1 if mover else h0).bit_length() - 1
        card = (h0 if mover else h1).bit_length() - 1
        winner = 1 - mover if self.takes[lead] >> card & 1 else mover
        gained = POINTS[lead] + POINTS[card]
        if winner:
            q1, q0, m1, m0 = p1 + gained + (0 if n1 else e1), p0, n1 + 1, n0
            reached = q1 >= TARGET
        else:
            q0, q1, m0, m1 = p0 + gained + (0 if n0 else e0), p1, n0 + 1, n1
            reached = q0 >= TARGET
        if reached:
            if closer >= 0 and closer != winner:
                return self._end(winner, 3)
            return self._end(winner, _graded(q0 if winner else q1))
        if closer >= 0:
            return self._end(1 - closer, 3 if (m0 if closer else m1) else 2)
        return 0

    def _end(self, winner: int, award: int) -> int:
        return award if winner == self.me else -award

    def _children(self, h0: int, h1: int, p0: int, p1: int, e0: int, e1: int, n0: int,
                  n1: int, mover: int, lead: int, t: int, tc: int,
                  closer: int) -> Iterator[int | Node]:
        """Children in search order: a terminal value or the next node's fields."""
        trump = self.trump
        hand = h1 if mover else h0
        if lead < 0:
            open_ = closer < 0 and t > 0
            if open_:
                points = p1 if mover else p0
                tricks = n1 if mover else n0
                for king, queen, pair in _KQ:
                    if hand & pair == pair:
                        value = 40 if king // 13 == trump else 20
                        if tricks and points + value >= TARGET:
                            other = p0 if mover else p1
                            yield self._end(mover, _graded(other))
                            continue
                        for card in (king, queen):
                            rest = hand ^ 1 << card
                            if mover:
                                q1, f1 = (p1 + value, e1) if tricks else (p1, e1 + value)
                                yield ((h0, rest, p0, q1, e0, f1, n0, n1, 1 - mover, card,
                                            t, tc, closer))
                            else:
                                q0, f0 = (p0 + value, e0) if tricks else (p0, e0 + value)
                                yield ((rest, h1, q0, p1, f0, e1, n0, n1, 1 - mover, card,
                                            t, tc, closer))
            cards = self._order.get(hand)
            if cards is None:
                cards = self._order[hand] = tuple(sorted(
                    card_tuple(hand), key=lambda c: -STRENGTH[c] - (8 if c // 13 == trump else 0)))
            for card in cards:
                if mover:
                    yield ((h0, h1 ^ 1 << card, p0, p1, e0, e1, n0, n1, 0, card, t, tc,
                                closer))
                else:
                    yield ((h0 ^ 1 << card, h1, p0, p1, e0, e1, n0, n1, 1, card, t, tc,
                                closer))
            if open_:
                yield (h0, h1, p0, p1, e0, e1, n0, n1, mover, -1, t, tc, mover)
                if t > 2 and hand >> self.low & 1:
                    swap = 1 << self.low | 1 << tc
                    yield ((h0 ^ swap if not mover else h0, h1 ^ swap if mover else h1,
                                p0, p1, e0, e1, n0, n1, mover, -1, t, self.low, closer))
            return
        strict = closer >= 0 or t == 0
        suit = lead // 13
        if strict:
            same = hand & SUIT_MASKS[suit]
            if same:
                higher = same & HIGHER[lead]
                allowed = higher or same
            else:
                allowed = hand & SUIT_MASKS[trump] or hand
        else:
            allowed = hand
        leader = 1 - mover
        beaten_by = self.takes[lead]
        for card in card_tuple(allowed):
            winner = mover if beaten_by >> card & 1 else leader
            gained = POINTS[lead] + POINTS[card]
            g0 = h0 ^ 1 << card if mover == 0 else h0
            g1 = h1 ^ 1 << card if mover == 1 else h1
            q0, q1, f0, f1, m0, m1 = p0, p1, e0, e1, n0, n1
            if winner:
                q1 += gained + (f1 if not m1 else 0)
                f1 = 0
                m1 += 1
                reached = q1 >= TARGET
            else:
                q0 += gained + (f0 if not m0 else 0)
                f0 = 0
                m0 += 1
                reached = q0 >= TARGET
            if reached:
                if closer >= 0 and closer != winner:
                    yield self._end(winner, 3)
                else:
                    yield self._end(winner, _graded(q0 if winner else q1))
                continue
            if not (g0 | g1):
                if closer >= 0:
                    other = 1 - closer
                    yield self._end(other, 3 if (m1 if other else m0) else 2)
                else:
                    yield 0
                continue
            u, uc = t, tc
            if not strict:
                pos = self.face_down - (t - 1)
                first = 1 << self.talon[pos]
                second = 1 << (tc if t == 2 else self.talon[pos + 1])
                if winner:
                    g1 |= first
                    g0 |= second
                else:
                    g0 |= first
                    g1 |= second
                u = t - 2
            yield (g0, g1, q0, q1, f0, f1, m0, m1, winner, -1, u, uc, closer)


def action_values(state: SchnapsenState, me: int, actions: list[int],
                  search: Search | None = None) -> list[int]:
    """The exact deal value (signed award for ``me``) of playing each of ``actions`` in
    ``state``, a full-information position (``me`` to act) under the default options."""
    search = search or Search(state, me)
    values = []
    for action in actions:
        child = state.clone()
        deal = child.deal_number
        child.apply(action)
        values.append(deal_value(child, me, deal) if child.deal_number != deal or child.over
                      else search.value(child))
    return values


def deal_value(state: SchnapsenState, me: int, deal: int) -> int:
    """The signed award for ``me`` of the deal ``deal`` that ``state`` has finished."""
    last = state.last_deal
    assert last is not None and last["deal"] == deal
    if last["winner"] is None:
        return 0
    award: int = last["game_points"]
    return award if last["winner"] == me else -award


__all__ = ["Search", "action_values", "deal_value"]
