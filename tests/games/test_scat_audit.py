"""Scat audit against docs/rules/scat.md (incl. the §12 clarifications), README.md §4/§5/§7
and NOTATION.md (both in docs/rules/).

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
from stammtisch import Match
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
        """docs/rules/README.md §4: the next active seat clockwise."""
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
        for s, k in losses.items():                                     # docs/rules/README.md §7
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


def compare(m: Match, ref: Ref, dump: dict[str, Any] | None = None) -> dict[str, Any]:
    """The engine agrees with ``ref`` (``dump``: the engine state's, if already taken);
    the dump compared."""
    if dump is None:
        dump = m.state.dump()
    assert dump["phase"] == ref.phase
    assert m.to_act == ref.to_act
    assert dump["lives"] == ref.lives
    assert dump["eliminated"] == ref.out
    if ref.phase == "over":
        return dump
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
    return dump


def play_differential(seed: int, n: int, opts: dict[str, Any]) -> int:
    rng = random.Random(seed)
    decks = [rich_deck(rng) for _ in range(30)]
    m = stammtisch.new_match("scat", seed=seed, decks=decks, num_players=n, **opts)
    full = dict(m.options)
    ref = Ref(n, full, decks)
    knock_p = rng.choice((0.0, 0.02, 0.2, 0.6))
    throw_p = rng.choice((0.0, 0.2))
    steps = 0
    dump = compare(m, ref)
    while ref.phase != "over" and ref.deal_no < len(decks) - 1 and steps < 800:
        legal = sorted(a.text for a in m.legal_actions())
        if "knock" in legal and rng.random() >= knock_p:
            legal.remove("knock")
        if "throw down" in legal:
            legal = ["throw down"] if rng.random() < throw_p else ["decline"]
        action = rng.choice(legal)
        seat = m.to_act
        before = list(dump["hands"][seat]) if seat is not None else []
        m.play(action)
        after = m.state.dump()
        if ref.phase == "throw_down" and seat is not None:
            ref.decided.add(seat)
        drawn = None
        if action == "draw stock" and seat is not None:
            (drawn,) = [c for c in after["hands"][seat] if c not in before]
        ref.play(action, list(after["stock"]), drawn)
        dump = compare(m, ref, after)
        steps += 1
    return steps


@pytest.mark.slow
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


# --- single points of the audit ------------------------------------------------------

def stack(n: int, dealer: int, hands: dict[int, str], up: str = "", stock: str = "",
          seats: list[int] | None = None) -> list[str]:
    """A deck dealing ``hands`` one at a time from the dealer's left (§5.2) over the
    active ``seats`` (default all), then the upcard ``up`` and ``stock`` on the stock."""
    seats = list(range(n)) if seats is None else seats
    k = len(seats)
    start = next(i for i, s in enumerate(seats) if s > dealer) if dealer < seats[-1] else 0
    order = seats[start:] + seats[:start]
    deck = [""] * (3 * k)
    for i, seat in enumerate(order):
        for j, code in enumerate(hands[seat].split()):
            deck[i + j * k] = code
    rest = [c for c in CANONICAL if c not in deck and c not in stock.split() and c != up]
    deck.append(up or rest.pop())
    return deck + stock.split() + rest


def new(n: int, dealer: int, hands: dict[int, str], up: str = "", stock: str = "",
        **options: Any) -> Match:
    return stammtisch.new_match("scat", seed=3, decks=[stack(n, dealer, hands, up, stock)],
                                num_players=n, first_dealer=dealer, **options)


def texts(m: Match) -> list[str]:
    return [a.text for a in m.legal_actions()]


def last(m: Match) -> dict[str, Any]:
    showdown: dict[str, Any] = m.view(None)["last_showdown"]
    return showdown


def pass_turn(m: Match) -> None:
    seat = m.to_act
    assert seat is not None
    before = set(m.view(seat)["hand"])
    m.play("draw stock")
    (drawn,) = set(m.view(seat)["hand"]) - before
    m.play(f"discard {drawn}")


LOW = {0: "TC 5C 2D", 1: "TH 5H 2S", 2: "9S 6S 3D", 3: "8C 6C 4D", 4: "7H 6H 4S"}


def test_deal_after_eliminations_and_the_next_dealer_from_an_eliminated_dealer() -> None:
    """README §4/§5, §5.2, §12 last item: dealer 0 is eliminated in deal 1 (a knocker
    strictly lowest with 1 life loses 2); deal 2 is dealt by seat 1 (the next active
    seat clockwise from seat 0), from seat 2 on, seat 1 last, skipping the dead."""
    deal0 = stack(5, 4, {0: "AC KC QC", 1: "TH 5H 2S", 2: "9S 6S 3D", 3: "8C 6C 4D",
                         4: "7H 6H 4S"})
    deal1 = stack(5, 0, {0: "2C 3D 5H", 1: "KS TS 4H", 2: "KD JD 8D", 3: "QH JH 2D",
                         4: "AS KS 3S".replace("KS", "QS")})
    deal2 = "2C 3C 4C 5C 6C 7C 8C 9C TC JC QC KC AC".split()
    deal2 += [c for c in CANONICAL if c not in deal2]
    m = stammtisch.new_match("scat", seed=3, decks=[deal0, deal1, deal2], num_players=5,
                             first_dealer=4, lives=1)
    assert last(m)["reason"] == "31" and m.view(None)["lives"] == [1, 0, 0, 0, 0]
    assert m.view(None)["dealer"] == 0 and m.to_act == 1
    for _ in range(4):
        pass_turn(m)
    assert m.to_act == 0 and "knock" in texts(m)
    m.play("knock")
    for _ in range(4):
        pass_turn(m)
    assert last(m)["lives_lost"] == {"0": 2}
    view = m.view(None)
    assert view["eliminated"] == [True, False, False, False, False]
    assert view["dealer"] == 1 and m.to_act == 2
    dump = m.state.dump()
    # order 2, 3, 4, 1: seat 2 gets positions 0, 4, 8 ...
    assert dump["hands"] == [[], ["5C", "9C", "KC"], ["2C", "6C", "TC"],
                             ["3C", "7C", "JC"], ["4C", "8C", "QC"]]
    assert dump["pile"] == ["AC"] and dump["stock"][0] == "2D"


def test_throw_down_window_view_before_each_decision() -> None:
    """§6.1: no seat sees its own hand before its decision; only throw down / decline."""
    m = new(3, 2, {0: "TC 5C 2D", 1: "TH 5H 2S", 2: "9S 6S 3D"}, throw_down=True)
    for seat in (0, 1, 2):
        assert m.to_act == seat and texts(m) == ["throw down", "decline"]
        view = m.view(seat)
        assert "hand" not in view and "hand_value" not in view
        assert view["legal_actions"] == ["throw down", "decline"]
        for later in range(seat, 3):
            assert "hand" not in m.view(later)
        m.play("decline")
    assert m.view(0)["phase"] == "draw" and m.to_act == 0
    assert set(texts(m)) == {"draw stock", "draw discard", "knock"}


def test_throw_down_by_a_later_seat_is_a_knock_by_him() -> None:
    """§6.1/§12: seat 1 throws after seat 0 declined; seat 1 tied lowest is saved."""
    hands = {0: "TC 5C 2D", 1: "TH 5H 2S", 2: "KD JD 8D"}
    m = new(3, 2, hands, throw_down=True)
    m.play("decline")
    m.play("throw down")
    s = last(m)
    assert s["reason"] == "throw_down" and s["knocker"] == 1
    assert s["lives_lost"] == {"0": 1}
    # strictly lowest thrower: knocker_lowest_penalty applies to him
    m = new(3, 2, {**hands, 0: "KC 9C 2D"}, throw_down=True, knocker_lowest_penalty=1)
    m.play("decline")
    m.play("throw down")
    assert last(m)["lives_lost"] == {"1": 1}
    m = new(3, 2, {**hands, 0: "KC 9C 2D"}, throw_down=True)
    m.play("decline")
    m.play("throw down")
    assert last(m)["lives_lost"] == {"1": 2}


def test_throw_down_31_precedence_and_dealt_31_only_after_all_declined() -> None:
    """§6.1/§12: a revealed 31 (not the thrower's) → §9, the thrower loses 1 (not 2);
    a dealt 31 does not end the deal before the window is over."""
    hands = {0: "TC 5C 2D", 1: "TH 5H 2S", 2: "AD KD QD"}
    m = new(3, 2, hands, throw_down=True)
    m.play("throw down")
    s = last(m)
    assert s["reason"] == "31" and s["thirty_one"] == [2]
    assert s["lives_lost"] == {"0": 1, "1": 1}
    m = new(3, 2, hands, throw_down=True)
    m.play("decline")
    m.play("decline")
    assert last(m) is None and m.to_act == 2
    m.play("decline")
    assert last(m)["reason"] == "31" and last(m)["lives_lost"] == {"0": 1, "1": 1}


def test_knock_first_round_rule_counts_the_current_seat_too() -> None:
    """§6.2/§12: with knock_allowed_first_round=false the dealer (last in the round)
    may not knock on his first turn; the first player may on his second."""
    m = new(3, 2, LOW, knock_allowed_first_round=False)
    for seat in (0, 1, 2):
        assert m.to_act == seat and texts(m) == ["draw stock", "draw discard"]
        pass_turn(m)
    assert texts(m) == ["draw stock", "draw discard", "knock"]
    m = new(2, 1, LOW, knock_allowed_first_round=False)
    pass_turn(m)
    assert m.to_act == 1 and "knock" not in texts(m)
    pass_turn(m)
    assert "knock" in texts(m)


def test_min_knock_score_variant_values() -> None:
    """§12: 30.5 ≥ 30 but < 31; a straight flush counts 30."""
    others = {1: "TH 5H 2S", 2: "9S 6S 3D"}
    m = new(3, 2, {0: "7C 7D 7H", **others}, three_of_a_kind=True,
            three_of_a_kind_value=30.5, min_knock_score=31)
    assert texts(m) == ["draw stock", "draw discard"]
    m = new(3, 2, {0: "2H 3H AH", **others}, straight_flush=True, min_knock_score=30)
    assert "knock" in texts(m)
    m = new(3, 2, {0: "2H 3H AH", **others}, straight_flush=True,
            straight_flush_ace_low=False, min_knock_score=30)
    assert "knock" not in texts(m)
    m = new(3, 2, {0: "KH AH 2H", **others}, straight_flush=True, min_knock_score=24)
    assert m.view(0)["hand_value"] == 23 and "knock" not in texts(m)   # no wrap


def test_empty_stock_legal_draws_in_every_pile_size() -> None:
    """§6.2 step 1: stock empty → draw stock needs ≥ 2 pile cards (reshuffle) and is
    never legal with "showdown"; draw discard whenever the pile has a card. (With 3 n
    ≤ 27 cards in hands, pile + stock ≥ 25 at a draw step, so these small piles do not
    occur in play; the legal set is still the spec's.)"""
    for mode in ("reshuffle", "showdown"):
        m = new(3, 2, LOW, empty_stock=mode)
        st = cast(ScatState, m.state)
        st.stock = ()
        st.pile = [parse_card("5H")]
        assert texts(m) == ["draw discard", "knock"]
        st.pile = [parse_card("5H"), parse_card("2S")]
        want = ["draw stock"] if mode == "reshuffle" else []
        assert texts(m) == [*want, "draw discard", "knock"]
    m = new(3, 2, LOW)
    st = cast(ScatState, m.state)
    st.stock = ()
    st.pile = [parse_card("5H"), parse_card("2S")]
    m.play("draw stock")
    assert m.view(0)["discard_pile"] == ["2S"] and "5H" in m.view(0)["hand"]
    assert m.view(0)["stock_size"] == 0
    # the stock is empty again and the pile has one card: only the pile can be drawn
    # after this discard, and play goes on.
    m.play("discard 5H")
    assert m.to_act == 1 and texts(m) == ["draw stock", "draw discard", "knock"]


def test_play_never_gets_stuck() -> None:
    """At every draw step of 9-player matches the pile has a card (draw discard)."""
    for seed in range(5):
        m = stammtisch.new_match("scat", seed=seed, num_players=9, first_dealer=0)
        rng = random.Random(seed)
        while m.result is None:
            legal = texts(m)
            assert legal
            if m.view(None)["phase"] == "draw":
                assert "draw discard" in legal
                legal = [a for a in legal if a != "knock"] if rng.random() < 0.9 else legal
            m.play(rng.choice(legal))


def test_ties_generalised() -> None:
    """SC-D9: knocker tied with three others → the three lose; five tied without the
    knocker in them → all of them lose."""
    hands = {0: "TC 5C 2D", 1: "TH 5H 2S", 2: "9S 6S 3D", 3: "8C 7C 3H", 4: "TD 5D 2H"}
    m = new(5, 4, hands)
    m.play("knock")
    for _ in range(4):
        pass_turn(m)
    assert set(last(m)["values"].values()) == {15}
    assert last(m)["lives_lost"] == {"1": 1, "2": 1, "3": 1, "4": 1}
    m = new(5, 4, {**hands, 0: "KD JD 8D"})
    m.play("knock")
    for _ in range(4):
        pass_turn(m)
    assert last(m)["lives_lost"] == {"1": 1, "2": 1, "3": 1, "4": 1}


def test_31_in_final_turns_knocker_strictly_lowest_loses_only_one() -> None:
    """§9/SC-D8: the knocker (lowest) loses 1, players still due a turn get none."""
    m = new(4, 3, {0: "2C 4D 6H", 1: "AD KD 3C", 2: "TH 5H 2S", 3: "9S 6S 3D"},
            up="9H", stock="TD")
    m.play("knock")
    m.play("draw stock")
    m.play("discard 3C")
    s = last(m)
    assert s["reason"] == "31" and s["lives_lost"] == {"0": 1, "2": 1, "3": 1}


def test_variants_never_trigger_the_31() -> None:
    """§12: three of a kind 30.5 and straight flushes 30 stay in play; Q K A is 31."""
    m = new(3, 2, {0: "AC AD AH", 1: "JH QH KH", 2: "9S 6S 3D"}, three_of_a_kind=True,
            three_of_a_kind_value=30.5, straight_flush=True)
    assert last(m) is None and m.view(0)["hand_value"] == 30.5
    assert m.view(1)["hand_value"] == 30
    m = new(3, 2, {0: "TC 5C 2D", 1: "JH QH 9H", 2: "9S 6S 3D"}, up="2C", stock="KH",
            straight_flush=True)
    pass_turn(m)
    m.play("draw stock")
    m.play("discard 9H")          # J Q K of hearts: 30, not a 31
    assert last(m) is None and m.to_act == 2
    m.play("draw discard")
    m.play("discard 3D")
    m.play("draw stock")
    # seat 0 made no 31 either; the round goes on
    assert last(m) is None


def test_no_knocker_guard_only_when_everybody_would_go() -> None:
    """§8 last row/§12: all active tied lowest with 0 lives → nobody loses; one of
    them with a life left → every lowest loses (the one with lives survives)."""
    hands = {0: "TC 5C 2D", 1: "TH 5H 2S", 2: "9S 6S 3D"}
    for lives, lost in (([0, 0, 0], {}), ([0, 1, 0], {"0": 1, "1": 1, "2": 1})):
        m = new(3, 2, hands, empty_stock="showdown")
        cast(ScatState, m.state).lives = lives[:]
        while last(m) is None:
            pass_turn(m)
        assert last(m)["reason"] == "empty_stock" and last(m)["lives_lost"] == lost
        if not lost:
            assert m.view(None)["dealer"] == 0 and m.result is None
        else:
            assert m.result is not None and m.result["winner"] == 1


def test_showdown_mode_pending_knock_ends_at_the_last_stock_draw() -> None:
    """§12: the knock's remaining final turns are not played; knock rules apply."""
    hands = {0: "KS TS 4H", 1: "TD 8D 2C", 2: "KH TH 5H", 3: "9S 6S 3D"}
    m = new(4, 3, hands, empty_stock="showdown")
    while m.view(None)["stock_size"] > 2:
        pass_turn(m)
    knocker = m.to_act
    assert knocker is not None
    m.play("knock")
    pass_turn(m)
    assert last(m) is None
    pass_turn(m)                  # draws the last stock card
    s = last(m)
    assert s["knocker"] == knocker and s["deal"] == 0
    assert sum(s["lives_lost"].values()) >= 1
