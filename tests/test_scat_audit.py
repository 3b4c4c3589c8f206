"""Scat audit against rules/scat.md (incl. the §12 clarifications), README §4/§5/§7
and NOTATION.md.

The first part is a differential test: ``Ref`` below is a second, deliberately
plain implementation written from the spec text alone (card codes, lists and
sets, no bitmasks). Random matches under every option combination are played
through the public API, and at EVERY decision point the engine must agree with
``Ref`` on the set of legal actions, the seat to act, the phase, every hand, the
discard pile, the stock, the lives, the eliminations and the dealer. The only
chance events the reference takes from the engine are the reshuffles of §6.5
(engine RNG), and even there it checks what was shuffled.

The second part pins single points of the audit with stacked decks.
"""

from __future__ import annotations

import itertools
import random
from typing import Any, cast

import pytest

import stammtisch
from stammtisch import IllegalActionError, Match
from stammtisch.cards import SCAT_DECK, card_code, parse_card
from stammtisch.games.scat import ScatState

CANONICAL = [card_code(c) for c in SCAT_DECK]
RANKS = "23456789TJQKA"


# --- the reference model ------------------------------------------------------------

def rank(code: str) -> int:
    return RANKS.index(code[0]) + 2


def points(code: str) -> int:
    r = rank(code)
    return 11 if r == 14 else min(r, 10)


def plain(hand: list[str]) -> int:
    """§7: the best one-suit sum."""
    return max(sum(points(c) for c in hand if c[1] == suit) for suit in "CDHS")


def value(hand: list[str], opts: dict[str, Any]) -> float:
    """§7 with the variants (they only raise the value)."""
    best: float = plain(hand)
    ranks = sorted(rank(c) for c in hand)
    if opts["three_of_a_kind"] and len(set(ranks)) == 1:
        best = max(best, opts["three_of_a_kind_value"])
    if opts["straight_flush"] and len({c[1] for c in hand}) == 1:
        runs = [ranks == [r, r + 1, r + 2] for r in range(2, 13)]
        if any(runs) or (opts["straight_flush_ace_low"] and ranks == [2, 3, 14]):
            best = max(best, 30)
    return best


