# cython: language_level=3, boundscheck=False, wraparound=False, cdivision=True
"""Schmier's fast path compiled: :class:`NativeSchmier` mirrors ``SchmierState``.

Rules: docs/rules/schmier.md, exactly as games/schmier.py plays them (that file is
the reference; tests/native/test_differential_schmier.py holds the two side by
side). A :class:`NativeSchmier` keeps the whole state in C fields (hands, discards
and captured cards as 64-bit card sets, the stock, the auction, the tricks) and
offers the engine's fast-path contract: ``legal()``, ``apply()``, ``clone()``,
``halt_between_deals`` and the same public attributes, read as fresh Python
values. It records no events (``events`` is ``None``, as on a clone). ``view()``,
``dump()`` and ``result()`` are the Python engine's own, on the state
:meth:`NativeSchmier.to_state` rebuilds.

Deals are shuffled as the Python engine shuffles them (core.rng's keyed
``Random.shuffle``): the key's seed is worked out in Python, the shuffle's draws
come from a :class:`~stammtisch.native.twister.Twister` in C.
"""

from libc.stdint cimport int64_t, uint64_t
from libc.stdlib cimport free, malloc
from libc.string cimport memcpy

from stammtisch.native.twister cimport Twister

from hashlib import sha512

from stammtisch.cards import SCHMIER_DECK, SUIT_CODES
from stammtisch.core.rng import rng_for
from stammtisch.games import schmier as _py
from stammtisch.games.schmier import SchmierState

cdef extern from *:
    int __builtin_ctzll(unsigned long long) nogil
    int __builtin_popcountll(unsigned long long) nogil

cdef enum:
    NUM_PLAYERS = 6
    HAND_SIZE = 6
    NUM_TRICKS = 6
    PASS = 0
    TRUMP0 = 4
    BID0 = 16
    PLAY0 = 32
    JOKER = 52
    MAX_ACTIONS = 64

cdef int64_t DISCARD = (<int64_t>1) << 53
cdef uint64_t CARDS = ((<uint64_t>1) << 53) - 1

cdef uint64_t TRUMPS_C[4]
cdef uint64_t FOLLOW_C[4][4]
cdef int EFFECTIVE_C[4][53]
cdef int POWER_C[4][53]
cdef uint64_t PROTECTED_C[4]
cdef uint64_t COUNT_MASKS_C[5]
cdef int COUNT_VALUES_C[5]
cdef int DECK_C[53]

for _t in range(4):
    TRUMPS_C[_t] = _py.TRUMPS[_t]
    PROTECTED_C[_t] = _py.PROTECTED[_t]
    for _s in range(4):
        FOLLOW_C[_t][_s] = _py.FOLLOW[_t][_s]
    for _c in range(53):
        EFFECTIVE_C[_t][_c] = _py.EFFECTIVE[_t][_c]
        POWER_C[_t][_c] = _py.POWER[_t][_c]
for _i, (_value, _mask) in enumerate(_py._COUNT_MASKS):
    COUNT_VALUES_C[_i] = _value
    COUNT_MASKS_C[_i] = _mask
for _i, _c in enumerate(SCHMIER_DECK):
    DECK_C[_i] = _c

PHASES = (_py.AUCTION, _py.TRUMP, _py.EXCHANGE, _py.ROB, _py.PLAY, _py.OVER)
cdef dict PHASE_OF = {name: i for i, name in enumerate(PHASES)}


cdef inline int low_bit(uint64_t cards) noexcept:
    return __builtin_ctzll(cards)


cdef inline int popcount(uint64_t cards) noexcept:
    return __builtin_popcountll(cards)


cdef inline int pymod(int a, int n) noexcept:
    """Python's ``a % n`` for ``n > 0``."""
    cdef int r = a % n
    return r + n if r < 0 else r


cdef int trick_winner_c(int* cards, int n, int trump) noexcept:
    """games/schmier.py's ``trick_winner``."""
    cdef uint64_t trumps = TRUMPS_C[trump]
    cdef int* power = POWER_C[trump]
    cdef int* effective = EFFECTIVE_C[trump]
    cdef int led = effective[cards[0]], best = 0, i, card
    cdef bint best_trump = trumps >> cards[0] & 1
    for i in range(1, n):
        card = cards[i]
        if trumps >> card & 1:
            if not best_trump or power[card] > power[cards[best]]:
                best = i
                best_trump = True
        elif not best_trump and effective[card] == led and power[card] > power[cards[best]]:
            best = i
    return best


