# cython: language_level=3, boundscheck=False, wraparound=False, cdivision=True
"""The Schnauz engine's fast path compiled: :class:`SchnauzMatch` mirrors ``SchnauzState``.

Rules: docs/rules/schnauz.md, exactly as games/schnauz.py plays them (that file is
the reference; tests/native/test_differential_schnauz.py holds the two side by
side over every option combination). A :class:`SchnauzMatch` keeps the state in
C fields (hands, table and out-of-play cards as 64-bit card sets, the stock as
card ints) and offers the fast-path contract: ``legal()``, ``apply()``,
``clone()``, ``result()``, ``dump()`` and the same public attributes, read as
fresh Python values. It records no events (a clone of the Python engine's
fast path); the shuffles of new deals and reshuffles are the Python engine's
keyed shuffles (core.rng), called from here: they are rare and never inside a
search's play-out (its samples halt between deals).

:func:`play_random` plays whole matches of random legal actions in C with
``rng.choice``'s draws from a :class:`~stammtisch.native.twister.Twister` (the
benchmark's and an RL caller's loop). :func:`play_out` is the Schnauz expert's
play-out (bots/thirty_one.py's ``play_round`` with bots/schnauz/policy.py's
``club_policy`` for every seat, valued by ``standing``) in C: the club's tables
come in by :func:`load_club`, so this module imports nothing from the bots.
"""

from libc.stdint cimport int64_t, uint64_t

from stammtisch.native.twister cimport Twister

from stammtisch.cards import SCHNAUZ_DECKS, codes, iter_cards
from stammtisch.core.rng import shuffled
from stammtisch.games import schnauz as _py
from stammtisch.games.schnauz import SchnauzState

cdef enum:
    KEEP = 0
    SWAP_HAND = 1
    PASS = 2
    KNOCK = 3
    SWAP_ALL = 4
    SWAP_ONE = 8
    DEALER_CHOICE = 0
    PLAY = 1
    OVER = 2
    SHOWDOWN_END = 0
    RESHUFFLE = 1
    CONTINUE = 2
    TABLE_SIZE = 64000
    CATEGORY_SHIFT = 24

cdef int COMBO_FLOOR = 2 << 24
cdef int FIRE_KEY = 3 << 24
PHASES = (_py.DEALER_CHOICE, _py.PLAY, _py.OVER)
SHORT_STOCK = ("showdown", "reshuffle", "continue")
VARIANTS = ("A7", "A9", "A5")
REASONS = (_py.KNOCKED, _py.COMBINATION, _py.SHORT_STOCK)

cdef int KEY_C[TABLE_SIZE]
cdef int PAIRS_C[TABLE_SIZE]
cdef double POWER_C[3][TABLE_SIZE]
cdef bint CLUB_LOADED[3]
cdef double KNOCKS_C[5][8]
cdef int KNOCK_ROWS = 0
cdef double KEEP_AT_C = 0.5


