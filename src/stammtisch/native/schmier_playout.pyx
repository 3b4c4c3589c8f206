# cython: language_level=3, boundscheck=False, wraparound=False, cdivision=True
"""The Schmier expert's play-outs compiled: the club rules and ``deal_change``.

Rules and method: those of bots/schmier/policy.py, hand.py and play.py (the
reference; read their headers) and of ``deal_change`` in bots/schmier/players.py,
on a :class:`~stammtisch.native.schmier_core.NativeSchmier`: the same actions
and the same values, computed with the same floating-point operations in the
same order (their tables are read from the Python modules). The club rules draw
no random numbers. Python's ``sum`` of floats is compensated from 3.12 on; the
trick's worth is summed as the running Python sums it.
"""

from libc.math cimport fabs, pow
from libc.stdint cimport int64_t, uint64_t

from stammtisch.native.schmier_core cimport (
    P_AUCTION,
    P_EXCHANGE,
    P_OVER,
    P_PLAY,
    P_ROB,
    P_TRUMP,
    NativeSchmier,
    playable_c,
    trick_winner_c,
)

import sys

from stammtisch.bots.schmier import hand as _hand
from stammtisch.bots.schmier import play as _play
from stammtisch.bots.schmier import policy as _policy
from stammtisch.games import schmier as _py

cdef extern from *:
    int __builtin_ctzll(unsigned long long) nogil
    int __builtin_popcountll(unsigned long long) nogil

cdef enum:
    NUM_PLAYERS = 6
    PASS = 0
    TRUMP0 = 4
    BID0 = 16
    PLAY0 = 32
    JOKER = 52
    ACE = 14
    KING = 13
    QUEEN = 12
    JACK = 11

cdef int64_t DISCARD = (<int64_t>1) << 53
cdef uint64_t DECK = ((<uint64_t>1) << 53) - 1
cdef bint COMPENSATED_SUM = sys.version_info >= (3, 12)

cdef uint64_t TRUMPS_C[4]
cdef uint64_t FOLLOW_C[4][4]
cdef int EFFECTIVE_C[4][53]
cdef int POWER_C[4][53]
cdef uint64_t PROTECTED_C[4]
cdef double WORTH_C[4][53]
cdef double KEEP_C[4][53]
cdef uint64_t ABOVE_C[4][53]
cdef uint64_t MARKS_C[4][9]
# LATER_C[teams - 2][seat][cards in the trick]: the later opponents, then the later
# partners, as play.LATER lists them; their counts in LATER_N.
cdef int LATER_C[2][6][6][2][5]
cdef int LATER_N[2][6][6][2]

for _t in range(4):
    TRUMPS_C[_t] = _py.TRUMPS[_t]
    PROTECTED_C[_t] = _py.PROTECTED[_t]
    for _s in range(4):
        FOLLOW_C[_t][_s] = _py.FOLLOW[_t][_s]
    for _c in range(53):
        EFFECTIVE_C[_t][_c] = _py.EFFECTIVE[_t][_c]
        POWER_C[_t][_c] = _py.POWER[_t][_c]
        WORTH_C[_t][_c] = _play.WORTH[_t][_c]
        KEEP_C[_t][_c] = _play.KEEP[_t][_c]
        ABOVE_C[_t][_c] = _play.ABOVE[_t][_c]
    for _i, _mask in enumerate(_hand._MARKS[_t]):
        MARKS_C[_t][_i] = _mask
for _teams in (2, 3):
    for _seat in range(6):
        for _played in range(6):
            for _side, _seats in enumerate(_play.LATER[_teams][_seat][_played]):
                LATER_N[_teams - 2][_seat][_played][_side] = len(_seats)
                for _i, _other in enumerate(_seats):
                    LATER_C[_teams - 2][_seat][_played][_side][_i] = _other

cdef double PARTNER = _hand.PARTNER
cdef double DEALER_EXTRA = _hand.DEALER_EXTRA
cdef double EXCHANGE_EXTRA = _hand.EXCHANGE_EXTRA
cdef double MARGIN = _hand.MARGIN
cdef double OPEN_MARGIN = _hand.OPEN_MARGIN
cdef double KEEP_LIMIT = _hand.KEEP_LIMIT
cdef double PARTNER_OVERBID = _policy.PARTNER_OVERBID
cdef double OPPONENT_WEIGHT = _play.OPPONENT_WEIGHT
cdef double RESCUE = _play.RESCUE
cdef int MAX_STEPS = _policy.MAX_STEPS


