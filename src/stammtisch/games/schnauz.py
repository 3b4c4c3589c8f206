"""Schnauz (31 / Schwimmen with three lives): docs/rules/schnauz.md, all options.

Phases of a deal: ``dealer_choice`` (the dealer keeps or swaps his hand),
``play`` (turns until a knock's final turns end, a Fire or Schnauz ends the
round at once, or a short stock ends it), then the showdown, which is not a
phase: lives are taken, the next deal starts at once, and its ``last_showdown``
stays in every view until the next one. The match is ``over`` when one player
is left.

Action space (ints; text in docs/rules/NOTATION.md):

======================  ===============================  ============================
id                      text                             when
======================  ===============================  ============================
0                       ``keep``                         dealer's choice
1                       ``swap``                         dealer's choice
2                       ``pass``                         play
3                       ``knock``                        play, no knock yet (§6.1)
4                       ``swap all``                     play
8 + 53 * h + t          ``swap <h> <t>``                 play; card ints h (hand), t (table)
======================  ===============================  ============================

Canonical order of legal actions: ``keep, swap``; in play every ``swap h t``
(hand cards, then table cards, in deck order), ``swap all``, ``pass``, ``knock``.

Choices where the spec is silent (decision ids in the rules file):

- The count of stock cards is public (anyone can count them); their order and
  faces never are.
- Tables replaced after an all-pass stay visible to everybody as
  ``out_of_play`` (they lay face up before), until a ``reshuffle`` takes them
  back into the stock.
- A card a player took from the table is known to all until it leaves his
  hand again: views list such cards of the other seats as ``known_hands``.
- Hands are ranked by one int key (bigger wins) that packs the tuple of §7.1.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Iterable, Mapping, Sequence
from functools import lru_cache, partial
from itertools import combinations
from typing import Any, Self, cast

from stammtisch.cards import (
    ACE,
    SCHNAUZ_DECKS,
    Card,
    CardSet,
    codes,
    iter_cards,
    make_card,
    parse_card,
    rank_of,
    suit_of,
    to_set,
)
from stammtisch.core.game import Event, GameInfo, copy_slots
from stammtisch.core.guess import Hidden, Shown, check_game, check_guess, deal_places
from stammtisch.core.lives import lives_result, next_active, restore_standing, take_lives
from stammtisch.core.options import (
    REQUIRED,
    boolean,
    choice,
    integer,
    resolve,
    seat_or_random,
)
from stammtisch.core.rng import rng_for, shuffled
from stammtisch.errors import NotationError, OptionError
from stammtisch.games.schnauz_types import SchnauzResult, SchnauzView

NAME = "schnauz"

KEEP, SWAP_HAND, PASS, KNOCK, SWAP_ALL = 0, 1, 2, 3, 4
_SWAP_ONE = 8

DEALER_CHOICE, PLAY, OVER = "dealer_choice", "play", "over"

# Reasons a round ends.
KNOCKED, COMBINATION, SHORT_STOCK = "knock", "combination", "short_stock"

# --- hand evaluation (§7) -------------------------------------------------------

SUIT_RANK = (4, 1, 2, 3)
"""Tie-break rank of suits C, D, H, S: clubs > spades > hearts > diamonds."""

FIRE, SCHNAUZ, THIRTY_HALF, POINTS = 3, 2, 1, 0
_CATEGORY_SHIFT = 24


def card_points(card: Card) -> int:
    rank = rank_of(card)
    return 11 if rank == ACE else min(rank, 10)


def _hand_key(hand: CardSet) -> int:
    cards = list(iter_cards(hand))
    ranks = [rank_of(c) for c in cards]
    suits = {suit_of(c) for c in cards}
    if all(r == ACE for r in ranks):
        return FIRE << _CATEGORY_SHIFT
    if len(suits) == 1 and sum(card_points(c) for c in cards) == 31:
        return SCHNAUZ << _CATEGORY_SHIFT | SUIT_RANK[suits.pop()] << 12
    if len(set(ranks)) == 1:
        return THIRTY_HALF << _CATEGORY_SHIFT | ranks[0] << 16
    best = 0
    for suit in suits:
        in_suit = [c for c in cards if suit_of(c) == suit]
        value = sum(card_points(c) for c in in_suit)
        desc = sorted((rank_of(c) for c in in_suit), reverse=True) + [0, 0]
        key = value << 16 | SUIT_RANK[suit] << 12 | desc[0] << 8 | desc[1] << 4 | desc[2]
        best = max(best, key)
    return best


def _all_keys() -> dict[CardSet, int]:
    cards = SCHNAUZ_DECKS["A5"]
    return {
        (1 << a) | (1 << b) | (1 << c): _hand_key((1 << a) | (1 << b) | (1 << c))
        for a, b, c in combinations(cards, 3)
    }


HAND_KEYS: dict[CardSet, int] = _all_keys()
"""The §7.1 key of every three-card hand of the largest deck; bigger wins."""

_COMBO_FLOOR = SCHNAUZ << _CATEGORY_SHIFT

CARDS_OF: dict[CardSet, tuple[Card, ...]] = {hand: tuple(iter_cards(hand)) for hand in HAND_KEYS}
"""The cards of every three-card set, in deck order (hands and tables)."""


def hand_key(hand: CardSet) -> int:
    """The §7.1 comparison key of a three-card hand as one int (bigger wins)."""
    return HAND_KEYS[hand]


def category(hand: CardSet) -> int:
    """FIRE, SCHNAUZ, THIRTY_HALF or POINTS."""
    return HAND_KEYS[hand] >> _CATEGORY_SHIFT


def hand_value(hand: CardSet) -> float:
    """The shown value: 31 for Schnauz, 30.5 for three of a kind, 33 for Fire."""
    key = HAND_KEYS[hand]
    cat = key >> _CATEGORY_SHIFT
    if cat == FIRE:
        return 33
    if cat == SCHNAUZ:
        return 31
    if cat == THIRTY_HALF:
        return 30.5
    return key >> 16


def hand_label(hand: CardSet) -> str:
    """``Fire``, ``Schnauz (31)``, ``30½`` or the points: ``18``."""
    cat = category(hand)
    if cat == FIRE:
        return "Fire"
    if cat == SCHNAUZ:
        return "Schnauz (31)"
    if cat == THIRTY_HALF:
        return "30½"
    return str(HAND_KEYS[hand] >> 16)


def is_combination(hand: CardSet) -> bool:
    """Fire or Schnauz: ends the round at once."""
    return HAND_KEYS[hand] >= _COMBO_FLOOR


# --- options (§3) ---------------------------------------------------------------

OPTIONS = (
    integer("num_players", 2, 6, REQUIRED, "number of players"),
    choice("deck_variant", ("A7", "A9", "A5"), "A7", "32, 24 or 40 cards (§2)"),
    integer("lives", 1, None, 3, "lives (tokens) per player at the start"),
    seat_or_random("first_dealer", "the first dealer"),
    boolean("knock_allowed_first_round", True,
            "false: knock only once every active player has had a play turn this deal"),
    choice("dealt_combo_check", ("after_dealer_choice", "before_dealer_choice"),
           "after_dealer_choice", "when a dealt Fire/Schnauz ends the round (SZ-D6)"),
    choice("short_stock_on_all_pass", ("showdown", "reshuffle", "continue"), "showdown",
           "an all-pass with fewer than 3 stock cards (SZ-D8)"),
    choice("fire_effect", ("lowest_loses", "all_others_lose"), "lowest_loses",
           "all_others_lose: a Fire ending the round costs every other player a life"),
    choice("knocker_lowest_penalty", (1, 2), 1, "lives lost by a knocker with the lowest hand"),
)


def _check(options: Mapping[str, Any]) -> None:
    dealer = options["first_dealer"]
    if dealer != "random" and dealer >= options["num_players"]:
        raise OptionError("first_dealer", f"a seat 0..{options['num_players'] - 1} or 'random'",
                          value=dealer, game=NAME)


def _deck(options: Mapping[str, Any]) -> tuple[Card, ...]:
    return SCHNAUZ_DECKS[options["deck_variant"]]


# --- actions --------------------------------------------------------------------

def swap_one(hand_card: Card, table_card: Card) -> int:
    return _SWAP_ONE + 53 * hand_card + table_card


@lru_cache(maxsize=1 << 16)  # the same legal actions are written out position after position
def action_text(action: int) -> str:
    if action >= _SWAP_ONE:
        hand_card, table_card = divmod(action - _SWAP_ONE, 53)
        return f"swap {codes([hand_card])[0]} {codes([table_card])[0]}"
    return ("keep", "swap", "pass", "knock", "swap all")[action]


def parse_action(text: str) -> int:
    words = text.lower().split()
    if words == ["keep"]:
        return KEEP
    if words == ["swap"]:
        return SWAP_HAND
    if words == ["pass"]:
        return PASS
    if words == ["knock"]:
        return KNOCK
    if words == ["swap", "all"]:
        return SWAP_ALL
    if len(words) == 3 and words[0] == "swap":
        try:
            return swap_one(parse_card(words[1]), parse_card(words[2]))
        except NotationError:
            pass
    raise NotationError(
        f"not a Schnauz action: {text!r} (keep, swap, swap <hand card> <table card>, "
        "swap all, pass, knock)", text=text)


# --- the state ------------------------------------------------------------------

Showdown = tuple[int, str, int, tuple[tuple[int, CardSet], ...], CardSet, int,
                 tuple[tuple[int, int], ...]]
"""(deal, reason, knocker or -1, (seat, hand) of each active seat, table, lowest
seat, (seat, lives lost) pairs): kept as ints, formatted only when shown."""


def showdown_record(showdown: Showdown) -> dict[str, Any]:
    """The JSON form of a showdown, as views and events show it."""
    deal, reason, knocker, hands, table, lowest, losses = showdown
    return {
        "deal": deal,
        "reason": reason,
        "knocker": None if knocker < 0 else knocker,
        "hands": {str(s): codes(hand) for s, hand in hands},
        "table": codes(table),
        "values": {str(s): hand_value(hand) for s, hand in hands},
        "labels": {str(s): hand_label(hand) for s, hand in hands},
        "lowest": lowest,
        "lives_lost": {str(s): k for s, k in losses},
    }


_LIST_SLOTS = ("lives", "eliminated", "eliminated_order", "active", "hands")
"""The slots a copy must not share: lists the play changes in place."""


SchnauzHidden = Hidden
"""What a Schnauz view hides, for :meth:`SchnauzState.from_view`: ``hands``, every seat's
hand (the seat's own as its view shows it; the cards others saw a seat take among its);
``stock`` in draw order; ``seed``: the generator of reshuffles and the deals to come."""


class SchnauzState:
    """One Schnauz match; see the module header for phases and action ids."""

    __slots__ = (
        "num_players", "seed", "decks", "options", "deck_variant", "knock_first_round",
        "check_before", "short_stock", "fire_all_others", "knocker_penalty",
        "lives", "eliminated", "eliminated_order", "active", "dealer", "deal_number",
        "phase", "to_act", "hands", "table", "stock", "out_of_play", "public",
        "knocker", "final_turns_left", "passes", "turned", "reshuffles",
        "showdown", "events",
        "halt_between_deals",
    )

    def __init__(self, options: Mapping[str, Any], seed: int,
                 decks: Sequence[tuple[Card, ...]] = ()) -> None:
        n = options["num_players"]
        self.num_players: int = n
        self.seed = seed
        self.decks = tuple(decks)
        self._set_rules(options)
        self.lives: list[int] = [options["lives"]] * n
        self.eliminated: list[bool] = [False] * n
        self.eliminated_order: list[int] = []
        self.active: list[int] = list(range(n))
        first = options["first_dealer"]
        if first == "random":
            first = rng_for(seed, "first_dealer").randrange(n)
        self.dealer: int = first
        self.deal_number = -1
        self.showdown: Showdown | None = None
        self.events: list[Event] | None = []
        self.phase = DEALER_CHOICE
        self.to_act = -1
        self.hands: list[CardSet] = [0] * n
        self.table: CardSet = 0
        self.stock: tuple[Card, ...] = ()
        self.out_of_play: CardSet = 0
        self.public: CardSet = 0
        self.knocker = -1
        self.final_turns_left = 0
        self.passes = 0
        self.turned = 0
        self.reshuffles = 0
        self.halt_between_deals = False
        """Set on a search's sample: once a deal's lives are taken, the next deal is not
        dealt (``deal_number`` moves on and nobody is to act), which saves its shuffle."""
        self._start_deal()

    def _set_rules(self, options: Mapping[str, Any]) -> None:
        self.options = dict(options)
        self.deck_variant: str = options["deck_variant"]
        self.knock_first_round: bool = options["knock_allowed_first_round"]
        self.check_before = options["dealt_combo_check"] == "before_dealer_choice"
        self.short_stock: str = options["short_stock_on_all_pass"]
        self.fire_all_others = options["fire_effect"] == "all_others_lose"
        self.knocker_penalty: int = options["knocker_lowest_penalty"]

    # -- dealing ------------------------------------------------------------------

    def _start_deal(self) -> None:
        self.deal_number += 1
        number = self.deal_number
        if number < len(self.decks):
            deck = self.decks[number]
        else:
            deck = shuffled(SCHNAUZ_DECKS[self.deck_variant], self.seed, "deal", number)
        order = []
        seat = self.dealer
        for _ in self.active:
            seat = next_active(self, seat)
            order.append(seat)
        k = len(order)
        hands = [0] * self.num_players
        for i, seat in enumerate(order):
            hands[seat] = 1 << deck[i] | 1 << deck[i + k] | 1 << deck[i + 2 * k]
        self.hands = hands
        self.stock = deck[3 * k:]
        self.table = self.out_of_play = self.public = 0
        self.knocker = -1
        self.final_turns_left = self.passes = self.turned = self.reshuffles = 0
        if self.events is not None:
            self.events.append({"type": "deal", "deal": number, "dealer": self.dealer,
                                "players": list(order)})
        if self.check_before and any(is_combination(hands[s]) for s in self.active):
            self._showdown(COMBINATION)
            return
        self.phase = DEALER_CHOICE
        self.to_act = self.dealer

    def _take_three(self) -> CardSet:
        stock = self.stock
        self.stock = stock[3:]
        return 1 << stock[0] | 1 << stock[1] | 1 << stock[2]

    def _lay_table(self, cards: CardSet, why: str) -> None:
        self.table = cards
        self.public |= cards
        if self.events is not None:
            self.events.append({"type": "table", "cards": codes(cards), "why": why})

    # -- the fast path ------------------------------------------------------------

    def legal(self) -> list[int]:
        if self.phase == PLAY:
            table_cards = CARDS_OF[self.table]
            actions = [_SWAP_ONE + 53 * h + t
                       for h in CARDS_OF[self.hands[self.to_act]] for t in table_cards]
            actions.append(SWAP_ALL)
            actions.append(PASS)
            if self.knocker < 0 and (self.knock_first_round or self._all_turned()):
                actions.append(KNOCK)
            return actions
        if self.phase == DEALER_CHOICE:
            return [KEEP, SWAP_HAND]
        return []

    def _all_turned(self) -> bool:
        turned = self.turned
        return all(turned >> s & 1 for s in self.active)

    def apply(self, action: int) -> None:
        seat = self.to_act
        if self.events is not None:
            self.events.append({"type": "action", "seat": seat, "action": action_text(action)})
        if self.phase == DEALER_CHOICE:
            self._dealer_choice(action)
            return
        hands = self.hands
        if action >= _SWAP_ONE:
            hand_card, table_card = divmod(action - _SWAP_ONE, 53)
            swap = 1 << hand_card | 1 << table_card
            hands[seat] ^= swap
            self.table ^= swap
            self.public |= 1 << hand_card
        elif action == SWAP_ALL:
            hands[seat], self.table = self.table, hands[seat]
            self.public |= self.table
        elif action == KNOCK:
            self.knocker = seat
            self.final_turns_left = len(self.active) - 1
            self.passes = 0
            self.to_act = next_active(self, seat)
            return
        self.turned |= 1 << seat
        if action != PASS:
            self.passes = 0
            if is_combination(hands[seat]):
                self._showdown(COMBINATION)
                return
        if self.knocker >= 0:
            self.final_turns_left -= 1
            if self.final_turns_left == 0:
                self._showdown(KNOCKED)
                return
        elif action == PASS:
            self.passes += 1
            if self.passes == len(self.active) and not self._all_passed():
                return
        self.to_act = next_active(self, seat)

    def _dealer_choice(self, action: int) -> None:
        dealer = self.dealer
        if action == KEEP:
            self._lay_table(self._take_three(), "keep")
        else:
            old_hand = self.hands[dealer]
            self.hands[dealer] = self._take_three()
            self._lay_table(old_hand, "swap")
        if self.check_before:
            triggered = action == SWAP_HAND and is_combination(self.hands[dealer])
        else:
            triggered = any(is_combination(self.hands[s]) for s in self.active)
        if triggered:
            self._showdown(COMBINATION)
            return
        self.phase = PLAY
        self.to_act = next_active(self, dealer)

    def _all_passed(self) -> bool:
        """A full round of passes (§6.2 step 3); False when the round ended."""
        self.passes = 0
        if len(self.stock) < 3:
            if self.short_stock == "showdown":
                self._showdown(SHORT_STOCK)
                return False
            if self.short_stock == "continue":
                return True
            pile = tuple(iter_cards(self.out_of_play))
            self.reshuffles += 1
            self.stock += shuffled(pile, self.seed, "reshuffle", self.deal_number, self.reshuffles)
            self.out_of_play = 0
            if self.events is not None:
                self.events.append({"type": "reshuffle", "cards": len(pile)})
            if len(self.stock) < 3:
                self._showdown(SHORT_STOCK)
                return False
        self.out_of_play |= self.table
        self._lay_table(self._take_three(), "all_passed")
        return True

    # -- showdown and lives ---------------------------------------------------------

    def _showdown(self, reason: str) -> None:
        active = self.active
        hands = self.hands
        loser = min(active, key=lambda s: HAND_KEYS[hands[s]])
        fire = [s for s in active if category(hands[s]) == FIRE]
        losses: dict[int, int] = {}
        if self.fire_all_others and reason == COMBINATION and fire:
            losses = {s: 1 for s in active if s != fire[0]}
        elif loser == self.knocker:
            losses = {loser: self.knocker_penalty}
        else:
            losses = {loser: 1}
        if self.halt_between_deals:
            if take_lives(self, losses):
                self.deal_number += 1
                self.to_act = -1
            return
        self.showdown = (self.deal_number, reason, self.knocker,
                         tuple((s, hands[s]) for s in active), self.table, loser,
                         tuple(sorted(losses.items())))
        if self.events is not None:
            self.events.append({"type": "showdown", **showdown_record(self.showdown)})
        if take_lives(self, losses):
            self._start_deal()

    # -- a state from a view (search samples) -------------------------------------

    @classmethod
    def from_view(cls, view: Mapping[str, Any], hidden: SchnauzHidden) -> Self:
        """The state a seat's ``view`` shows, with ``hidden`` as the cards it hides.

        The rules are the view's options. Raises :class:`~stammtisch.errors.ViewError`
        when ``hidden`` does not fit the view (counts, a card also seen elsewhere, the
        seat's own hand, a card a seat took from the table). The state records no
        events, like a clone. Many guesses for one view: :meth:`for_view`.
        """
        return cls.for_view(view)(hidden)

    @classmethod
    def for_view(cls, view: Mapping[str, Any]) -> Callable[[SchnauzHidden], Self]:
        """:meth:`from_view` for one view and many guesses (a search's samples): the view
        is read once; each call copies that public state and places its guess, checked
        as ``from_view`` checks it."""
        check_game(view, NAME)
        state = object.__new__(cls)
        state._set_rules(_resolved(tuple(sorted(view["options"].items()))))
        restore_standing(state, view)
        state.seed, state.hands, state.stock = 0, [], ()
        state.decks = ()
        state.halt_between_deals = False
        state.table = _cards(view["table"])
        state.out_of_play = _cards(view["out_of_play"])
        state.knocker = -1 if view["knocker"] is None else view["knocker"]
        state.final_turns_left = 0
        if state.knocker >= 0 and state.to_act >= 0:
            seat = state.to_act
            while seat != state.knocker:
                state.final_turns_left += 1
                seat = next_active(state, seat)
        state.passes = view["passes"]
        state.turned = sum(1 << s for s, done in enumerate(view["completed_turn"]) if done)
        state.reshuffles = view["reshuffles"]
        shown = view["last_showdown"]
        state.showdown = None if shown is None else (
            shown["deal"], shown["reason"], -1 if shown["knocker"] is None else shown["knocker"],
            tuple((int(s), _cards(cards)) for s, cards in shown["hands"].items()),
            _cards(shown["table"]), shown["lowest"],
            tuple(sorted((int(s), k) for s, k in shown["lives_lost"].items())))
        seat = view["seat"]
        known = [_cards(view["known_hands"].get(str(s), ())) for s in range(state.num_players)]
        if seat is not None:
            known[seat] = _cards(view["own_known"])
        state.public = state.table | state.out_of_play | sum(known)
        sizes = None if state.phase == OVER else tuple(0 if out else 3
                                                       for out in state.eliminated)
        shown = Shown(seat, _cards(view["hand"]) if seat is not None and "hand" in view
                      else None, view.get("hand"), view["stock_size"], sizes, tuple(known),
                      "that seat took them from the table",
                      (("table", state.table), ("out-of-play tables", state.out_of_play)))
        return partial(state._guessed, shown)

    def _guessed(self, shown: Shown, hidden: SchnauzHidden) -> Self:
        """A copy of this public state with ``hidden`` placed."""
        state = copy_slots(self, _LIST_SLOTS)
        state.seed = hidden.seed
        state._place_hidden(shown, hidden)
        return state

    def _place_hidden(self, shown: Shown, hidden: SchnauzHidden) -> None:
        """The hands and the stock from ``hidden``, checked against the view."""
        check_guess(shown, hidden, SCHNAUZ_DECKS[self.deck_variant])
        self.hands = list(hidden.hands)
        self.stock = tuple(hidden.stock)

    # -- the rest of the contract -----------------------------------------------------

    def clone(self) -> Self:
        return copy_slots(self, _LIST_SLOTS)

    def action_text(self, action: int) -> str:
        return action_text(action)

    def parse_action(self, text: str) -> int:
        return parse_action(text)

    def result(self) -> SchnauzResult | None:
        return lives_result(self)

    def view(self, seat: int | None) -> SchnauzView:
        """What ``seat`` may know (``None``: a spectator), as plain JSON-ready data.

        - ``game`` ``"schnauz"``; ``seat``; ``num_players``; ``deck_variant``; ``options``
          (the match options).
        - ``phase``: ``dealer_choice``, ``play`` or ``over``; ``deal`` (0 first);
          ``dealer``; ``to_act`` (``None`` once over).
        - ``lives`` and ``eliminated`` per seat; ``eliminated_order``: the seats out,
          first out first; ``swimming``: per seat, in with 0 lives.
        - ``table``: the three open cards; ``stock_size``; ``out_of_play``: replaced
          tables lying face up; ``known_hands``: seat (str) -> the cards of that seat's
          hand everybody saw it take from the table; ``own_known``: the same for the
          seat's own hand (a player's, also once over).
        - ``knocker`` (``None``: nobody knocked); ``final_turns``: whether a knock is
          running; ``passes``: consecutive passes (all passing replaces the table);
          ``completed_turn`` per seat: it had a play turn this deal; ``reshuffles``
          (this deal).
        - ``last_showdown``: the last showdown (``deal``, ``reason``, ``knocker``,
          ``hands``, ``table``, ``values``, ``labels``, ``lowest``, ``lives_lost``) or
          ``None``.
        - ``hand`` and ``hand_value`` (its label: ``"18"``, ``"30½"``, ``"Schnauz (31)"``,
          ``"Fire"``): the seat's own, while it is in the match.
        - ``legal_actions``: the canonical action texts, only for the seat to act
          (else empty); ``result`` once the match is over.
        """
        acting = seat is not None and seat == self.to_act
        view: dict[str, Any] = {
            "game": NAME,
            "seat": seat,
            "num_players": self.num_players,
            "deck_variant": self.deck_variant,
            "options": dict(self.options),
            "phase": self.phase,
            "deal": self.deal_number,
            "dealer": self.dealer,
            "to_act": None if self.to_act < 0 else self.to_act,
            "lives": self.lives[:],
            "eliminated": self.eliminated[:],
            "eliminated_order": self.eliminated_order[:],
            "swimming": [not self.eliminated[s] and self.lives[s] == 0
                         for s in range(self.num_players)],
            "table": codes(self.table),
            "stock_size": len(self.stock),
            "out_of_play": codes(self.out_of_play),
            "known_hands": {str(s): codes(self.hands[s] & self.public) for s in self.active
                            if s != seat and self.hands[s] & self.public},
            "knocker": None if self.knocker < 0 else self.knocker,
            "final_turns": self.knocker >= 0,
            "passes": self.passes,
            "completed_turn": [bool(self.turned >> s & 1) for s in range(self.num_players)],
            "reshuffles": self.reshuffles,
            "last_showdown": self.showdown and showdown_record(self.showdown),
        }
        if seat is not None and not self.eliminated[seat] and self.phase != OVER:
            view["hand"] = codes(self.hands[seat])
            view["hand_value"] = hand_label(self.hands[seat])
        if seat is not None:
            view["own_known"] = codes(self.hands[seat] & self.public) if seat in self.active \
                else []
        view["legal_actions"] = [action_text(a) for a in self.legal()] if acting else []
        if self.phase == OVER:
            view["result"] = self.result()
        return cast(SchnauzView, view)

    def dump(self) -> dict[str, Any]:
        return {
            "num_players": self.num_players,
            "seed": self.seed,
            "phase": self.phase,
            "deal": self.deal_number,
            "dealer": self.dealer,
            "to_act": self.to_act,
            "lives": self.lives[:],
            "eliminated": self.eliminated[:],
            "eliminated_order": self.eliminated_order[:],
            "hands": [codes(h) for h in self.hands],
            "table": codes(self.table),
            "stock": codes(self.stock),
            "out_of_play": codes(self.out_of_play),
            "public": codes(self.public),
            "knocker": self.knocker,
            "final_turns_left": self.final_turns_left,
            "passes": self.passes,
            "turned": self.turned,
            "reshuffles": self.reshuffles,
            "last_showdown": self.showdown and showdown_record(self.showdown),
        }


def _cards(cards: Iterable[str]) -> CardSet:
    return to_set(parse_card(c) for c in cards)


@lru_cache(maxsize=64)
def _resolved(options: tuple[tuple[str, Any], ...]) -> dict[str, Any]:
    """A view's options, checked as a new match checks them."""
    resolved = resolve(NAME, OPTIONS, dict(options))
    _check(resolved)
    return resolved


def sample(view: Mapping[str, Any], rng: random.Random) -> SchnauzState:
    """A state of ``view`` with the cards it hides drawn uniformly: each hand the cards
    it was seen to take and the rest of its three from the cards nobody saw, the stock
    the cards left in a random order."""
    n = view["num_players"]
    seat = view["seat"]
    known = [_cards(view["known_hands"].get(str(s), ())) for s in range(n)]
    if seat is not None:
        known[seat] = _cards(view["hand"]) if "hand" in view else _cards(view["own_known"])
    pool = (to_set(SCHNAUZ_DECKS[view["deck_variant"]]) & ~_cards(view["table"])
            & ~_cards(view["out_of_play"]) & ~sum(known))
    sizes = [0 if out else 3 for out in view["eliminated"]]
    hands, stock = deal_places(pool, list(zip(known, sizes, strict=True)), rng)
    return SchnauzState.for_view(view)(SchnauzHidden(tuple(hands), tuple(stock),
                                                     rng.getrandbits(63)))


def _new_state(options: Mapping[str, Any], seed: int,
               decks: Sequence[tuple[Card, ...]]) -> SchnauzState:
    return SchnauzState(options, seed, decks)


GAME = GameInfo(
    name=NAME,
    title="Schnauz",
    min_players=2,
    max_players=6,
    options=OPTIONS,
    new_state=_new_state,
    deck=_deck,
    check=_check,
    sample=sample,
    summary="31 / Schwimmen with three lives: swap with the table, knock, don't be lowest.",
)

__all__ = ["GAME", "SchnauzHidden", "SchnauzState", "hand_key", "hand_value", "make_card"]