cdef inline int pos(int card) noexcept:
    """A card's place among the 40 cards of the largest deck (5 to ace per suit)."""
    return (card // 13) * 10 + card % 13 - 3


cdef inline int ctz(uint64_t x) noexcept:
    return __builtin_ctzll(x)


cdef extern from *:
    int __builtin_ctzll(unsigned long long) nogil
    int __builtin_popcountll(unsigned long long) nogil


cdef inline int index(uint64_t hand) noexcept:
    """The table index of a three-card set."""
    cdef int a = ctz(hand)
    hand &= hand - 1
    cdef int b = ctz(hand)
    hand &= hand - 1
    return pos(a) * 1600 + pos(b) * 40 + pos(ctz(hand))


def _load_tables():
    cdef uint64_t hand
    for hand, key in _py.HAND_KEYS.items():
        KEY_C[index(hand)] = key
        cards = _py.CARDS_OF[hand]
        ranks = [card % 13 for card in cards]
        aces = ranks.count(12)
        PAIRS_C[index(hand)] = 2 * aces + max(ranks.count(r) for r in ranks)


_load_tables()


def load_club(str deck_variant, power, knocks, double keep_at):
    """The club's tables (bots/schnauz/policy.py): ``power`` (odds.strength of the deck),
    ``knocks`` (CLUB_KNOCKS) and ``keep_at`` (KEEP_AT); the play-outs need them."""
    global KNOCK_ROWS, KEEP_AT_C
    cdef int v = VARIANTS.index(deck_variant)
    cdef uint64_t hand
    for hand, share in power.items():
        POWER_C[v][index(hand)] = share
    KNOCK_ROWS = len(knocks)
    for row in range(KNOCK_ROWS):
        for column in range(8):
            KNOCKS_C[row][column] = knocks[row][column]
    KEEP_AT_C = keep_at
    CLUB_LOADED[v] = True


def club_loaded(str deck_variant):
    """Whether :func:`load_club` has given the club's tables for this deck."""
    return bool(CLUB_LOADED[VARIANTS.index(deck_variant)])


cdef inline int key_of(uint64_t hand) noexcept:
    return KEY_C[index(hand)]


cdef inline int64_t tuple_hash4(int64_t a, int64_t b, int64_t c, int64_t d) noexcept:
    """CPython's hash of the tuple (a, b, c, d) of ints whose hashes are given."""
    cdef uint64_t acc = 2870177450012600261ULL
    cdef uint64_t lanes[4]
    lanes[0] = <uint64_t>a
    lanes[1] = <uint64_t>b
    lanes[2] = <uint64_t>c
    lanes[3] = <uint64_t>d
    cdef int i
    for i in range(4):
        acc += lanes[i] * 14029467366897019727ULL
        acc = (acc << 31) | (acc >> 33)
        acc *= 11400714785074694791ULL
    acc += 4 ^ (2870177450012600261ULL ^ 3527539ULL)
    if acc == <uint64_t>-1:
        return 1546275796
    return <int64_t>acc


cdef class SchnauzMatch:
    """One Schnauz match on the fast path (games/schnauz.py's ``SchnauzState``)."""

    def __init__(self, options, seed, decks=()):
        self._take(SchnauzState(options, seed, decks))

    @staticmethod
    def from_state(state):
        """A compiled copy of a ``SchnauzState`` (events are not copied)."""
        cdef SchnauzMatch match = SchnauzMatch.__new__(SchnauzMatch)
        match._take(state)
        return match

    def _take(self, state):
        cdef int s, i
        self.num_players = state.num_players
        self.seed = state.seed
        self.seed_hash = hash(state.seed)
        self.decks = tuple(state.decks)
        self.options = state.options
        self.deck_variant = state.deck_variant
        self.variant = VARIANTS.index(state.deck_variant)
        self.knock_first = state.knock_first_round
        self.check_before = state.check_before
        self.short_stock = SHORT_STOCK.index(state.short_stock)
        self.fire_all_others = state.fire_all_others
        self.knocker_penalty = state.knocker_penalty
        for s in range(self.num_players):
            self.lives_c[s] = state.lives[s]
            self.eliminated_c[s] = state.eliminated[s]
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
        for s in range(self.num_players):
            self.hands_c[s] = state.hands[s] if s < len(state.hands) else 0
        self.table_c = state.table
        self.out_c = state.out_of_play
        self.public_c = state.public
        self.stock_at = 0
        self.stock_end = len(state.stock)
        for i, card in enumerate(state.stock):
            self.stock_c[i] = card
        self.knocker = state.knocker
        self.final_turns_left = state.final_turns_left
        self.passes = state.passes
        self.turned = state.turned
        self.reshuffles = state.reshuffles
        self.halt_between_deals = state.halt_between_deals
        self.showdown = state.showdown

    cdef SchnauzMatch copy(self):
        cdef SchnauzMatch other = SchnauzMatch.__new__(SchnauzMatch)
        other.num_players = self.num_players
        other.seed = self.seed
        other.decks = self.decks
        other.options = self.options
        other.deck_variant = self.deck_variant
        other.showdown = self.showdown
        other.seed_hash = self.seed_hash
        other.variant = self.variant
        other.knock_first = self.knock_first
        other.check_before = self.check_before
        other.fire_all_others = self.fire_all_others
        other.short_stock = self.short_stock
        other.knocker_penalty = self.knocker_penalty
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
        other.table_c = self.table_c
        other.out_c = self.out_c
        other.public_c = self.public_c
        other.stock_c = self.stock_c
        other.stock_at = self.stock_at
        other.stock_end = self.stock_end
        other.knocker = self.knocker
        other.final_turns_left = self.final_turns_left
        other.passes = self.passes
        other.turned = self.turned
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
    def table(self):
        return self.table_c

    @property
    def out_of_play(self):
        return self.out_c

    @property
    def public(self):
        return self.public_c

    @property
    def stock(self):
        return tuple(self.stock_c[i] for i in range(self.stock_at, self.stock_end))

    @property
    def knock_first_round(self):
        return bool(self.knock_first)

    @property
    def events(self):
        return None

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

    cdef int legal_c(self, int* actions) noexcept:
        """The legal actions into ``actions`` (at most 16), in the canonical order."""
        cdef uint64_t hand, table
        cdef int h, n = 0
        if self.phase_c == PLAY:
            hand = self.hands_c[self.to_act]
            while hand:
                h = ctz(hand)
                hand &= hand - 1
                table = self.table_c
                while table:
                    actions[n] = SWAP_ONE + 53 * h + ctz(table)
                    n += 1
                    table &= table - 1
            actions[n] = SWAP_ALL
            actions[n + 1] = PASS
            n += 2
            if self.knocker < 0 and (self.knock_first or self.all_turned()):
                actions[n] = KNOCK
                n += 1
        elif self.phase_c == DEALER_CHOICE:
            actions[0], actions[1] = KEEP, SWAP_HAND
            n = 2
        return n

    def legal(self):
        cdef int actions[16]
        cdef int n = self.legal_c(actions)
        return [actions[i] for i in range(n)]

    def apply(self, int action):
        self.step(action)

    cdef uint64_t take_three(self) noexcept:
        cdef int at = self.stock_at
        self.stock_at = at + 3
        return (1ULL << self.stock_c[at]) | (1ULL << self.stock_c[at + 1]) | \
            (1ULL << self.stock_c[at + 2])

    cdef void lay_table(self, uint64_t cards) noexcept:
        self.table_c = cards
        self.public_c |= cards

    cdef void step(self, int action) except *:
        cdef int seat = self.to_act
        cdef int h, t
        cdef uint64_t swap, old
        if self.phase_c == DEALER_CHOICE:
            self.dealer_choice(action)
            return
        if action >= SWAP_ONE:
            h = (action - SWAP_ONE) // 53
            t = (action - SWAP_ONE) % 53
            swap = (1ULL << h) | (1ULL << t)
            self.hands_c[seat] ^= swap
            self.table_c ^= swap
            self.public_c |= 1ULL << h
        elif action == SWAP_ALL:
            old = self.hands_c[seat]
            self.hands_c[seat] = self.table_c
            self.table_c = old
            self.public_c |= old
        elif action == KNOCK:
            self.knocker = seat
            self.final_turns_left = self.n_active - 1
            self.passes = 0
            self.to_act = self.next_active(seat)
            return
        self.turned |= 1 << seat
        if action != PASS:
            self.passes = 0
            if key_of(self.hands_c[seat]) >= COMBO_FLOOR:
                self.end_round(1)
                return
        if self.knocker >= 0:
            self.final_turns_left -= 1
            if self.final_turns_left == 0:
                self.end_round(0)
                return
        elif action == PASS:
            self.passes += 1
            if self.passes == self.n_active and not self.all_passed():
                return
        self.to_act = self.next_active(seat)

    cdef void dealer_choice(self, int action) except *:
        cdef int dealer = self.dealer
        cdef uint64_t old
        cdef bint triggered = False
        cdef int i
        if action == KEEP:
            self.lay_table(self.take_three())
        else:
            old = self.hands_c[dealer]
            self.hands_c[dealer] = self.take_three()
            self.lay_table(old)
        if self.check_before:
            triggered = action == SWAP_HAND and key_of(self.hands_c[dealer]) >= COMBO_FLOOR
        else:
            for i in range(self.n_active):
                if key_of(self.hands_c[self.active_c[i]]) >= COMBO_FLOOR:
                    triggered = True
                    break
        if triggered:
            self.end_round(1)
            return
        self.phase_c = PLAY
        self.to_act = self.next_active(dealer)

    cdef bint all_passed(self) except -1:
        """A full round of passes (§6.2 step 3); False when the round ended."""
        cdef int i
        self.passes = 0
        if self.stock_end - self.stock_at < 3:
            if self.short_stock == SHOWDOWN_END:
                self.end_round(2)
                return False
            if self.short_stock == CONTINUE:
                return True
            pile = tuple(iter_cards(self.out_c))
            self.reshuffles += 1
            added = shuffled(pile, self.seed, "reshuffle", self.deal_number, self.reshuffles)
            self.compact()
            for card in added:
                self.stock_c[self.stock_end] = card
                self.stock_end += 1
            self.out_c = 0
            if self.stock_end - self.stock_at < 3:
                self.end_round(2)
                return False
        self.out_c |= self.table_c
        self.lay_table(self.take_three())
        return True

    cdef void compact(self) noexcept:
        cdef int i
        cdef int size = self.stock_end - self.stock_at
        for i in range(size):
            self.stock_c[i] = self.stock_c[self.stock_at + i]
        self.stock_at = 0
        self.stock_end = size

    # -- showdown and lives ---------------------------------------------------------------

    cdef void end_round(self, int reason) except *:
        cdef int i, s, loser = self.active_c[0], fire = -1, lowest
        cdef int losses[6]
        lowest = key_of(self.hands_c[loser])
        for i in range(self.n_active):
            s = self.active_c[i]
            if key_of(self.hands_c[s]) < lowest:
                loser, lowest = s, key_of(self.hands_c[s])
            if fire < 0 and key_of(self.hands_c[s]) >> CATEGORY_SHIFT == 3:
                fire = s
        for s in range(self.num_players):
            losses[s] = 0
        if self.fire_all_others and reason == 1 and fire >= 0:
            for i in range(self.n_active):
                if self.active_c[i] != fire:
                    losses[self.active_c[i]] = 1
        elif loser == self.knocker:
            losses[loser] = self.knocker_penalty
        else:
            losses[loser] = 1
        if self.halt_between_deals:
            if self.take_lives(losses):
                self.deal_number += 1
                self.to_act = -1
            return
        self.showdown = (
            self.deal_number, REASONS[reason], self.knocker,
            tuple((self.active_c[i], self.hands_c[self.active_c[i]])
                  for i in range(self.n_active)),
            self.table_c, loser,
            tuple((s, losses[s]) for s in range(self.num_players) if losses[s]))
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
        cdef int order[6]
        self.deal_number += 1
        number = self.deal_number
        if number < len(self.decks):
            deck = self.decks[number]
        else:
            deck = shuffled(SCHNAUZ_DECKS[self.deck_variant], self.seed, "deal", number)
        seat = self.dealer
        k = self.n_active
        for i in range(k):
            seat = self.next_active(seat)
            order[i] = seat
        for i in range(self.num_players):
            self.hands_c[i] = 0
        for i in range(k):
            self.hands_c[order[i]] = (1ULL << <int>deck[i]) | (1ULL << <int>deck[i + k]) | \
                (1ULL << <int>deck[i + 2 * k])
        self.stock_at = 0
        self.stock_end = len(deck) - 3 * k
        for i in range(self.stock_end):
            self.stock_c[i] = deck[3 * k + i]
        self.table_c = self.out_c = self.public_c = 0
        self.knocker = -1
        self.final_turns_left = self.passes = self.turned = self.reshuffles = 0
        if self.check_before:
            for i in range(k):
                if key_of(self.hands_c[order[i]]) >= COMBO_FLOOR:
                    self.end_round(1)
                    return
        self.phase_c = DEALER_CHOICE
        self.to_act = self.dealer

    # -- the club's play-out (bots/schnauz/policy.py's club_policy) --------------------------

    cdef int club(self) noexcept:
        cdef int seat = self.to_act, value, opponents, row
        cdef uint64_t hand = self.hands_c[seat]
        cdef double* power = POWER_C[self.variant]
        cdef double rate
        if self.phase_c != PLAY:
            return KEEP if power[index(hand)] > KEEP_AT_C else SWAP_HAND
        if self.knocker < 0 and (self.knock_first or self.all_turned()):
            value = key_of(hand) >> 16
            opponents = self.n_active - 1
            if value >= 24:
                row = opponents if opponents < KNOCK_ROWS else KNOCK_ROWS
                rate = KNOCKS_C[row - 1][(value if value < 31 else 31) - 24]
                if rate != 0.0 and (tuple_hash4(self.seed_hash, <int64_t>self.table_c,
                                                <int64_t>hand, self.passes) & 0xFFFF) \
                        < rate * 65536.0:
                    return KNOCK
        return exchange(hand, self.table_c, power,
                        self.knocker < 0 or self.final_turns_left > 1)

    def club_move(self):
        """The club's play-out move for the seat to act (``club_policy``)."""
        self.need_club()
        return self.club()

    def need_club(self):
        if not CLUB_LOADED[self.variant]:
            raise RuntimeError(f"load_club({self.deck_variant!r}, ...) first")

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
            "table": codes(self.table_c),
            "stock": codes(self.stock),
            "out_of_play": codes(self.out_c),
            "public": codes(self.public_c),
            "knocker": self.knocker,
            "final_turns_left": self.final_turns_left,
            "passes": self.passes,
            "turned": self.turned,
            "reshuffles": self.reshuffles,
            "last_showdown": self.showdown and _py.showdown_record(self.showdown),
        }


