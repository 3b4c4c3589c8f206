# cython: language_level=3, boundscheck=False, wraparound=False, cdivision=True
"""The closed-talon alpha-beta solver compiled: :class:`Search` mirrors bots/schnapsen/solver.py.

Rules and method: those of the Python ``Search`` (the reference; read its
header): fail-soft alpha-beta over one deal with every card known, the signed
§10 award for ``me`` as the value, a transposition table of bounds with the
best child's index tried first on a revisit. This one visits the same nodes in
the same order (so ``nodes`` counts the same) and returns the same values;
positions live in C structs and the table is an open-addressing hash in C.
"""

from libc.stdint cimport int8_t, uint64_t
from libc.stdlib cimport calloc, free

from stammtisch.cards import KING, QUEEN, SUIT_MASKS, make_card
from stammtisch.games import schnapsen as _py

cdef enum:
    INF = 3
    TARGET = 66
    MAX_CHILDREN = 24
    MAX_TALON = 24

INF_PY = INF

cdef int POINTS_C[52]
cdef int STRENGTH_C[52]
cdef uint64_t HIGHER_C[52]
cdef uint64_t SUIT_C[4]
cdef int KING_C[4]
cdef int QUEEN_C[4]

for _c in range(52):
    POINTS_C[_c] = _py.POINTS[_c]
    STRENGTH_C[_c] = _py.STRENGTH[_c]
    HIGHER_C[_c] = _py.HIGHER[_c]
for _s in range(4):
    SUIT_C[_s] = SUIT_MASKS[_s]
    KING_C[_s] = make_card(_s, KING)
    QUEEN_C[_s] = make_card(_s, QUEEN)


cdef extern from *:
    int __builtin_ctzll(unsigned long long) nogil
    int __builtin_clzll(unsigned long long) nogil


cdef struct Pos:
    uint64_t h0, h1
    int p0, p1, e0, e1, n0, n1, mover, lead, t, tc, closer


cdef struct Child:
    int value
    bint is_value
    Pos pos


cdef struct Slot:
    uint64_t h0, h1, rest
    int8_t low, high, best
    bint used


cdef inline int graded(int points) noexcept:
    return 3 if points == 0 else 2 if points <= 33 else 1


cdef inline int top_card(uint64_t cards) noexcept:
    """``cards.bit_length() - 1``."""
    return -1 if cards == 0 else 63 - __builtin_clzll(cards)


cdef inline uint64_t mix(uint64_t x) noexcept:
    x ^= x >> 30
    x *= 0xbf58476d1ce4e5b9ULL
    x ^= x >> 27
    x *= 0x94d049bb133111ebULL
    x ^= x >> 31
    return x


