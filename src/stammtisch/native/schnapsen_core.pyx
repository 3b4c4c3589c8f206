# cython: language_level=3, boundscheck=False, wraparound=False, cdivision=True
"""The Schnapsen engine's fast path compiled: :class:`NativeMatch` mirrors ``SimulatedMatch``.

Rules: docs/rules/schnapsen.md, exactly as games/schnapsen.py plays them (that file is
the reference; tests/native/test_differential.py holds the two side by side).
A :class:`NativeMatch` keeps the whole state in C fields (hands and won cards as
64-bit card sets, the deal's order, history, marriages, exchanges) and offers
the engine's fast-path contract: ``legal()``, ``apply()``, ``clone()`` and the
same public attributes (``hands``, ``points``, ``to_act``, ``t``, ...), read as
fresh Python values. ``view()``, ``dump()``, ``result()`` and ``phase`` are the
Python engine's own, on the state :meth:`NativeMatch.to_state` rebuilds.

Deals are shuffled as ``SimulatedMatch`` shuffles them (``Random.shuffle``'s
draws): from a :class:`~stammtisch.native.twister.Twister` in C, from a
``random.Random`` (its ``getrandbits``), or, for a match converted from a public
state, from the match seed's keyed shuffle (core.rng), as the public engine does.
"""

from libc.stdint cimport uint64_t
from libc.string cimport memcpy

from stammtisch.native.twister cimport Twister

import random

from stammtisch.cards import SCHNAPSEN_DECKS, SUIT_MASKS, make_card
from stammtisch.games import schnapsen as _py
from stammtisch.games.schnapsen import Rules, SchnapsenState
from stammtisch.games.schnapsen_sim import SimulatedMatch

cdef enum:
    EXCHANGE = 52
    CLOSE = 53
    CLAIM = 54
    MARRIAGE = 64
    TARGET = 66
    MAX_ACTIONS = 32

cdef enum Reason:
    REACHED_66 = 0
    CLAIMED = 1
    WRONG_CLAIM = 2
    CARDS_OUT = 3

REASONS = (_py.REACHED_66, _py.CLAIMED, _py.WRONG_CLAIM, _py.CARDS_OUT)

cdef int POINTS_C[52]
cdef int STRENGTH_C[52]
cdef uint64_t HIGHER_C[52]
cdef uint64_t SUIT_C[4]
cdef uint64_t PAIR_C[4]
cdef uint64_t ALL_PAIRS_C = 0


def _load_tables():
    global ALL_PAIRS_C
    cdef int c, s
    for c in range(52):
        POINTS_C[c] = _py.POINTS[c]
        STRENGTH_C[c] = _py.STRENGTH[c]
        HIGHER_C[c] = _py.HIGHER[c]
    for s in range(4):
        SUIT_C[s] = SUIT_MASKS[s]
        PAIR_C[s] = (<uint64_t>1 << make_card(s, 13)) | (<uint64_t>1 << make_card(s, 12))
        ALL_PAIRS_C |= PAIR_C[s]


_load_tables()

cdef int DECK20[20]
cdef int DECK24[24]
for _i, _c in enumerate(SCHNAPSEN_DECKS[20]):
    DECK20[_i] = _c
for _i, _c in enumerate(SCHNAPSEN_DECKS[24]):
    DECK24[_i] = _c


cdef inline int low_bit(uint64_t cards) noexcept:
    return __builtin_ctzll(cards)


cdef extern from *:
    int __builtin_ctzll(unsigned long long) nogil


cdef CRules rules_c(object rules) except *:
    """The resolved options of a ``Rules`` as a C struct."""
    cdef CRules r
    r.deck_size = rules.deck_size
    r.hand_size = rules.hand_size
    if r.deck_size not in (20, 24) or r.hand_size not in (5, 6):
        raise ValueError(f"Schnapsen deals 20 or 24 cards, 5 or 6 a hand, not "
                         f"{r.deck_size} and {r.hand_size}")
    r.follow_always = rules.follow_always
    r.must_head = rules.must_head
    r.must_trump = rules.must_trump
    r.all_cards = rules.all_cards
    r.manual = rules.manual
    r.claims = rules.claims
    r.auto_end = rules.auto_end
    r.schneider_max = rules.schneider_max
    r.schwarz_tricks = rules.schwarz_tricks
    r.flat = rules.flat
    r.no_66_last_trick = rules.no_66_last_trick
    r.snapshot_at_close = rules.snapshot_at_close
    r.fail_traditional = rules.fail_traditional
    r.late_marriage = rules.late_marriage
    r.bonus = rules.bonus
    r.match_target = rules.match_target
    r.first_dealer = -1 if rules.first_dealer == "random" else int(rules.first_dealer)
    r.low_rank = rules.low_rank
    return r