class Ref:
    """Scat straight from the spec text."""

    def __init__(self, n: int, opts: dict[str, Any], decks: list[list[str]]) -> None:
        self.n, self.opts, self.decks = n, opts, decks
        self.lives = [opts["lives"]] * n
        self.out = [False] * n
        self.dealer: int = opts["first_dealer"]
        self.deal_no = -1
        self.phase = "draw"
        self.to_act: int | None = None
        self.start_deal()

    @property
    def active(self) -> list[int]:
        return [s for s in range(self.n) if not self.out[s]]

    def left(self, seat: int) -> int:
        """README §4: the next active seat clockwise."""
        seat = (seat + 1) % self.n
        while self.out[seat]:
            seat = (seat + 1) % self.n
        return seat

    def start_deal(self) -> None:
        self.deal_no += 1
        deck = self.decks[self.deal_no]
        order = [self.left(self.dealer)]
        while order[-1] != self.dealer:
            order.append(self.left(order[-1]))
        k = len(order)
        self.hands: dict[int, list[str]] = {s: [] for s in range(self.n)}
        for i, seat in enumerate(order):          # §5.2 positions i, i+n, i+2n
            self.hands[seat] = [deck[i], deck[i + k], deck[i + 2 * k]]
        self.pile = [deck[3 * k]]                 # §5.3 the upcard
        self.stock = list(deck[3 * k + 1:])       # §5.4 top = position 3n+1
        self.knocker: int | None = None
        self.completed: set[int] = set()
        self.taken: str | None = None
        self.drew_last = False
        self.order = order
        if self.opts["throw_down"]:
            self.phase, self.to_act = "throw_down", order[0]
            self.decided: set[int] = set()
        else:
            self.dealt_check()

    def dealt_check(self) -> None:
        thirty = [s for s in self.active if plain(self.hands[s]) == 31]
        if thirty:
            self.settle_31(thirty)
        else:
            self.phase, self.to_act = "draw", self.order[0]

    def legal(self) -> set[str]:
        if self.phase == "throw_down":
            return {"throw down", "decline"}
        assert self.to_act is not None
        hand = self.hands[self.to_act]
        if self.phase == "discard":
            return {f"discard {c}" for c in hand if c != self.taken}
        if self.phase != "draw":
            return set()
        acts = set()
        if self.stock or (self.opts["empty_stock"] == "reshuffle" and len(self.pile) >= 2):
            acts.add("draw stock")
        if self.pile:
            acts.add("draw discard")
        if (self.knocker is None and value(hand, self.opts) >= self.opts["min_knock_score"]
                and (self.opts["knock_allowed_first_round"]
                     or all(s in self.completed for s in self.active))):
            acts.add("knock")
        return acts

    def play(self, action: str, engine_stock: list[str], drawn: str | None) -> None:
        seat = self.to_act
        assert seat is not None
        if action == "throw down":
            self.knocker = seat
            thirty = [s for s in self.active if plain(self.hands[s]) == 31]
            if thirty:
                self.settle_31(thirty)
            else:
                self.showdown(seat)
        elif action == "decline":
            if seat == self.order[-1]:
                self.dealt_check()
            else:
                self.to_act = self.left(seat)
        elif action == "draw stock":
            if not self.stock:                    # §6.5 / SC-T19
                below = self.pile[:-1]
                self.pile = self.pile[-1:]
                assert drawn is not None
                new = [drawn, *engine_stock]
                assert sorted(new) == sorted(below), "reshuffle must take the pile minus its top"
                self.stock = new
            self.hands[seat].append(self.stock.pop(0))
            self.drew_last = not self.stock
            self.taken = None
            self.phase = "discard"
        elif action == "draw discard":
            self.taken = self.pile.pop()
            self.hands[seat].append(self.taken)
            self.drew_last = False
            self.phase = "discard"
        elif action == "knock":
            self.knocker = seat
            self.completed.add(seat)
            self.to_act = self.left(seat)
        else:
            card = action.split()[1]
            self.hands[seat].remove(card)
            self.pile.append(card)
            self.completed.add(seat)
            self.taken = None
            if plain(self.hands[seat]) == 31:                       # §6.3.1
                self.settle_31([seat])
            elif self.opts["empty_stock"] == "showdown" and self.drew_last:   # §6.5, §12
                self.showdown(self.knocker)
            elif self.knocker is not None and self.left(seat) == self.knocker:  # §6.3.2
                self.showdown(self.knocker)
            else:
                self.phase, self.to_act = "draw", self.left(seat)

    def settle_31(self, thirty: list[int]) -> None:
        self.take({s: 1 for s in self.active if s not in thirty})      # §9

    def showdown(self, knocker: int | None) -> None:
        vals = {s: value(self.hands[s], self.opts) for s in self.active}
        low = min(vals.values())
        losers = [s for s in self.active if vals[s] == low]
        if knocker is not None and knocker in losers:
            if len(losers) == 1:
                losses = {knocker: self.opts["knocker_lowest_penalty"]}
            else:
                losses = {s: 1 for s in losers if s != knocker}
        else:
            losses = dict.fromkeys(losers, 1)
            if knocker is None:
                # §8 last row: if that would eliminate every remaining player, nobody loses
                lives, out = self.lives[:], self.out[:]
                for s, k in losses.items():
                    for _ in range(k):
                        if lives[s] > 0:
                            lives[s] -= 1
                        else:
                            out[s] = True
                if all(out):
                    losses = {}
        self.take(losses)

    def take(self, losses: dict[int, int]) -> None:
        for s, k in losses.items():                                     # README §7
            for _ in range(k):
                if self.out[s]:
                    break
                if self.lives[s] > 0:
                    self.lives[s] -= 1
                else:
                    self.out[s] = True
        if len(self.active) == 1:
            self.phase, self.to_act = "over", None
            return
        self.dealer = self.left(self.dealer)                            # §12 last item
        self.start_deal()


OPTION_VALUES: dict[str, tuple[Any, ...]] = {
    "three_of_a_kind": (False, True),
    "three_of_a_kind_value": (30, 30.5),
    "straight_flush": (False, True),
    "straight_flush_ace_low": (True, False),
    "min_knock_score": (0, 21, 30),
    "throw_down": (False, True),
    "knock_allowed_first_round": (True, False),
    "knocker_lowest_penalty": (2, 1),
    "empty_stock": ("reshuffle", "showdown"),
}


