"""Schnapsen (Austrian 66) and the match to ``match_target`` (Bummerl): docs/rules/schnapsen.md.

Phases of a deal (§6.1): ``open`` (talon on the table, both draw after each
trick), ``closed`` (the leader closed the talon) and ``exhausted`` (the talon is
used up); the last two are the strict phase of §7. A deal ends when a player
reaches 66 (automatically or by a claim, §8.3), by a wrong claim, or when both
hands are empty; it is scored at once (§10), its summary stays in every view as
``last_deal`` and the next deal starts with the other dealer. The match is
``over`` once a player has ``match_target`` game points.

Action space (ints; text in docs/rules/NOTATION.md):

======================  ===================  ==========================================
id                      text                 when
======================  ===================  ==========================================
c (card int, 0..51)     ``play <c>``         lead or follow (§6.2, §6.3, §7)
64 + c                  ``marriage <c>``     leader holds K and Q of c's suit (§6.2)
52                      ``exchange``         leader, open, ``t > 2``, holds the low trump
53                      ``close``            leader, open
54                      ``claim``            manual claim mode (§8.3, §14)
======================  ===================  ==========================================

Canonical order of legal actions: every ``play`` in deck order, every
``marriage`` in deck order, then ``exchange``, ``close``, ``claim``.

Choices where the spec is silent:

- The talon size ``t`` (§5.4) stays in the view after closing: the dead cards
  still lie there, face down. ``trump_card`` is the card lying face up (none
  after closing or once drawn); ``turned_trump``, the card turned up at the
  deal, stays in every view for the whole deal (everybody saw it), and with
  ``exchanges`` it names the trump card under a closed talon.
- A seat's view holds its own credited and pending points, not the opponent's.
  A counter of the opponent's points is a display option of the table: the view
  holds everything needed for it (``history``: every trick of the deal with
  its cards and winner; ``marriages``), all of which both players have seen.
  The exchange is public (``exchanges``): the taken trump card was face up.
- ``last_deal`` (the previous deal's summary: points, tricks, closer, award) is
  public: the deal is counted openly when it is over. Undrawn talon cards and
  cards left in hands when a deal stops at 66 are never shown.
- §14 manual mode: after ``marriage XX`` only ``play XX`` and ``claim`` (the
  latter not with ``end_mode = "all_cards"``) are legal for the declarer, even
  when he has no trick yet (such a claim can only be wrong).
- ``last_deal["by"]`` is the seat that reached 66 or claimed; ``None`` when the
  cards ran out. A deal with no winner (SN-D14) still counts as a deal: the
  dealer alternates all the same (§4.4).
- §14 manual mode with ``end_mode = "all_cards"``: ``marriage XX`` still only
  declares (§14 says so for manual mode without exception); the declarer's one
  legal action after it is ``play XX``.
- A wrong claim in a closed deal is scored as a wrong claim (§8.3: the opponent
  scores 2, or 3 if he has no trick at the claim), also when the closer makes it;
  a correct claim by the closer's opponent is "O reached 66 first" (the closer
  fails, §10 closed table).
- §10 ``graded`` is applied as written: with ``schwarz_basis = "tricks"`` a loser
  with tricks but 0 points gives 2 (``0 <= schneider_max_points``), whatever
  ``schneider_max_points`` is.
- A closed deal is always judged by the closed table, also with
  ``end_mode = "all_cards"`` when both players end at 66 or more (the closer
  wins, graded) and when the cards run out with nobody at 66 (the closer fails;
  ``no_66_result`` is for deals never closed).
"""

from __future__ import annotations

import copy
import random
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from functools import lru_cache, partial
from typing import Any, Self, cast

from stammtisch.cards import (
    ACE,
    CARD_TUPLES,
    JACK,
    KING,
    QUEEN,
    SCHNAPSEN_DECKS,
    SUIT_CODES,
    SUIT_MASKS,
    Card,
    CardSet,
    card_code,
    card_tuple,
    codes,
    iter_cards,
    make_card,
    parse_card,
    rank_of,
    to_set,
)
from stammtisch.core.game import Event, GameInfo
from stammtisch.core.guess import Hidden, Shown, check_game, check_guess, check_holds
from stammtisch.core.options import boolean, choice, integer, resolve, seat_or_random
from stammtisch.core.rng import rng_for
from stammtisch.errors import NotationError, OptionError, ViewError
from stammtisch.games.schnapsen_types import SchnapsenResult, SchnapsenView

NAME = "schnapsen"

EXCHANGE, CLOSE, CLAIM = 52, 53, 54
MARRIAGE = 64
"""Declaring a marriage by leading card ``c`` is the action ``MARRIAGE + c``."""

OPEN, CLOSED, EXHAUSTED, OVER = "open", "closed", "exhausted", "over"

# How a deal ended (``last_deal["reason"]``).
REACHED_66, CLAIMED, WRONG_CLAIM, CARDS_OUT = "reached_66", "claim", "wrong_claim", "cards_out"

TARGET = 66

# --- cards (§2) -----------------------------------------------------------------

_RANK_POINTS = {9: 0, 10: 10, JACK: 2, QUEEN: 3, KING: 4, ACE: 11}
_RANK_STRENGTH = {9: 0, JACK: 1, QUEEN: 2, KING: 3, 10: 4, ACE: 5}