cdef int exchange(uint64_t hand, uint64_t table, double* power, bint feed) noexcept:
    """``club_exchange``: pass, ``swap all`` or the best one-card swap."""
    cdef double weight = 1.0 if feed else 0.0
    cdef int best = PASS, key, h, t
    cdef int best_v, best_p, best_k, v, p
    cdef double best_f, f
    cdef uint64_t hs, ts, swap
    if key_of(table) >= COMBO_FLOOR:
        return SWAP_ALL
    best_k = key_of(hand)
    best_v, best_p, best_f = best_k >> 16, PAIRS_C[index(hand)], -weight * power[index(table)]
    key = key_of(table)
    v, p, f = key >> 16, PAIRS_C[index(table)], -weight * power[index(hand)]
    if better(v, p, f, key, best_v, best_p, best_f, best_k):
        best, best_v, best_p, best_f, best_k = SWAP_ALL, v, p, f, key
    hs = hand
    while hs:
        h = ctz(hs)
        hs &= hs - 1
        ts = table
        while ts:
            t = ctz(ts)
            ts &= ts - 1
            swap = (1ULL << h) | (1ULL << t)
            key = key_of(hand ^ swap)
            if key >= COMBO_FLOOR:
                return SWAP_ONE + 53 * h + t
            v, p, f = key >> 16, PAIRS_C[index(hand ^ swap)], -weight * power[index(table ^ swap)]
            if better(v, p, f, key, best_v, best_p, best_f, best_k):
                best, best_v, best_p, best_f, best_k = SWAP_ONE + 53 * h + t, v, p, f, key
    return best


