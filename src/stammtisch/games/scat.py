"""Scat (Thirty-One / Blitz): docs/rules/scat.md, all options.

Phases of a deal: ``throw_down`` (only with the option: each player, from the
dealer's left, throws down or declines before seeing his hand), then turns of
``draw`` (draw from the stock or the discard pile, or knock) and ``discard``.
A round ends with a 31 (dealt, or after any discard), a knock's last final
turn, a throw-down, or (``empty_stock = "showdown"``) the discard after the
last stock card was drawn. The settlement is not a phase: lives are taken, the
next deal starts at once, and its ``last_showdown`` stays in every view until
the next one. The match is ``over`` when one player is left.

Action space (ints; text in docs/rules/NOTATION.md):

======================  ===============================  ============================
id                      text                             when
======================  ===============================  ============================
0                       ``throw down``                   throw-down window (§6.1)
1                       ``decline``                      throw-down window
2                       ``draw stock``                   draw (§6.2 step 1)
3                       ``draw discard``                 draw
4                       ``knock``                        draw, no knock yet this round
8 + c                   ``discard <c>``                  discard; card int c (§6.2 step 2)
======================  ===============================  ============================

Canonical order of legal actions: ``throw down, decline``; ``draw stock,
draw discard, knock``; discards in deck order.

Choices where the spec is silent:

- The discard pile is public as a whole (bottom to top), the stock only by its
  size. A card taken from the discard pile stays publicly known in its taker's
  hand (``known_cards``) until he discards it.
- A reshuffle (§6.5) takes the pile's cards below the top in deck order and
  shuffles them with the match generator keyed ``"reshuffle", deal, n`` (the
  n-th reshuffle of that deal).
- In the throw-down window a player who has not decided sees no hand at all;
  once he has declined he sees his own hand (the others' stay hidden).
- A view shows ``hand_value`` only for a three-card hand (not mid-turn).
- No seat is ever stuck (nothing to decide): at a draw step the pile holds at
  least one card (the upcard, later the last discard), so ``draw discard`` is
  always legal; and with at most 27 cards in hands, pile + stock >= 25, so an
  empty stock under ``"reshuffle"`` always meets a pile of >= 2 cards.
- The legal set follows §6.2 literally even in states play cannot reach (an
  empty stock with a pile of 1 card: ``draw discard`` only, plus ``knock``).
- Settlement reasons: ``"31"`` (dealt, made, or revealed by a throw-down;
  ``thirty_one`` lists the holders), ``"knock"``, ``"throw_down"`` (knocker =
  the thrower) and ``"empty_stock"`` (knocker = a pending knocker, else none).
"""

from __future__ import annotations

import random
from collections.abc import Callable, Iterable, Mapping, Sequence
from functools import lru_cache, partial
from typing import Any, Self, cast

from stammtisch.cards import ACE, SCAT_DECK, Card, CardSet, codes, parse_card, to_set
from stammtisch.core.game import Event, GameInfo, copy_slots
from stammtisch.core.guess import Hidden, Shown, check_game, check_guess, deal_places
from stammtisch.core.lives import lives_result, next_active, restore_standing, take_lives
from stammtisch.core.options import REQUIRED, boolean, choice, integer, resolve, seat_or_random
from stammtisch.core.rng import rng_for, shuffled
from stammtisch.errors import NotationError, OptionError
from stammtisch.games.scat_types import ScatResult, ScatView

NAME = "scat"

THROW_DOWN, DECLINE, DRAW_STOCK, DRAW_DISCARD, KNOCK = 0, 1, 2, 3, 4
_DISCARD = 8
_SIMPLE = ("throw down", "decline", "draw stock", "draw discard", "knock")

WINDOW, DRAW, DISCARD, OVER = "throw_down", "draw", "discard", "over"

# Reasons a round ends.
THIRTY_ONE, KNOCKED, THROWN, EMPTY_STOCK = "31", "knock", "throw_down", "empty_stock"

# --- hand evaluation (§7) -------------------------------------------------------

_SUIT = 0x1FFF


def _suit_points(mask: int) -> int:
    return sum(11 if r + 2 == ACE else min(r + 2, 10) for r in range(13) if mask >> r & 1)


SUIT_POINTS: tuple[int, ...] = tuple(_suit_points(m) for m in range(1 << 13))
"""Point sum of the cards of one suit, indexed by their 13-bit rank mask."""