cdef uint64_t playable_c(uint64_t hand, int lead, int trump, bint anytime) noexcept:
    """games/schmier.py's ``playable``."""
    if lead < 0:
        return hand
    cdef int led = EFFECTIVE_C[trump][lead]
    cdef uint64_t follow = hand & FOLLOW_C[trump][led]
    if not follow:
        return hand
    if anytime and led != trump:
        follow |= hand & TRUMPS_C[trump]
    return follow


cdef int game_count_c(uint64_t cards) noexcept:
    cdef int i, total = 0
    for i in range(5):
        total += COUNT_VALUES_C[i] * popcount(cards & COUNT_MASKS_C[i])
    return total


cdef int subsets(uint64_t cards, int size, int64_t base, int64_t* out) noexcept:
    """Every ``base | subset`` of ``size`` of ``cards``, in ``itertools.combinations`` order
    (``out`` must hold them all); their number."""
    cdef int bits[53]
    cdef int idx[53]
    cdef int n = 0, count = 0, i, j
    cdef uint64_t mask
    while cards:
        bits[n] = low_bit(cards)
        cards &= cards - 1
        n += 1
    if size > n:
        return 0
    for i in range(size):
        idx[i] = i
    while True:
        mask = 0
        for i in range(size):
            mask |= (<uint64_t>1) << bits[idx[i]]
        out[count] = base | <int64_t>mask
        count += 1
        i = size - 1
        while i >= 0 and idx[i] == i + n - size:
            i -= 1
        if i < 0:
            return count
        idx[i] += 1
        for j in range(i + 1, size):
            idx[j] = idx[j - 1] + 1


cdef int64_t choose(int n, int k) noexcept:
    cdef int64_t result = 1
    cdef int i
    if k < 0 or k > n:
        return 0
    for i in range(k):
        result = result * (n - i) // (i + 1)
    return result


def _deal_seed(seed, number):
    """The int seed of core.rng's ``rng_for(seed, "deal", number)`` (``random.seed``'s
    version 2 of a string)."""
    key = "/".join(str(part) for part in ("stammtisch", seed, "deal", number)).encode()
    return int.from_bytes(key + sha512(key).digest(), "big")


