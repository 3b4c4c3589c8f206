from libc.stdint cimport uint64_t


cdef class ScatMatch:
    cdef public int num_players
    cdef readonly object seed
    cdef readonly object decks
    cdef readonly object options
    cdef readonly object last_showdown
    cdef double three
    cdef bint straights_on, ace_low, throw_down_on, knock_first, reshuffle_on
    cdef int min_knock, knocker_penalty
    cdef object three_py
    cdef int lives_c[9]
    cdef bint eliminated_c[9]
    cdef int order_c[9]
    cdef int n_out
    cdef int active_c[9]
    cdef int n_active
    cdef public int dealer
    cdef public int deal_number
    cdef int phase_c
    cdef public int to_act
    cdef uint64_t hands_c[9]
    cdef uint64_t known_c[9]
    cdef int pile_c[64]
    cdef int pile_n
    cdef int stock_c[64]
    cdef int stock_at, stock_end
    cdef uint64_t taken_c
    cdef public int knocker
    cdef public int turned
    cdef public int declined
    cdef public int reshuffles
    cdef public bint halt_between_deals

    cdef ScatMatch copy(self)
    cdef int next_active(self, int seat) noexcept
    cdef int legal_c(self, int* actions) noexcept
    cdef bint all_turned(self) noexcept
    cdef double value(self, uint64_t hand) noexcept
    cdef bint can_knock(self) noexcept
    cdef void step(self, int action) except *
    cdef void discard(self, int seat, int card) except *
    cdef void reshuffle(self) except *
    cdef void open_play(self) except *
    cdef void thrown(self, int seat) except *
    cdef void settle(self, int reason, int thirty_mask) except *
    cdef bint take_lives(self, int* losses) noexcept
    cdef void start_deal(self) except *
    cdef int rollout(self) noexcept
    cdef int best_discard(self, uint64_t hand, uint64_t forbidden, uint64_t feed_suits,
                          double* kept) noexcept
    cdef double standing(self, int seat) noexcept