def straight_masks(ace_low: bool) -> frozenset[int]:
    """13-bit rank masks of three consecutive ranks (2-3-4 .. Q-K-A, A-2-3 if ace low)."""
    masks = {0b111 << low for low in range(11)}
    if ace_low:
        masks.add(1 << 12 | 0b11)
    return frozenset(masks)


def points(hand: CardSet) -> int:
    """The plain §7 value: the best one-suit sum."""
    return max(SUIT_POINTS[hand & _SUIT], SUIT_POINTS[hand >> 13 & _SUIT],
               SUIT_POINTS[hand >> 26 & _SUIT], SUIT_POINTS[hand >> 39 & _SUIT])


def is_31(hand: CardSet) -> bool:
    """A natural 31 (the only value that ends a round at once, §12)."""
    return points(hand) == 31


def _value(hand: CardSet, three: float, straights: frozenset[int]) -> float:
    best: float = points(hand)
    if three and best < three:
        ranks = (hand | hand >> 13 | hand >> 26 | hand >> 39) & _SUIT
        if ranks & (ranks - 1) == 0:
            best = three
    if straights and best < 30:
        for shift in (0, 13, 26, 39):
            if hand >> shift & _SUIT in straights:
                best = 30
                break
    return best


def hand_value(hand: CardSet, *, three_of_a_kind: bool = False,
               three_of_a_kind_value: float = 30, straight_flush: bool = False,
               straight_flush_ace_low: bool = True) -> float:
    """The §7 value of a three-card hand under the variant options.

    >>> from stammtisch.cards import parse_cards
    >>> hand_value(parse_cards("KS TS 4H"))
    20
    """
    three = three_of_a_kind_value if three_of_a_kind else 0
    straights = straight_masks(straight_flush_ace_low) if straight_flush else frozenset()
    return _value(hand, three, straights)


# --- options (§3) ---------------------------------------------------------------

OPTIONS = (
    integer("num_players", 2, 9, REQUIRED, "number of players"),
    integer("lives", 1, None, 3, "lives (pennies) per player at the start"),
    seat_or_random("first_dealer", "the first dealer"),
    boolean("three_of_a_kind", False, "three cards of one rank count three_of_a_kind_value"),
    choice("three_of_a_kind_value", (30, 30.5), 30, "value of three of a kind (SC-D12)"),
    boolean("straight_flush", False, "three consecutive cards of one suit count 30"),
    boolean("straight_flush_ace_low", True, "with straight_flush, A 2 3 is a straight"),
    integer("min_knock_score", 0, 31, 0, "knock only with at least this value; 0 = any"),
    boolean("throw_down", False, "the throw-down window before anyone sees a hand (§6.1)"),
    boolean("knock_allowed_first_round", True,
            "false: knock only once every active player has completed a turn this deal"),
    choice("knocker_lowest_penalty", (2, 1), 2, "lives lost by a knocker strictly lowest"),
    choice("empty_stock", ("reshuffle", "showdown"), "reshuffle",
           "an exhausted stock: reshuffle the discards, or end the round (SC-D11)"),
)


def _check(options: Mapping[str, Any]) -> None:
    dealer = options["first_dealer"]
    if dealer != "random" and dealer >= options["num_players"]:
        raise OptionError("first_dealer", f"a seat 0..{options['num_players'] - 1} or 'random'",
                          value=dealer, game=NAME)


def _deck(options: Mapping[str, Any]) -> tuple[Card, ...]:  # noqa: ARG001
    return SCAT_DECK


# --- actions --------------------------------------------------------------------

def discard(card: Card) -> int:
    return _DISCARD + card


def action_text(action: int) -> str:
    if action >= _DISCARD:
        return f"discard {codes([action - _DISCARD])[0]}"
    return _SIMPLE[action]


def parse_action(text: str) -> int:
    words = " ".join(text.lower().split())
    for action, simple in enumerate(_SIMPLE):
        if words == simple:
            return action
    parts = words.split(" ")
    if len(parts) == 2 and parts[0] == "discard":
        try:
            card = parse_card(parts[1])
        except NotationError:
            pass
        else:
            if card < 52:
                return discard(card)
    raise NotationError(
        f"not a Scat action: {text!r} (throw down, decline, draw stock, draw discard, "
        "knock, discard <card>)", text=text)


# --- the state ------------------------------------------------------------------

def _copied(showdown: dict[str, Any]) -> dict[str, Any]:
    """A copy of a settlement record (faster than a deep copy: its shape is fixed)."""
    return {**showdown, "thirty_one": showdown["thirty_one"][:],
            "hands": {seat: cards[:] for seat, cards in showdown["hands"].items()},
            "values": dict(showdown["values"]), "lives_lost": dict(showdown["lives_lost"])}