cdef class Search:
    """Alpha-beta for one deal of one world; reuse it for every root action."""

    cdef readonly int me, trump, low, face_down
    cdef int talon_c[MAX_TALON]
    cdef public long long nodes
    cdef Slot* slots
    cdef size_t capacity, count

    def __cinit__(self):
        self.capacity = 1 << 12
        self.count = 0
        self.slots = <Slot*>calloc(self.capacity, sizeof(Slot))
        if self.slots == NULL:
            raise MemoryError()

    def __dealloc__(self):
        free(self.slots)

    def __init__(self, state, int me):
        if me not in (0, 1):
            raise ValueError(f"a seat is 0 or 1, not {me}")
        self.me = me
        self.trump = state.trump_suit
        self.low = state.low_trump
        talon = state.deck[state.talon_pos:]
        if len(talon) > MAX_TALON:
            raise ValueError(f"a talon of {len(talon)} cards is longer than a deck")
        self.face_down = len(talon)
        for i, card in enumerate(talon):
            self.talon_c[i] = card
        self.nodes = 0

    @property
    def talon(self):
        return tuple([self.talon_c[i] for i in range(self.face_down)])

    @property
    def table_size(self):
        """Positions in the transposition table."""
        return self.count

    def value(self, state, int alpha=-INF, int beta=INF):
        """The exact value of ``state`` (a position of the deal this search was made for)."""
        h0, h1 = state.hands
        p0, p1 = state.points
        e0, e1 = state.pending
        n0, n1 = state.tricks
        return self.node(h0, h1, p0, p1, e0, e1, n0, n1, state.to_act, state.lead_card,
                         state.t, state.trump_card, state.closer, alpha, beta)

    def node(self, uint64_t h0, uint64_t h1, int p0, int p1, int e0, int e1, int n0, int n1,
             int mover, int lead, int t, int tc, int closer, int alpha, int beta):
        """The value of a position given by its fields (the Python ``Search.node``)."""
        if not (0 <= p0 < 512 and 0 <= p1 < 512 and 0 <= e0 < 512 and 0 <= e1 < 512
                and n0 >= 0 and n1 >= 0 and mover in (0, 1) and -1 <= lead < 52
                and 0 <= t < 32 and 0 <= tc < 52 and -1 <= closer <= 1):
            raise ValueError("not a position of a Schnapsen deal")
        if not (h0 or h1):
            raise ValueError("both hands are empty: the deal is over")
        cdef Pos pos
        pos.h0, pos.h1, pos.p0, pos.p1, pos.e0, pos.e1 = h0, h1, p0, p1, e0, e1
        pos.n0, pos.n1, pos.mover, pos.lead, pos.t, pos.tc, pos.closer = \
            n0, n1, mover, lead, t, tc, closer
        return self.search(&pos, alpha, beta)

    # -- the table -----------------------------------------------------------------

    cdef Slot* find(self, uint64_t h0, uint64_t h1, uint64_t rest) noexcept:
        """The slot of a key: its entry, or the empty slot where it would go."""
        cdef size_t mask = self.capacity - 1
        cdef size_t i = mix(h0 * 0x9E3779B97F4A7C15ULL ^ mix(h1 ^ mix(rest))) & mask
        cdef Slot* slot
        while True:
            slot = &self.slots[i]
            if not slot.used or (slot.h0 == h0 and slot.h1 == h1 and slot.rest == rest):
                return slot
            i = (i + 1) & mask

    cdef int grow(self) except -1:
        cdef Slot* old = self.slots
        cdef size_t old_capacity = self.capacity, i
        cdef Slot* slot
        self.slots = <Slot*>calloc(old_capacity * 2, sizeof(Slot))
        if self.slots == NULL:
            self.slots = old
            raise MemoryError()
        self.capacity = old_capacity * 2
        for i in range(old_capacity):
            if old[i].used:
                slot = self.find(old[i].h0, old[i].h1, old[i].rest)
                slot[0] = old[i]
        free(old)
        return 0

    # -- the search ----------------------------------------------------------------

    cdef int end(self, int winner, int award) noexcept:
        return award if winner == self.me else -award

    cdef int last_trick(self, Pos* s) noexcept:
        """One card each: the last trick, played out directly (the strict phase)."""
        cdef int mover = s.mover
        cdef int lead = top_card(s.h1 if mover else s.h0)
        cdef int card = top_card(s.h0 if mover else s.h1)
        cdef int winner, gained, q0, q1, m0, m1
        cdef bint reached
        if card // 13 == lead // 13:
            winner = 1 - mover if STRENGTH_C[card] > STRENGTH_C[lead] else mover
        else:
            winner = 1 - mover if card // 13 == self.trump else mover
        gained = POINTS_C[lead] + POINTS_C[card]
        if winner:
            q1, q0, m1, m0 = s.p1 + gained + (0 if s.n1 else s.e1), s.p0, s.n1 + 1, s.n0
            reached = q1 >= TARGET
        else:
            q0, q1, m0, m1 = s.p0 + gained + (0 if s.n0 else s.e0), s.p1, s.n0 + 1, s.n1
            reached = q0 >= TARGET
        if reached:
            if s.closer >= 0 and s.closer != winner:
                return self.end(winner, 3)
            return self.end(winner, graded(q0 if winner else q1))
        if s.closer >= 0:
            return self.end(1 - s.closer, 3 if (m0 if s.closer else m1) else 2)
        return 0

    cdef int search(self, Pos* s, int alpha, int beta) except -100:
        cdef uint64_t rest
        cdef Slot* slot
        cdef int first = 0, low, high, a0, b0, best, best_index, count, index, v
        cdef bint maxing
        cdef Child children[MAX_CHILDREN]
        cdef Child moved
        self.nodes += 1
        if s.lead < 0 and not s.h0 & (s.h0 - 1) and not s.h1 & (s.h1 - 1):
            return self.last_trick(s)
        rest = (<uint64_t>s.p0 | <uint64_t>s.p1 << 9 | <uint64_t>s.e0 << 18
                | <uint64_t>s.e1 << 27 | <uint64_t>(s.n0 > 0) << 36
                | <uint64_t>(s.n1 > 0) << 37 | <uint64_t>s.mover << 38
                | <uint64_t>(s.lead + 1) << 39 | <uint64_t>s.t << 45 | <uint64_t>s.tc << 50
                | <uint64_t>(s.closer + 1) << 56)
        slot = self.find(s.h0, s.h1, rest)
        if slot.used:
            low, high, first = slot.low, slot.high, slot.best
            if low >= beta or low == high:
                return low
            if high <= alpha:
                return high
            if low > alpha:
                alpha = low
            if high < beta:
                beta = high
        else:
            low, high = -INF, INF
        a0, b0 = alpha, beta
        maxing = s.mover == self.me
        best = -INF - 1 if maxing else INF + 1
        best_index = 0
        count = self.children(s, children)
        if first:
            moved = children[first]
            for index in range(first, 0, -1):
                children[index] = children[index - 1]
            children[0] = moved
        for index in range(count):
            if children[index].is_value:
                v = children[index].value
            else:
                v = self.search(&children[index].pos, alpha, beta)
            if maxing:
                if v > best:
                    best = v
                    best_index = index
                    if v > alpha:
                        alpha = v
                        if alpha >= beta:
                            break
            else:
                if v < best:
                    best = v
                    best_index = index
                    if v < beta:
                        beta = v
                        if alpha >= beta:
                            break
        if first and best_index <= first:
            best_index = first if best_index == 0 else best_index - 1
        if best <= a0:
            high = min(high, best)
        elif best >= b0:
            low = max(low, best)
        else:
            low = high = best
        # the recursion may have moved the table: find the slot again
        slot = self.find(s.h0, s.h1, rest)
        if not slot.used:
            if (self.count + 1) * 2 > self.capacity:
                self.grow()
                slot = self.find(s.h0, s.h1, rest)
            slot.used = True
            slot.h0, slot.h1, slot.rest = s.h0, s.h1, rest
            self.count += 1
        slot.low, slot.high, slot.best = low, high, best_index
        return best

    cdef inline void value_child(self, Child* child, int value) noexcept:
        child.is_value = True
        child.value = value

    cdef int children(self, Pos* s, Child* out) noexcept:
        """Children in search order (the Python ``_children``): values or positions."""
        cdef int trump = self.trump, mover = s.mover, n = 0, suit, value, points, tricks
        cdef int card, i, j, k, winner, gained, pos, key
        cdef int order[12]
        cdef int keys[12]
        cdef uint64_t hand = s.h1 if mover else s.h0
        cdef uint64_t pair, rest, same, allowed, g0, g1, one = 1
        cdef bint open_, strict, reached
        cdef Pos* c
        if s.lead < 0:
            open_ = s.closer < 0 and s.t > 0
            if open_:
                points = s.p1 if mover else s.p0
                tricks = s.n1 if mover else s.n0
                for suit in range(4):
                    pair = one << KING_C[suit] | one << QUEEN_C[suit]
                    if hand & pair != pair:
                        continue
                    value = 40 if suit == trump else 20
                    if tricks and points + value >= TARGET:
                        self.value_child(&out[n], self.end(mover, graded(s.p0 if mover else s.p1)))
                        n += 1
                        continue
                    for card in (KING_C[suit], QUEEN_C[suit]):
                        out[n].is_value = False
                        c = &out[n].pos
                        c[0] = s[0]
                        c.mover = 1 - mover
                        c.lead = card
                        if mover:
                            c.h1 = hand ^ one << card
                            if tricks:
                                c.p1 += value
                            else:
                                c.e1 += value
                        else:
                            c.h0 = hand ^ one << card
                            if tricks:
                                c.p0 += value
                            else:
                                c.e0 += value
                        n += 1
            # leads: trumps first, then high cards (a stable sort of the ascending cards)
            k = 0
            rest = hand
            while rest:
                card = __builtin_ctzll(rest)
                rest &= rest - 1
                key = -STRENGTH_C[card] - (8 if card // 13 == trump else 0)
                j = k
                while j > 0 and keys[j - 1] > key:
                    keys[j] = keys[j - 1]
                    order[j] = order[j - 1]
                    j -= 1
                keys[j] = key
                order[j] = card
                k += 1
            for i in range(k):
                card = order[i]
                out[n].is_value = False
                c = &out[n].pos
                c[0] = s[0]
                if mover:
                    c.h1 = s.h1 ^ one << card
                    c.mover = 0
                else:
                    c.h0 = s.h0 ^ one << card
                    c.mover = 1
                c.lead = card
                n += 1
            if open_:
                out[n].is_value = False
                c = &out[n].pos
                c[0] = s[0]
                c.closer = mover
                n += 1
                if s.t > 2 and hand >> self.low & 1:
                    out[n].is_value = False
                    c = &out[n].pos
                    c[0] = s[0]
                    pair = one << self.low | one << s.tc
                    if mover:
                        c.h1 = s.h1 ^ pair
                    else:
                        c.h0 = s.h0 ^ pair
                    c.tc = self.low
                    n += 1
            return n
        strict = s.closer >= 0 or s.t == 0
        suit = s.lead // 13
        if strict:
            same = hand & SUIT_C[suit]
            if same:
                allowed = same & HIGHER_C[s.lead]
                if not allowed:
                    allowed = same
            else:
                allowed = hand & SUIT_C[trump]
                if not allowed:
                    allowed = hand
        else:
            allowed = hand
        cdef int leader = 1 - mover
        while allowed:
            card = __builtin_ctzll(allowed)
            allowed &= allowed - 1
            if card // 13 == suit:
                winner = mover if STRENGTH_C[card] > STRENGTH_C[s.lead] else leader
            else:
                winner = mover if card // 13 == trump else leader
            gained = POINTS_C[s.lead] + POINTS_C[card]
            out[n].is_value = False
            c = &out[n].pos
            c[0] = s[0]
            if mover == 0:
                c.h0 ^= one << card
            else:
                c.h1 ^= one << card
            if winner:
                c.p1 += gained + (c.e1 if not c.n1 else 0)
                c.e1 = 0
                c.n1 += 1
                reached = c.p1 >= TARGET
            else:
                c.p0 += gained + (c.e0 if not c.n0 else 0)
                c.e0 = 0
                c.n0 += 1
                reached = c.p0 >= TARGET
            if reached:
                if s.closer >= 0 and s.closer != winner:
                    self.value_child(&out[n], self.end(winner, 3))
                else:
                    self.value_child(&out[n], self.end(winner, graded(c.p0 if winner else c.p1)))
                n += 1
                continue
            if not (c.h0 | c.h1):
                if s.closer >= 0:
                    self.value_child(&out[n], self.end(1 - s.closer,
                                                       3 if (c.n1 if s.closer == 0 else c.n0)
                                                       else 2))
                else:
                    self.value_child(&out[n], 0)
                n += 1
                continue
            if not strict:
                pos = self.face_down - (s.t - 1)
                g0 = one << self.talon_c[pos]
                g1 = one << (s.tc if s.t == 2 else self.talon_c[pos + 1])
                if winner:
                    c.h1 |= g0
                    c.h0 |= g1
                else:
                    c.h0 |= g0
                    c.h1 |= g1
                c.t = s.t - 2
            c.mover = winner
            c.lead = -1
            n += 1
        return n
