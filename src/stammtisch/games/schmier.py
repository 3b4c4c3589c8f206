"""Schmier (Smear with bauers and the joker): docs/rules/schmier.md, all options.

Phases of a deal: ``auction`` (one chance each from the dealer's left, the
dealer last; a ``max_bid`` ends it at once; six passes throw the deal in and
the same dealer deals the next deck), ``trump`` (the bidder names it),
``exchange`` (each non-dealer from the dealer's left discards up to
``max_discard`` non-trumps and draws as many from the top of the stock),
``rob`` (the dealer has taken the rest of the stock and discards back to six),
``play`` (six tricks, the bidder leads), then the deal is scored, which is not a
phase: the next deal starts at once and its ``last_deal`` stays in every view.
The match is ``over`` when §11 names a winner.

Action space (ints; text in docs/rules/NOTATION.md):

========================  ============================  =================================
id                        text                          when
========================  ============================  =================================
0                         ``pass``                      auction
4 + s                     ``trump <s>``                 trump; suit s = 0..3 (C, D, H, S)
16 + n                    ``bid <n>``                   auction; n = 0..15 can be read
32 + c                    ``play <c>``                  play; card int c
DISCARD | mask            ``discard [<card> ...]``      exchange and rob; DISCARD = 1 << 53,
                                                        mask = the card set discarded
========================  ============================  =================================

Canonical order of legal actions: ``pass`` then the bids upwards; trumps
C, D, H, S; plays in deck order; discards by number of cards (``discard``
alone first), then in the lexicographic order of their card lists in deck order
(the order of ``itertools.combinations``).

Points the spec settles that are easy to get wrong:

- Every non-dealer has an exchange turn, an action even when ``discard`` alone
  is legal (no non-trumps, ``max_discard = 0``): §8.1 gives each of them
  ``discard(cards)`` with ``0 <= |cards|``. Likewise the dealer's rob (§8.2) is
  always an action, even with a single legal discard.
- A bid of ``max_bid`` ends the auction at once (§6), even when
  ``dealer_may_equal_high_bid`` would let the dealer equal it.
- A thrown-in deal uses up its deck; the same dealer deals the next one and no
  match-end check runs (§14).
- The stock never runs short: at most 5 x 3 = 15 of its 17 cards are drawn
  (§8.1), so the dealer always robs at least two.

Choices where the spec is silent (decision ids in the rules file):

- The dealer takes the stock when his exchange turn begins; that is no action
  (event ``rob`` with the number of cards).
- Discards appear in the events and in other seats' views only as a count
  (event ``exchange``); a seat's view shows its own discards.
- The stock's size is public; its cards and order never are.
- The tricks of the running deal are public (played face up); ``last_deal``
  holds the points, game counts and scores of the last scored deal, no cards.
- ``result()["winner"]`` is the winning team, ``None`` for a joint win
  (``unresolved_tie = "joint_win"``); ``winners`` lists the teams either way.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Mapping, Sequence
from functools import lru_cache, partial
from itertools import combinations
from typing import Any, Self, cast

from stammtisch.cards import (
    ACE,
    JACK,
    JOKER,
    KING,
    QUEEN,
    SCHMIER_DECK,
    SUIT_CODES,
    SUIT_MASKS,
    SUIT_SYMBOLS,
    SUITS,
    Card,
    CardSet,
    card_code,
    codes,
    format_cards,
    iter_cards,
    make_card,
    parse_card,
    parse_cards,
    popcount,
    rank_of,
    to_set,
)
from stammtisch.core.game import Event, GameInfo, copy_slots
from stammtisch.core.guess import Hidden, Shown, check_game, check_guess
from stammtisch.core.options import boolean, choice, integer, resolve, seat_or_random
from stammtisch.core.restricted import RestrictedDeal, restricted_deal
from stammtisch.core.rng import rng_for, shuffled
from stammtisch.errors import NotationError, OptionError
from stammtisch.games.schmier_types import SchmierResult, SchmierView

NAME = "schmier"
NUM_PLAYERS = 6
HAND_SIZE = 6
NUM_TRICKS = 6

PASS = 0
_TRUMP = 4
_BID = 16
_MAX_READ_BID = 15
_PLAY = 32
DISCARD = 1 << 53
_CARDS = DISCARD - 1

AUCTION, TRUMP, EXCHANGE, ROB, PLAY, OVER = "auction", "trump", "exchange", "rob", "play", "over"

POINTS = ("high", "low", "right_bauer", "left_bauer", "joker", "game")
"""The six points of a deal in the order of §10: the keys of ``last_deal["points"]``."""

# --- cards under a trump suit (§2) ------------------------------------------------


def left_bauer(trump: int) -> Card:
    """The jack of the other suit of the trump's colour (C<->S, D<->H)."""
    return make_card(3 - trump, JACK)


def right_bauer(trump: int) -> Card:
    return make_card(trump, JACK)


def _bit(card: Card) -> CardSet:
    return 1 << card


TRUMPS: tuple[CardSet, ...] = tuple(
    SUIT_MASKS[t] | _bit(left_bauer(t)) | _bit(JOKER) for t in SUITS)
"""The 15 trumps of each trump suit (effective suit)."""

FOLLOW: tuple[tuple[CardSet, ...], ...] = tuple(
    tuple(TRUMPS[t] if s == t else SUIT_MASKS[s] & ~_bit(left_bauer(t)) for s in SUITS)
    for t in SUITS)