_LIST_SLOTS = ("lives", "eliminated", "eliminated_order", "active", "hands", "pile", "known")
"""The slots a copy must not share: lists the play changes in place."""


ScatHidden = Hidden
"""What a Scat view hides, for :meth:`ScatState.from_view`: ``hands``, every seat's hand
(the seat's own as its view shows it, if it shows one; the cards others took from the
pile among theirs); ``stock`` in draw order; ``seed``: the generator of reshuffles and
the deals to come."""


class ScatState:
    """One Scat match; see the module header for phases and action ids."""

    __slots__ = (
        "num_players", "seed", "decks", "three", "straights", "min_knock", "throw_down",
        "knock_first_round", "knocker_penalty", "reshuffle", "options",
        "lives", "eliminated", "eliminated_order", "active", "dealer", "deal_number",
        "phase", "to_act", "hands", "pile", "stock", "known", "taken", "knocker",
        "turned", "declined", "reshuffles", "last_showdown", "events",
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
        self.last_showdown: dict[str, Any] | None = None
        self.events: list[Event] | None = []
        self.phase = DRAW
        self.to_act = -1
        self.hands: list[CardSet] = [0] * n
        self.pile: list[Card] = []
        """The discard pile, bottom to top."""
        self.stock: tuple[Card, ...] = ()
        self.known: list[CardSet] = [0] * n
        """Cards each seat took from the discard pile and still holds (public)."""
        self.taken: CardSet = 0
        """The card just taken from the discard pile, which may not be discarded now."""
        self.knocker = -1
        self.turned = 0
        """Seats (bits) that completed a turn this deal."""
        self.declined = 0
        """Seats (bits) that declined in the throw-down window."""
        self.reshuffles = 0
        self.halt_between_deals = False
        """Set on a search's sample: once a deal's lives are taken, the next deal is not
        dealt (``deal_number`` moves on and nobody is to act), which saves its shuffle."""
        self._start_deal()

    def _set_rules(self, options: Mapping[str, Any]) -> None:
        self.options = dict(options)
        self.three: float = options["three_of_a_kind_value"] if options["three_of_a_kind"] else 0
        self.straights: frozenset[int] = (
            straight_masks(options["straight_flush_ace_low"]) if options["straight_flush"]
            else frozenset())
        self.min_knock: int = options["min_knock_score"]
        self.throw_down: bool = options["throw_down"]
        self.knock_first_round: bool = options["knock_allowed_first_round"]
        self.knocker_penalty: int = options["knocker_lowest_penalty"]
        self.reshuffle = options["empty_stock"] == "reshuffle"

    def value(self, hand: CardSet) -> float:
        """The §7 value of a hand under this match's variants."""
        return _value(hand, self.three, self.straights)

    # -- dealing ------------------------------------------------------------------

    def _start_deal(self) -> None:
        self.deal_number += 1
        number = self.deal_number
        if number < len(self.decks):
            deck = self.decks[number]
        else:
            deck = shuffled(SCAT_DECK, self.seed, "deal", number)
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
        self.pile = [deck[3 * k]]
        self.stock = deck[3 * k + 1:]
        self.known = [0] * self.num_players
        self.taken = 0
        self.knocker = -1
        self.turned = self.declined = self.reshuffles = 0
        if self.events is not None:
            self.events.append({"type": "deal", "deal": number, "dealer": self.dealer,
                                "players": list(order), "discard": codes(self.pile)[0]})
        if self.throw_down:
            self.phase = WINDOW
            self.to_act = order[0]
            return
        self._open_play()

    def _open_play(self) -> None:
        """§5 step 6 (the dealt-31 check), then the first turn."""
        hands = self.hands
        thirty = [s for s in self.active if is_31(hands[s])]
        if thirty:
            self._settle(THIRTY_ONE, thirty)
            return
        self.phase = DRAW
        self.to_act = next_active(self, self.dealer)

    # -- the fast path ------------------------------------------------------------

    def legal(self) -> list[int]:
        phase = self.phase
        if phase == DISCARD:
            hand = self.hands[self.to_act] & ~self.taken
            actions = []
            while hand:
                low = hand & -hand
                actions.append(_DISCARD + low.bit_length() - 1)
                hand ^= low
            return actions
        if phase == DRAW:
            actions = []
            if self.stock or (self.reshuffle and len(self.pile) >= 2):
                actions.append(DRAW_STOCK)
            if self.pile:
                actions.append(DRAW_DISCARD)
            if (self.knocker < 0
                    and (not self.min_knock
                         or self.value(self.hands[self.to_act]) >= self.min_knock)
                    and (self.knock_first_round or self._all_turned())):
                actions.append(KNOCK)
            return actions
        if phase == WINDOW:
            return [THROW_DOWN, DECLINE]
        return []

    def _all_turned(self) -> bool:
        turned = self.turned
        return all(turned >> s & 1 for s in self.active)

    def apply(self, action: int) -> None:
        seat = self.to_act
        events = self.events
        if events is not None:
            event: Event = {"type": "action", "seat": seat, "action": action_text(action)}
            if action == DRAW_DISCARD:
                event["card"] = codes(self.pile[-1:])[0]
            events.append(event)
        if action >= _DISCARD:
            self._discard(seat, action - _DISCARD)
        elif action == DRAW_STOCK:
            if not self.stock:
                self._reshuffle()
            stock = self.stock
            self.hands[seat] |= 1 << stock[0]
            self.stock = stock[1:]
            self.phase = DISCARD
        elif action == DRAW_DISCARD:
            taken = 1 << self.pile.pop()
            self.hands[seat] |= taken
            self.known[seat] |= taken
            self.taken = taken
            self.phase = DISCARD
        elif action == KNOCK:
            self.knocker = seat
            self.turned |= 1 << seat
            self.to_act = next_active(self, seat)
        elif action == DECLINE:
            self.declined |= 1 << seat
            if seat == self.dealer:
                self._open_play()
            else:
                self.to_act = next_active(self, seat)
        else:
            self._thrown(seat)

    def _discard(self, seat: int, card: Card) -> None:
        gone = ~(1 << card)
        hand = self.hands[seat] & gone
        self.hands[seat] = hand
        self.known[seat] &= gone
        self.pile.append(card)
        self.taken = 0
        self.turned |= 1 << seat
        if is_31(hand):
            self._settle(THIRTY_ONE, [seat])
            return
        if not self.stock and not self.reshuffle:
            self._settle(EMPTY_STOCK, [])
            return
        after = next_active(self, seat)
        if after == self.knocker:
            self._settle(KNOCKED, [])
            return
        self.phase = DRAW
        self.to_act = after

    def _reshuffle(self) -> None:
        pile = self.pile
        below = tuple(sorted(pile[:-1]))
        self.pile = pile[-1:]
        self.reshuffles += 1
        self.stock = shuffled(below, self.seed, "reshuffle", self.deal_number, self.reshuffles)
        if self.events is not None:
            self.events.append({"type": "reshuffle", "cards": len(below)})

    def _thrown(self, seat: int) -> None:
        hands = self.hands
        thirty = [s for s in self.active if is_31(hands[s])]
        self.knocker = seat
        self._settle(THIRTY_ONE if thirty else THROWN, thirty)

    # -- settlement and lives -------------------------------------------------------

    def _losses(self, reason: str, thirty: list[int],
                values: dict[int, float]) -> tuple[float | None, dict[int, int]]:
        """The lowest value (None for a 31) and the lives each seat loses (§8, §9)."""
        active = self.active
        if reason == THIRTY_ONE:
            return None, {s: 1 for s in active if s not in thirty}
        lowest = min(values.values())
        losers = [s for s in active if values[s] == lowest]
        knocker = self.knocker
        if knocker in losers:
            if len(losers) == 1:
                return lowest, {knocker: self.knocker_penalty}
            return lowest, {s: 1 for s in losers if s != knocker}
        if (knocker < 0 and len(losers) == len(active)
                and all(self.lives[s] == 0 for s in losers)):
            return lowest, {}
        return lowest, dict.fromkeys(losers, 1)

    def _settle(self, reason: str, thirty: list[int]) -> None:
        active = self.active
        hands = self.hands
        values = {s: self.value(hands[s]) for s in active}
        lowest, losses = self._losses(reason, thirty, values)
        if self.halt_between_deals:
            if take_lives(self, losses):
                self.deal_number += 1
                self.to_act = -1
            return
        self.last_showdown = showdown = {
            "deal": self.deal_number,
            "reason": reason,
            "knocker": None if self.knocker < 0 else self.knocker,
            "thirty_one": thirty,
            "hands": {str(s): codes(hands[s]) for s in active},
            "values": {str(s): values[s] for s in active},
            "lowest": lowest,
            "lives_lost": {str(s): k for s, k in sorted(losses.items())},
        }
        if self.events is not None:
            self.events.append({"type": "showdown", **_copied(showdown)})
        if take_lives(self, losses):
            self._start_deal()

    # -- a state from a view (search samples) -------------------------------------

    @classmethod
    def from_view(cls, view: Mapping[str, Any], hidden: ScatHidden) -> Self:
        """The state a seat's ``view`` shows, with ``hidden`` as the cards it hides.

        The rules are the view's options. Raises :class:`~stammtisch.errors.ViewError`
        when ``hidden`` does not fit the view (counts, a card also seen elsewhere, the
        seat's own hand, a card a seat took from the pile). The state records no
        events, like a clone. Many guesses for one view: :meth:`for_view`.
        """
        return cls.for_view(view)(hidden)

    @classmethod
    def for_view(cls, view: Mapping[str, Any]) -> Callable[[ScatHidden], Self]:
        """:meth:`from_view` for one view and many guesses (a search's samples): the view
        is read once; each call copies that public state and places its guess, checked
        as ``from_view`` checks it."""
        check_game(view, NAME)
        public = object.__new__(cls)
        public._set_rules(_resolved(tuple(sorted(view["options"].items()))))
        restore_standing(public, view)
        n = public.num_players
        public.seed, public.hands, public.stock = 0, [], ()
        public.decks = ()
        public.halt_between_deals = False
        public.pile = [parse_card(c) for c in view["discard_pile"]]
        public.known = [_cards(view["known_cards"].get(str(s), ())) for s in range(n)]
        taken = view["taken_from_discard"]
        public.taken = 1 << parse_card(taken) if taken else 0
        public.knocker = -1 if view["knocker"] is None else view["knocker"]
        public.turned = sum(1 << s for s, done in enumerate(view["completed_turn"]) if done)
        public.declined = sum(1 << s for s in view["declined"])
        public.reshuffles = view["reshuffles"]
        public.last_showdown = (None if view["last_showdown"] is None
                                else _copied(view["last_showdown"]))
        seat = view["seat"]
        shown = Shown(seat, _cards(view["hand"]) if seat is not None and "hand" in view
                      else None, view.get("hand"), view["stock_size"],
                      tuple(view["hand_sizes"]), tuple(public.known),
                      "that seat took them from the pile",
                      (("discard pile", to_set(public.pile)),))
        return partial(public._guessed, shown)

    def _guessed(self, shown: Shown, hidden: ScatHidden) -> Self:
        """A copy of this public state with ``hidden`` placed."""
        state = copy_slots(self, _LIST_SLOTS)
        state.seed = hidden.seed
        state._place_hidden(shown, hidden)
        return state

    def _place_hidden(self, shown: Shown, hidden: ScatHidden) -> None:
        """The hands and the stock from ``hidden``, checked against the view."""
        check_guess(shown, hidden, SCAT_DECK)
        self.hands = list(hidden.hands)
        self.stock = tuple(hidden.stock)

    # -- the rest of the contract -----------------------------------------------------

    def clone(self) -> Self:
        return copy_slots(self, _LIST_SLOTS)

    def action_text(self, action: int) -> str:
        return action_text(action)

    def parse_action(self, text: str) -> int:
        return parse_action(text)

    def result(self) -> ScatResult | None:
        return lives_result(self)

    def _last_showdown(self) -> dict[str, Any] | None:
        return None if self.last_showdown is None else _copied(self.last_showdown)

    def _sees_hand(self, seat: int | None) -> bool:
        if seat is None or self.eliminated[seat] or self.phase == OVER:
            return False
        return self.phase != WINDOW or bool(self.declined >> seat & 1)

    def view(self, seat: int | None) -> ScatView:
        """What ``seat`` may know (``None``: a spectator), as plain JSON-ready data.

        - ``game`` ``"scat"``; ``seat``; ``num_players``; ``options``.
        - ``phase``: ``throw_down``, ``draw``, ``discard`` or ``over``; ``deal`` (0
          first); ``dealer``; ``to_act`` (``None`` once over).
        - ``lives`` and ``eliminated`` per seat; ``eliminated_order``: the seats out,
          first out first; ``on_the_county``: per seat, in with 0 lives; ``hand_sizes``.
        - ``discard_pile`` (bottom to top), ``discard_top`` (or ``None``),
          ``stock_size``, ``reshuffles`` (this deal); ``known_cards``: seat (str) ->
          the cards that seat took from the pile and still holds;
          ``taken_from_discard``: the card drawn from the pile this turn (it may not
          be discarded again), else ``None``.
        - ``knocker`` (or ``None``); ``completed_turn`` per seat in this round;
          ``declined``: the seats that declined to throw down.
        - ``last_showdown``: the last settlement or ``None``.
        - ``hand``: the seat's own cards once it may see them; ``hand_value``: its
          value, for a three-card hand only (not between draw and discard).
        - ``legal_actions``: the canonical action texts, only for the seat to act
          (else empty); ``result`` once the match is over.
        """
        acting = seat is not None and seat == self.to_act
        n = self.num_players
        view: dict[str, Any] = {
            "game": NAME,
            "seat": seat,
            "num_players": n,
            "options": dict(self.options),
            "phase": self.phase,
            "deal": self.deal_number,
            "dealer": self.dealer,
            "to_act": None if self.to_act < 0 else self.to_act,
            "lives": self.lives[:],
            "eliminated": self.eliminated[:],
            "eliminated_order": self.eliminated_order[:],
            "on_the_county": [not self.eliminated[s] and self.lives[s] == 0 for s in range(n)],
            "hand_sizes": [self.hands[s].bit_count() for s in range(n)],
            "discard_pile": codes(self.pile),
            "discard_top": codes(self.pile[-1:])[0] if self.pile else None,
            "stock_size": len(self.stock),
            "reshuffles": self.reshuffles,
            "known_cards": {str(s): codes(self.known[s]) for s in range(n) if self.known[s]},
            "taken_from_discard": codes(self.taken)[0] if self.taken else None,
            "knocker": None if self.knocker < 0 else self.knocker,
            "completed_turn": [bool(self.turned >> s & 1) for s in range(n)],
            "declined": [s for s in range(n) if self.declined >> s & 1],
            "last_showdown": self._last_showdown(),
        }
        if seat is not None and self._sees_hand(seat):
            view["hand"] = codes(self.hands[seat])
            if self.phase != DISCARD:
                view["hand_value"] = self.value(self.hands[seat])
        view["legal_actions"] = [action_text(a) for a in self.legal()] if acting else []
        if self.phase == OVER:
            view["result"] = self.result()
        return cast(ScatView, view)

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
            "pile": codes(self.pile),
            "stock": codes(self.stock),
            "known": [codes(k) for k in self.known],
            "taken": codes(self.taken),
            "knocker": self.knocker,
            "turned": self.turned,
            "declined": self.declined,
            "reshuffles": self.reshuffles,
            "last_showdown": self._last_showdown(),
        }


