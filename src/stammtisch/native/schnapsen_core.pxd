from libc.stdint cimport uint64_t

from stammtisch.native.twister cimport Twister


cdef struct CRules:
    int deck_size, hand_size, schneider_max, bonus, match_target, first_dealer, low_rank
    bint follow_always, must_head, must_trump, all_cards, manual, claims, auto_end
    bint schwarz_tricks, flat, no_66_last_trick, snapshot_at_close, fail_traditional
    bint late_marriage


cdef struct LastDeal:
    int deal, dealer, reason, by, winner, award, closer, close_points, close_tricks
    int last_trick_winner
    int points[2]
    int tricks[2]
    int match_points[2]


cdef class NativeMatch:
    cdef CRules r
    cdef readonly object rules
    cdef Twister twister
    cdef object draw_bits_py
    cdef object keyed_seed
    cdef object keyed_decks
    cdef int game_points_c[2]
    cdef int dealer_c, deal_number_c, to_act_c
    cdef bint over_c
    cdef int deck_c[24]
    cdef int deck_len
    cdef int talon_pos_c, t_c, trump_card_c, trump_suit_c, low_trump_c, closer_c
    cdef bint strict_c
    cdef uint64_t hands_c[2]
    cdef int lead_card_c, leader_c, declared_c
    cdef bint claim_ok_c
    cdef int points_c[2]
    cdef int pending_c[2]
    cdef int tricks_c[2]
    cdef uint64_t won_c[2]
    cdef int close_points_c, close_tricks_c
    cdef int marriages_c[8][2]
    cdef int n_marriages
    cdef int exchanges_c[4][4]
    cdef int n_exchanges
    cdef int history_c[12][4]
    cdef int n_history
    cdef LastDeal last
    cdef bint has_last
    cdef object last_deal_cache

    cdef int legal_c(self, int* out) noexcept
    cdef int apply_c(self, int action) except -1
    cdef NativeMatch clone_c(self)
    cdef int start_deal(self) except -1
    cdef int draw(self, int k) except -1
    cdef int announce(self, int seat, int action) except -1
    cdef int marriage(self, int seat, int card) except -1
    cdef int closer_award(self, bint reached, int* winner) noexcept
    cdef int reached(self, int seat, int reason) except -1
    cdef int cards_out(self) except -1
    cdef int end_deal(self, int winner, int award, int reason, int by) except -1
