# cython: language_level=3, boundscheck=False, wraparound=False, cdivision=True
"""The Scat engine's fast path compiled: :class:`ScatMatch` mirrors ``ScatState``.

Rules: docs/rules/scat.md, exactly as games/scat.py plays them (that file is the
reference; tests/native/test_differential_scat.py holds the two side by side over
every option combination). A :class:`ScatMatch` keeps the state in C fields
(hands and known cards as 64-bit card sets, the discard pile and the stock as
card ints) and offers the fast-path contract: ``legal()``, ``apply()``,
``clone()``, ``result()``, ``dump()`` and the same public attributes, read as
fresh Python values. It records no events (as a clone of the Python engine);
the shuffles of new deals and reshuffles are the Python engine's keyed shuffles
(core.rng), called from here.

:func:`play_random` plays whole matches of random legal actions in C with
``rng.choice``'s draws from a :class:`~stammtisch.native.twister.Twister` (the
benchmark's and an RL caller's loop). :func:`play_out` is the Scat expert's play-out
(bots/thirty_one.py's ``play_round`` with bots/scat/policy.py's ``rollout_policy``
for every seat, valued by ``standing``) in C; the policy's few constants come in by
:func:`load_rollout`, so this module imports nothing from the bots.
"""

from libc.stdint cimport uint64_t

from stammtisch.native.twister cimport Twister

from stammtisch.cards import SCAT_DECK, codes
from stammtisch.core.rng import shuffled
from stammtisch.games import scat as _py
from stammtisch.games.scat import ScatState

cdef enum:
    THROW_DOWN = 0
    DECLINE = 1
    DRAW_STOCK = 2
    DRAW_DISCARD = 3
    KNOCK = 4
    DISCARD_ONE = 8
    WINDOW = 0
    DRAW = 1
    DISCARD = 2
    OVER = 3
    SUIT = 0x1FFF

PHASES = (_py.WINDOW, _py.DRAW, _py.DISCARD, _py.OVER)
REASONS = (_py.THIRTY_ONE, _py.KNOCKED, _py.THROWN, _py.EMPTY_STOCK)

cdef int SUIT_POINTS_C[8192]
cdef bint STRAIGHT_C[2][8192]
cdef int CARD_POINTS_C[52]
cdef int ROLLOUT_KNOCK_C[9]
cdef double ROLLOUT_GAIN_C = 3
cdef bint ROLLOUT_LOADED = False


def _load_tables():
    cdef int m, c
    for m in range(8192):
        SUIT_POINTS_C[m] = _py.SUIT_POINTS[m]
    for low in (False, True):
        for m in _py.straight_masks(low):
            STRAIGHT_C[low][m] = True
    for c in range(52):
        CARD_POINTS_C[c] = _py.SUIT_POINTS[1 << (c % 13)]


_load_tables()


def load_rollout(knock_values, double gain):
    """The play-out policy's constants (bots/scat/policy.py): ``ROLLOUT_KNOCK``, the
    knock value per number of opponents less one (nine), and ``ROLLOUT_GAIN``."""
    global ROLLOUT_GAIN_C, ROLLOUT_LOADED
    if len(knock_values) != 9:
        raise ValueError("nine knock values")
    for i in range(9):
        ROLLOUT_KNOCK_C[i] = knock_values[i]
    ROLLOUT_GAIN_C = gain
    ROLLOUT_LOADED = True


def rollout_loaded():
    return bool(ROLLOUT_LOADED)


cdef extern from *:
    int __builtin_ctzll(unsigned long long) nogil


cdef inline int points(uint64_t hand) noexcept:
    cdef int a = SUIT_POINTS_C[hand & SUIT], b = SUIT_POINTS_C[hand >> 13 & SUIT]
    cdef int c = SUIT_POINTS_C[hand >> 26 & SUIT], d = SUIT_POINTS_C[hand >> 39 & SUIT]
    if b > a:
        a = b
    if c > a:
        a = c
    return d if d > a else a