"""``FOLLOW[trump][s]``: the cards of effective suit ``s``."""

EFFECTIVE: tuple[tuple[int, ...], ...] = tuple(
    tuple(next(s for s in SUITS if FOLLOW[t][s] >> c & 1) for c in SCHMIER_DECK)
    for t in SUITS)
"""``EFFECTIVE[trump][card]``: the effective suit of a card."""


def _power(trump: int, card: Card) -> int:
    if not TRUMPS[trump] >> card & 1:
        return rank_of(card)
    if card == JOKER:
        return 1
    if card == right_bauer(trump):
        return 12
    if card == left_bauer(trump):
        return 11
    rank = rank_of(card)
    return rank + 1 if rank >= QUEEN else rank


POWER: tuple[tuple[int, ...], ...] = tuple(
    tuple(_power(t, c) for c in SCHMIER_DECK) for t in SUITS)
"""``POWER[trump][card]``: trump ranking for trumps (A 15 .. JK 1), else the rank."""

PROTECTED: tuple[CardSet, ...] = tuple(
    _bit(make_card(t, ACE)) | _bit(right_bauer(t)) | _bit(left_bauer(t))
    | _bit(make_card(t, 2)) | _bit(JOKER) for t in SUITS)
"""The trumps the dealer may never discard (§8.2)."""

_RANK_MASKS = {rank: sum(1 << make_card(s, rank) for s in SUITS) for rank in range(2, 15)}
_COUNT_MASKS = (
    (4, _RANK_MASKS[ACE]), (3, _RANK_MASKS[KING]), (2, _RANK_MASKS[QUEEN]),
    (1, _RANK_MASKS[JACK] | _bit(JOKER)), (10, _RANK_MASKS[10]),
)


def game_count(cards: CardSet) -> int:
    """The Game count of a card set: A 4, K 3, Q 2, J 1, T 10, JK 1 (§2)."""
    return sum(value * popcount(cards & mask) for value, mask in _COUNT_MASKS)


def trick_winner(cards: Sequence[Card], trump: int) -> int:
    """Index in ``cards`` (led first) of the card winning the trick (§9)."""
    trumps, power, effective = TRUMPS[trump], POWER[trump], EFFECTIVE[trump]
    led = effective[cards[0]]
    best = 0
    best_trump = trumps >> cards[0] & 1
    for i in range(1, len(cards)):
        card = cards[i]
        if trumps >> card & 1:
            if not best_trump or power[card] > power[cards[best]]:
                best, best_trump = i, 1
        elif not best_trump and effective[card] == led and power[card] > power[cards[best]]:
            best = i
    return best


def playable(hand: CardSet, lead: Card, trump: int, trump_anytime: bool) -> CardSet:
    """The cards of ``hand`` that may be played to a trick led by ``lead`` (-1: the
    hand leads) (§9): the led effective suit when the hand holds it (and then trumps
    too with ``trump_anytime``), else any card."""
    if lead < 0:
        return hand
    led = EFFECTIVE[trump][lead]
    follow = hand & FOLLOW[trump][led]
    if not follow:
        return hand
    if trump_anytime and led != trump:
        follow |= hand & TRUMPS[trump]
    return follow


def voids(trump: int, tricks: Sequence[tuple[int, Sequence[Card], int]],
          trick: Sequence[Card], leader: int, trump_anytime: bool = False) -> list[CardSet]:
    """Per seat the cards its play proves it does not hold, for the rest of the deal (no
    card is drawn once play starts): the led effective suit of each trick it did not
    follow (§9), unless it played a trump on a plain lead under ``trump_anytime`` (it
    may have held the suit)."""
    found = [0] * NUM_PLAYERS
    if trump < 0:
        return found
    effective, follow = EFFECTIVE[trump], FOLLOW[trump]
    excused = TRUMPS[trump] if trump_anytime else 0
    for lead, cards, _ in tricks:
        _read_voids(found, lead, cards, effective, follow, excused, trump)
    if trick:
        _read_voids(found, leader, trick, effective, follow, excused, trump)
    return found


def _read_voids(found: list[CardSet], leader: int, cards: Sequence[Card],
                effective: Sequence[int], follow: Sequence[CardSet], excused: CardSet,
                trump: int) -> None:
    """:func:`voids` of one trick (``excused``: the cards that may replace a plain suit
    held)."""
    led = effective[cards[0]]
    if led == trump:
        excused = 0
    for i in range(1, len(cards)):
        card = cards[i]
        if effective[card] != led and not excused >> card & 1:
            found[(leader + i) % NUM_PLAYERS] |= follow[led]


# --- options (§3) ---------------------------------------------------------------

OPTIONS = (
    choice("partnerships", ("3x2", "2x3"), "3x2",
           "3x2: three teams of two (seat mod 3); 2x3: two teams of three (seat mod 2)"),
    integer("target_score", 1, None, 21, "the score that ends the match (§11)"),
    seat_or_random("first_dealer", "the first dealer"),
    integer("min_bid", 1, 6, 3, "the lowest bid"),
    integer("max_bid", 1, 6, 6, "the highest bid; it ends the auction at once"),
    boolean("stick_the_dealer", False, "true: after five passes the dealer must bid"),
    boolean("dealer_may_equal_high_bid", False,
            "true: the dealer may take the contract at the current high bid"),
    integer("max_discard", 0, 3, 3, "non-dealers' exchange limit"),
    boolean("trump_anytime", False,
            "true: a trump may be played instead of following a led plain suit"),
    choice("game_point_tie", ("none", "bidder"), "none",
           "a tie for most game count: nobody, or the bidding team if tied (§10)"),
    choice("unresolved_tie", ("play_on", "joint_win"), "play_on",
           "a top tie at the target without the bidding team (SM-D15)"),
)