cdef inline int graded(CRules* r, int points, int tricks) noexcept:
    if (tricks == 0) if r.schwarz_tricks else (points == 0):
        return 3
    return 2 if points <= r.schneider_max else 1


cdef class NativeMatch:
    """A Schnapsen match (Bummerl) on the compiled fast path; no events.

    ``NativeMatch(rules, rng)`` starts a match as ``SimulatedMatch(rules, rng)``
    does: ``rng`` a ``random.Random`` (the same orders, drawn through it) or a
    :class:`Twister` (the same orders, drawn in C). Clones share the generator.
    """

    def __init__(self, rules, rng):
        self.rules = rules
        self.r = rules_c(rules)
        if isinstance(rng, Twister):
            self.twister = rng
        elif isinstance(rng, random.Random):
            self.draw_bits_py = rng.getrandbits
        else:
            raise TypeError(f"a NativeMatch deals from a random.Random or a Twister, not "
                            f"{type(rng).__name__}")
        self.game_points_c[0] = self.game_points_c[1] = 0
        if self.r.first_dealer < 0:
            self.dealer_c = self.draw(1)
        else:
            self.dealer_c = self.r.first_dealer
        self.deal_number_c = -1
        self.over_c = False
        self.has_last = False
        self.last_deal_cache = None
        self.start_deal()

    # -- dealing -------------------------------------------------------------------

    cdef int draw(self, int k) except -1:
        if self.twister is not None:
            return self.twister.bits(k)
        return self.draw_bits_py(k)

    cdef int start_deal(self) except -1:
        cdef int i, j, n, k, m, swap
        cdef int* source
        cdef CRules* r = &self.r
        self.deal_number_c += 1
        self.deck_len = r.deck_size
        if self.keyed_seed is not None:
            number = self.deal_number_c
            decks = self.keyed_decks
            order = decks[number] if number < len(decks) else _py._deal_shuffle(
                SCHNAPSEN_DECKS[r.deck_size], self.keyed_seed, number)
            if len(order) != r.deck_size:
                raise ValueError(f"deal {number} has {len(order)} cards, not {r.deck_size}")
            for i in range(r.deck_size):
                self.deck_c[i] = order[i]
        else:
            source = &DECK20[0] if r.deck_size == 20 else &DECK24[0]
            for i in range(r.deck_size):
                self.deck_c[i] = source[i]
            # shuffle_with: Random.shuffle's draws, from the top down
            for i in range(r.deck_size - 1, 0, -1):
                n = i + 1
                k = 0
                m = n
                while m:
                    k += 1
                    m >>= 1
                j = self.draw(k)
                while j >= n:
                    j = self.draw(k)
                swap = self.deck_c[i]
                self.deck_c[i] = self.deck_c[j]
                self.deck_c[j] = swap
        cdef int* deck = self.deck_c
        k = r.hand_size
        cdef int forehand = 1 - self.dealer_c
        cdef uint64_t one = 1
        cdef uint64_t first = (one << deck[0] | one << deck[1] | one << deck[2]
                               | one << deck[6] | one << deck[7])
        cdef uint64_t second = (one << deck[3] | one << deck[4] | one << deck[5]
                                | one << deck[k + 3] | one << deck[k + 4])
        if k == 6:
            first |= one << deck[8]
            second |= one << deck[11]
        if forehand == 0:
            self.hands_c[0], self.hands_c[1] = first, second
        else:
            self.hands_c[0], self.hands_c[1] = second, first
        self.trump_card_c = deck[2 * k]
        self.trump_suit_c = self.trump_card_c // 13
        self.low_trump_c = self.trump_suit_c * 13 + r.low_rank - 2
        self.talon_pos_c = 2 * k + 1
        self.t_c = self.deck_len - 2 * k
        self.closer_c = -1
        self.strict_c = False
        self.lead_card_c = -1
        self.leader_c = forehand
        self.declared_c = -1
        self.claim_ok_c = False
        for i in range(2):
            self.points_c[i] = self.pending_c[i] = self.tricks_c[i] = 0
            self.won_c[i] = 0
        self.close_points_c = self.close_tricks_c = -1
        self.n_marriages = self.n_exchanges = self.n_history = 0
        self.to_act_c = forehand
        return 0

    # -- the fast path -------------------------------------------------------------

    cdef int legal_c(self, int* out) noexcept:
        cdef int seat = self.to_act_c, n = 0, lead = self.lead_card_c, s
        cdef uint64_t hand, same, pairs
        if seat < 0:
            return 0
        hand = self.hands_c[seat]
        if lead >= 0:
            if self.strict_c:
                same = hand & SUIT_C[lead // 13]
                if same:
                    if self.r.must_head and same & HIGHER_C[lead]:
                        same &= HIGHER_C[lead]
                    hand = same
                elif self.r.must_trump and hand & SUIT_C[self.trump_suit_c]:
                    hand &= SUIT_C[self.trump_suit_c]
            elif self.r.follow_always and hand & SUIT_C[lead // 13]:
                hand &= SUIT_C[lead // 13]
            while hand:
                out[n] = low_bit(hand)
                n += 1
                hand &= hand - 1
            return n
        if self.declared_c >= 0:
            out[0] = self.declared_c
            if self.claim_ok_c:
                out[1] = CLAIM
                return 2
            return 1
        same = hand
        while same:
            out[n] = low_bit(same)
            n += 1
            same &= same - 1
        if not self.strict_c or self.r.late_marriage:
            pairs = hand & ALL_PAIRS_C
            same = 0
            for s in range(4):
                if pairs & PAIR_C[s] == PAIR_C[s]:
                    same |= PAIR_C[s]
            while same:
                out[n] = MARRIAGE + low_bit(same)
                n += 1
                same &= same - 1
        if not self.strict_c:
            if self.t_c > 2 and hand >> self.low_trump_c & 1:
                out[n] = EXCHANGE
                n += 1
            out[n] = CLOSE
            n += 1
        if self.claim_ok_c:
            out[n] = CLAIM
            n += 1
        return n

    def legal(self):
        """The legal action ids in canonical order (the engine's ``legal()``)."""
        cdef int actions[MAX_ACTIONS]
        cdef int n = self.legal_c(actions), i
        return [actions[i] for i in range(n)]

    def apply(self, int action):
        """Play ``action`` (a legal id) for the seat to act (the engine's ``apply()``)."""
        if self.to_act_c < 0:
            raise ValueError("the match is over: no action can be applied")
        if not (0 <= action < 52 or EXCHANGE <= action <= CLAIM
                or MARRIAGE <= action < MARRIAGE + 52):
            raise ValueError(f"not a Schnapsen action id: {action}")
        self.apply_c(action)

    cdef int apply_c(self, int action) except -1:
        cdef int seat = self.to_act_c, lead, leader, suit, winner, gained, pos, loser
        cdef bint last
        cdef uint64_t one = 1
        if action >= 52:
            return self.announce(seat, action)
        self.hands_c[seat] ^= one << action
        lead = self.lead_card_c
        if lead < 0:
            self.lead_card_c = action
            self.leader_c = seat
            self.declared_c = -1
            self.claim_ok_c = False
            self.to_act_c = 1 - seat
            return 0
        leader = 1 - seat
        suit = action // 13
        if suit == lead // 13:
            winner = seat if STRENGTH_C[action] > STRENGTH_C[lead] else leader
        else:
            winner = seat if suit == self.trump_suit_c else leader
        self.lead_card_c = -1
        self.won_c[winner] |= one << lead | one << action
        gained = POINTS_C[lead] + POINTS_C[action]
        if not self.tricks_c[winner] and self.pending_c[winner]:
            gained += self.pending_c[winner]
            self.pending_c[winner] = 0
        self.tricks_c[winner] += 1
        last = not (self.hands_c[0] | self.hands_c[1])
        if last and self.closer_c < 0:
            gained += self.r.bonus
        self.points_c[winner] += gained
        if self.n_history >= 12:
            raise ValueError("more than twelve tricks in one deal: the state is corrupt")
        self.history_c[self.n_history][0] = leader
        self.history_c[self.n_history][1] = lead
        self.history_c[self.n_history][2] = action
        self.history_c[self.n_history][3] = winner
        self.n_history += 1
        if self.r.auto_end and self.points_c[winner] >= TARGET:
            return self.reached(winner, REACHED_66)
        if last:
            return self.cards_out()
        self.to_act_c = winner
        self.claim_ok_c = self.r.claims
        if self.strict_c:
            return 0
        loser = 1 - winner
        pos = self.talon_pos_c
        self.hands_c[winner] |= one << self.deck_c[pos]
        if self.t_c == 2:
            self.hands_c[loser] |= one << self.trump_card_c
            self.talon_pos_c = pos + 1
            self.t_c = 0
            self.strict_c = True
        else:
            self.hands_c[loser] |= one << self.deck_c[pos + 1]
            self.talon_pos_c = pos + 2
            self.t_c -= 2
        return 0

    cdef int announce(self, int seat, int action) except -1:
        cdef int low, old, other
        cdef uint64_t one = 1
        if action >= MARRIAGE:
            return self.marriage(seat, action - MARRIAGE)
        if action == EXCHANGE:
            low, old = self.low_trump_c, self.trump_card_c
            self.hands_c[seat] ^= one << low | one << old
            self.trump_card_c = low
            if self.n_exchanges >= 4:
                raise ValueError("more than four exchanges in one deal: the state is corrupt")
            self.exchanges_c[self.n_exchanges][0] = seat
            self.exchanges_c[self.n_exchanges][1] = old
            self.exchanges_c[self.n_exchanges][2] = low
            self.exchanges_c[self.n_exchanges][3] = self.n_history
            self.n_exchanges += 1
            self.claim_ok_c = False
        elif action == CLOSE:
            self.closer_c = seat
            self.strict_c = True
            self.close_points_c = self.points_c[1 - seat]
            self.close_tricks_c = self.tricks_c[1 - seat]
            self.claim_ok_c = False
        elif self.points_c[seat] >= TARGET:
            return self.reached(seat, CLAIMED)
        else:
            other = 1 - seat
            return self.end_deal(other, 3 if self.tricks_c[other] == 0 else 2, WRONG_CLAIM,
                                 seat)
        return 0

    cdef int marriage(self, int seat, int card) except -1:
        cdef int suit = card // 13
        cdef int value = 40 if suit == self.trump_suit_c else 20
        if self.n_marriages >= 8:
            raise ValueError("more than eight marriages in one deal: the state is corrupt")
        self.marriages_c[self.n_marriages][0] = seat
        self.marriages_c[self.n_marriages][1] = suit
        self.n_marriages += 1
        if self.tricks_c[seat] > 0:
            self.points_c[seat] += value
        else:
            self.pending_c[seat] += value
        if self.r.manual:
            self.declared_c = card
            self.claim_ok_c = self.r.claims
            return 0
        if self.r.auto_end and self.points_c[seat] >= TARGET:
            return self.reached(seat, REACHED_66)
        self.hands_c[seat] ^= (<uint64_t>1) << card
        self.lead_card_c = card
        self.leader_c = seat
        self.claim_ok_c = False
        self.to_act_c = 1 - seat
        return 0

    # -- scoring (§10) -------------------------------------------------------------

    cdef int closer_award(self, bint reached, int* winner) noexcept:
        cdef int closer = self.closer_c, other = 1 - self.closer_c
        if reached:
            winner[0] = closer
            if self.r.snapshot_at_close:
                return graded(&self.r, self.close_points_c, self.close_tricks_c)
            return graded(&self.r, self.points_c[other], self.tricks_c[other])
        winner[0] = other
        if self.r.fail_traditional:
            return 3 if self.close_tricks_c == 0 else 2
        return 3 if self.tricks_c[other] else 2

    cdef int reached(self, int seat, int reason) except -1:
        cdef int winner, award
        if self.closer_c >= 0:
            award = self.closer_award(self.closer_c == seat, &winner)
        elif self.r.flat:
            winner, award = seat, 1
        else:
            winner = seat
            award = graded(&self.r, self.points_c[1 - seat], self.tricks_c[1 - seat])
        return self.end_deal(winner, award, reason, seat)

    cdef int cards_out(self) except -1:
        cdef int winner, award
        cdef int* points = self.points_c
        cdef int last = self.history_c[self.n_history - 1][3]
        if self.closer_c >= 0:
            award = self.closer_award(points[self.closer_c] >= TARGET, &winner)
        elif points[0] >= TARGET and points[1] >= TARGET:
            winner, award = last, 1
        elif points[0] >= TARGET or points[1] >= TARGET:
            winner = 0 if points[0] >= TARGET else 1
            award = graded(&self.r, points[1 - winner], self.tricks_c[1 - winner])
        elif self.r.no_66_last_trick:
            winner, award = last, 1
        else:
            winner, award = -1, 0
        return self.end_deal(winner, award, CARDS_OUT, -1)

    cdef int end_deal(self, int winner, int award, int reason, int by) except -1:
        cdef int i
        if winner >= 0:
            self.game_points_c[winner] += award
        self.last.deal = self.deal_number_c
        self.last.dealer = self.dealer_c
        self.last.reason = reason
        self.last.by = by
        self.last.winner = winner
        self.last.award = award
        for i in range(2):
            self.last.points[i] = self.points_c[i]
            self.last.tricks[i] = self.tricks_c[i]
            self.last.match_points[i] = self.game_points_c[i]
        self.last.closer = self.closer_c
        self.last.close_points = self.close_points_c
        self.last.close_tricks = self.close_tricks_c
        self.last.last_trick_winner = (self.history_c[self.n_history - 1][3]
                                       if self.n_history else -1)
        self.has_last = True
        self.last_deal_cache = None
        self.lead_card_c = -1
        self.declared_c = -1
        self.claim_ok_c = False
        if winner >= 0 and self.game_points_c[winner] >= self.r.match_target:
            self.over_c = True
            self.to_act_c = -1
            return 0
        self.dealer_c = 1 - self.dealer_c
        return self.start_deal()

    # -- copies --------------------------------------------------------------------

    cdef NativeMatch clone_c(self):
        cdef NativeMatch other = NativeMatch.__new__(NativeMatch)
        other.r = self.r
        other.rules = self.rules
        other.twister = self.twister
        other.draw_bits_py = self.draw_bits_py
        other.keyed_seed = self.keyed_seed
        other.keyed_decks = self.keyed_decks
        other.game_points_c = self.game_points_c
        other.dealer_c = self.dealer_c
        other.deal_number_c = self.deal_number_c
        other.to_act_c = self.to_act_c
        other.over_c = self.over_c
        other.deck_c = self.deck_c
        other.deck_len = self.deck_len
        other.talon_pos_c = self.talon_pos_c
        other.t_c = self.t_c
        other.trump_card_c = self.trump_card_c
        other.trump_suit_c = self.trump_suit_c
        other.low_trump_c = self.low_trump_c
        other.closer_c = self.closer_c
        other.strict_c = self.strict_c
        other.hands_c = self.hands_c
        other.lead_card_c = self.lead_card_c
        other.leader_c = self.leader_c
        other.declared_c = self.declared_c
        other.claim_ok_c = self.claim_ok_c
        other.points_c = self.points_c
        other.pending_c = self.pending_c
        other.tricks_c = self.tricks_c
        other.won_c = self.won_c
        other.close_points_c = self.close_points_c
        other.close_tricks_c = self.close_tricks_c
        memcpy(other.marriages_c, self.marriages_c, sizeof(self.marriages_c))
        other.n_marriages = self.n_marriages
        memcpy(other.exchanges_c, self.exchanges_c, sizeof(self.exchanges_c))
        other.n_exchanges = self.n_exchanges
        memcpy(other.history_c, self.history_c, sizeof(self.history_c))
        other.n_history = self.n_history
        other.last = self.last
        other.has_last = self.has_last
        other.last_deal_cache = self.last_deal_cache
        return other

    def clone(self):
        """An independent copy (sharing the generator, as ``SimulatedMatch.clone`` does)."""
        return self.clone_c()

    @staticmethod
    def from_state(state):
        """The compiled copy of a Python ``SchnapsenState`` (or ``SimulatedMatch``).

        Its later deals come from the same source: a ``SimulatedMatch``'s generator
        (its ``draw_bits``), else the state's stored orders and its seed's keyed shuffles.
        """
        if not isinstance(state, SchnapsenState):
            raise TypeError(f"not a SchnapsenState: {type(state).__name__}")
        cdef NativeMatch m = NativeMatch.__new__(NativeMatch)
        cdef int i, j
        m.rules = state.rules
        m.r = rules_c(state.rules)
        if isinstance(state, SimulatedMatch):
            bits = state.draw_bits
            owner = getattr(bits, "__self__", None)
            if isinstance(owner, Twister):
                m.twister = owner
            else:
                m.draw_bits_py = bits
        else:
            m.keyed_seed = state.seed
            m.keyed_decks = tuple(state.decks)
        for i in range(2):
            m.game_points_c[i] = state.game_points[i]
            m.hands_c[i] = state.hands[i]
            m.points_c[i] = state.points[i]
            m.pending_c[i] = state.pending[i]
            m.tricks_c[i] = state.tricks[i]
            m.won_c[i] = state.won[i]
        m.dealer_c = state.dealer
        m.deal_number_c = state.deal_number
        m.to_act_c = state.to_act
        m.over_c = state.over
        deck = state.deck
        if len(deck) > 24:
            raise ValueError(f"a Schnapsen deal has at most 24 cards, not {len(deck)}")
        m.deck_len = len(deck)
        for i in range(m.deck_len):
            m.deck_c[i] = deck[i]
        m.talon_pos_c = state.talon_pos
        m.t_c = state.t
        m.trump_card_c = state.trump_card
        m.trump_suit_c = state.trump_suit
        m.low_trump_c = state.low_trump
        m.closer_c = state.closer
        m.strict_c = state.strict
        m.lead_card_c = state.lead_card
        m.leader_c = state.leader
        m.declared_c = state.declared
        m.claim_ok_c = state.claim_ok
        m.close_points_c = state.close_points
        m.close_tricks_c = state.close_tricks
        if len(state.marriages) > 8 or len(state.exchanges) > 4 or len(state.history) > 12:
            raise ValueError("more marriages, exchanges or tricks than one deal holds")
        m.n_marriages = len(state.marriages)
        for i, row in enumerate(state.marriages):
            for j in range(2):
                m.marriages_c[i][j] = row[j]
        m.n_exchanges = len(state.exchanges)
        for i, row in enumerate(state.exchanges):
            for j in range(4):
                m.exchanges_c[i][j] = row[j]
        m.n_history = len(state.history)
        for i, row in enumerate(state.history):
            for j in range(4):
                m.history_c[i][j] = row[j]
        m.has_last = False
        m.last_deal_cache = state.last_deal
        return m

    def to_state(self):
        """The same position as a Python ``SimulatedMatch`` (a ``SchnapsenState`` when the
        deals come from the match seed): the reference engine's object, without events."""
        keyed = self.keyed_seed is not None
        state = object.__new__(SchnapsenState if keyed else SimulatedMatch)
        if not keyed:
            state.draw_bits = (self.twister.getrandbits if self.twister is not None
                               else self.draw_bits_py)
        state.rules = self.rules
        state.num_players = 2
        state.seed = self.keyed_seed if keyed else 0
        state.decks = self.keyed_decks if keyed else ()
        state.events = None
        for name in ("game_points", "dealer", "deal_number", "to_act", "over", "last_deal",
                     "deck", "talon_pos", "t", "trump_card", "trump_suit", "low_trump",
                     "closer", "strict", "hands", "lead_card", "leader", "declared",
                     "claim_ok", "points", "pending", "tricks", "won", "close_points",
                     "close_tricks", "marriages", "exchanges", "history"):
            setattr(state, name, getattr(self, name))
        return state

    # -- the engine's public attributes, as fresh Python values --------------------

    @property
    def num_players(self):
        return 2

    @property
    def seed(self):
        return 0 if self.keyed_seed is None else self.keyed_seed

    @property
    def decks(self):
        return () if self.keyed_decks is None else self.keyed_decks

    @property
    def events(self):
        """Always None: a compiled match records no events."""
        return None

    @events.setter
    def events(self, value):
        if value is not None:
            raise ValueError("a compiled match records no events: its events stay None")

    @property
    def game_points(self):
        return [self.game_points_c[0], self.game_points_c[1]]

    @property
    def dealer(self):
        return self.dealer_c

    @property
    def deal_number(self):
        return self.deal_number_c

    @property
    def to_act(self):
        return self.to_act_c

    @property
    def over(self):
        return self.over_c

    @property
    def deck(self):
        return tuple([self.deck_c[i] for i in range(self.deck_len)])

    @property
    def talon_pos(self):
        return self.talon_pos_c

    @property
    def t(self):
        return self.t_c

    @property
    def trump_card(self):
        return self.trump_card_c

    @property
    def trump_suit(self):
        return self.trump_suit_c

    @property
    def low_trump(self):
        return self.low_trump_c

    @property
    def closer(self):
        return self.closer_c

    @property
    def strict(self):
        return self.strict_c

    @property
    def hands(self):
        return [self.hands_c[0], self.hands_c[1]]

    @property
    def lead_card(self):
        return self.lead_card_c

    @property
    def leader(self):
        return self.leader_c

    @property
    def declared(self):
        return self.declared_c

    @property
    def claim_ok(self):
        return self.claim_ok_c

    @property
    def points(self):
        return [self.points_c[0], self.points_c[1]]

    @property
    def pending(self):
        return [self.pending_c[0], self.pending_c[1]]

    @property
    def tricks(self):
        return [self.tricks_c[0], self.tricks_c[1]]

    @property
    def won(self):
        return [self.won_c[0], self.won_c[1]]

    @property
    def close_points(self):
        return self.close_points_c

    @property
    def close_tricks(self):
        return self.close_tricks_c

    @property
    def marriages(self):
        return tuple([(self.marriages_c[i][0], self.marriages_c[i][1])
                      for i in range(self.n_marriages)])

    @property
    def exchanges(self):
        return tuple([(self.exchanges_c[i][0], self.exchanges_c[i][1], self.exchanges_c[i][2],
                       self.exchanges_c[i][3]) for i in range(self.n_exchanges)])

    @property
    def history(self):
        return tuple([(self.history_c[i][0], self.history_c[i][1], self.history_c[i][2],
                       self.history_c[i][3]) for i in range(self.n_history)])

    @property
    def last_deal(self):
        """The previous deal's summary, as the engine's ``last_deal`` dict (or None)."""
        if self.last_deal_cache is None and self.has_last:
            d = &self.last
            self.last_deal_cache = {
                "deal": d.deal,
                "dealer": d.dealer,
                "reason": REASONS[d.reason],
                "by": None if d.by < 0 else d.by,
                "winner": None if d.winner < 0 else d.winner,
                "game_points": d.award,
                "points": [d.points[0], d.points[1]],
                "tricks": [d.tricks[0], d.tricks[1]],
                "closer": None if d.closer < 0 else d.closer,
                "points_at_close": None if d.closer < 0 else d.close_points,
                "tricks_at_close": None if d.closer < 0 else d.close_tricks,
                "last_trick_winner": None if d.last_trick_winner < 0 else d.last_trick_winner,
                "match_points": [d.match_points[0], d.match_points[1]],
            }
        return self.last_deal_cache

    # -- the rest of the contract, by the reference engine -------------------------

    @property
    def phase(self):
        if self.over_c:
            return _py.OVER
        if self.closer_c >= 0:
            return _py.CLOSED
        return _py.EXHAUSTED if self.t_c == 0 else _py.OPEN

    def result(self):
        return self.to_state().result()

    def view(self, seat):
        return self.to_state().view(seat)

    def dump(self):
        return self.to_state().dump()

    def action_text(self, int action):
        return _py.action_text(action)

    def parse_action(self, str text):
        return _py.parse_action(text)


def play_random(NativeMatch match, Twister rng, int max_deals=0):
    """Play ``match`` on with uniformly random legal actions (``rng.choice``'s draws) until it
    is over (or, with ``max_deals``, its deal number reaches it, checked every 256 actions
    as tools/bench.py does); the number of actions played."""
    cdef int actions[MAX_ACTIONS]
    cdef int n, played = 0
    while match.to_act_c >= 0:
        n = match.legal_c(actions)
        match.apply_c(actions[rng.below(n)])
        played += 1
        if max_deals and not played & 255 and match.deal_number_c >= max_deals:
            break
    return played