cdef inline int low_bit(uint64_t cards) noexcept:
    return __builtin_ctzll(cards)


cdef inline int popcount(uint64_t cards) noexcept:
    return __builtin_popcountll(cards)


cdef inline int pymod(int a, int n) noexcept:
    cdef int r = a % n
    return r + n if r < 0 else r


cdef inline int rank_of(int card) noexcept:
    return 0 if card == JOKER else card % 13 + 2


# -- hand.py ------------------------------------------------------------------------

cdef double suit_value(uint64_t hand, int trump) noexcept:
    cdef uint64_t* m = MARKS_C[trump]
    cdef int has_rb = (hand & m[4]) != 0, has_lb = (hand & m[5]) != 0
    cdef int has_joker = hand >> JOKER & 1
    cdef int high = ((hand & m[0]) != 0) + ((hand & m[1]) != 0) + ((hand & m[2]) != 0)
    cdef int top2 = high if high < 2 else 2
    cdef int three = high + has_rb + has_lb
    cdef int extra = popcount(hand & m[7]) - 2
    cdef double value = 0.0
    if hand & m[0]:
        value += 1.0
    if hand & m[3]:
        value += 0.95
    if hand & m[1]:
        value += 0.3
    if hand & m[2]:
        value += 0.15
    if has_rb:
        value += 0.55 + 0.15 * top2
    if has_lb:
        value += 0.4 + 0.12 * (top2 + has_rb)
    if has_joker:
        value += 0.3 + 0.1 * (three if three < 3 else 3)
    if hand & m[6]:
        value += 0.25
    value += 0.25 * (extra if extra > 0 else 0)
    return value + 0.05 * popcount(hand & m[8])


cdef int best_suit(uint64_t hand, double* best_value) noexcept:
    cdef int t, best = 0
    cdef double value, top = suit_value(hand, 0)
    for t in range(1, 4):
        value = suit_value(hand, t)
        if value > top:
            best, top = t, value
    best_value[0] = top
    return best


cdef double keep_value(int card, uint64_t hand) noexcept:
    cdef int rank = rank_of(card)
    if rank == ACE:
        return 1.0
    if rank == KING:
        return 0.5 if hand >> (card + 1) & 1 else 0.15
    if rank == 10:
        return -0.1
    if rank == QUEEN or rank == JACK:
        return 0.05
    return 0.01 * rank


cdef double trump_keep(int card, int trump) noexcept:
    if card == trump * 13 + 8:
        return 12.0
    return <double>POWER_C[trump][card]


cdef int sort_by(int* cards, double* keys, int n) noexcept:
    """Sort ``cards`` by ``keys`` in place, stably (``sorted``'s order); ``n``."""
    cdef int i, j, card
    cdef double key
    for i in range(1, n):
        card, key = cards[i], keys[i]
        j = i - 1
        while j >= 0 and keys[j] > key:
            cards[j + 1], keys[j + 1] = cards[j], keys[j]
            j -= 1
        cards[j + 1], keys[j + 1] = card, key
    return n


cdef uint64_t rob_keep(uint64_t hand, int trump) noexcept:
    cdef uint64_t trumps = hand & TRUMPS_C[trump], rest, kept = 0
    cdef int cards[53]
    cdef double keys[53]
    cdef int n = 0, count = popcount(trumps), i
    if count > 6:
        rest = trumps & ~PROTECTED_C[trump]
        while rest:
            cards[n] = low_bit(rest)
            keys[n] = trump_keep(cards[n], trump)
            rest &= rest - 1
            n += 1
        sort_by(cards, keys, n)
        for i in range(count - 6 if count - 6 < n else n):
            kept |= (<uint64_t>1) << cards[i]
        return trumps & ~kept
    rest = hand & ~trumps
    while rest:
        cards[n] = low_bit(rest)
        keys[n] = -keep_value(cards[n], hand)
        rest &= rest - 1
        n += 1
    sort_by(cards, keys, n)
    for i in range(6 - count if 6 - count < n else n):
        kept |= (<uint64_t>1) << cards[i]
    return trumps | kept