cdef inline uint64_t suits_of(uint64_t cards) noexcept:
    cdef uint64_t mask = 0
    cdef int shift
    for shift in range(0, 52, 13):
        if cards >> shift & SUIT:
            mask |= (<uint64_t>SUIT) << shift
    return mask


cdef class ScatMatch:
    """One Scat match on the fast path (games/scat.py's ``ScatState``)."""

    def __init__(self, options, seed, decks=()):
        self._take(ScatState(options, seed, decks))

    @staticmethod
    def from_state(state):
        """A compiled copy of a ``ScatState`` (events are not copied)."""
        cdef ScatMatch match = ScatMatch.__new__(ScatMatch)
        match._take(state)
        return match

    def _take(self, state):
        cdef int s, i
        options = state.options
        self.num_players = state.num_players
        self.seed = state.seed
        self.decks = tuple(state.decks)
        self.options = options
        self.three_py = state.three
        self.three = state.three
        self.straights_on = bool(state.straights)
        self.ace_low = options["straight_flush_ace_low"]
        self.min_knock = state.min_knock
        self.throw_down_on = state.throw_down
        self.knock_first = state.knock_first_round
        self.knocker_penalty = state.knocker_penalty
        self.reshuffle_on = state.reshuffle
        for s in range(self.num_players):
            self.lives_c[s] = state.lives[s]
            self.eliminated_c[s] = state.eliminated[s]
            self.hands_c[s] = state.hands[s]
            self.known_c[s] = state.known[s]
        self.n_out = len(state.eliminated_order)
        for i, s in enumerate(state.eliminated_order):
            self.order_c[i] = s
        self.n_active = len(state.active)
        for i, s in enumerate(state.active):
            self.active_c[i] = s
        self.dealer = state.dealer
        self.deal_number = state.deal_number
        self.phase_c = PHASES.index(state.phase)
        self.to_act = state.to_act
        self.pile_n = len(state.pile)
        for i, card in enumerate(state.pile):
            self.pile_c[i] = card
        self.stock_at = 0
        self.stock_end = len(state.stock)
        for i, card in enumerate(state.stock):
            self.stock_c[i] = card
        self.taken_c = state.taken
        self.knocker = state.knocker
        self.turned = state.turned
        self.declined = state.declined
        self.reshuffles = state.reshuffles
        self.halt_between_deals = state.halt_between_deals
        self.last_showdown = state.last_showdown

    cdef ScatMatch copy(self):
        cdef ScatMatch other = ScatMatch.__new__(ScatMatch)
        other.num_players = self.num_players
        other.seed = self.seed
        other.decks = self.decks
        other.options = self.options
        other.last_showdown = self.last_showdown
        other.three_py = self.three_py
        other.three = self.three
        other.straights_on = self.straights_on
        other.ace_low = self.ace_low
        other.min_knock = self.min_knock
        other.throw_down_on = self.throw_down_on
        other.knock_first = self.knock_first
        other.knocker_penalty = self.knocker_penalty
        other.reshuffle_on = self.reshuffle_on
        other.lives_c = self.lives_c
        other.eliminated_c = self.eliminated_c
        other.order_c = self.order_c
        other.n_out = self.n_out
        other.active_c = self.active_c
        other.n_active = self.n_active
        other.dealer = self.dealer
        other.deal_number = self.deal_number
        other.phase_c = self.phase_c
        other.to_act = self.to_act
        other.hands_c = self.hands_c
        other.known_c = self.known_c
        other.pile_c = self.pile_c
        other.pile_n = self.pile_n
        other.stock_c = self.stock_c
        other.stock_at = self.stock_at
        other.stock_end = self.stock_end
        other.taken_c = self.taken_c
        other.knocker = self.knocker
        other.turned = self.turned
        other.declined = self.declined
        other.reshuffles = self.reshuffles
        other.halt_between_deals = self.halt_between_deals
        return other

    def clone(self):
        return self.copy()

    # -- what the Python state offers as attributes -----------------------------------

    @property
    def phase(self):
        return PHASES[self.phase_c]

    @property
    def lives(self):
        return [self.lives_c[s] for s in range(self.num_players)]

    @property
    def eliminated(self):
        return [bool(self.eliminated_c[s]) for s in range(self.num_players)]

    @property
    def eliminated_order(self):
        return [self.order_c[i] for i in range(self.n_out)]

    @property
    def active(self):
        return [self.active_c[i] for i in range(self.n_active)]

    @property
    def hands(self):
        return [self.hands_c[s] for s in range(self.num_players)]

    @property
    def known(self):
        return [self.known_c[s] for s in range(self.num_players)]

    @property
    def pile(self):
        return [self.pile_c[i] for i in range(self.pile_n)]

    @property
    def stock(self):
        return tuple(self.stock_c[i] for i in range(self.stock_at, self.stock_end))

    @property
    def taken(self):
        return self.taken_c

    @property
    def three_value(self):
        return self.three_py

    @property
    def events(self):
        return None

    def hand_value(self, hand):
        """``ScatState.value``: the §7 value of a hand under this match's variants."""
        return _number(self.value(hand))

    # -- the fast path ------------------------------------------------------------------

    cdef int next_active(self, int seat) noexcept:
        seat = (seat + 1) % self.num_players
        while self.eliminated_c[seat]:
            seat = (seat + 1) % self.num_players
        return seat

    cdef bint all_turned(self) noexcept:
        cdef int i
        for i in range(self.n_active):
            if not (self.turned >> self.active_c[i] & 1):
                return False
        return True

    cdef double value(self, uint64_t hand) noexcept:
        cdef double best = points(hand)
        cdef uint64_t ranks
        cdef int shift
        if self.three != 0 and best < self.three:
            ranks = (hand | hand >> 13 | hand >> 26 | hand >> 39) & SUIT
            if ranks & (ranks - 1) == 0:
                best = self.three
        if self.straights_on and best < 30:
            for shift in range(0, 52, 13):
                if STRAIGHT_C[self.ace_low][hand >> shift & SUIT]:
                    best = 30
                    break
        return best

    cdef bint can_knock(self) noexcept:
        return (self.knocker < 0
                and (self.min_knock == 0 or self.value(self.hands_c[self.to_act]) >= self.min_knock)
                and (self.knock_first or self.all_turned()))

    cdef int legal_c(self, int* actions) noexcept:
        """The legal actions into ``actions`` (at most 8), in the canonical order."""
        cdef uint64_t hand
        cdef int n = 0
        if self.phase_c == DISCARD:
            hand = self.hands_c[self.to_act] & ~self.taken_c
            while hand:
                actions[n] = DISCARD_ONE + __builtin_ctzll(hand)
                n += 1
                hand &= hand - 1
        elif self.phase_c == DRAW:
            if self.stock_end > self.stock_at or (self.reshuffle_on and self.pile_n >= 2):
                actions[n] = DRAW_STOCK
                n += 1
            if self.pile_n:
                actions[n] = DRAW_DISCARD
                n += 1
            if self.can_knock():
                actions[n] = KNOCK
                n += 1
        elif self.phase_c == WINDOW:
            actions[0], actions[1] = THROW_DOWN, DECLINE
            n = 2
        return n

    def legal(self):
        cdef int actions[8]
        cdef int n = self.legal_c(actions)
        return [actions[i] for i in range(n)]

    def apply(self, int action):
        self.step(action)

    cdef void step(self, int action) except *:
        cdef int seat = self.to_act
        cdef uint64_t taken
        if action >= DISCARD_ONE:
            self.discard(seat, action - DISCARD_ONE)
        elif action == DRAW_STOCK:
            if self.stock_end == self.stock_at:
                self.reshuffle()
            self.hands_c[seat] |= 1ULL << self.stock_c[self.stock_at]
            self.stock_at += 1
            self.phase_c = DISCARD
        elif action == DRAW_DISCARD:
            self.pile_n -= 1
            taken = 1ULL << self.pile_c[self.pile_n]
            self.hands_c[seat] |= taken
            self.known_c[seat] |= taken
            self.taken_c = taken
            self.phase_c = DISCARD
        elif action == KNOCK:
            self.knocker = seat
            self.turned |= 1 << seat
            self.to_act = self.next_active(seat)
        elif action == DECLINE:
            self.declined |= 1 << seat
            if seat == self.dealer:
                self.open_play()
            else:
                self.to_act = self.next_active(seat)
        else:
            self.thrown(seat)

    cdef void discard(self, int seat, int card) except *:
        cdef uint64_t gone = ~(1ULL << card)
        cdef uint64_t hand = self.hands_c[seat] & gone
        cdef int after
        self.hands_c[seat] = hand
        self.known_c[seat] &= gone
        self.pile_c[self.pile_n] = card
        self.pile_n += 1
        self.taken_c = 0
        self.turned |= 1 << seat
        if points(hand) == 31:
            self.settle(0, 1 << seat)
            return
        if self.stock_end == self.stock_at and not self.reshuffle_on:
            self.settle(3, 0)
            return
        after = self.next_active(seat)
        if after == self.knocker:
            self.settle(1, 0)
            return
        self.phase_c = DRAW
        self.to_act = after

    cdef void reshuffle(self) except *:
        cdef int i
        below = tuple(sorted([self.pile_c[i] for i in range(self.pile_n - 1)]))
        self.pile_c[0] = self.pile_c[self.pile_n - 1]
        self.pile_n = 1
        self.reshuffles += 1
        stock = shuffled(below, self.seed, "reshuffle", self.deal_number, self.reshuffles)
        self.stock_at = 0
        self.stock_end = len(stock)
        for i in range(self.stock_end):
            self.stock_c[i] = stock[i]

    cdef void open_play(self) except *:
        cdef int i, thirty = 0
        for i in range(self.n_active):
            if points(self.hands_c[self.active_c[i]]) == 31:
                thirty |= 1 << self.active_c[i]
        if thirty:
            self.settle(0, thirty)
            return
        self.phase_c = DRAW
        self.to_act = self.next_active(self.dealer)

    cdef void thrown(self, int seat) except *:
        cdef int i, thirty = 0
        for i in range(self.n_active):
            if points(self.hands_c[self.active_c[i]]) == 31:
                thirty |= 1 << self.active_c[i]
        self.knocker = seat
        self.settle(0 if thirty else 2, thirty)

    # -- settlement and lives ---------------------------------------------------------------

    cdef void settle(self, int reason, int thirty_mask) except *:
        cdef int i, s, n_losers = 0, knocker = self.knocker
        cdef int losses[9]
        cdef double values[9]
        cdef double lowest = 1e9
        cdef bint knocker_lost = False, all_broke = True
        for s in range(self.num_players):
            losses[s] = 0
        for i in range(self.n_active):
            s = self.active_c[i]
            values[s] = self.value(self.hands_c[s])
            if values[s] < lowest:
                lowest = values[s]
        if reason == 0:
            for i in range(self.n_active):
                s = self.active_c[i]
                if not (thirty_mask >> s & 1):
                    losses[s] = 1
        else:
            for i in range(self.n_active):
                s = self.active_c[i]
                if values[s] == lowest:
                    n_losers += 1
                    knocker_lost = knocker_lost or s == knocker
                    all_broke = all_broke and self.lives_c[s] == 0
            for i in range(self.n_active):
                s = self.active_c[i]
                if values[s] != lowest:
                    continue
                if knocker_lost:
                    if n_losers == 1:
                        losses[s] = self.knocker_penalty
                    elif s != knocker:
                        losses[s] = 1
                elif not (knocker < 0 and n_losers == self.n_active and all_broke):
                    losses[s] = 1
        if self.halt_between_deals:
            if self.take_lives(losses):
                self.deal_number += 1
                self.to_act = -1
            return
        active = [self.active_c[i] for i in range(self.n_active)]
        self.last_showdown = {
            "deal": self.deal_number,
            "reason": REASONS[reason],
            "knocker": None if knocker < 0 else knocker,
            "thirty_one": [s for s in active if thirty_mask >> s & 1],
            "hands": {str(s): codes(self.hands_c[s]) for s in active},
            "values": {str(s): _number(values[s]) for s in active},
            "lowest": None if reason == 0 else _number(lowest),
            "lives_lost": {str(s): losses[s] for s in range(self.num_players) if losses[s]},
        }
        if self.take_lives(losses):
            self.start_deal()

    cdef bint take_lives(self, int* losses) noexcept:
        cdef int s, k, n = 0
        for s in range(self.num_players):
            for k in range(losses[s]):
                if self.eliminated_c[s]:
                    break
                if self.lives_c[s] > 0:
                    self.lives_c[s] -= 1
                else:
                    self.eliminated_c[s] = True
                    self.order_c[self.n_out] = s
                    self.n_out += 1
        for s in range(self.num_players):
            if not self.eliminated_c[s]:
                self.active_c[n] = s
                n += 1
        self.n_active = n
        if n == 1:
            self.phase_c = OVER
            self.to_act = -1
            return False
        self.dealer = self.next_active(self.dealer)
        return True

    cdef void start_deal(self) except *:
        cdef int i, k, seat
        cdef int order[9]
        self.deal_number += 1
        number = self.deal_number
        if number < len(self.decks):
            deck = self.decks[number]
        else:
            deck = shuffled(SCAT_DECK, self.seed, "deal", number)
        seat = self.dealer
        k = self.n_active
        for i in range(k):
            seat = self.next_active(seat)
            order[i] = seat
        for i in range(self.num_players):
            self.hands_c[i] = 0
            self.known_c[i] = 0
        for i in range(k):
            self.hands_c[order[i]] = (1ULL << <int>deck[i]) | (1ULL << <int>deck[i + k]) | \
                (1ULL << <int>deck[i + 2 * k])
        self.pile_c[0] = deck[3 * k]
        self.pile_n = 1
        self.stock_at = 0
        self.stock_end = len(deck) - 3 * k - 1
        for i in range(self.stock_end):
            self.stock_c[i] = deck[3 * k + 1 + i]
        self.taken_c = 0
        self.knocker = -1
        self.turned = self.declined = self.reshuffles = 0
        if self.throw_down_on:
            self.phase_c = WINDOW
            self.to_act = order[0]
            return
        self.open_play()

    # -- the play-out policy (bots/scat/policy.py's rollout_policy) ---------------------------

    cdef int rollout(self) noexcept:
        cdef int seat = self.to_act, top, card
        cdef uint64_t hand = self.hands_c[seat]
        cdef double now, gain, kept
        cdef bint can_stock
        if self.phase_c == DISCARD:
            card = self.best_discard(hand, self.taken_c,
                                     suits_of(self.known_c[self.next_active(seat)]), &kept)
            return DISCARD_ONE + card
        if self.phase_c != DRAW:
            return DECLINE
        now = self.value(hand)
        if self.knocker < 0 and \
                now >= ROLLOUT_KNOCK_C[self.n_active - 1 if self.n_active - 1 < 8 else 8] and \
                self.can_knock():
            return KNOCK
        can_stock = self.stock_end > self.stock_at or (self.reshuffle_on and self.pile_n >= 2)
        if self.pile_n:
            top = self.pile_c[self.pile_n - 1]
            self.best_discard(hand | 1ULL << top, 1ULL << top, 0, &kept)
            gain = kept - now
            if gain >= ROLLOUT_GAIN_C or not can_stock:
                return DRAW_DISCARD
        return DRAW_STOCK

    cdef int best_discard(self, uint64_t hand, uint64_t forbidden, uint64_t feed_suits,
                          double* kept) noexcept:
        """``best_discard``: the best hand kept, then the card least useful to the next
        player, then the lowest card."""
        cdef int best_card = -1, card, pts
        cdef double best_score = -1.0, score, worth
        cdef uint64_t rest = hand & ~forbidden
        kept[0] = 0.0
        while rest:
            card = __builtin_ctzll(rest)
            rest &= rest - 1
            pts = CARD_POINTS_C[card]
            worth = self.value(hand ^ (1ULL << card))
            score = worth * 1024 - (pts * 16 if feed_suits >> card & 1 else 0) - pts
            if score > best_score:
                best_card, best_score, kept[0] = card, score, worth
        return best_card

    def rollout_move(self):
        """The play-out policy's move for the seat to act (``rollout_policy``)."""
        self.need_rollout()
        return self.rollout()

    def need_rollout(self):
        if not ROLLOUT_LOADED:
            raise RuntimeError("load_rollout(...) first")

    cdef double standing(self, int seat) noexcept:
        cdef int s, units, total = 0, mine = 0
        for s in range(self.num_players):
            units = 0 if self.eliminated_c[s] else self.lives_c[s] + 1
            total += units * units
            if s == seat:
                mine = units * units
        return <double>mine / total if mine else 0.0

    # -- the rest of the contract -----------------------------------------------------------

    def result(self):
        if self.phase_c != OVER:
            return None
        return {"winner": self.active_c[0], "lives": self.lives,
                "eliminated_order": self.eliminated_order, "deals": self.deal_number + 1}

    def dump(self):
        return {
            "num_players": self.num_players,
            "seed": self.seed,
            "phase": self.phase,
            "deal": self.deal_number,
            "dealer": self.dealer,
            "to_act": self.to_act,
            "lives": self.lives,
            "eliminated": self.eliminated,
            "eliminated_order": self.eliminated_order,
            "hands": [codes(h) for h in self.hands],
            "pile": codes(self.pile),
            "stock": codes(self.stock),
            "known": [codes(k) for k in self.known],
            "taken": codes(self.taken_c),
            "knocker": self.knocker,
            "turned": self.turned,
            "declined": self.declined,
            "reshuffles": self.reshuffles,
            "last_showdown": None if self.last_showdown is None
            else _py._copied(self.last_showdown),
        }