cdef class NativeSchmier:
    """A Schmier match on the compiled fast path; no events.

    ``NativeSchmier(options, seed, decks)`` starts a match as ``SchmierState(options,
    seed, decks)`` does (``options`` resolved); :meth:`from_state` copies a Python state.
    """

    def __init__(self, options, seed, decks=()):
        self._set_rules(options)
        self.seed_py = seed
        self.decks_py = tuple(decks)
        cdef int k
        for k in range(3):
            self.scores_c[k] = 0
        first = options["first_dealer"]
        if first == "random":
            first = rng_for(seed, "first_dealer").randrange(NUM_PLAYERS)
        self.dealer_c = first
        self.deal_number_c = -1
        self.played_deals_c = 0
        self.winners_py = []
        self.last_deal_py = None
        self.last_pending = False
        self.halt_between_deals = False
        self.start_deal()

    def _set_rules(self, options):
        self.options = dict(options)
        self.num_teams_c = 3 if options["partnerships"] == "3x2" else 2
        self.target_c = options["target_score"]
        self.min_bid_c = options["min_bid"]
        self.max_bid_c = options["max_bid"]
        self.stick_c = options["stick_the_dealer"]
        self.dealer_equal_c = options["dealer_may_equal_high_bid"]
        self.max_discard_c = options["max_discard"]
        self.trump_anytime_c = options["trump_anytime"]
        self.tie_to_bidder_c = options["game_point_tie"] == "bidder"
        self.joint_win_c = options["unresolved_tie"] == "joint_win"

    # -- dealing -------------------------------------------------------------------

    cdef int start_deal(self) except -1:
        cdef int deck[53]
        cdef int i, j, distance, seat, swap
        cdef uint64_t hand
        cdef Twister twister
        self.deal_number_c += 1
        if self.halt_between_deals:
            self.to_act_c = -1
            return 0
        number = self.deal_number_c
        if number < len(self.decks_py):
            order = self.decks_py[number]
            for i in range(53):
                deck[i] = order[i]
        else:
            for i in range(53):
                deck[i] = DECK_C[i]
            twister = Twister(_deal_seed(self.seed_py, number))
            for i in range(52, 0, -1):
                j = twister.below(i + 1)
                swap = deck[i]
                deck[i] = deck[j]
                deck[j] = swap
        for distance in range(1, NUM_PLAYERS + 1):
            seat = (self.dealer_c + distance) % NUM_PLAYERS
            hand = 0
            for i in range(distance - 1, HAND_SIZE * NUM_PLAYERS, NUM_PLAYERS):
                hand |= (<uint64_t>1) << deck[i]
            self.hands_c[seat] = hand
        for i in range(HAND_SIZE * NUM_PLAYERS, 53):
            self.stock_c[i - HAND_SIZE * NUM_PLAYERS] = deck[i]
        self.stock_start = 0
        self.stock_end = 53 - HAND_SIZE * NUM_PLAYERS
        for i in range(NUM_PLAYERS):
            self.discards_c[i] = 0
            self.exchanged_c[i] = -1
        self.n_auction = 0
        self.high_bid_c = 0
        self.bidder_c = self.trump_c = -1
        self.n_trick = 0
        self.leader_c = -1
        self.n_tricks = 0
        for i in range(3):
            self.captured_c[i] = 0
        self.high_seat_c = self.low_seat_c = -1
        self.phase_c = P_AUCTION
        self.to_act_c = (self.dealer_c + 1) % NUM_PLAYERS
        return 0

    # -- the fast path ------------------------------------------------------------

    cdef int legal_c(self, int64_t* out) noexcept:
        """The legal actions of the auction, the trump and the play into ``out``
        (``MAX_ACTIONS`` long); their number. The exchange and the rob: :meth:`legal`."""
        cdef int n = 0, low, b, phase = self.phase_c
        cdef uint64_t cards
        cdef bint is_dealer
        if phase == P_PLAY:
            cards = playable_c(self.hands_c[self.to_act_c],
                               self.trick_c[0] if self.n_trick else -1,
                               self.trump_c, self.trump_anytime_c)
            while cards:
                out[n] = PLAY0 + low_bit(cards)
                cards &= cards - 1
                n += 1
            return n
        if phase == P_AUCTION:
            is_dealer = self.to_act_c == self.dealer_c
            low = self.high_bid_c + 1
            if is_dealer and self.dealer_equal_c and self.high_bid_c:
                low = self.high_bid_c
            if not (is_dealer and self.stick_c and not self.high_bid_c):
                out[0] = PASS
                n = 1
            if low < self.min_bid_c:
                low = self.min_bid_c
            for b in range(low, self.max_bid_c + 1):
                out[n] = BID0 + b
                n += 1
            return n
        if phase == P_TRUMP:
            for b in range(4):
                out[b] = TRUMP0 + b
            return 4
        return 0

    def legal(self):
        """The legal actions in canonical order (``SchmierState.legal``)."""
        cdef int64_t buffer[MAX_ACTIONS]
        cdef int n, i
        if self.phase_c == P_EXCHANGE or self.phase_c == P_ROB:
            return self.discards_legal()
        n = self.legal_c(buffer)
        return [buffer[i] for i in range(n)]

    cdef list discards_legal(self):
        """The exchange's or the rob's legal discards (a rob may have 100,000)."""
        cdef int64_t* found
        cdef int n = 0, i, size, most = 0, excess = 0, count = 0
        cdef uint64_t hand = self.hands_c[self.to_act_c], trumps, cards
        cdef int64_t total = 0
        trumps = hand & TRUMPS_C[self.trump_c]
        if self.phase_c == P_EXCHANGE:
            cards = hand & ~trumps
            most = min(self.max_discard_c, popcount(cards))
            total = 1
            for size in range(1, most + 1):
                total += choose(popcount(cards), size)
        else:
            count = popcount(trumps)
            if count <= HAND_SIZE:
                excess = popcount(hand) - HAND_SIZE
                total = choose(popcount(hand & ~trumps), excess)
            else:
                total = choose(popcount(trumps & ~PROTECTED_C[self.trump_c]),
                               count - HAND_SIZE)
        if total <= 0:
            return []
        found = <int64_t*>malloc(total * sizeof(int64_t))
        if found == NULL:
            raise MemoryError()
        try:
            if self.phase_c == P_EXCHANGE:
                found[0] = DISCARD
                n = 1
                for size in range(1, most + 1):
                    n += subsets(cards, size, DISCARD, found + n)
            elif count <= HAND_SIZE:
                n = subsets(hand & ~trumps, excess, DISCARD, found)
            else:
                n = subsets(trumps & ~PROTECTED_C[self.trump_c], count - HAND_SIZE,
                            DISCARD | <int64_t>(hand & ~trumps), found)
            return [found[i] for i in range(n)]
        finally:
            free(found)

    def apply(self, int64_t action):
        self.apply_c(action)

    cdef int apply_c(self, int64_t action) except -1:
        cdef int seat = self.to_act_c
        if action >= DISCARD:
            return self.exchange_c(seat, <uint64_t>action & CARDS)
        if action >= PLAY0:
            return self.play_c(seat, <int>(action - PLAY0))
        if action >= BID0 or action == PASS:
            return self.bid_c(seat, <int>(action - BID0) if action else 0)
        self.trump_c = <int>(action - TRUMP0)
        self.phase_c = P_EXCHANGE
        self.to_act_c = (self.dealer_c + 1) % NUM_PLAYERS
        return 0

    cdef int bid_c(self, int seat, int n) except -1:
        if self.n_auction >= NUM_PLAYERS:
            raise ValueError("a seventh call in one auction")
        self.auction_c[self.n_auction][0] = seat
        self.auction_c[self.n_auction][1] = n
        self.n_auction += 1
        if n:
            self.high_bid_c = n
            self.bidder_c = seat
        if n != self.max_bid_c and seat != self.dealer_c:
            self.to_act_c = (seat + 1) % NUM_PLAYERS
            return 0
        if self.bidder_c < 0:
            return self.start_deal()
        self.phase_c = P_TRUMP
        self.to_act_c = self.bidder_c
        return 0

    cdef int exchange_c(self, int seat, uint64_t cards) except -1:
        cdef int count = popcount(cards), dealer = self.dealer_c, take, i
        self.hands_c[seat] ^= cards
        self.discards_c[seat] = cards
        self.exchanged_c[seat] = count
        if seat == dealer:
            self.phase_c = P_PLAY
            self.leader_c = self.to_act_c = self.bidder_c
            return 0
        take = self.stock_end - self.stock_start
        if count < take:
            take = count
        for i in range(take):
            self.hands_c[seat] |= (<uint64_t>1) << self.stock_c[self.stock_start + i]
        self.stock_start += take
        seat = (seat + 1) % NUM_PLAYERS
        self.to_act_c = seat
        if seat == dealer:
            self.phase_c = P_ROB
            for i in range(self.stock_start, self.stock_end):
                self.hands_c[seat] |= (<uint64_t>1) << self.stock_c[i]
            self.stock_start = self.stock_end = 0
        return 0

    cdef int play_c(self, int seat, int card) except -1:
        cdef int t = self.trump_c, leader, winner, i
        cdef uint64_t taken = 0
        if self.n_trick >= NUM_PLAYERS or self.n_tricks >= NUM_TRICKS or not 0 <= card < 53:
            raise ValueError(f"not a play here: card {card}")
        self.hands_c[seat] ^= (<uint64_t>1) << card
        self.trick_c[self.n_trick] = card
        self.n_trick += 1
        if card == t * 13 + 12:
            self.high_seat_c = seat
        elif card == t * 13:
            self.low_seat_c = seat
        if self.n_trick < NUM_PLAYERS:
            self.to_act_c = (seat + 1) % NUM_PLAYERS
            return 0
        leader = self.leader_c
        winner = (leader + trick_winner_c(self.trick_c, NUM_PLAYERS, t)) % NUM_PLAYERS
        cdef int* record = self.tricks_c[self.n_tricks]
        record[0] = leader
        for i in range(NUM_PLAYERS):
            record[1 + i] = self.trick_c[i]
            taken |= (<uint64_t>1) << self.trick_c[i]
        record[7] = winner
        self.n_tricks += 1
        self.captured_c[pymod(winner, self.num_teams_c)] |= taken
        self.n_trick = 0
        self.leader_c = self.to_act_c = winner
        if self.n_tricks == NUM_TRICKS:
            return self.score_deal()
        return 0

    # -- scoring (§10, §11) ---------------------------------------------------------

    cdef int score_deal(self) except -1:
        cdef int t = self.trump_c, teams = self.num_teams_c, k, best, n_tied, game, i
        cdef int bidding_team = pymod(self.bidder_c, self.num_teams_c), top
        cdef int tied[3]
        cdef int cards[3]
        cdef LastDeal* last = &self.last
        for k in range(teams):
            last.game_counts[k] = game_count_c(self.captured_c[k])
        best = last.game_counts[0]
        for k in range(1, teams):
            if last.game_counts[k] > best:
                best = last.game_counts[k]
        n_tied = 0
        for k in range(teams):
            if last.game_counts[k] == best:
                tied[n_tied] = k
                n_tied += 1
        game = tied[0] if n_tied == 1 else -1
        if game < 0 and self.tie_to_bidder_c:
            for i in range(n_tied):
                if tied[i] == bidding_team:
                    game = bidding_team
        last.points[0] = pymod(self.high_seat_c, self.num_teams_c)
        last.points[1] = pymod(self.low_seat_c, self.num_teams_c)
        cards[0] = t * 13 + 9
        cards[1] = (3 - t) * 13 + 9
        cards[2] = JOKER
        for i in range(3):
            last.points[2 + i] = -1
            for k in range(teams):
                if self.captured_c[k] >> cards[i] & 1:
                    last.points[2 + i] = k
                    break
            if last.points[2 + i] < 0:
                raise ValueError("a bauer or the joker was captured by no team")
        last.points[5] = game
        for k in range(teams):
            last.won[k] = 0
        for i in range(6):
            if last.points[i] >= 0:
                last.won[last.points[i]] += 1
        for k in range(teams):
            last.delta[k] = last.won[k]
        last.made = last.won[bidding_team] >= self.high_bid_c
        if not last.made:
            last.delta[bidding_team] = -self.high_bid_c
        for k in range(teams):
            self.scores_c[k] += last.delta[k]
            last.scores[k] = self.scores_c[k]
        self.played_deals_c += 1
        last.deal = self.deal_number_c
        last.dealer = self.dealer_c
        last.bidder = self.bidder_c
        last.bidding_team = bidding_team
        last.bid = self.high_bid_c
        last.trump = t
        last.high_seat = self.high_seat_c
        last.low_seat = self.low_seat_c
        self.last_pending = True
        # the match's winners (§11)
        top = self.scores_c[0]
        for k in range(1, teams):
            if self.scores_c[k] > top:
                top = self.scores_c[k]
        winners = []
        if top >= self.target_c:
            n_tied = 0
            for k in range(teams):
                if self.scores_c[k] == top:
                    tied[n_tied] = k
                    n_tied += 1
            bidder_tied = False
            for i in range(n_tied):
                if tied[i] == bidding_team:
                    bidder_tied = True
            if n_tied == 1:
                winners = [tied[0]]
            elif bidder_tied:
                winners = [bidding_team]
            elif self.joint_win_c:
                winners = [tied[i] for i in range(n_tied)]
        if winners:
            self.winners_py = winners
            self.phase_c = P_OVER
            self.to_act_c = -1
            return 0
        self.dealer_c = (self.dealer_c + 1) % NUM_PLAYERS
        return self.start_deal()

    # -- copies ---------------------------------------------------------------------

    cdef NativeSchmier clone_c(self):
        cdef NativeSchmier other = NativeSchmier.__new__(NativeSchmier)
        other.options = self.options
        other.seed_py = self.seed_py
        other.decks_py = self.decks_py
        other.num_teams_c = self.num_teams_c
        other.target_c = self.target_c
        other.min_bid_c = self.min_bid_c
        other.max_bid_c = self.max_bid_c
        other.max_discard_c = self.max_discard_c
        other.stick_c = self.stick_c
        other.dealer_equal_c = self.dealer_equal_c
        other.trump_anytime_c = self.trump_anytime_c
        other.tie_to_bidder_c = self.tie_to_bidder_c
        other.joint_win_c = self.joint_win_c
        memcpy(other.scores_c, self.scores_c, sizeof(self.scores_c))
        other.dealer_c = self.dealer_c
        other.deal_number_c = self.deal_number_c
        other.played_deals_c = self.played_deals_c
        other.phase_c = self.phase_c
        other.to_act_c = self.to_act_c
        memcpy(other.hands_c, self.hands_c, sizeof(self.hands_c))
        memcpy(other.stock_c, self.stock_c, sizeof(self.stock_c))
        other.stock_start = self.stock_start
        other.stock_end = self.stock_end
        memcpy(other.discards_c, self.discards_c, sizeof(self.discards_c))
        memcpy(other.exchanged_c, self.exchanged_c, sizeof(self.exchanged_c))
        memcpy(other.auction_c, self.auction_c, sizeof(self.auction_c))
        other.n_auction = self.n_auction
        other.high_bid_c = self.high_bid_c
        other.bidder_c = self.bidder_c
        other.trump_c = self.trump_c
        memcpy(other.trick_c, self.trick_c, sizeof(self.trick_c))
        other.n_trick = self.n_trick
        other.leader_c = self.leader_c
        memcpy(other.tricks_c, self.tricks_c, sizeof(self.tricks_c))
        other.n_tricks = self.n_tricks
        memcpy(other.captured_c, self.captured_c, sizeof(self.captured_c))
        other.high_seat_c = self.high_seat_c
        other.low_seat_c = self.low_seat_c
        other.winners_py = list(self.winners_py)
        other.last_deal_py = self.last_deal_py
        other.last_pending = self.last_pending
        other.last = self.last
        other.halt_between_deals = self.halt_between_deals
        return other

    def clone(self):
        return self.clone_c()

    @staticmethod
    def from_state(state):
        """A compiled copy of the Python ``SchmierState`` ``state``."""
        cdef NativeSchmier match = NativeSchmier.__new__(NativeSchmier)
        cdef int i, k
        match._set_rules(state.options)
        if state.num_teams != match.num_teams_c:
            raise ValueError("the state's teams do not match its options")
        match.seed_py = state.seed
        match.decks_py = tuple(state.decks)
        for k in range(3):
            match.scores_c[k] = state.scores[k] if k < match.num_teams_c else 0
            match.captured_c[k] = state.captured[k] if k < match.num_teams_c else 0
        match.dealer_c = state.dealer
        match.deal_number_c = state.deal_number
        match.played_deals_c = state.played_deals
        match.phase_c = PHASE_OF[state.phase]
        match.to_act_c = state.to_act
        stock = state.stock
        if len(stock) > 53:
            raise ValueError("a stock of more than 53 cards")
        for i in range(len(stock)):
            match.stock_c[i] = stock[i]
        match.stock_start = 0
        match.stock_end = len(stock)
        for i in range(NUM_PLAYERS):
            match.hands_c[i] = state.hands[i]
            match.discards_c[i] = state.discards[i]
            match.exchanged_c[i] = state.exchanged[i]
        if len(state.auction) > NUM_PLAYERS:
            raise ValueError("an auction of more than six calls")
        match.n_auction = len(state.auction)
        for i, (seat, n) in enumerate(state.auction):
            match.auction_c[i][0] = seat
            match.auction_c[i][1] = n
        match.high_bid_c = state.high_bid
        match.bidder_c = state.bidder
        match.trump_c = state.trump
        if len(state.trick) >= NUM_PLAYERS or len(state.tricks) > NUM_TRICKS:
            raise ValueError("a trick of six cards in progress, or more than six tricks")
        match.n_trick = len(state.trick)
        for i, card in enumerate(state.trick):
            match.trick_c[i] = card
        match.leader_c = state.leader
        match.n_tricks = len(state.tricks)
        for i, (leader, cards, winner) in enumerate(state.tricks):
            if len(cards) != NUM_PLAYERS:
                raise ValueError("a finished trick of other than six cards")
            match.tricks_c[i][0] = leader
            for k in range(NUM_PLAYERS):
                match.tricks_c[i][1 + k] = cards[k]
            match.tricks_c[i][7] = winner
        match.high_seat_c = state.high_seat
        match.low_seat_c = state.low_seat
        match.winners_py = list(state.winners)
        match.last_deal_py = None if state.last_deal is None else _py._copy_deal(state.last_deal)
        match.last_pending = False
        match.halt_between_deals = state.halt_between_deals
        return match

    def to_state(self):
        """The Python ``SchmierState`` of this match (no events)."""
        state = object.__new__(SchmierState)
        state._set_rules(self.options)
        state.num_players = NUM_PLAYERS
        state.seed = self.seed_py
        state.decks = self.decks_py
        state.events = None
        state.halt_between_deals = bool(self.halt_between_deals)
        for name in ("scores", "dealer", "deal_number", "played_deals", "phase", "to_act",
                     "hands", "stock", "discards", "exchanged", "auction", "high_bid",
                     "bidder", "trump", "trick", "leader", "tricks", "captured",
                     "high_seat", "low_seat", "winners", "last_deal"):
            setattr(state, name, getattr(self, name))
        return state

    # -- the state, read as Python values -----------------------------------------------

    @property
    def num_players(self):
        return NUM_PLAYERS

    @property
    def seed(self):
        return self.seed_py

    @property
    def decks(self):
        return self.decks_py

    @property
    def events(self):
        return None

    @property
    def num_teams(self):
        return self.num_teams_c

    @property
    def target(self):
        return self.target_c

    @property
    def min_bid(self):
        return self.min_bid_c

    @property
    def max_bid(self):
        return self.max_bid_c

    @property
    def stick(self):
        return bool(self.stick_c)

    @property
    def dealer_equal(self):
        return bool(self.dealer_equal_c)

    @property
    def max_discard(self):
        return self.max_discard_c

    @property
    def trump_anytime(self):
        return bool(self.trump_anytime_c)

    @property
    def tie_to_bidder(self):
        return bool(self.tie_to_bidder_c)

    @property
    def joint_win(self):
        return bool(self.joint_win_c)

    @property
    def scores(self):
        return [self.scores_c[k] for k in range(self.num_teams_c)]

    @property
    def dealer(self):
        return self.dealer_c

    @property
    def deal_number(self):
        return self.deal_number_c

    @property
    def played_deals(self):
        return self.played_deals_c

    @property
    def phase(self):
        return PHASES[self.phase_c]

    @property
    def to_act(self):
        return self.to_act_c

    @property
    def hands(self):
        return [self.hands_c[i] for i in range(NUM_PLAYERS)]

    @property
    def stock(self):
        return tuple([self.stock_c[i] for i in range(self.stock_start, self.stock_end)])

    @property
    def discards(self):
        return [self.discards_c[i] for i in range(NUM_PLAYERS)]

    @property
    def exchanged(self):
        return [self.exchanged_c[i] for i in range(NUM_PLAYERS)]

    @property
    def auction(self):
        return [(self.auction_c[i][0], self.auction_c[i][1]) for i in range(self.n_auction)]

    @property
    def high_bid(self):
        return self.high_bid_c

    @property
    def bidder(self):
        return self.bidder_c

    @property
    def trump(self):
        return self.trump_c

    @property
    def trick(self):
        return [self.trick_c[i] for i in range(self.n_trick)]

    @property
    def leader(self):
        return self.leader_c

    @property
    def tricks(self):
        return [(self.tricks_c[i][0], tuple([self.tricks_c[i][1 + k] for k in range(NUM_PLAYERS)]),
                 self.tricks_c[i][7]) for i in range(self.n_tricks)]

    @property
    def captured(self):
        return [self.captured_c[k] for k in range(self.num_teams_c)]

    @property
    def high_seat(self):
        return self.high_seat_c

    @property
    def low_seat(self):
        return self.low_seat_c

    @property
    def winners(self):
        return list(self.winners_py)

    @property
    def last_deal(self):
        cdef LastDeal* last = &self.last
        cdef int k, teams = self.num_teams_c
        if self.last_pending:
            points = {name: (None if last.points[i] < 0 else last.points[i])
                      for i, name in enumerate(_py.POINTS)}
            self.last_deal_py = {
                "deal": last.deal,
                "dealer": last.dealer,
                "bidder": last.bidder,
                "bidding_team": last.bidding_team,
                "bid": last.bid,
                "trump": SUIT_CODES[last.trump],
                "points": points,
                "high_seat": last.high_seat,
                "low_seat": last.low_seat,
                "game_counts": [last.game_counts[k] for k in range(teams)],
                "won": [last.won[k] for k in range(teams)],
                "made": bool(last.made),
                "delta": [last.delta[k] for k in range(teams)],
                "scores": [last.scores[k] for k in range(teams)],
            }
            self.last_pending = False
        return None if self.last_deal_py is None else _py._copy_deal(self.last_deal_py)

    # -- the rest of the contract, on the Python state ---------------------------------

    def team_of(self, seat):
        return seat % self.num_teams_c

    def team_seats(self, team):
        return list(range(team, NUM_PLAYERS, self.num_teams_c))

    def result(self):
        return self.to_state().result()

    def view(self, seat):
        return self.to_state().view(seat)

    def dump(self):
        return self.to_state().dump()

    def action_text(self, action):
        return _py.action_text(action)

    def parse_action(self, text):
        return _py.parse_action(text)