# -- policy.py ------------------------------------------------------------------------

cdef int64_t club_bid(NativeSchmier state) noexcept:
    cdef int seat = state.to_act_c, teams = state.num_teams_c, low, first, n
    cdef bint is_dealer = seat == state.dealer_c
    cdef bint may_pass = not (is_dealer and state.stick_c and not state.high_bid_c)
    cdef double estimate, need
    low = state.high_bid_c + 1
    if is_dealer and state.dealer_equal_c and state.high_bid_c:
        low = state.high_bid_c
    first = low if low > state.min_bid_c else state.min_bid_c
    if first > state.max_bid_c:
        return PASS
    best_suit(state.hands_c[seat], &estimate)
    estimate += PARTNER * (NUM_PLAYERS // teams - 1) + (DEALER_EXTRA if is_dealer
                                                        else EXCHANGE_EXTRA)
    need = estimate - (MARGIN if is_dealer else OPEN_MARGIN)
    if state.bidder_c >= 0 and pymod(state.bidder_c, teams) == pymod(seat, teams):
        need -= PARTNER_OVERBID
    for n in range(first, state.max_bid_c + 1):
        if n <= need:
            return BID0 + n
    return PASS if may_pass else BID0 + first


cdef uint64_t club_exchange(NativeSchmier state) noexcept:
    cdef uint64_t hand = state.hands_c[state.to_act_c], rest, chosen = 0
    cdef int cards[53]
    cdef double keys[53]
    cdef int n = 0, i, taken = 0
    rest = hand & ~TRUMPS_C[state.trump_c]
    while rest:
        cards[n] = low_bit(rest)
        keys[n] = keep_value(cards[n], hand)
        rest &= rest - 1
        n += 1
    sort_by(cards, keys, n)
    for i in range(n):
        if taken >= state.max_discard_c:
            break
        if keys[i] < KEEP_LIMIT:
            chosen |= (<uint64_t>1) << cards[i]
            taken += 1
    return chosen


cdef int64_t club_action_c(NativeSchmier state) except -2:
    cdef int phase = state.phase_c
    cdef uint64_t hand
    cdef double value
    if phase == P_PLAY:
        return PLAY0 + club_card(state)
    hand = state.hands_c[state.to_act_c]
    if phase == P_AUCTION:
        return club_bid(state)
    if phase == P_TRUMP:
        return TRUMP0 + best_suit(hand, &value)
    if phase == P_EXCHANGE:
        return DISCARD | <int64_t>club_exchange(state)
    if phase == P_ROB:
        return DISCARD | <int64_t>(hand & ~rob_keep(hand, state.trump_c))
    raise ValueError(f"no action in phase {state.phase!r}")


# -- play.py --------------------------------------------------------------------------

cdef void read_voids(uint64_t* found, int leader, int* cards, int n, int trump) noexcept:
    cdef int led = EFFECTIVE_C[trump][cards[0]], i
    for i in range(1, n):
        if EFFECTIVE_C[trump][cards[i]] != led:
            found[(leader + i) % NUM_PLAYERS] |= FOLLOW_C[trump][led]


cdef void voids_of(NativeSchmier state, uint64_t* found) noexcept:
    """games/schmier.py's ``voids`` as play.py calls it (``trump_anytime`` off)."""
    cdef int i
    for i in range(NUM_PLAYERS):
        found[i] = 0
    if state.trump_c < 0:
        return
    for i in range(state.n_tricks):
        read_voids(found, state.tricks_c[i][0], &state.tricks_c[i][1], NUM_PLAYERS,
                   state.trump_c)
    if state.n_trick:
        read_voids(found, state.leader_c, state.trick_c, state.n_trick, state.trump_c)


cdef int club_card(NativeSchmier state) noexcept:
    cdef int seat = state.to_act_c, i
    cdef uint64_t legal = playable_c(state.hands_c[seat],
                                     state.trick_c[0] if state.n_trick else -1,
                                     state.trump_c, state.trump_anytime_c)
    cdef uint64_t hand, played, unseen
    cdef uint64_t voids[6]
    if legal & (legal - 1) == 0:
        return -1 if legal == 0 else low_bit(legal)
    hand = state.hands_c[seat]
    played = 0
    for i in range(state.num_teams_c):
        played |= state.captured_c[i]
    for i in range(state.n_trick):
        played |= (<uint64_t>1) << state.trick_c[i]
    unseen = DECK & ~hand & ~played
    voids_of(state, voids)
    if not state.n_trick:
        return lead(state, seat, hand, unseen, voids)
    return follow(state, seat, legal, unseen, voids)


