"""Schnauz audit against docs/rules/schnauz.md (§6.2 order of checks, §8, §11).

``Ref`` is a plain second implementation written from the spec text (card codes,
tuples for the §7.1 key). Random matches under every option combination are
played through the public API and compared with it at every decision point:
legal action set, seat to act, phase, hands, table, stock, out-of-play cards,
lives, eliminations, dealer. Reshuffles (engine RNG) are taken from the engine,
after checking that exactly the out-of-play cards went below the stock.
"""

from __future__ import annotations

import itertools
import random
from typing import Any, cast

import pytest

import stammtisch
from stammtisch import Match
from stammtisch.cards import SCHNAUZ_DECKS, card_code
from stammtisch.games.schnauz import SchnauzState

RANKS = "23456789TJQKA"
SUIT_RANK = {"C": 4, "S": 3, "H": 2, "D": 1}


def rank(code: str) -> int:
    return RANKS.index(code[0]) + 2


def points(code: str) -> int:
    r = rank(code)
    return 11 if r == 14 else min(r, 10)


def key(hand: list[str]) -> tuple[Any, ...]:
    """§7.1, lexicographic, bigger wins."""
    ranks = [rank(c) for c in hand]
    suits = {c[1] for c in hand}
    if all(r == 14 for r in ranks):
        return (3,)
    if len(suits) == 1 and sum(points(c) for c in hand) == 31:
        return (2, SUIT_RANK[hand[0][1]])
    if len(set(ranks)) == 1:
        return (1, ranks[0])
    return (0, *max((sum(points(c) for c in hand if c[1] == s), SUIT_RANK[s],
                     sorted((rank(c) for c in hand if c[1] == s), reverse=True))
                    for s in suits))


def combo(hand: list[str]) -> bool:
    category: int = key(hand)[0]
    return category >= 2


class Ref:
    def __init__(self, n: int, opts: dict[str, Any], decks: list[list[str]]) -> None:
        self.n, self.opts, self.decks = n, opts, decks
        self.lives = [opts["lives"]] * n
        self.out = [False] * n
        self.dealer: int = opts["first_dealer"]
        self.deal_no = -1
        self.phase = "dealer_choice"
        self.to_act: int | None = None
        self.start_deal()

    @property
    def active(self) -> list[int]:
        return [s for s in range(self.n) if not self.out[s]]

    def left(self, seat: int) -> int:
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
        for i, seat in enumerate(order):
            self.hands[seat] = [deck[i], deck[i + k], deck[i + 2 * k]]
        self.stock = list(deck[3 * k:])
        self.table: list[str] = []
        self.gone: list[str] = []
        self.knocker: int | None = None
        self.finals: list[int] = []
        self.passes = 0
        self.turned: set[int] = set()
        if (self.opts["dealt_combo_check"] == "before_dealer_choice"
                and any(combo(self.hands[s]) for s in self.active)):
            self.showdown("combination")
            return
        self.phase, self.to_act = "dealer_choice", self.dealer

    def legal(self) -> set[str]:
        if self.phase == "dealer_choice":
            return {"keep", "swap"}
        if self.phase != "play":
            return set()
        assert self.to_act is not None
        acts = {f"swap {h} {t}" for h in self.hands[self.to_act] for t in self.table}
        acts |= {"swap all", "pass"}
        if self.knocker is None and (self.opts["knock_allowed_first_round"]
                                     or all(s in self.turned for s in self.active)):
            acts.add("knock")
        return acts

    def play(self, action: str, engine_stock: list[str]) -> None:
        seat = self.to_act
        assert seat is not None
        if self.phase == "dealer_choice":
            top, self.stock = self.stock[:3], self.stock[3:]
            if action == "keep":
                self.table = top
            else:
                self.table, self.hands[seat] = self.hands[seat], top
            if self.opts["dealt_combo_check"] == "before_dealer_choice":
                ends = action == "swap" and combo(self.hands[seat])
            else:
                ends = any(combo(self.hands[s]) for s in self.active)
            if ends:
                self.showdown("combination")
            else:
                self.phase, self.to_act = "play", self.left(seat)
            return
        hand = self.hands[seat]
        if action == "knock":
            self.knocker = seat
            self.passes = 0
            self.finals = []
            self.to_act = self.left(seat)
            return
        self.turned.add(seat)
        if action == "swap all":
            self.hands[seat], self.table = self.table, hand
        elif action.startswith("swap"):
            _, h, t = action.split()
            hand[hand.index(h)] = t
            self.table[self.table.index(t)] = h
        if action != "pass":
            self.passes = 0
            if combo(self.hands[seat]):                                   # §6.2.1
                self.showdown("combination")
                return
        if self.knocker is not None:                                      # §6.2.2
            self.finals.append(seat)
            if self.left(seat) == self.knocker:
                self.showdown("knock")
                return
        elif action == "pass":                                            # §6.2.3
            self.passes += 1
            if self.passes == len(self.active):
                self.passes = 0
                if len(self.stock) < 3:
                    mode = self.opts["short_stock_on_all_pass"]
                    if mode == "showdown":
                        self.showdown("short_stock")
                        return
                    if mode == "reshuffle":
                        # §11: the earlier tables go below the stock (engine RNG), the
                        # table showing now is not reshuffled
                        if len(self.stock) + len(self.gone) < 3:
                            self.showdown("short_stock")
                            return
                        assert set(engine_stock) <= set(self.gone)
                        assert len(engine_stock) == len(self.stock) + len(self.gone) - 3
                        drawn = [c for c in self.gone if c not in engine_stock]
                        self.gone = self.table[:]
                        self.table, self.stock = self.stock + drawn, engine_stock
                        self.to_act = self.left(seat)
                        return
                if len(self.stock) >= 3:
                    self.gone += self.table
                    self.table, self.stock = self.stock[:3], self.stock[3:]
        self.to_act = self.left(seat)                                     # §6.2.4

    def showdown(self, reason: str) -> None:
        active = self.active
        low = min(active, key=lambda s: key(self.hands[s]))
        fire = [s for s in active if key(self.hands[s]) == (3,)]
        if (self.opts["fire_effect"] == "all_others_lose" and reason == "combination"
                and fire):
            losses = {s: 1 for s in active if s != fire[0]}
        elif low == self.knocker:
            losses = {low: self.opts["knocker_lowest_penalty"]}
        else:
            losses = {low: 1}
        for s, k in losses.items():
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
        self.dealer = self.left(self.dealer)
        self.start_deal()