POINTS: tuple[int, ...] = tuple(_RANK_POINTS.get(rank_of(c), 0) for c in range(52))
"""Card points by card int (§2)."""
STRENGTH: tuple[int, ...] = tuple(_RANK_STRENGTH.get(rank_of(c), -1) for c in range(52))
"""Trick-taking strength by card int: A > T > K > Q > J > 9."""
HIGHER: tuple[CardSet, ...] = tuple(
    sum(1 << d for d in range(52) if d // 13 == c // 13 and STRENGTH[d] > STRENGTH[c] >= 0)
    for c in range(52)
)
"""The cards of the same suit that beat each card."""


def takes(card: Card, lead: Card, trump_suit: int) -> bool:
    """Whether ``card`` played to ``lead`` takes the trick (§6.4): a higher card of the
    led suit, or a trump to a plain lead."""
    if card // 13 == lead // 13:
        return STRENGTH[card] > STRENGTH[lead]
    return card // 13 == trump_suit


TAKES: tuple[tuple[CardSet, ...], ...] = tuple(
    tuple(sum(1 << c for c in range(52) if takes(c, lead, trump)) for lead in range(52))
    for trump in range(4))
"""``TAKES[trump_suit][lead]``: the cards that take a trick led by ``lead`` (:func:`takes`
as a table, for the hot paths)."""
_PAIRS: tuple[CardSet, ...] = tuple(
    1 << make_card(s, KING) | 1 << make_card(s, QUEEN) for s in range(4))
_ALL_PAIRS = sum(_PAIRS)
_MARRIAGES: dict[CardSet, tuple[int, ...]] = {}


_MEMO_LIMIT = 1 << 16
"""At most this many memoised marriages and open leads; later ones are computed each time."""


def _marriage_actions(kings_queens: CardSet) -> tuple[int, ...]:
    """``marriage`` ids for a hand's kings and queens, in deck order."""
    found = _MARRIAGES.get(kings_queens)
    if found is None:
        found = _MARRIAGES[kings_queens] = tuple(
            MARRIAGE + c for c in card_tuple(kings_queens) if kings_queens & _PAIRS[c // 13]
            == _PAIRS[c // 13])
    return found


_OPEN_LEADS: dict[int, tuple[int, ...]] = {}
_MAY_EXCHANGE = 1 << 63
"""Marks a hand whose leader may exchange, in the keys of :data:`_OPEN_LEADS`."""


def _open_lead_actions(key: int) -> tuple[int, ...]:
    """Every lead action with the talon open, in canonical order (memoised): the hand's
    ``play`` and ``marriage`` actions, ``exchange`` if ``key`` holds :data:`_MAY_EXCHANGE`,
    ``close``."""
    found = _OPEN_LEADS.get(key)
    if found is None:
        hand = key & ~_MAY_EXCHANGE
        found = card_tuple(hand)
        pairs = hand & _ALL_PAIRS
        if pairs:
            found += _marriage_actions(pairs)
        found += (EXCHANGE, CLOSE) if key & _MAY_EXCHANGE else (CLOSE,)
        if len(_OPEN_LEADS) < _MEMO_LIMIT:
            _OPEN_LEADS[key] = found
    return found


_SHUFFLE_STEPS = tuple(tuple((i, i + 1, (i + 1).bit_length()) for i in range(size - 1, 0, -1))
                       for size in range(53))
"""By the number of cards: ``Random.shuffle``'s steps ``(i, n = i + 1, n.bit_length())``."""


def _marriage_trick(history: Sequence[tuple[int, int, int, int]], seat: int,
                    suit: int) -> int:
    """The deal's trick whose lead declared ``seat``'s marriage in ``suit``: the first
    it led a card of the pair in (the running one when none yet)."""
    pair = _PAIRS[suit]
    return next((i for i, (leader, lead, _, _) in enumerate(history)
                 if leader == seat and pair >> lead & 1), len(history))


def _deal_shuffle(cards: tuple[Card, ...], seed: int, number: int) -> tuple[Card, ...]:
    """``core.rng.shuffled(cards, seed, "deal", number)``: the same generator, the same order.

    tests/test_schnapsen_audit.py checks the identity over many keys.
    """
    return shuffle_with(cards, rng_for(seed, "deal", number).getrandbits)


def shuffle_with(cards: tuple[Card, ...], bits: Callable[[int], int]) -> tuple[Card, ...]:
    """``cards`` shuffled as ``Random.shuffle`` does with the generator whose ``getrandbits``
    is ``bits``: the same order, without its two Python calls per card.

    ``Random.shuffle`` inlined: for ``i`` from the top down it swaps ``x[i]`` with
    ``x[_randbelow(i + 1)]``, and ``_randbelow(n)`` draws ``getrandbits(n.bit_length())``
    until below ``n``.
    """
    order = list(cards)
    for i, n, k in _SHUFFLE_STEPS[len(order)]:
        j = bits(k)
        while j >= n:
            j = bits(k)
        order[i], order[j] = order[j], order[i]
    return tuple(order)


# --- options (§3) ---------------------------------------------------------------

OPTIONS = (
    choice("deck_size", (20, 24), 20, "20 cards (A T K Q J) or 24 (with the 9s)"),
    choice("hand_size", (5, 6), 5, "cards per player"),
    choice("follow_suit_mode", ("after_close_or_exhaustion", "always"),
           "after_close_or_exhaustion", "when following suit is compulsory (§7)"),
    boolean("strict_must_head", True, "strict phase: beat the led card if possible"),
    boolean("strict_must_trump", True, "strict phase: trump when void in the led suit"),
    choice("end_mode", ("first_to_66", "all_cards"), "first_to_66",
           "a deal ends at 66, or only when all cards are played (§9)"),
    choice("claim_mode", ("automatic", "manual"), "automatic",
           "66 is detected by the engine, or must be claimed (§8.3)"),
    integer("schneider_max_points", 0, 65, 33,
            "loser's points 1..this give the winner 2 game points"),
    choice("schwarz_basis", ("points", "tricks"), "points",
           "3 game points when the loser has 0 points, or 0 tricks"),
    choice("first_to_66_award", ("graded", "flat"), "graded",
           "a first-to-66 win scores 1/2/3, or always 1"),
    choice("no_66_result", ("no_winner", "last_trick"), "no_winner",
           "cards out with nobody at 66: nobody scores, or the last trick scores 1"),
    choice("closed_score_snapshot", ("end", "at_close"), "end",
           "the opponent's score grading a successful closer: at the end or at closing"),
    choice("closer_fail_award", ("seed", "traditional"), "seed",
           "award to the opponent of a failed closer (§10)"),
    boolean("marriage_after_close_or_exhaustion", False,
            "marriages may be declared in the strict phase"),
    choice("last_trick_bonus", (0, 10), 0, "points for the last trick of a deal never closed"),
    integer("match_target", 1, None, 7, "game points that win the match"),
    seat_or_random("first_dealer", "the first dealer: 0, 1 or 'random'"),
)


def _check(options: Mapping[str, Any]) -> None:
    dealer = options["first_dealer"]
    if dealer != "random" and dealer > 1:
        raise OptionError("first_dealer", "0, 1 or 'random'", value=dealer, game=NAME)


def _deck(options: Mapping[str, Any]) -> tuple[Card, ...]:
    return SCHNAPSEN_DECKS[options["deck_size"]]


class Rules:
    """The resolved options as plain attributes, shared by a state and its clones."""

    __slots__ = (
        "deck_size", "hand_size", "follow_always", "must_head", "must_trump", "all_cards",
        "manual", "claims", "auto_end", "schneider_max", "schwarz_tricks", "flat",
        "no_66_last_trick", "snapshot_at_close", "fail_traditional", "late_marriage",
        "bonus", "match_target", "first_dealer", "low_rank", "options",
    )

    def __init__(self, options: Mapping[str, Any]) -> None:
        self.options = dict(options)
        """The resolved options themselves, as every view shows them."""
        self.deck_size: int = options["deck_size"]
        self.hand_size: int = options["hand_size"]
        self.follow_always = options["follow_suit_mode"] == "always"
        self.must_head: bool = options["strict_must_head"]
        self.must_trump: bool = options["strict_must_trump"]
        self.all_cards = options["end_mode"] == "all_cards"
        self.manual = options["claim_mode"] == "manual"
        self.claims = self.manual and not self.all_cards
        """``claim`` can ever be legal (§14: never with all_cards)."""
        self.auto_end = not self.manual and not self.all_cards
        """Reaching 66 ends the deal by itself."""
        self.schneider_max: int = options["schneider_max_points"]
        self.schwarz_tricks = options["schwarz_basis"] == "tricks"
        self.flat = options["first_to_66_award"] == "flat"
        self.no_66_last_trick = options["no_66_result"] == "last_trick"
        self.snapshot_at_close = options["closed_score_snapshot"] == "at_close"
        self.fail_traditional = options["closer_fail_award"] == "traditional"
        self.late_marriage: bool = options["marriage_after_close_or_exhaustion"]
        self.bonus: int = options["last_trick_bonus"]
        self.match_target: int = options["match_target"]
        self.first_dealer: int | str = options["first_dealer"]
        self.low_rank = 9 if self.deck_size == 24 else JACK

    def graded(self, points: int, tricks: int) -> int:
        """§10 ``graded(O)`` from the loser's credited points and tricks."""
        if (tricks == 0) if self.schwarz_tricks else (points == 0):
            return 3
        return 2 if points <= self.schneider_max else 1


@lru_cache(maxsize=64)
def _rules_of(options: tuple[tuple[str, Any], ...]) -> Rules:
    """The rules of a view's options (checked as a new match checks them)."""
    resolved = resolve(NAME, OPTIONS, dict(options))
    _check(resolved)
    return Rules(resolved)


# --- actions --------------------------------------------------------------------

def action_text(action: int) -> str:
    if action < 52:
        return "play " + card_code(action)
    if action >= MARRIAGE:
        return "marriage " + card_code(action - MARRIAGE)
    return ("exchange", "close", "claim")[action - EXCHANGE]


def parse_action(text: str) -> int:
    words = text.lower().split()
    if words == ["exchange"]:
        return EXCHANGE
    if words == ["close"]:
        return CLOSE
    if words == ["claim"]:
        return CLAIM
    if len(words) == 2 and words[0] in ("play", "marriage"):
        try:
            card = parse_card(words[1])
        except NotationError:
            pass
        else:
            if card < 52:
                return card if words[0] == "play" else MARRIAGE + card
    raise NotationError(
        f"not a Schnapsen action: {text!r} (play <card>, marriage <card>, exchange, close, "
        "claim)", text=text)


# --- the state ------------------------------------------------------------------

SchnapsenHidden = Hidden
"""What a Schnapsen view hides, for :meth:`SchnapsenState.from_view`: the core's guess.
``hands``: both hands (the seat's own as its view shows it); ``stock``: the face-down
talon cards in draw order (``talon_size - 1`` of them, none once it is used up; the
trump card is not among them: the view names it); ``seed``: the generator of the deals
to come."""


class SchnapsenState:
    """One Schnapsen match; see the module header for phases and action ids."""

    __slots__ = (
        "rules", "num_players", "seed", "decks", "game_points", "dealer", "deal_number",
        "to_act", "over", "last_deal", "deck", "talon_pos", "t", "trump_card", "trump_suit",
        "low_trump", "closer", "strict", "hands", "lead_card", "leader", "declared",
        "claim_ok", "points", "pending", "tricks", "won", "close_points", "close_tricks",
        "marriages", "exchanges", "history", "events",
    )

    def __init__(self, options: Mapping[str, Any], seed: int,
                 decks: Sequence[tuple[Card, ...]] = ()) -> None:
        self.rules = Rules(options)
        self.num_players = 2
        self.seed = seed
        self.decks = tuple(decks)
        self.game_points = [0, 0]
        first = self.rules.first_dealer
        self.dealer: int = rng_for(seed, "first_dealer").randrange(2) if first == "random" \
            else int(first)
        self.deal_number = -1
        self.over = False
        self.last_deal: dict[str, Any] | None = None
        self.events: list[Event] | None = []
        self._start_deal()

    # -- dealing (§5) ---------------------------------------------------------------

    def _start_deal(self) -> None:
        self.deal_number += 1
        number = self.deal_number
        rules = self.rules
        deck = self.decks[number] if number < len(self.decks) else self._shuffled(number)
        k = rules.hand_size
        dealer = self.dealer
        forehand = 1 - dealer
        first = 1 << deck[0] | 1 << deck[1] | 1 << deck[2] | 1 << deck[6] | 1 << deck[7]
        second = 1 << deck[3] | 1 << deck[4] | 1 << deck[5] | 1 << deck[k + 3] | 1 << deck[k + 4]
        if k == 6:
            first |= 1 << deck[8]
            second |= 1 << deck[11]
        hands = [first, second] if forehand == 0 else [second, first]
        self.deck = deck
        self.hands = hands
        trump_card = self.trump_card = deck[2 * k]
        trump_suit = self.trump_suit = trump_card // 13
        self.low_trump = make_card(trump_suit, rules.low_rank)
        self.talon_pos = 2 * k + 1
        self.t = len(deck) - 2 * k
        self.closer = -1
        self.strict = False
        self.lead_card = -1
        self.leader = forehand
        self.declared = -1
        self.claim_ok = False
        self.points = [0, 0]
        self.pending = [0, 0]
        self.tricks = [0, 0]
        self.won = [0, 0]
        self.close_points = self.close_tricks = -1
        self.marriages: tuple[tuple[int, int], ...] = ()
        self.exchanges: tuple[tuple[int, int, int, int], ...] = ()
        """(seat, card taken, card given, tricks of the deal before it)."""
        self.history: tuple[tuple[int, int, int, int], ...] = ()
        self.to_act = forehand
        if self.events is not None:
            self.events.append({
                "type": "deal", "deal": number, "dealer": dealer, "leader": forehand,
                "trump_card": card_code(self.trump_card),
                "trump_suit": SUIT_CODES[self.trump_suit], "talon": self.t,
                "game_points": self.game_points[:],
            })

    def _shuffled(self, number: int) -> tuple[Card, ...]:
        """The order of deal ``number``: the match seed's keyed shuffle (core.rng)."""
        return _deal_shuffle(SCHNAPSEN_DECKS[self.rules.deck_size], self.seed, number)

    # -- the fast path --------------------------------------------------------------

    def legal(self) -> list[int]:
        seat = self.to_act
        if seat < 0:
            return []
        hand = self.hands[seat]
        lead = self.lead_card
        if lead >= 0:
            if self.strict:
                same = hand & SUIT_MASKS[lead // 13]
                rules = self.rules
                if same:
                    if rules.must_head and same & HIGHER[lead]:
                        same &= HIGHER[lead]
                    hand = same
                elif rules.must_trump and hand & SUIT_MASKS[self.trump_suit]:
                    hand &= SUIT_MASKS[self.trump_suit]
            elif self.rules.follow_always and hand & SUIT_MASKS[lead // 13]:
                hand &= SUIT_MASKS[lead // 13]
            return [*(CARD_TUPLES.get(hand) or card_tuple(hand))]
        if self.declared >= 0:
            return [self.declared, CLAIM] if self.claim_ok else [self.declared]
        if self.strict:
            actions = [*(CARD_TUPLES.get(hand) or card_tuple(hand))]
            pairs = hand & _ALL_PAIRS
            if pairs and self.rules.late_marriage:
                actions += _marriage_actions(pairs)
        else:
            if self.t > 2 and hand >> self.low_trump & 1:
                hand |= _MAY_EXCHANGE
            actions = [*(_OPEN_LEADS.get(hand) or _open_lead_actions(hand))]
        if self.claim_ok:
            actions.append(CLAIM)
        return actions

    def apply(self, action: int) -> None:
        seat = self.to_act
        events = self.events
        if events is not None:
            events.append({"type": "action", "seat": seat, "action": action_text(action)})
        if action >= 52:
            self._announce(seat, action)
            return
        hands = self.hands
        hands[seat] ^= 1 << action
        lead = self.lead_card
        if lead < 0:
            self.lead_card = action
            self.leader = seat
            self.declared = -1
            self.claim_ok = False
            self.to_act = 1 - seat
            return
        # The follower played: resolve the trick, credit it, then end or draw (§6.4-6.5).
        leader = 1 - seat
        winner = seat if TAKES[self.trump_suit][lead] >> action & 1 else leader
        self.lead_card = -1
        self.won[winner] |= 1 << lead | 1 << action
        gained = POINTS[lead] + POINTS[action]
        tricks = self.tricks
        if not tricks[winner]:
            pending = self.pending
            if pending[winner]:
                gained += pending[winner]
                pending[winner] = 0
        tricks[winner] += 1
        rules = self.rules
        last = not (hands[0] | hands[1])
        if last and self.closer < 0:
            gained += rules.bonus
        points = self.points
        points[winner] += gained
        self.history += ((leader, lead, action, winner),)
        if events is not None:
            events.append({"type": "trick", "leader": leader,
                           "cards": [card_code(lead), card_code(action)],
                           "winner": winner, "points": gained})
        if rules.auto_end and points[winner] >= TARGET:
            self._reached(winner, REACHED_66)
            return
        if last:
            self._cards_out()
            return
        self.to_act = winner
        self.claim_ok = rules.claims
        if self.strict:
            return
        loser = 1 - winner
        pos = self.talon_pos
        hands[winner] |= 1 << self.deck[pos]
        if self.t == 2:
            hands[loser] |= 1 << self.trump_card
            self.talon_pos = pos + 1
            self.t = 0
            self.strict = True
        else:
            hands[loser] |= 1 << self.deck[pos + 1]
            self.talon_pos = pos + 2
            self.t -= 2
        if events is not None:
            events.append({"type": "draw", "seat": winner})
            if self.t == 0:
                events.append({"type": "draw", "seat": loser,
                               "trump_card": card_code(self.trump_card)})
            else:
                events.append({"type": "draw", "seat": loser})

    def _announce(self, seat: int, action: int) -> None:
        """``marriage``, ``exchange``, ``close`` or ``claim`` by the leader ``seat``."""
        if action >= MARRIAGE:
            self._marriage(seat, action - MARRIAGE)
        elif action == EXCHANGE:
            low, old = self.low_trump, self.trump_card
            self.hands[seat] ^= 1 << low | 1 << old
            self.trump_card = low
            self.exchanges += ((seat, old, low, len(self.history)),)
            self.claim_ok = False
            if self.events is not None:
                self.events.append({"type": "exchange", "seat": seat, "took": card_code(old),
                                    "trump_card": card_code(low)})
        elif action == CLOSE:
            self.closer = seat
            self.strict = True
            self.close_points = self.points[1 - seat]
            self.close_tricks = self.tricks[1 - seat]
            self.claim_ok = False
            if self.events is not None:
                self.events.append({"type": "close", "seat": seat, "talon": self.t})
        elif self.points[seat] >= TARGET:
            self._reached(seat, CLAIMED)
        else:
            other = 1 - seat
            self._end_deal(other, 3 if self.tricks[other] == 0 else 2, WRONG_CLAIM, seat)

    def _marriage(self, seat: int, card: Card) -> None:
        suit = card // 13
        value = 40 if suit == self.trump_suit else 20
        self.marriages += ((seat, suit),)
        credited = self.tricks[seat] > 0
        if credited:
            self.points[seat] += value
        else:
            self.pending[seat] += value
        if self.events is not None:
            self.events.append({
                "type": "marriage", "seat": seat, "suit": SUIT_CODES[suit],
                "cards": [card_code(make_card(suit, QUEEN)), card_code(make_card(suit, KING))],
                "points": value, "credited": credited,
            })
        rules = self.rules
        if rules.manual:
            self.declared = card
            self.claim_ok = rules.claims
            return
        if rules.auto_end and self.points[seat] >= TARGET:
            self._reached(seat, REACHED_66)
            return
        self.hands[seat] ^= 1 << card
        self.lead_card = card
        self.leader = seat
        self.claim_ok = False
        self.to_act = 1 - seat

    # -- scoring (§10) --------------------------------------------------------------

    def _closer_award(self, reached: bool) -> tuple[int, int]:
        """Winner and game points of a closed deal: the closer reached 66 or he failed."""
        rules = self.rules
        closer = self.closer
        other = 1 - closer
        if reached:
            if rules.snapshot_at_close:
                return closer, rules.graded(self.close_points, self.close_tricks)
            return closer, rules.graded(self.points[other], self.tricks[other])
        if rules.fail_traditional:
            return other, 3 if self.close_tricks == 0 else 2
        return other, 3 if self.tricks[other] else 2

    def _reached(self, seat: int, reason: str) -> None:
        """``seat`` reached 66 first (automatically or by a correct claim)."""
        if self.closer >= 0:
            winner, award = self._closer_award(self.closer == seat)
        elif self.rules.flat:
            winner, award = seat, 1
        else:
            winner = seat
            award = self.rules.graded(self.points[1 - seat], self.tricks[1 - seat])
        self._end_deal(winner, award, reason, seat)

    def _cards_out(self) -> None:
        """Both hands are empty: judged as for ``end_mode = "all_cards"``."""
        points = self.points
        last = self.history[-1][3]
        if self.closer >= 0:
            winner, award = self._closer_award(points[self.closer] >= TARGET)
        elif points[0] >= TARGET and points[1] >= TARGET:
            winner, award = last, 1
        elif points[0] >= TARGET or points[1] >= TARGET:
            winner = 0 if points[0] >= TARGET else 1
            award = self.rules.graded(points[1 - winner], self.tricks[1 - winner])
        elif self.rules.no_66_last_trick:
            winner, award = last, 1
        else:
            winner, award = -1, 0
        self._end_deal(winner, award, CARDS_OUT, -1)

    def _end_deal(self, winner: int, award: int, reason: str, by: int) -> None:
        """Score the deal; ``by`` reached 66 or claimed (-1 when the cards ran out)."""
        if winner >= 0:
            self.game_points[winner] += award
        self.last_deal = {
            "deal": self.deal_number,
            "dealer": self.dealer,
            "reason": reason,
            "by": None if by < 0 else by,
            "winner": None if winner < 0 else winner,
            "game_points": award,
            "points": self.points[:],
            "tricks": self.tricks[:],
            "closer": None if self.closer < 0 else self.closer,
            "points_at_close": None if self.closer < 0 else self.close_points,
            "tricks_at_close": None if self.closer < 0 else self.close_tricks,
            "last_trick_winner": self.history[-1][3] if self.history else None,
            "match_points": self.game_points[:],
        }
        self.lead_card = -1
        self.declared = -1
        self.claim_ok = False
        if self.events is not None:
            self.events.append({"type": "deal_end", **copy.deepcopy(self.last_deal)})
        if winner >= 0 and self.game_points[winner] >= self.rules.match_target:
            self.over = True
            self.to_act = -1
            if self.events is not None:
                self.events.append({"type": "match_over", "winner": winner,
                                    "game_points": self.game_points[:]})
            return
        self.dealer = 1 - self.dealer
        self._start_deal()

    # -- a state from a view (search samples) -------------------------------------

    @classmethod
    def from_view(cls, view: Mapping[str, Any], hidden: SchnapsenHidden) -> Self:
        """The state a seat's ``view`` shows, with ``hidden`` as the cards it hides.

        The rules are the view's options. Raises :class:`~stammtisch.errors.ViewError`
        when ``hidden`` does not fit the view: wrong counts, a card also seen
        elsewhere, a card the view places in a hand (the partner of a declared
        marriage, the card taken by an exchange, the trump card drawn last) not there.
        Voids the play revealed are the sampler's business, not checked here.
        The state records no events, like a clone.
        """
        return cls.for_view(view)(hidden)

    @classmethod
    def for_view(cls, view: Mapping[str, Any]) -> Callable[[SchnapsenHidden], Self]:
        """:meth:`from_view` for one view and many guesses (a search's samples): the view
        is read once; each call copies that public state and places its guess, checked
        as ``from_view`` checks it."""
        check_game(view, NAME)
        rules = _rules_of(tuple(sorted(view["options"].items())))
        state = object.__new__(cls)
        state.rules = rules
        state.num_players = 2
        state.seed = 0
        state.decks = ()
        state.events = None
        state.game_points = list(view["game_points"])
        state.dealer = view["dealer"]
        state.deal_number = view["deal"]
        state.over = view["phase"] == OVER
        state.to_act = -1 if view["to_act"] is None else view["to_act"]
        state.last_deal = copy.deepcopy(view["last_deal"])
        state._read_deal(view)
        state.hands, state.deck, state.talon_pos = [0, 0], (), 0
        seat = view["seat"]
        return partial(state._guessed, state._shown(
            seat, None if seat is None else to_set(parse_card(c) for c in view["hand"])))

    def _guessed(self, shown: Shown, hidden: SchnapsenHidden) -> Self:
        """A copy of this public state with ``hidden`` placed."""
        state = self.clone()
        state.seed = hidden.seed
        state._place_hidden(shown, hidden)
        return state

    def _read_deal(self, view: Mapping[str, Any]) -> None:
        """The public facts of the running deal, from ``view``."""
        rules = self.rules
        self.trump_suit = SUIT_CODES.index(view["trump_suit"])
        self.low_trump = make_card(self.trump_suit, rules.low_rank)
        self.exchanges = tuple((e["seat"], parse_card(e["took"]), parse_card(e["gave"]),
                                e["trick"]) for e in view["exchanges"])
        self.trump_card = (self.exchanges[-1][2] if self.exchanges
                           else parse_card(view["turned_trump"]))
        self.t = view["talon_size"]
        self.closer = -1 if view["closer"] is None else view["closer"]
        self.strict = self.closer >= 0 or self.t == 0
        history = self.history = tuple(
            (h["leader"], parse_card(h["cards"][0]), parse_card(h["cards"][1]), h["winner"])
            for h in view["history"])
        trick = view["trick"]
        self.lead_card = parse_card(trick["cards"][0]) if trick else -1
        self.leader = trick["leader"] if trick else max(self.to_act, 0)
        self.declared = parse_card(view["declared"]) if view["declared"] else -1
        self.tricks = list(view["tricks"])
        won = [0, 0]
        cards = [0, 0]
        for _, lead, follow, winner in history:
            won[winner] |= 1 << lead | 1 << follow
            cards[winner] += POINTS[lead] + POINTS[follow]
        if self.closer < 0 and 2 * len(history) == rules.deck_size:
            cards[history[-1][3]] += rules.bonus
        self.won = won
        self.marriages = tuple((m["seat"], SUIT_CODES.index(m["suit"]))
                               for m in view["marriages"])
        when = [_marriage_trick(history, seat, suit) for seat, suit in self.marriages]
        self.points = [0, 0]
        self.pending = [0, 0]
        for seat in (0, 1):
            declared = sum(40 if suit == self.trump_suit else 20
                           for s, suit in self.marriages if s == seat)
            if self.tricks[seat]:
                self.points[seat] = cards[seat] + declared
            else:
                self.pending[seat] = declared
        self.close_points = self.close_tricks = -1
        if self.closer >= 0:
            before = (rules.deck_size - 2 * rules.hand_size - self.t) // 2
            other = 1 - self.closer
            self.close_tricks = sum(1 for *_, w in history[:before] if w == other)
            if self.close_tricks:
                self.close_points = sum(POINTS[a] + POINTS[b]
                                        for _, a, b, w in history[:before] if w == other)
                self.close_points += sum(
                    40 if suit == self.trump_suit else 20
                    for (s, suit), index in zip(self.marriages, when, strict=True)
                    if s == other and index < before)
            else:
                self.close_points = 0
        self.claim_ok = self._claim_open(rules)
        seat = view["seat"]
        if seat is not None and (
                view["points"] != self.points[seat] or view["pending"] != self.pending[seat]):
            raise ViewError(
                f"the view's points ({view['points']}, pending {view['pending']}) do not "
                f"follow from its tricks and marriages ({self.points[seat]}, pending "
                f"{self.pending[seat]})")

    def _claim_open(self, rules: Rules) -> bool:
        """Whether ``claim`` is open to the seat to act (§8.3, §14): after a trick or a
        declaration, not once the leader led, exchanged or closed."""
        if not rules.claims or self.over or self.lead_card >= 0:
            return False
        if self.declared >= 0:
            return True
        done = len(self.history)
        if not done:
            return False
        if self.exchanges and self.exchanges[-1][3] == done:
            return False
        before = (rules.deck_size - 2 * rules.hand_size - self.t) // 2
        return not (self.closer >= 0 and before == done)

    def _shown(self, seat: int | None, hand: CardSet | None) -> Shown:
        """What the view shows a guess is checked against (``seat``'s ``hand``): the
        face-down talon, the tricks and the trump card's place; once the match is over
        the hands' sizes are not checked."""
        rules = self.rules
        played = 0
        for _, lead, follow, _ in self.history:
            played |= 1 << lead | 1 << follow
        if self.lead_card >= 0:
            played |= 1 << self.lead_card
        public = [("tricks", played)]
        if self.t:
            public.append(("trump card's place", 1 << self.trump_card))
        sizes = None
        if not self.over:
            base = (rules.deck_size - played.bit_count() - self.t
                    + (self.lead_card >= 0)) // 2
            sizes = tuple(base - (self.lead_card >= 0 and self.leader == s) for s in (0, 1))
        return Shown(seat, hand, None if hand is None else codes(hand),
                     self.t - 1 if self.t else 0, sizes, (0, 0), public=tuple(public),
                     stock_place="face-down talon")

    def _place_hidden(self, shown: Shown, hidden: SchnapsenHidden) -> None:
        """The hands and the talon from ``hidden``, checked against the view."""
        check_guess(shown, hidden, SCHNAPSEN_DECKS[self.rules.deck_size])
        hands = [hidden.hands[0], hidden.hands[1]]
        if not self.over:
            self._check_known(hands, shown.public[0][1])
        self.hands = hands
        self.deck = tuple(hidden.stock)
        self.talon_pos = 0

    def _check_known(self, hands: list[CardSet], played: CardSet) -> None:
        """Cards the view places in a hand are there, unless played since."""
        for seat, suit in self.marriages:
            check_holds(f"hand of seat {seat}", hands[seat], _PAIRS[suit] & ~played,
                        "that seat declared the marriage")
        for seat, took, _, _ in self.exchanges:
            check_holds(f"hand of seat {seat}", hands[seat], (1 << took) & ~played,
                        "that seat took it by the exchange")
        drawing = (self.rules.deck_size - 2 * self.rules.hand_size) // 2
        if self.t == 0 and self.closer < 0 and len(self.history) >= drawing:
            loser = 1 - self.history[drawing - 1][3]
            check_holds(f"hand of seat {loser}", hands[loser],
                        (1 << self.trump_card) & ~played, "that seat drew the trump card last")

    # -- the rest of the contract ---------------------------------------------------

    def clone(self) -> Self:
        other = object.__new__(type(self))
        other.rules = self.rules
        other.num_players = 2
        other.seed = self.seed
        other.decks = self.decks
        other.game_points = self.game_points[:]
        other.dealer = self.dealer
        other.deal_number = self.deal_number
        other.to_act = self.to_act
        other.over = self.over
        other.last_deal = self.last_deal
        other.deck = self.deck
        other.talon_pos = self.talon_pos
        other.t = self.t
        other.trump_card = self.trump_card
        other.trump_suit = self.trump_suit
        other.low_trump = self.low_trump
        other.closer = self.closer
        other.strict = self.strict
        other.hands = self.hands[:]
        other.lead_card = self.lead_card
        other.leader = self.leader
        other.declared = self.declared
        other.claim_ok = self.claim_ok
        other.points = self.points[:]
        other.pending = self.pending[:]
        other.tricks = self.tricks[:]
        other.won = self.won[:]
        other.close_points = self.close_points
        other.close_tricks = self.close_tricks
        other.marriages = self.marriages
        other.exchanges = self.exchanges
        other.history = self.history
        other.events = None
        return other

    def action_text(self, action: int) -> str:
        return action_text(action)

    def parse_action(self, text: str) -> int:
        return parse_action(text)

    @property
    def phase(self) -> str:
        if self.over:
            return OVER
        if self.closer >= 0:
            return CLOSED
        return EXHAUSTED if self.t == 0 else OPEN

    def result(self) -> SchnapsenResult | None:
        if not self.over:
            return None
        points = self.game_points
        return {
            "winner": 0 if points[0] > points[1] else 1,
            "game_points": points[:],
            "deals": self.deal_number + 1,
        }

    def _trick_view(self, trick: tuple[int, int, int, int]) -> dict[str, Any]:
        leader, lead, follow, winner = trick
        return {"leader": leader, "cards": [card_code(lead), card_code(follow)],
                "winner": winner}

    def view(self, seat: int | None) -> SchnapsenView:
        """What ``seat`` may know (``None``: a spectator), as plain JSON-ready data.

        - ``game`` ``"schnapsen"``; ``seat``; ``options`` (the match's resolved options);
          ``deck_size``; ``hand_size``.
        - ``phase``: ``open``, ``closed``, ``exhausted`` or ``over``; ``deal`` (0
          first); ``dealer``; ``to_act`` (``None`` once over).
        - ``game_points`` per seat; ``match_target``.
        - ``trump_suit`` (``C``, ``D``, ``H``, ``S``); ``trump_card`` while it lies face
          up, else ``None``; ``turned_trump``: the card turned up at the deal, for the
          whole deal; ``talon_size``; ``closed``; ``closer`` (or ``None``).
        - ``trick``: the open trick ``{"leader", "cards": [lead]}`` or ``None`` (you
          lead); ``declared``: a marriage card declared but not yet played, or
          ``None``.
        - ``marriages`` (``seat``, ``suit``, ``cards``, ``points``), ``exchanges``
          (``seat``, ``took``, ``gave``, ``trick``: the deal's tricks before it),
          ``tricks`` (tricks won per seat), and
          ``history``: every trick of the deal (``leader``, ``cards`` lead first,
          ``winner``), ``last_trick`` its last; ``last_deal``: the previous deal's
          summary or ``None``.
        - ``hand``, ``points`` (credited) and ``pending`` (marriage points waiting for
          a first trick): the seat's own.
        - ``legal_actions``: the canonical action texts, only for the seat to act
          (else empty); ``result`` once the match is over.
        """
        acting = seat is not None and seat == self.to_act
        face_up = self.t > 0 and self.closer < 0 and not self.over
        trick = None
        if self.lead_card >= 0:
            trick = {"leader": self.leader, "cards": [card_code(self.lead_card)]}
        view: dict[str, Any] = {
            "game": NAME,
            "seat": seat,
            "options": dict(self.rules.options),
            "deck_size": self.rules.deck_size,
            "hand_size": self.rules.hand_size,
            "phase": self.phase,
            "deal": self.deal_number,
            "dealer": self.dealer,
            "to_act": None if self.to_act < 0 else self.to_act,
            "game_points": self.game_points[:],
            "match_target": self.rules.match_target,
            "trump_suit": SUIT_CODES[self.trump_suit],
            "trump_card": card_code(self.trump_card) if face_up else None,
            "turned_trump": card_code(self.exchanges[0][1] if self.exchanges
                                      else self.trump_card),
            "talon_size": self.t,
            "closed": self.closer >= 0,
            "closer": None if self.closer < 0 else self.closer,
            "trick": trick,
            "declared": None if self.declared < 0 else card_code(self.declared),
            "marriages": [
                {"seat": s, "suit": SUIT_CODES[suit],
                 "cards": [card_code(make_card(suit, QUEEN)), card_code(make_card(suit, KING))],
                 "points": 40 if suit == self.trump_suit else 20}
                for s, suit in self.marriages
            ],
            "exchanges": [{"seat": s, "took": card_code(took), "gave": card_code(gave),
                           "trick": trick}
                          for s, took, gave, trick in self.exchanges],
            "tricks": self.tricks[:],
            "last_trick": self._trick_view(self.history[-1]) if self.history else None,
            "history": [self._trick_view(trick) for trick in self.history],
            "last_deal": copy.deepcopy(self.last_deal),
        }
        if seat is not None:
            view["hand"] = codes(self.hands[seat])
            view["points"] = self.points[seat]
            view["pending"] = self.pending[seat]
        view["legal_actions"] = [action_text(a) for a in self.legal()] if acting else []
        if self.over:
            view["result"] = self.result()
        return cast(SchnapsenView, view)

    def dump(self) -> dict[str, Any]:
        on_table = self.t > 0
        return {
            "seed": self.seed,
            "phase": self.phase,
            "deal": self.deal_number,
            "dealer": self.dealer,
            "to_act": self.to_act,
            "game_points": self.game_points[:],
            "hands": [codes(h) for h in self.hands],
            "talon": codes(self.deck[self.talon_pos:]) if on_table else [],
            "trump_card": card_code(self.trump_card) if on_table else None,
            "trump_suit": SUIT_CODES[self.trump_suit],
            "talon_size": self.t,
            "closer": self.closer,
            "lead_card": card_code(self.lead_card) if self.lead_card >= 0 else None,
            "leader": self.leader,
            "declared": card_code(self.declared) if self.declared >= 0 else None,
            "claim_ok": self.claim_ok,
            "won": [codes(w) for w in self.won],
            "points": self.points[:],
            "pending": self.pending[:],
            "tricks": self.tricks[:],
            "points_at_close": self.close_points,
            "tricks_at_close": self.close_tricks,
            "marriages": [[s, SUIT_CODES[suit]] for s, suit in self.marriages],
            "exchanges": [[s, card_code(took), card_code(gave), trick]
                          for s, took, gave, trick in self.exchanges],
            "history": [[leader, card_code(lead), card_code(follow), winner]
                        for leader, lead, follow, winner in self.history],
            "last_deal": copy.deepcopy(self.last_deal),
        }


# --- the hidden cards of a view (samples) -------------------------------------------

@dataclass(frozen=True, slots=True)
class Unseen:
    """What a seat's view tells of the cards it does not see (§5-§8, §11)."""

    cards: CardSet
    """Neither in the seat's hand, nor played, nor the face-up trump card."""
    size: int
    """The opponent's hand size."""
    must: CardSet
    """Cards the opponent holds: the partner of a declared marriage, a trump card
    taken by exchange, both not yet played."""
    cannot: CardSet
    """Cards it cannot hold: a suit it did not follow, a trump it did not play, a
    higher card it did not head with (each where following was compulsory), the trump
    card lying face down in a closed talon."""
    dead_trump: Card
    """The trump card lying face down in a closed talon, else -1."""


def unseen_of(view: Mapping[str, Any]) -> Unseen:
    """What ``view`` (a seat's) tells of the cards it does not see."""
    seat = view["seat"]
    if seat is None:
        raise ValueError("a spectator's view: the hidden cards are read from a seat's view")
    rules = _rules_of(tuple(sorted(view["options"].items())))
    deck_size: int = view["deck_size"]
    hand = to_set(parse_card(c) for c in view["hand"])
    history = tuple((parse_card(h["cards"][0]), parse_card(h["cards"][1]), h["leader"])
                    for h in view["history"])
    played = to_set(c for a, b, _ in history for c in (a, b))
    trick = view.get("trick")
    if trick:
        played |= 1 << parse_card(trick["cards"][0])
    t: int = view["talon_size"]
    closer = -1 if view["closer"] is None else int(view["closer"])
    face_up = 0 if view["trump_card"] is None else 1 << parse_card(view["trump_card"])
    unseen = to_set(SCHNAPSEN_DECKS[deck_size]) & ~hand & ~played & ~face_up
    size = deck_size - hand.bit_count() - played.bit_count() - t
    talon_at_start = deck_size - 2 * view["hand_size"]
    strict_from = ((talon_at_start - t) // 2 if (closer >= 0 or t == 0)
                   else len(history) + 1)
    exchanges = [(e["seat"], parse_card(e["took"]), parse_card(e["gave"]))
                 for e in view["exchanges"]]
    current_trump = exchanges[-1][2] if exchanges else parse_card(view["turned_trump"])
    must = 0
    for marriage in view["marriages"]:
        if marriage["seat"] != seat:
            must |= _PAIRS[SUIT_CODES.index(marriage["suit"])] & unseen
    for by, took, _ in exchanges:
        if by != seat:
            must |= (1 << took) & unseen
    cannot = 0
    dead_trump = -1
    if closer >= 0 and unseen >> current_trump & 1:
        dead_trump = current_trump
        cannot |= 1 << dead_trump
    trumps = SUIT_MASKS[SUIT_CODES.index(view["trump_suit"])]
    for index, (lead, follow, leader) in enumerate(history):
        if leader != seat or index < strict_from:
            continue
        led = SUIT_MASKS[lead // 13]
        if not (1 << follow) & led:
            cannot |= led
            if rules.must_trump and not (1 << follow) & trumps:
                cannot |= trumps
        elif rules.must_head and STRENGTH[follow] < STRENGTH[lead]:
            cannot |= HIGHER[lead]
    return Unseen(unseen, size, must, cannot & unseen & ~must, dead_trump)


def deal_unseen(unseen: Unseen, rng: random.Random) -> tuple[CardSet, tuple[Card, ...]]:
    """The opponent's hand and the face-down talon in draw order (the trump card of a
    closed talon not among it), drawn uniformly among the deals ``unseen`` allows."""
    free = list(iter_cards(unseen.cards & ~unseen.must & ~unseen.cannot))
    need = unseen.size - unseen.must.bit_count()
    if need > len(free):  # voids read wrongly: trust the cards alone
        dead = 1 << unseen.dead_trump if unseen.dead_trump >= 0 else 0
        free = list(iter_cards(unseen.cards & ~unseen.must & ~dead))
    chosen = rng.sample(free, need) if need > 0 else []
    opp = unseen.must | to_set(chosen)
    rest = [c for c in iter_cards(unseen.cards & ~opp) if c != unseen.dead_trump]
    rng.shuffle(rest)
    return opp, tuple(rest)


def sample(view: Mapping[str, Any], rng: random.Random) -> SchnapsenState:
    """A state of ``view`` (a seat's) with the cards it hides drawn uniformly among the
    deals it allows (:func:`deal_unseen`)."""
    opp, talon = deal_unseen(unseen_of(view), rng)
    mine = to_set(parse_card(c) for c in view["hand"])
    hands = (mine, opp) if view["seat"] == 0 else (opp, mine)
    return SchnapsenState.for_view(view)(SchnapsenHidden(hands, talon, rng.getrandbits(32)))


def _new_state(options: Mapping[str, Any], seed: int,
               decks: Sequence[tuple[Card, ...]]) -> SchnapsenState:
    return SchnapsenState(options, seed, decks)


GAME = GameInfo(
    name=NAME,
    title="Schnapsen",
    min_players=2,
    max_players=2,
    options=OPTIONS,
    new_state=_new_state,
    deck=_deck,
    check=_check,
    sample=sample,
    summary="Austrian 66 for two: tricks, marriages, closing the talon; a Bummerl to 7.",
)

__all__ = ["GAME", "POINTS", "STRENGTH", "Rules", "SchnapsenHidden", "SchnapsenState", "Unseen",
           "deal_unseen", "sample", "unseen_of"]