cdef int lead(NativeSchmier state, int seat, uint64_t hand, uint64_t unseen,
              uint64_t* voids) noexcept:
    cdef int t = state.trump_c, teams = state.num_teams_c, best, card, other, count, top
    cdef int* power = POWER_C[t]
    cdef uint64_t trumps = TRUMPS_C[t], mine = hand & trumps, rest, opponents_void = 0
    cdef double key, least
    if mine:
        best = -1
        rest = mine
        while rest:
            card = low_bit(rest)
            rest &= rest - 1
            if best < 0 or power[card] > power[best]:
                best = card
        if unseen & trumps and not unseen & ABOVE_C[t][best]:
            return best
        if (state.bidder_c != seat and pymod(state.bidder_c, teams) == pymod(seat, teams)
                and unseen & trumps):
            best = -1
            rest = mine
            while rest:
                card = low_bit(rest)
                rest &= rest - 1
                if 2 <= power[card] <= 9 and (best < 0 or power[card] < power[best]):
                    best = card
            if best >= 0:
                return best
    for other in range(NUM_PLAYERS):
        if pymod(other, teams) != pymod(seat, teams):
            opponents_void |= voids[other]
    best, top = -1, -1
    rest = hand & ~trumps
    while rest:
        card = low_bit(rest)
        rest &= rest - 1
        if not unseen & ABOVE_C[t][card] and not opponents_void >> card & 1:
            count = popcount(unseen & FOLLOW_C[t][EFFECTIVE_C[t][card]])
            if best < 0 or count > top or (count == top and power[card] > power[best]):
                best, top = card, count
    if best >= 0:
        return best
    rest = hand
    while rest:
        card = low_bit(rest)
        rest &= rest - 1
        key = KEEP_C[t][card] + 2 * WORTH_C[t][card]
        if best < 0 or key < least or (key == least and power[card] < power[best]):
            best, least = card, key
    return best


cdef inline double chance(int beaters, int unseen, int hand_size) noexcept:
    if not beaters:
        return 0.0
    return 1.0 - pow(1.0 - <double>beaters / <double>unseen, <double>hand_size)


cdef double hold(NativeSchmier state, int card, int led, int* seats, int n, uint64_t unseen,
                 uint64_t* voids) noexcept:
    """play.py's ``_hold``: the chance that ``card`` still wins after ``seats``."""
    if not n:
        return 1.0
    cdef int t = state.trump_c, size = popcount(unseen), i, cards, over_trumps, over_led
    cdef int led_left
    cdef uint64_t trumps = TRUMPS_C[t], led_cards = FOLLOW_C[t][led], void
    cdef bint is_trump = trumps >> card & 1
    cdef double result = 1.0, can_trump, beat, is_void
    if not size:
        size = 1
    over_trumps = popcount(unseen & trumps & ABOVE_C[t][card] if is_trump else unseen & trumps)
    over_led = 0 if is_trump else popcount(unseen & ABOVE_C[t][card])
    led_left = popcount(unseen & led_cards)
    for i in range(n):
        cards = popcount(state.hands_c[seats[i]])
        void = voids[seats[i]]
        can_trump = 0.0 if void & trumps else chance(over_trumps, size, cards)
        if led == t:
            beat = can_trump
        else:
            if void & led_cards:
                is_void = 1.0
            else:
                is_void = pow(1.0 - <double>led_left / <double>size, <double>cards)
            beat = is_void * can_trump
            if not is_trump and not void & led_cards:
                beat = beat + chance(over_led, size, cards)
                if beat > 1.0:
                    beat = 1.0
        result *= 1.0 - beat
    return result


cdef inline bint beats(int t, int card, int best, int led) noexcept:
    cdef uint64_t trumps = TRUMPS_C[t]
    if trumps >> card & 1:
        return not trumps >> best & 1 or POWER_C[t][card] > POWER_C[t][best]
    return (not trumps >> best & 1 and EFFECTIVE_C[t][card] == led
            and POWER_C[t][card] > POWER_C[t][best])