def _check(options: Mapping[str, Any]) -> None:
    dealer = options["first_dealer"]
    if dealer != "random" and dealer >= NUM_PLAYERS:
        raise OptionError("first_dealer", f"a seat 0..{NUM_PLAYERS - 1} or 'random'",
                          value=dealer, game=NAME)
    if options["min_bid"] > options["max_bid"]:
        raise OptionError("min_bid", f"an integer from 1 to max_bid ({options['max_bid']})",
                          value=options["min_bid"], game=NAME)


def _deck(options: Mapping[str, Any]) -> tuple[Card, ...]:
    del options
    return SCHMIER_DECK


# --- actions --------------------------------------------------------------------

def bid(n: int) -> int:
    return _BID + n


def trump(suit: int) -> int:
    return _TRUMP + suit


def play(card: Card) -> int:
    return _PLAY + card


def discard(cards: CardSet) -> int:
    return DISCARD | cards


@lru_cache(maxsize=1 << 16)  # the same legal actions are written out position after position
def action_text(action: int) -> str:
    if action >= DISCARD:
        cards = action & _CARDS
        return "discard " + format_cards(cards) if cards else "discard"
    if action >= _PLAY:
        return "play " + card_code(action - _PLAY)
    if action >= _BID:
        return f"bid {action - _BID}"
    if action >= _TRUMP:
        return "trump " + SUIT_CODES[action - _TRUMP]
    return "pass"


def parse_action(text: str) -> int:
    words = text.split()
    verb = words[0].lower() if words else ""
    args = words[1:]
    if verb == "pass" and not args:
        return PASS
    if verb == "bid" and len(args) == 1 and args[0].isdigit() \
            and int(args[0]) <= _MAX_READ_BID:
        return bid(int(args[0]))
    if verb == "trump" and len(args) == 1:
        suit = args[0].upper()
        if suit in SUIT_CODES or suit in SUIT_SYMBOLS:
            return trump(max(SUIT_CODES.find(suit), SUIT_SYMBOLS.find(suit)))
    if verb == "play" and len(args) == 1:
        return play(parse_card(args[0]))
    if verb == "discard":
        return discard(parse_cards(" ".join(args)))
    raise NotationError(
        f"not a Schmier action: {text!r} (pass, bid <n>, trump <C|D|H|S>, "
        "discard [<card> ...], play <card>)", text=text)


def _subsets(cards: CardSet, size: int) -> list[int]:
    """Every ``DISCARD | subset`` of ``size`` cards, in combinations order."""
    bits = [1 << c for c in iter_cards(cards)]
    return [DISCARD | sum(combo) for combo in combinations(bits, size)]


# --- the state ------------------------------------------------------------------

SchmierHidden = Hidden
"""What a Schmier view hides, for :meth:`SchmierState.from_view`: the core's guess.
Per seat its ``hands`` and ``discards`` (a seat's own as its view shows them; as many
discards as ``exchanged`` says, none before; none given: nobody has exchanged), the
``stock`` in draw order, and ``seed``: the generator of the deals to come."""


_LIST_SLOTS = ("scores", "hands", "discards", "exchanged", "auction", "trick", "tricks",
               "captured", "winners")
"""The slots a copy must not share: lists the play changes in place."""