cdef inline bint better(int v, int p, double f, int k, int bv, int bp, double bf,
                        int bk) noexcept:
    if v != bv:
        return v > bv
    if p != bp:
        return p > bp
    if f != bf:
        return f > bf
    return k > bk


def play_out(SchnauzMatch world, int first, int seat, int max_steps=400):
    """bots/thirty_one.py's ``standing(play_round(world.clone(), club_policy, first), seat)``:
    ``first`` on a copy of ``world``, the club for everyone to the round's end (at most
    ``max_steps`` moves), and the seat's chance to be last standing then."""
    world.need_club()
    cdef SchnauzMatch match = world.copy()
    cdef int deal = match.deal_number, steps = 0
    match.step(first)
    while match.deal_number == deal and match.phase_c != OVER and steps < max_steps:
        match.step(match.club())
        steps += 1
    return match.standing(seat)


def play_random(SchnauzMatch match, Twister rng, int max_actions=0):
    """Play ``match`` on with uniformly random legal actions (``rng.choice``'s draws) until
    it is over or (``max_actions``) that many were played; the number played."""
    cdef int actions[16]
    cdef int n, played = 0
    while match.to_act >= 0 and (max_actions == 0 or played < max_actions):
        n = match.legal_c(actions)
        match.step(actions[rng.below(n)])
        played += 1
    return played


def standing(SchnauzMatch match, int seat):
    """bots/thirty_one.py's ``standing`` of a compiled match."""
    return match.standing(seat)