cdef double trick_worth(int t, int* trick, int n) noexcept:
    """``sum(WORTH[t][c] for c in trick)`` as the running Python sums it."""
    cdef double total = WORTH_C[t][trick[0]], x, s, c = 0.0
    cdef int i
    if not COMPENSATED_SUM:
        for i in range(1, n):
            total += WORTH_C[t][trick[i]]
        return total
    for i in range(1, n):  # Neumaier's summation, as CPython's sum() from 3.12
        x = WORTH_C[t][trick[i]]
        s = total + x
        if fabs(total) >= fabs(x):
            c += (total - s) + x
        else:
            c += (x - s) + total
        total = s
    if c != 0.0:
        total += c
    return total


cdef int follow(NativeSchmier state, int seat, uint64_t legal, uint64_t unseen,
                uint64_t* voids) noexcept:
    cdef int t = state.trump_c, teams = state.num_teams_c, team = pymod(seat, teams)
    cdef int* trick = state.trick_c
    cdef int n = state.n_trick
    cdef int led = EFFECTIVE_C[t][trick[0]]
    cdef int index = trick_winner_c(trick, n, t)
    cdef int best = trick[index], best_seat = (state.leader_c + index) % NUM_PLAYERS
    cdef int* opponents = LATER_C[teams - 2][seat][n][0]
    cdef int n_opponents = LATER_N[teams - 2][seat][n][0]
    cdef int* mates = LATER_C[teams - 2][seat][n][1]
    cdef int n_mates = LATER_N[teams - 2][seat][n][1]
    cdef double worth = trick_worth(t, trick, n)
    cdef double scale = <double>(popcount(state.hands_c[seat]) - 1) / 5.0
    cdef double standing, ours, total, value, top = -1e9
    cdef int choice = -1, card
    if pymod(best_seat, teams) == team:
        standing = hold(state, best, led, opponents, n_opponents, unseen, voids)
    elif n_mates:
        standing = RESCUE * (1.0 - hold(state, best, led, mates, n_mates, unseen, voids))
    else:
        standing = 0.0
    while legal:
        card = low_bit(legal)
        legal &= legal - 1
        if beats(t, card, best, led):
            ours = hold(state, card, led, opponents, n_opponents, unseen, voids)
        else:
            ours = standing
        total = worth + WORTH_C[t][card]
        value = ours * total - (1.0 - ours) * total * OPPONENT_WEIGHT - KEEP_C[t][card] * scale
        if value > top + 1e-9:
            choice, top = card, value
    return choice


# -- the play-out ---------------------------------------------------------------------

cdef int finish_deal_c(NativeSchmier state) except -1:
    cdef int deal = state.deal_number_c, steps = 0
    while state.deal_number_c == deal and state.phase_c != P_OVER and steps < MAX_STEPS:
        state.apply_c(club_action_c(state))
        steps += 1
    return 0


def club_action(NativeSchmier state):
    """The club's action in ``state`` (policy.py's ``club_action``)."""
    return club_action_c(state)


def finish_deal(NativeSchmier state):
    """policy.py's ``finish_deal(state, club_action)``: the club plays the deal to its end."""
    if state.to_act_c < 0 and state.phase_c != P_OVER:
        raise ValueError("nobody is to act: the deal has ended")
    finish_deal_c(state)


def deal_change(NativeSchmier world, long long action, int seat):
    """players.py's ``deal_change(world, action, seat, club_action)``: ``action`` on a copy
    of ``world``, the deal finished by the club rules (nothing more is played when
    ``action`` itself ends it); the seat's team's score change less the mean change of
    the other teams."""
    cdef NativeSchmier state = world.clone_c()
    cdef int teams = state.num_teams_c, team = pymod(seat, teams), k, others = 0
    cdef int deal = state.deal_number_c
    cdef int before[3]
    state.halt_between_deals = True
    for k in range(teams):
        before[k] = state.scores_c[k]
    state.apply_c(action)
    if state.deal_number_c == deal and state.phase_c != P_OVER:
        finish_deal_c(state)
    for k in range(teams):
        if k != team:
            others += state.scores_c[k] - before[k]
    return (state.scores_c[team] - before[team]) - <double>others / <double>(teams - 1)