def rich_deck(rng: random.Random) -> list[str]:
    """A shuffled deck, often with one suit's high cards on top so that 31s, straights
    and three of a kind are dealt and drawn more often than by chance."""
    deck = CANONICAL[:]
    rng.shuffle(deck)
    if rng.random() < 0.5:
        suit = rng.choice("CDHS")
        top = [f"{r}{suit}" for r in rng.sample("TJQKA789", 5)]
        if rng.random() < 0.3:
            r = rng.choice(RANKS)
            top += [f"{r}{s}" for s in "CDHS" if f"{r}{s}" not in top]
        deck = [c for c in deck if c not in top]
        for c in top:
            deck.insert(rng.randrange(0, 14), c)
    return deck


def compare(m: Match, ref: Ref) -> None:
    dump = m.state.dump()
    assert dump["phase"] == ref.phase
    assert m.to_act == ref.to_act
    assert dump["lives"] == ref.lives
    assert dump["eliminated"] == ref.out
    if ref.phase == "over":
        return
    assert dump["dealer"] == ref.dealer
    assert dump["deal"] == ref.deal_no
    assert {a.text for a in m.legal_actions()} == ref.legal()
    for s in range(ref.n):
        assert sorted(dump["hands"][s]) == sorted(ref.hands[s]), s
    assert dump["pile"] == ref.pile
    assert dump["stock"] == ref.stock
    assert (dump["knocker"] if dump["knocker"] >= 0 else None) == ref.knocker
    if ref.phase == "throw_down":
        # §6.1: no undecided seat sees its hand
        for s in range(ref.n):
            if s not in ref.decided:
                assert "hand" not in m.view(s), s
        assert "hand" not in m.view(None)


def play_differential(seed: int, n: int, opts: dict[str, Any]) -> int:
    rng = random.Random(seed)
    decks = [rich_deck(rng) for _ in range(60)]
    m = stammtisch.new_match("scat", seed=seed, decks=decks, num_players=n, **opts)
    full = dict(m.options)
    ref = Ref(n, full, decks)
    knock_p = rng.choice((0.0, 0.02, 0.2, 0.6))
    throw_p = rng.choice((0.0, 0.2))
    steps = 0
    compare(m, ref)
    while ref.phase != "over" and ref.deal_no < len(decks) - 1:
        legal = sorted(a.text for a in m.legal_actions())
        if "knock" in legal and rng.random() >= knock_p:
            legal.remove("knock")
        if "throw down" in legal:
            legal = ["throw down"] if rng.random() < throw_p else ["decline"]
        action = rng.choice(legal)
        seat = m.to_act
        before = list(m.state.dump()["hands"][seat]) if seat is not None else []
        m.play(action)
        after = m.state.dump()
        if ref.phase == "throw_down" and seat is not None:
            ref.decided.add(seat)
        drawn = None
        if action == "draw stock" and seat is not None:
            (drawn,) = [c for c in after["hands"][seat] if c not in before]
        ref.play(action, list(after["stock"]), drawn)
        compare(m, ref)
        steps += 1
    return steps


@pytest.mark.parametrize("chunk", range(8))
def test_engine_agrees_with_the_reference_at_every_step(chunk: int) -> None:
    keys = list(OPTION_VALUES)
    combos = list(itertools.product(*OPTION_VALUES.values()))
    total = 0
    for index in range(chunk, len(combos), 8):
        opts = dict(zip(keys, combos[index], strict=True))
        rng = random.Random(index)
        n = 2 + index % 8
        opts.update(lives=rng.choice((1, 2)), first_dealer=rng.randrange(n))
        total += play_differential(index, n, opts)
    assert total > 0


@pytest.mark.parametrize("seed", range(40))
def test_long_matches_with_default_options(seed: int) -> None:
    """Default options, more lives: many deals with eliminations, reshuffles, knocks."""
    n = 2 + seed % 8
    play_differential(1000 + seed, n, {"lives": 3, "first_dealer": seed % n})
