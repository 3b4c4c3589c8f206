from libc.stdint cimport int64_t, uint64_t


cdef class SchnauzMatch:
    cdef public int num_players
    cdef readonly object seed
    cdef readonly object decks
    cdef readonly object options
    cdef readonly str deck_variant
    cdef int64_t seed_hash
    cdef int variant
    cdef bint knock_first, check_before, fire_all_others
    cdef int short_stock, knocker_penalty
    cdef int lives_c[6]
    cdef bint eliminated_c[6]
    cdef int order_c[6]
    cdef int n_out
    cdef int active_c[6]
    cdef int n_active
    cdef public int dealer
    cdef public int deal_number
    cdef int phase_c
    cdef public int to_act
    cdef uint64_t hands_c[6]
    cdef uint64_t table_c, out_c, public_c
    cdef int stock_c[64]
    cdef int stock_at, stock_end
    cdef public int knocker
    cdef public int final_turns_left
    cdef public int passes
    cdef public int turned
    cdef public int reshuffles
    cdef public bint halt_between_deals
    cdef readonly object showdown

    cdef SchnauzMatch copy(self)
    cdef void step(self, int action) except *
    cdef int club(self) noexcept
    cdef int next_active(self, int seat) noexcept
    cdef int legal_c(self, int* actions) noexcept
    cdef bint all_turned(self) noexcept
    cdef uint64_t take_three(self) noexcept
    cdef void lay_table(self, uint64_t cards) noexcept
    cdef void dealer_choice(self, int action) except *
    cdef bint all_passed(self) except -1
    cdef void compact(self) noexcept
    cdef void end_round(self, int reason) except *
    cdef bint take_lives(self, int* losses) noexcept
    cdef void start_deal(self) except *
    cdef double standing(self, int seat) noexcept