def _cards(cards: Iterable[str]) -> CardSet:
    return to_set(parse_card(c) for c in cards)


@lru_cache(maxsize=64)
def _resolved(options: tuple[tuple[str, Any], ...]) -> dict[str, Any]:
    """A view's options, checked as a new match checks them."""
    resolved = resolve(NAME, OPTIONS, dict(options))
    _check(resolved)
    return resolved


def sample(view: Mapping[str, Any], rng: random.Random) -> ScatState:
    """A state of ``view`` with the cards it hides drawn uniformly: each hand its cards
    taken from the pile and the rest of its size from the cards nobody saw, the stock
    the cards left in a random order."""
    n = view["num_players"]
    known = [_cards(view["known_cards"].get(str(s), ())) for s in range(n)]
    if view["seat"] is not None and "hand" in view:
        known[view["seat"]] = _cards(view["hand"])
    pool = to_set(SCAT_DECK) & ~_cards(view["discard_pile"]) & ~sum(known)
    hands, stock = deal_places(pool, list(zip(known, view["hand_sizes"], strict=True)), rng)
    return ScatState.for_view(view)(ScatHidden(tuple(hands), tuple(stock), rng.getrandbits(63)))


def _new_state(options: Mapping[str, Any], seed: int,
               decks: Sequence[tuple[Card, ...]]) -> ScatState:
    return ScatState(options, seed, decks)


GAME = GameInfo(
    name=NAME,
    title="Scat",
    min_players=2,
    max_players=9,
    options=OPTIONS,
    new_state=_new_state,
    deck=_deck,
    check=_check,
    sample=sample,
    summary="Thirty-One / Blitz: draw and discard toward 31 in one suit, knock, keep your lives.",
)

__all__ = ["GAME", "ScatHidden", "ScatState", "hand_value", "is_31", "points"]
