"""What a Schnapsen seat knows, read from its view (docs/rules/schnapsen.md §5-§8, §11).

Method: :func:`read_view` turns a view into ints and bitmasks (:class:`Seen`): the
unseen cards, the opponent's hand size, the cards the opponent must and cannot hold
(the game's own reading, :func:`stammtisch.games.schnapsen.unseen_of`), the tricks,
points, marriages and the close. The rules are the table's, from the view's options.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache
from typing import Any

from stammtisch.cards import (
    KING,
    QUEEN,
    SCHNAPSEN_DECKS,
    SUIT_CODES,
    SUIT_MASKS,
    Card,
    CardSet,
    make_card,
    parse_card,
    to_set,
)
from stammtisch.core.options import resolve
from stammtisch.games.schnapsen import NAME, OPTIONS, POINTS, Rules, Unseen, unseen_of
from stammtisch.games.schnapsen_types import SchnapsenView


@lru_cache(maxsize=16)
def view_rules(options: tuple[tuple[str, Any], ...]) -> Rules:
    """The table's rules from a view's options (as sorted ``(key, value)`` pairs)."""
    return Rules(resolve(NAME, OPTIONS, dict(options)))


@dataclass(frozen=True, slots=True)
class Seen:
    """One seat's knowledge of the current deal, as ints and bitmasks."""

    seat: int
    rules: Rules
    deck: CardSet
    trump_suit: int
    trump_card: Card
    """The face-up trump card, -1 when none lies face up."""
    dead_trump: Card
    """The trump card lying face down in a closed talon, else -1."""
    t: int
    closer: int
    strict: bool
    hand: CardSet
    played: CardSet
    """Every card of the deal's tricks, the card of the trick in progress included."""
    unseen: CardSet
    opp_size: int
    opp_must: CardSet
    opp_not: CardSet
    lead: Card
    leader: int
    declared: Card
    claim_ok: bool
    points: tuple[int, int]
    pending: tuple[int, int]
    tricks: tuple[int, int]
    won: tuple[CardSet, CardSet]
    history: tuple[tuple[int, int, int, int], ...]
    marriages: tuple[tuple[int, int], ...]
    exchanges: tuple[tuple[int, int, int, int], ...]
    close_points: int
    close_tricks: int
    closer_points: int
    """The closer's points at the close (a marriage declared before it pending or not),
    else -1."""
    closer_played: CardSet
    """The closer's cards played since the close (with its hand now: its hand at the close)."""
    view: SchnapsenView
    hidden: Unseen
    """The game's reading of the cards the seat does not see (``unseen``, ``opp_size``,
    ``opp_must``, ``opp_not`` and ``dead_trump`` are its fields)."""

    @property
    def opp(self) -> int:
        return 1 - self.seat

    @property
    def trump_mask(self) -> CardSet:
        return SUIT_MASKS[self.trump_suit]


def _credited(history: tuple[tuple[int, int, int, int], ...],
              marriages: list[tuple[int, int, int]], seat: int, upto: int,
              declared_before: int) -> tuple[int, int]:
    """(credited, pending) points of ``seat`` after the first ``upto`` tricks and the
    marriages declared on leads before trick ``declared_before`` (§8.1); ``marriages``
    are (seat, points, index of the trick led by the declared card)."""
    cards = sum(POINTS[lead] + POINTS[follow] for _, lead, follow, winner in history[:upto]
                if winner == seat)
    has_trick = any(winner == seat for *_, winner in history[:upto])
    bonus = sum(points for s, points, index in marriages if s == seat and index < declared_before)
    return (cards + bonus, 0) if has_trick else (0, bonus)


def read_view(view: SchnapsenView) -> Seen:
    """The seat's knowledge in ``view``."""
    seat = view["seat"]
    if seat is None:
        raise ValueError("a spectator's view: the bots read the view of a seat")
    opp = 1 - seat
    deck_size: int = view["deck_size"]
    hand_size: int = view["hand_size"]
    legal: list[str] = view.get("legal_actions", [])
    rules = view_rules(tuple(sorted(view["options"].items())))
    deck = to_set(SCHNAPSEN_DECKS[deck_size])
    trump_suit = SUIT_CODES.index(view["trump_suit"])
    hand = to_set(parse_card(c) for c in view["hand"])
    history = tuple((h["leader"], parse_card(h["cards"][0]), parse_card(h["cards"][1]),
                     h["winner"]) for h in view["history"])
    trick = view.get("trick")
    lead = parse_card(trick["cards"][0]) if trick else -1
    to_act = view["to_act"]
    leader = trick["leader"] if trick else -1 if to_act is None else to_act
    played = to_set(c for _, a, b, _ in history for c in (a, b))
    if lead >= 0:
        played |= 1 << lead
    t: int = view["talon_size"]
    closer = -1 if view["closer"] is None else int(view["closer"])
    trump_card = -1 if view["trump_card"] is None else parse_card(view["trump_card"])
    t0 = deck_size - 2 * hand_size
    strict_from = (t0 - t) // 2 if (closer >= 0 or t == 0) else len(history) + 1

    exchanges = tuple((e["seat"], parse_card(e["took"]), parse_card(e["gave"]), e["trick"])
                      for e in view["exchanges"])
    marriage_list: list[tuple[int, int, int]] = []
    marriages: list[tuple[int, int]] = []
    for m in view["marriages"]:
        suit = SUIT_CODES.index(m["suit"])
        pair = 1 << make_card(suit, KING) | 1 << make_card(suit, QUEEN)
        marriages.append((m["seat"], suit))
        index = next((i for i, (ld, a, _, _) in enumerate(history)
                      if ld == m["seat"] and (1 << a) & pair), len(history))
        marriage_list.append((m["seat"], m["points"], index))
    hidden = unseen_of(view)

    points = [int(view["points"]), 0]
    pending = [int(view["pending"]), 0]
    points[1], pending[1] = _credited(history, marriage_list, opp, len(history), len(history) + 1)
    if seat == 1:
        points.reverse()
        pending.reverse()
    won = [0, 0]
    for _, a, b, winner in history:
        won[winner] |= 1 << a | 1 << b
    close_points = close_tricks = closer_points = -1
    closer_played = 0
    if closer >= 0:
        close_points = _credited(history, marriage_list, 1 - closer, strict_from, strict_from)[0]
        close_tricks = sum(1 for *_, w in history[:strict_from] if w != closer)
        closer_points = sum(_credited(history, marriage_list, closer, strict_from, strict_from))
        for ld, a, b, _ in history[strict_from:]:
            closer_played |= 1 << (a if ld == closer else b)
        if lead >= 0 and leader == closer:
            closer_played |= 1 << lead
    declared = parse_card(view["declared"]) if view["declared"] else -1
    return Seen(
        seat=seat, rules=rules, deck=deck, trump_suit=trump_suit, trump_card=trump_card,
        dead_trump=hidden.dead_trump, t=t, closer=closer, strict=closer >= 0 or t == 0,
        hand=hand, played=played, unseen=hidden.cards, opp_size=hidden.size,
        opp_must=hidden.must, opp_not=hidden.cannot,
        lead=lead, leader=leader, declared=declared, claim_ok="claim" in legal,
        points=(points[0], points[1]), pending=(pending[0], pending[1]),
        tricks=(int(view["tricks"][0]), int(view["tricks"][1])), won=(won[0], won[1]),
        history=history, marriages=tuple(marriages), exchanges=exchanges,
        close_points=close_points, close_tricks=close_tricks, closer_points=closer_points,
        closer_played=closer_played, view=view, hidden=hidden,
    )


__all__ = ["Seen", "read_view", "view_rules"]