class SchmierState:
    """One Schmier match; see the module header for phases and action ids."""

    __slots__ = (
        "num_players", "seed", "decks", "num_teams", "target", "min_bid", "max_bid",
        "stick", "dealer_equal", "max_discard", "trump_anytime", "tie_to_bidder",
        "joint_win",
        "scores", "dealer", "deal_number", "played_deals", "phase", "to_act",
        "hands", "stock", "discards", "exchanged", "auction", "high_bid", "bidder",
        "trump", "trick", "leader", "tricks", "captured", "high_seat", "low_seat",
        "winners", "last_deal", "events", "options", "halt_between_deals",
    )

    def __init__(self, options: Mapping[str, Any], seed: int,
                 decks: Sequence[tuple[Card, ...]] = ()) -> None:
        self.num_players = NUM_PLAYERS
        self.seed = seed
        self.decks = tuple(decks)
        self._set_rules(options)
        self.scores: list[int] = [0] * self.num_teams
        first = options["first_dealer"]
        if first == "random":
            first = rng_for(seed, "first_dealer").randrange(NUM_PLAYERS)
        self.dealer: int = first
        self.deal_number = -1
        self.played_deals = 0
        self.winners: list[int] = []
        self.last_deal: dict[str, Any] | None = None
        self.events: list[Event] | None = []
        self.halt_between_deals = False
        """Set on a search's copy: once its deal is scored or thrown in, play stops
        (nobody to act) instead of dealing the next hand."""
        self.phase = AUCTION
        self.to_act = -1
        self.hands: list[CardSet] = [0] * NUM_PLAYERS
        self.stock: tuple[Card, ...] = ()
        self.discards: list[CardSet] = [0] * NUM_PLAYERS
        self.exchanged: list[int] = [-1] * NUM_PLAYERS
        self.auction: list[tuple[int, int]] = []
        self.high_bid = 0
        self.bidder = -1
        self.trump = -1
        self.trick: list[Card] = []
        self.leader = -1
        self.tricks: list[tuple[int, tuple[Card, ...], int]] = []
        self.captured: list[CardSet] = [0] * self.num_teams
        self.high_seat = self.low_seat = -1
        self._start_deal()

    def _set_rules(self, options: Mapping[str, Any]) -> None:
        self.options = dict(options)
        self.num_teams = 3 if options["partnerships"] == "3x2" else 2
        self.target: int = options["target_score"]
        self.min_bid: int = options["min_bid"]
        self.max_bid: int = options["max_bid"]
        self.stick: bool = options["stick_the_dealer"]
        self.dealer_equal: bool = options["dealer_may_equal_high_bid"]
        self.max_discard: int = options["max_discard"]
        self.trump_anytime: bool = options["trump_anytime"]
        self.tie_to_bidder = options["game_point_tie"] == "bidder"
        self.joint_win = options["unresolved_tie"] == "joint_win"

    def team_of(self, seat: int) -> int:
        return seat % self.num_teams

    def team_seats(self, team: int) -> list[int]:
        return list(range(team, NUM_PLAYERS, self.num_teams))

    # -- dealing ------------------------------------------------------------------

    def _start_deal(self) -> None:
        self.deal_number += 1
        if self.halt_between_deals:
            self.to_act = -1
            return
        number = self.deal_number
        if number < len(self.decks):
            deck = self.decks[number]
        else:
            deck = shuffled(SCHMIER_DECK, self.seed, "deal", number)
        dealer = self.dealer
        hands = [0] * NUM_PLAYERS
        for distance in range(1, NUM_PLAYERS + 1):
            seat = (dealer + distance) % NUM_PLAYERS
            hand = 0
            for i in range(distance - 1, HAND_SIZE * NUM_PLAYERS, NUM_PLAYERS):
                hand |= 1 << deck[i]
            hands[seat] = hand
        self.hands = hands
        self.stock = deck[HAND_SIZE * NUM_PLAYERS:]
        self.discards = [0] * NUM_PLAYERS
        self.exchanged = [-1] * NUM_PLAYERS
        self.auction = []
        self.high_bid = 0
        self.bidder = self.trump = -1
        self.trick = []
        self.leader = -1
        self.tricks = []
        self.captured = [0] * self.num_teams
        self.high_seat = self.low_seat = -1
        self.phase = AUCTION
        self.to_act = (dealer + 1) % NUM_PLAYERS
        if self.events is not None:
            self.events.append({"type": "deal", "deal": number, "dealer": dealer,
                                "first_to_act": self.to_act})

    # -- the fast path ------------------------------------------------------------

    def legal(self) -> list[int]:
        phase = self.phase
        if phase == PLAY:
            return self._legal_plays()
        if phase == EXCHANGE:
            nontrumps = self.hands[self.to_act] & ~TRUMPS[self.trump]
            actions = [DISCARD]
            for size in range(1, min(self.max_discard, popcount(nontrumps)) + 1):
                actions += _subsets(nontrumps, size)
            return actions
        if phase == ROB:
            return self._legal_robs()
        if phase == AUCTION:
            return self._legal_bids()
        if phase == TRUMP:
            return [_TRUMP + s for s in SUITS]
        return []

    def _legal_bids(self) -> list[int]:
        is_dealer = self.to_act == self.dealer
        low = self.high_bid + 1
        if is_dealer and self.dealer_equal and self.high_bid:
            low = self.high_bid
        bids = [_BID + n for n in range(max(low, self.min_bid), self.max_bid + 1)]
        if is_dealer and self.stick and not self.high_bid:
            return bids
        return [PASS, *bids]

    def _legal_robs(self) -> list[int]:
        hand = self.hands[self.to_act]
        trumps = hand & TRUMPS[self.trump]
        excess = popcount(hand) - HAND_SIZE
        num_trumps = popcount(trumps)
        if num_trumps <= HAND_SIZE:
            return _subsets(hand & ~trumps, excess)
        base = DISCARD | (hand & ~trumps)
        return [base | a for a in _subsets(trumps & ~PROTECTED[self.trump],
                                           num_trumps - HAND_SIZE)]

    def _legal_plays(self) -> list[int]:
        trick = self.trick
        hand = playable(self.hands[self.to_act], trick[0] if trick else -1, self.trump,
                        self.trump_anytime)
        return [_PLAY + c for c in iter_cards(hand)]

    def apply(self, action: int) -> None:
        seat = self.to_act
        if action >= DISCARD:
            self._exchange(seat, action & _CARDS)
            return
        if self.events is not None:
            self.events.append({"type": "action", "seat": seat, "action": action_text(action)})
        if action >= _PLAY:
            self._play(seat, action - _PLAY)
        elif action >= _BID or action == PASS:
            self._bid(seat, action - _BID if action else 0)
        else:
            self.trump = action - _TRUMP
            self.phase = EXCHANGE
            self.to_act = (self.dealer + 1) % NUM_PLAYERS

    def _bid(self, seat: int, n: int) -> None:
        self.auction.append((seat, n))
        if n:
            self.high_bid, self.bidder = n, seat
        if n != self.max_bid and seat != self.dealer:
            self.to_act = (seat + 1) % NUM_PLAYERS
            return
        if self.bidder < 0:
            if self.events is not None:
                self.events.append({"type": "throw_in", "deal": self.deal_number})
            self._start_deal()
            return
        self.phase = TRUMP
        self.to_act = self.bidder
        if self.events is not None:
            self.events.append({"type": "contract", "bidder": self.bidder,
                                "team": self.team_of(self.bidder), "bid": self.high_bid})

    def _exchange(self, seat: int, cards: CardSet) -> None:
        count = popcount(cards)
        self.hands[seat] ^= cards
        self.discards[seat] = cards
        self.exchanged[seat] = count
        if self.events is not None:
            self.events.append({"type": "exchange", "seat": seat, "count": count})
        dealer = self.dealer
        if seat == dealer:
            self.phase = PLAY
            self.leader = self.to_act = self.bidder
            return
        stock = self.stock
        for card in stock[:count]:
            self.hands[seat] |= 1 << card
        self.stock = stock[count:]
        seat = (seat + 1) % NUM_PLAYERS
        self.to_act = seat
        if seat == dealer:
            self.phase = ROB
            for card in self.stock:
                self.hands[seat] |= 1 << card
            if self.events is not None:
                self.events.append({"type": "rob", "seat": seat, "count": len(self.stock)})
            self.stock = ()

    def _play(self, seat: int, card: Card) -> None:
        self.hands[seat] ^= 1 << card
        trick = self.trick
        trick.append(card)
        t = self.trump
        if card == make_card(t, ACE):
            self.high_seat = seat
        elif card == make_card(t, 2):
            self.low_seat = seat
        if len(trick) < NUM_PLAYERS:
            self.to_act = (seat + 1) % NUM_PLAYERS
            return
        leader = self.leader
        winner = (leader + trick_winner(trick, t)) % NUM_PLAYERS
        cards = tuple(trick)
        taken = 0
        for c in cards:
            taken |= 1 << c
        self.captured[self.team_of(winner)] |= taken
        self.tricks.append((leader, cards, winner))
        if self.events is not None:
            self.events.append({"type": "trick", "leader": leader, "cards": codes(cards),
                                "winner": winner, "team": self.team_of(winner)})
        self.trick = []
        self.leader = self.to_act = winner
        if len(self.tricks) == NUM_TRICKS:
            self._score_deal()

    # -- scoring (§10, §11) ---------------------------------------------------------

    def _score_deal(self) -> None:
        t, teams = self.trump, self.num_teams
        captured = self.captured
        bidding_team = self.team_of(self.bidder)

        def capturer(card: Card) -> int:
            return next(k for k in range(teams) if captured[k] >> card & 1)

        counts = [game_count(c) for c in captured]
        best = max(counts)
        tied = [k for k in range(teams) if counts[k] == best]
        game: int | None = tied[0] if len(tied) == 1 else None
        if game is None and self.tie_to_bidder and bidding_team in tied:
            game = bidding_team
        points: dict[str, int | None] = {
            "high": self.team_of(self.high_seat),
            "low": self.team_of(self.low_seat),
            "right_bauer": capturer(right_bauer(t)),
            "left_bauer": capturer(left_bauer(t)),
            "joker": capturer(JOKER),
            "game": game,
        }
        won = [0] * teams
        for team in points.values():
            if team is not None:
                won[team] += 1
        delta = won[:]
        made = won[bidding_team] >= self.high_bid
        if not made:
            delta[bidding_team] = -self.high_bid
        for k in range(teams):
            self.scores[k] += delta[k]
        self.played_deals += 1
        self.last_deal = {
            "deal": self.deal_number,
            "dealer": self.dealer,
            "bidder": self.bidder,
            "bidding_team": bidding_team,
            "bid": self.high_bid,
            "trump": SUIT_CODES[t],
            "points": points,
            "high_seat": self.high_seat,
            "low_seat": self.low_seat,
            "game_counts": counts,
            "won": won,
            "made": made,
            "delta": delta,
            "scores": self.scores[:],
        }
        if self.events is not None:
            self.events.append({"type": "deal_score", **_copy_deal(self.last_deal)})
        winners = self._match_winners(bidding_team)
        if winners:
            self.winners = winners
            self.phase = OVER
            self.to_act = -1
            if self.events is not None:
                self.events.append({"type": "match_over", "winners": winners[:],
                                    "scores": self.scores[:]})
            return
        self.dealer = (self.dealer + 1) % NUM_PLAYERS
        self._start_deal()

    def _match_winners(self, bidding_team: int) -> list[int]:
        """The winning teams after a played deal; empty while play goes on (§11)."""
        scores = self.scores
        top = max(scores)
        if top < self.target:
            return []
        tied = [k for k in range(self.num_teams) if scores[k] == top]
        if len(tied) == 1:
            return tied
        if bidding_team in tied:
            return [bidding_team]
        return tied if self.joint_win else []

    # -- a state from a view (search samples) -------------------------------------

    @classmethod
    def from_view(cls, view: Mapping[str, Any], hidden: SchmierHidden) -> Self:
        """The state a seat's ``view`` shows, with ``hidden`` as the cards it hides.

        The rules are the view's options. Raises :class:`~stammtisch.errors.ViewError`
        when ``hidden`` does not fit the view (counts, a card also seen elsewhere, the
        seat's own hand or discards). Voids the play revealed are not checked. The
        state records no events, like a clone. Many guesses for one view: :meth:`for_view`.
        """
        return cls.for_view(view)(hidden)

    @classmethod
    def for_view(cls, view: Mapping[str, Any]) -> Callable[[SchmierHidden], Self]:
        """:meth:`from_view` for one view and many guesses (a search's samples): the view
        is read once; each call copies that public state and places its guess, checked
        as ``from_view`` checks it."""
        check_game(view, NAME)
        state = object.__new__(cls)
        state._set_rules(_resolved(tuple(sorted(view["options"].items()))))
        state.num_players = NUM_PLAYERS
        state.seed, state.hands, state.discards, state.stock = 0, [], [], ()
        state.decks = ()
        state.events = None
        state.halt_between_deals = False
        state.scores = list(view["scores"])
        state.played_deals = view["played_deals"]
        state.dealer = view["dealer"]
        state.deal_number = view["deal"]
        state.phase = view["phase"]
        state.to_act = -1 if view["to_act"] is None else view["to_act"]
        state.winners = list(view["result"]["winners"]) if state.phase == OVER else []
        state.last_deal = None if view["last_deal"] is None else _copy_deal(view["last_deal"])
        state.auction = [(e["seat"], int(e["action"].split()[1]) if e["action"] != "pass"
                          else 0) for e in view["auction"]]
        state.high_bid = view["high_bid"] or 0
        state.bidder = next((seat for seat, n in reversed(state.auction) if n), -1)
        state.trump = -1 if view["trump"] is None else SUIT_CODES.index(view["trump"])
        state.exchanged = [-1 if k is None else k for k in view["exchanged"]]
        state.trick = [parse_card(c) for c in view["trick"]["cards"]]
        state.leader = view["trick"]["leader"] if state.phase == PLAY else -1
        state.tricks = [(t["leader"], tuple(parse_card(c) for c in t["cards"]), t["winner"])
                        for t in view["tricks"]]
        state._read_captures()
        seat = view["seat"]
        own = seat is not None
        shown = Shown(seat, parse_cards(" ".join(view["hand"])) if own else None,
                      view["hand"] if own else None, view["stock_size"],
                      tuple(view["hand_sizes"]), (0,) * NUM_PLAYERS,
                      public=(("tricks", state._played()),),
                      discard_sizes=tuple(max(k, 0) for k in state.exchanged),
                      discarded=parse_cards(" ".join(view["discarded"] or ())) if own else None,
                      discarded_codes=view["discarded"] if own else None)
        return partial(state._guessed, shown)

    def _guessed(self, shown: Shown, hidden: SchmierHidden) -> Self:
        """A copy of this public state with ``hidden`` placed."""
        state = copy_slots(self, _LIST_SLOTS)
        state.seed = hidden.seed
        state._place_hidden(shown, hidden)
        return state

    def _played(self) -> CardSet:
        """The cards of the tricks, the one in progress included."""
        return (sum(1 << c for _, cards, _ in self.tricks for c in cards)
                | sum(1 << c for c in self.trick))

    def _read_captures(self) -> None:
        """Each team's captured cards and who played the trump ace and two, from the
        tricks."""
        self.captured = [0] * self.num_teams
        for _, cards, winner in self.tricks:
            self.captured[self.team_of(winner)] |= sum(1 << c for c in cards)
        self.high_seat = self.low_seat = -1
        if self.trump < 0:
            return
        high, low = make_card(self.trump, ACE), make_card(self.trump, 2)
        for leader, cards, _ in [*self.tricks, (self.leader, tuple(self.trick), -1)]:
            for i, card in enumerate(cards):
                if card == high:
                    self.high_seat = (leader + i) % NUM_PLAYERS
                elif card == low:
                    self.low_seat = (leader + i) % NUM_PLAYERS

    def _place_hidden(self, shown: Shown, hidden: SchmierHidden) -> None:
        """The hands, discards and stock from ``hidden``, checked against the view."""
        check_guess(shown, hidden, SCHMIER_DECK)
        self.hands = list(hidden.hands)
        self.discards = list(hidden.discards or (0,) * NUM_PLAYERS)
        self.stock = tuple(hidden.stock)

    # -- the rest of the contract -----------------------------------------------------

    def clone(self) -> Self:
        return copy_slots(self, _LIST_SLOTS)

    def action_text(self, action: int) -> str:
        return action_text(action)

    def parse_action(self, text: str) -> int:
        return parse_action(text)

    def result(self) -> SchmierResult | None:
        if self.phase != OVER:
            return None
        winners = self.winners
        return {
            "winner": winners[0] if len(winners) == 1 else None,
            "winners": winners[:],
            "winning_seats": sorted(s for w in winners for s in self.team_seats(w)),
            "scores": self.scores[:],
            "teams": [self.team_seats(k) for k in range(self.num_teams)],
            "deals": self.played_deals,
            "thrown_in": self.deal_number + 1 - self.played_deals,
        }

    def _contract(self) -> dict[str, Any] | None:
        if self.phase == AUCTION:
            return None
        return {"bidder": self.bidder, "team": self.team_of(self.bidder), "bid": self.high_bid}

    def view(self, seat: int | None) -> SchmierView:
        """What ``seat`` may know (``None``: a spectator), as plain JSON-ready data.

        - ``game`` ``"schmier"``; ``seat``; ``num_players``; ``options`` (the match's
          resolved options); ``teams`` (the seats of each team; partners sit 3 apart);
          ``team`` (the seat's, or ``None``).
        - ``target_score``; ``scores`` per team; ``played_deals``: deals scored so far
          (not those thrown in).
        - ``phase``: ``auction``, ``trump``, ``exchange``, ``rob``, ``play`` or
          ``over``; ``deal`` (0 first); ``dealer``; ``to_act`` (``None`` once over).
        - ``hand_sizes`` per seat; ``auction``: ``{"seat", "action"}`` in order;
          ``high_bid`` (or ``None``); ``contract``: ``{"bidder", "team", "bid"}`` after
          the auction, else ``None``; ``trump`` (a suit code or ``None``).
        - ``exchanged``: per seat, how many cards it exchanged (``None``: not yet);
          ``stock_size``.
        - ``trick``: ``{"leader", "cards"}`` of the trick in play (``cards`` empty: a
          lead); ``tricks``: the deal's finished tricks (``leader``, ``cards``,
          ``winner``); ``tricks_won`` per team; ``last_deal``: the last scored deal or
          ``None``.
        - ``hand`` and ``discarded`` (its own discards, ``None`` before its exchange):
          the seat's own.
        - ``legal_actions``: the canonical action texts, only for the seat to act
          (else empty); ``result`` once the match is over.
        """
        acting = seat is not None and seat == self.to_act
        teams = self.num_teams
        tricks_won = [0] * teams
        for _, _, winner in self.tricks:
            tricks_won[self.team_of(winner)] += 1
        view: dict[str, Any] = {
            "game": NAME,
            "seat": seat,
            "num_players": NUM_PLAYERS,
            "options": dict(self.options),
            "teams": [self.team_seats(k) for k in range(teams)],
            "team": None if seat is None else self.team_of(seat),
            "target_score": self.target,
            "scores": self.scores[:],
            "played_deals": self.played_deals,
            "phase": self.phase,
            "deal": self.deal_number,
            "dealer": self.dealer,
            "to_act": None if self.to_act < 0 else self.to_act,
            "hand_sizes": [popcount(h) for h in self.hands],
            "auction": [{"seat": s, "action": f"bid {n}" if n else "pass"}
                        for s, n in self.auction],
            "high_bid": self.high_bid or None,
            "contract": self._contract(),
            "trump": None if self.trump < 0 else SUIT_CODES[self.trump],
            "exchanged": [None if k < 0 else k for k in self.exchanged],
            "stock_size": len(self.stock),
            "trick": {"leader": self.leader if self.phase == PLAY else None,
                      "cards": codes(self.trick)},
            "tricks": [{"leader": leader, "cards": codes(cards), "winner": winner}
                       for leader, cards, winner in self.tricks],
            "tricks_won": tricks_won,
            "last_deal": None if self.last_deal is None else _copy_deal(self.last_deal),
        }
        if seat is not None:
            view["hand"] = codes(self.hands[seat])
            view["discarded"] = codes(self.discards[seat]) if self.exchanged[seat] >= 0 \
                else None
        view["legal_actions"] = [action_text(a) for a in self.legal()] if acting else []
        if self.phase == OVER:
            view["result"] = self.result()
        return cast(SchmierView, view)

    def dump(self) -> dict[str, Any]:
        return {
            "seed": self.seed,
            "num_teams": self.num_teams,
            "phase": self.phase,
            "deal": self.deal_number,
            "played_deals": self.played_deals,
            "dealer": self.dealer,
            "to_act": self.to_act,
            "scores": self.scores[:],
            "hands": [codes(h) for h in self.hands],
            "stock": codes(self.stock),
            "discards": [codes(d) for d in self.discards],
            "exchanged": self.exchanged[:],
            "auction": [list(a) for a in self.auction],
            "high_bid": self.high_bid,
            "bidder": self.bidder,
            "trump": self.trump,
            "trick": codes(self.trick),
            "leader": self.leader,
            "tricks": [[leader, codes(cards), winner] for leader, cards, winner in self.tricks],
            "captured": [codes(c) for c in self.captured],
            "high_seat": self.high_seat,
            "low_seat": self.low_seat,
            "winners": self.winners[:],
            "last_deal": None if self.last_deal is None else _copy_deal(self.last_deal),
        }