def _number(double value):
    """A value as the Python engine gives it: an int when whole (30.5 stays a float)."""
    return int(value) if value == <int>value else value


def play_out(ScatMatch world, int first, int seat, int max_steps=400):
    """bots/thirty_one.py's ``standing(play_round(world.clone(), rollout_policy, first),
    seat)``: ``first`` on a copy of ``world``, the play-out policy for everyone to the
    round's end (at most ``max_steps`` moves), and the seat's chance to be last standing."""
    world.need_rollout()
    cdef ScatMatch match = world.copy()
    cdef int deal = match.deal_number, steps = 0
    match.step(first)
    while match.deal_number == deal and match.phase_c != OVER and steps < max_steps:
        match.step(match.rollout())
        steps += 1
    return match.standing(seat)


def play_random(ScatMatch match, Twister rng, int max_actions=0):
    """Play ``match`` on with uniformly random legal actions (``rng.choice``'s draws) until
    it is over or (``max_actions``) that many were played; the number played."""
    cdef int actions[8]
    cdef int n, played = 0
    while match.to_act >= 0 and (max_actions == 0 or played < max_actions):
        n = match.legal_c(actions)
        match.step(actions[rng.below(n)])
        played += 1
    return played


def standing(ScatMatch match, int seat):
    """bots/thirty_one.py's ``standing`` of a compiled match."""
    return match.standing(seat)