OPTION_VALUES: dict[str, tuple[Any, ...]] = {
    "deck_variant": ("A7", "A9", "A5"),
    "knock_allowed_first_round": (True, False),
    "dealt_combo_check": ("after_dealer_choice", "before_dealer_choice"),
    "short_stock_on_all_pass": ("showdown", "reshuffle", "continue"),
    "fire_effect": ("lowest_loses", "all_others_lose"),
    "knocker_lowest_penalty": (1, 2),
}


def rich_deck(rng: random.Random, variant: str) -> list[str]:
    deck = [card_code(c) for c in SCHNAUZ_DECKS[variant]]
    rng.shuffle(deck)
    if rng.random() < 0.4:                      # aces and tens near the top
        top = [c for c in deck if c[0] in "AKT"][:6]
        deck = top + [c for c in deck if c not in top]
        rng.shuffle(top)
    return deck


def compare(m: Match, ref: Ref, dump: dict[str, Any] | None = None) -> None:
    """The engine agrees with ``ref`` (``dump``: the engine state's, if already taken)."""
    if dump is None:
        dump = m.state.dump()
    assert dump["phase"] == ref.phase
    assert m.to_act == ref.to_act
    assert dump["lives"] == ref.lives and dump["eliminated"] == ref.out
    if ref.phase == "over":
        return
    assert dump["dealer"] == ref.dealer and dump["deal"] == ref.deal_no
    assert {a.text for a in m.legal_actions()} == ref.legal()
    for s in range(ref.n):
        assert sorted(dump["hands"][s]) == sorted(ref.hands[s]), s
    assert sorted(dump["table"]) == sorted(ref.table)
    assert dump["stock"] == ref.stock
    assert sorted(dump["out_of_play"]) == sorted(ref.gone)


def play_differential(seed: int, n: int, opts: dict[str, Any]) -> int:
    rng = random.Random(seed)
    decks = [rich_deck(rng, opts["deck_variant"]) for _ in range(80)]
    m = stammtisch.new_match("schnauz", seed=seed, decks=decks, num_players=n, **opts)
    ref = Ref(n, dict(m.options), decks)
    pass_p = rng.choice((0.3, 0.8, 0.95))
    knock_p = rng.choice((0.0, 0.05, 0.3))
    steps = 0
    compare(m, ref)
    while ref.phase != "over" and ref.deal_no < len(decks) - 1 and steps < 5000:
        legal = sorted(a.text for a in m.legal_actions())
        if "knock" in legal and rng.random() < knock_p:
            action = "knock"
        elif "pass" in legal and rng.random() < pass_p:
            action = "pass"
        else:
            action = rng.choice([a for a in legal if a != "knock"])
        m.play(action)
        after = m.state.dump()
        ref.play(action, list(after["stock"]))
        compare(m, ref, after)
        steps += 1
    return steps


@pytest.mark.slow
@pytest.mark.parametrize("chunk", range(6))
def test_engine_agrees_with_the_reference_at_every_step(chunk: int) -> None:
    keys = list(OPTION_VALUES)
    combos = list(itertools.product(*OPTION_VALUES.values()))
    for index in range(chunk, len(combos), 6):
        opts = dict(zip(keys, combos[index], strict=True))
        rng = random.Random(index)
        n = 2 + index % 5
        opts.update(lives=rng.choice((1, 2)), first_dealer=rng.randrange(n))
        play_differential(index, n, opts)


# --- single points of the audit ------------------------------------------------------