@lru_cache(maxsize=64)
def _resolved(options: tuple[tuple[str, Any], ...]) -> dict[str, Any]:
    """A view's options, checked as a new match checks them."""
    resolved = resolve(NAME, OPTIONS, dict(options))
    _check(resolved)
    return resolved


def _copy_deal(deal: Mapping[str, Any]) -> dict[str, Any]:
    copied = dict(deal)
    copied["points"] = dict(deal["points"])
    for key in ("game_counts", "won", "delta", "scores"):
        copied[key] = list(deal[key])
    return copied


_DECK_SET: CardSet = sum(1 << c for c in SCHMIER_DECK)


def sample(view: Mapping[str, Any], rng: random.Random) -> SchmierState:
    """A state of ``view`` with the cards it hides drawn uniformly among the deals the
    view allows (:func:`hidden_deals`): the other hands and discards at the sizes the
    view shows, the stock the cards left in a random order."""
    seat = view["seat"]
    hands, discards = [0] * NUM_PLAYERS, [0] * NUM_PLAYERS
    if seat is not None:
        hands[seat] = parse_cards(" ".join(view["hand"]))
        discards[seat] = parse_cards(" ".join(view["discarded"] or ()))
    keys, deals = hidden_deals(view)
    deal = deals[0]
    if len(deals) > 1:
        pick = rng.randrange(sum(d.count() for d in deals))
        for deal in deals:
            if pick < deal.count():
                break
            pick -= deal.count()
    stock: list[Card] = []
    for key, cards in zip(keys, deal.draw(rng), strict=True):
        if key < NUM_PLAYERS:
            hands[key] = cards
        elif key < 2 * NUM_PLAYERS:
            discards[key - NUM_PLAYERS] = cards
        else:
            stock = list(iter_cards(cards))
            rng.shuffle(stock)
    hidden = SchmierHidden(tuple(hands), tuple(stock), rng.getrandbits(63),
                           discards=tuple(discards))
    return SchmierState.for_view(view)(hidden)