def stacked(n: int, dealer: int, hands: dict[int, str], stock: str = "",
            variant: str = "A7") -> list[str]:
    """§5.2: p_i gets positions i, i+n, i+2n from the dealer's left; then ``stock``."""
    deck = [""] * (3 * n)
    for i in range(n):
        for j, code in enumerate(hands[(dealer + 1 + i) % n].split()):
            deck[i + j * n] = code
    deck += stock.split()
    return deck + [card_code(c) for c in SCHNAUZ_DECKS[variant]
                   if card_code(c) not in deck]


def begin(n: int, dealer: int, hands: dict[int, str], stock: str = "",
          **options: Any) -> Match:
    return stammtisch.new_match("schnauz", seed=2, decks=[stacked(n, dealer, hands, stock)],
                                num_players=n, first_dealer=dealer, **options)


def last(m: Match) -> dict[str, Any]:
    shown: dict[str, Any] = m.view(None)["last_showdown"]
    return shown


def texts(m: Match) -> list[str]:
    return [a.text for a in m.legal_actions()]


SAFE = {0: "7C 8D 9H", 1: "TC JD QH", 2: "KC 7D 8H"}


def test_passes_before_a_knock_do_not_count_and_final_passes_replace_nothing() -> None:
    """§6.2 steps 2/3: a knock resets the counter; after it passes only run out the
    final turns (no table replacement even when N passes follow in a row)."""
    m = begin(3, 2, SAFE, stock="9C TD JH QC KD 7H")
    m.play("keep")
    m.play("pass")
    m.play("pass")
    m.play("knock")                       # seat 2
    assert m.view(None)["passes"] == 0
    m.play("pass")
    assert m.view(None)["table"] == ["9C", "TD", "JH"]
    m.play("pass")
    s = last(m)
    assert s["reason"] == "knock" and s["knocker"] == 2 and s["table"] == ["9C", "TD", "JH"]


def test_combination_check_comes_before_the_end_of_the_final_turns() -> None:
    """§6.2 step 1 before step 2: the knocker's right neighbour swaps into Schnauz on
    the last final turn: the reason is the combination; the lowest (the knocker)
    loses knocker_lowest_penalty (§11)."""
    m = begin(3, 2, {0: "7C 8D 9H", 1: "TC JD QH", 2: "AS KS 7H"}, stock="TS 8C 9D",
              knocker_lowest_penalty=2)
    m.play("keep")
    m.play("knock")                       # seat 0, the lowest hand
    m.play("pass")                        # seat 1
    m.play("swap 7H TS")                  # seat 2: AS KS TS
    s = last(m)
    assert s["reason"] == "combination" and s["knocker"] == 0
    assert s["lowest"] == 0 and s["lives_lost"] == {"0": 2}


def test_fire_all_others_lose_on_the_dealers_swap_but_not_from_the_table() -> None:
    """§11: the dealer's swap into Fire ends the round, everybody else loses one;
    a Fire laid on the table by the dealer's swap ends nothing."""
    m = begin(3, 2, SAFE, stock="AS AH AD", fire_effect="all_others_lose")
    m.play("swap")
    s = last(m)
    assert s["reason"] == "combination" and s["lives_lost"] == {"0": 1, "1": 1}
    m = begin(3, 2, {**SAFE, 2: "AS AH AD"}, stock="9C 7S 8S",
              fire_effect="all_others_lose", dealt_combo_check="before_dealer_choice")
    assert last(m)["reason"] == "combination"           # dealt Fire, checked first
    m = begin(3, 2, {**SAFE, 2: "AS AH AD"}, stock="9C 7S 8S",
              fire_effect="all_others_lose")
    m.play("swap")                        # the Fire goes to the table
    assert last(m) is None and m.view(None)["table"] == ["AD", "AH", "AS"]
    assert m.to_act == 0


def test_continue_and_reshuffle_with_nothing_out_of_play() -> None:
    """§11: "continue" resets the counter and the next N passes apply again;
    "reshuffle" with an empty out-of-play pile leaves the stock short → showdown."""
    m = begin(2, 1, {0: "7C 8D 9H", 1: "TC JD QH"}, short_stock_on_all_pass="continue",
              deck_variant="A7")
    m.play("keep")
    while m.view(None)["stock_size"] >= 3:
        m.play("pass")
    table = m.view(None)["table"]
    for _ in range(6):
        m.play("pass")
        assert m.view(None)["table"] == table and last(m) is None
    assert m.view(None)["passes"] == 0
    m = begin(2, 1, {0: "7C 8D 9H", 1: "TC JD QH"}, short_stock_on_all_pass="reshuffle")
    st = cast(SchnauzState, m.state)
    m.play("keep")
    st.stock = st.stock[:2]
    st.out_of_play = 0
    m.play("pass")
    m.play("pass")
    assert last(m)["reason"] == "short_stock"


def test_knock_first_round_record_survives_table_replacements() -> None:
    """§11: keep/swap is not a turn; replacements do not reset who has had a turn."""
    m = begin(3, 2, SAFE, stock="9C TD JH QC KD 7H", knock_allowed_first_round=False)
    m.play("keep")
    for seat in (0, 1, 2):
        assert m.to_act == seat and "knock" not in texts(m)
        m.play("pass")
    assert m.view(None)["table"] == ["QC", "KD", "7H"]
    assert "knock" in texts(m)