STOCK_KEY = 2 * NUM_PLAYERS
"""The keys of :func:`hidden_deals`' places: a seat's hand (0..5), its discards (6..11:
the seat's + 6) and the stock (12)."""


def hidden_places(view: Mapping[str, Any]) -> tuple[CardSet, list[int], list[tuple[int, CardSet]]]:
    """The cards ``view`` hides, the places they lie in (their keys, see
    :data:`STOCK_KEY`: each other seat's hand, then its discards if it put any away; the
    stock last) and per place its size and the cards it may hold, as far as the view
    proves it with the dealer taken to have discarded no trump (:func:`hidden_deals`
    adds the other case): a seat holds none of an effective suit it did not follow
    (:func:`voids`); nobody discarded a trump (§8)."""
    seat = view["seat"]
    trump = -1 if view["trump"] is None else SUIT_CODES.index(view["trump"])
    tricks = [(t["leader"], [parse_card(c) for c in t["cards"]], t["winner"])
              for t in view["tricks"]]
    trick = [parse_card(c) for c in view["trick"]["cards"]]
    leader = -1 if view["trick"]["leader"] is None else view["trick"]["leader"]
    seen = to_set(trick) | to_set(c for _, cards, _ in tricks for c in cards)
    if seat is not None:
        seen |= parse_cards(" ".join([*view["hand"], *(view["discarded"] or ())]))
    plain = _DECK_SET & ~TRUMPS[trump] if trump >= 0 else _DECK_SET
    shown_voids = voids(trump, tricks, trick, leader, view["options"]["trump_anytime"])
    keys: list[int] = []
    places: list[tuple[int, CardSet]] = []
    for other in range(NUM_PLAYERS):
        if other == seat:
            continue
        keys.append(other)
        places.append((view["hand_sizes"][other], _DECK_SET & ~shown_voids[other]))
        if view["exchanged"][other]:
            keys.append(NUM_PLAYERS + other)
            places.append((view["exchanged"][other], plain))
    if view["stock_size"]:
        keys.append(STOCK_KEY)
        places.append((view["stock_size"], _DECK_SET))
    return _DECK_SET & ~seen, keys, places


def hidden_deals(view: Mapping[str, Any]) -> tuple[list[int], list[RestrictedDeal]]:
    """The places of the cards ``view`` hides (:func:`hidden_places`) and the deals into
    them it allows: one or two disjoint sets of deals whose union is every deal the view
    allows. The dealer discarded no trump unless he held more than six after robbing,
    and then kept six trumps and put away every plain card and trumps that score nothing
    (§8.2): his discards are plain cards, or (the second set of deals) his hand and the
    cards he played are all trumps and his discards hold at least one trump, none of A,
    the bauers, 2 or the joker."""
    pool, keys, places = hidden_places(view)
    deals = [restricted_deal(pool, tuple(places))]
    dealer = view["dealer"]
    if NUM_PLAYERS + dealer not in keys:
        return keys, deals
    trump = SUIT_CODES.index(view["trump"])
    trumps = TRUMPS[trump]
    tricks = [(t["leader"], [parse_card(c) for c in t["cards"]], t["winner"])
              for t in view["tricks"]]
    trick = [parse_card(c) for c in view["trick"]["cards"]]
    leader = -1 if view["trick"]["leader"] is None else view["trick"]["leader"]
    if not _played_by(dealer, tricks, trick, leader) & ~trumps:
        hand, away = keys.index(dealer), keys.index(NUM_PLAYERS + dealer)
        robbed = places[:]
        robbed[hand] = (places[hand][0], places[hand][1] & trumps)
        robbed[away] = (places[away][0], _DECK_SET & ~PROTECTED[trump])
        deals.append(restricted_deal(pool, tuple(robbed), (away, trumps, 1)))
    return keys, deals


def _played_by(seat: int, tricks: Sequence[tuple[int, Sequence[Card], int]],
               trick: Sequence[Card], leader: int) -> CardSet:
    """The cards ``seat`` played this deal."""
    played = 0
    for lead, cards in [*((lead, cards) for lead, cards, _ in tricks), (leader, trick)]:
        for i, card in enumerate(cards):
            if (lead + i) % NUM_PLAYERS == seat:
                played |= 1 << card
    return played


def _new_state(options: Mapping[str, Any], seed: int,
               decks: Sequence[tuple[Card, ...]]) -> SchmierState:
    return SchmierState(options, seed, decks)


GAME = GameInfo(
    name=NAME,
    title="Schmier",
    min_players=NUM_PLAYERS,
    max_players=NUM_PLAYERS,
    options=OPTIONS,
    new_state=_new_state,
    deck=_deck,
    check=_check,
    sample=sample,
    summary="Smear for six in three teams: bid, name trump, rob the pack, "
            "win High, Low, the bauers, the joker and Game.",
)

__all__ = ["GAME", "STOCK_KEY", "SchmierHidden", "SchmierState", "game_count", "hidden_deals",
           "hidden_places", "sample", "trick_winner", "voids"]
