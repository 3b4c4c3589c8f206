from libc.stdint cimport int64_t, uint64_t


cdef enum Phase:
    P_AUCTION = 0
    P_TRUMP = 1
    P_EXCHANGE = 2
    P_ROB = 3
    P_PLAY = 4
    P_OVER = 5


cdef struct LastDeal:
    int deal, dealer, bidder, bidding_team, bid, trump, high_seat, low_seat
    bint made
    int points[6]
    int game_counts[3]
    int won[3]
    int delta[3]
    int scores[3]


cdef class NativeSchmier:
    cdef readonly object options
    cdef object seed_py
    cdef object decks_py
    cdef int num_teams_c, target_c, min_bid_c, max_bid_c, max_discard_c
    cdef bint stick_c, dealer_equal_c, trump_anytime_c, tie_to_bidder_c, joint_win_c
    cdef int scores_c[3]
    cdef int dealer_c, deal_number_c, played_deals_c, phase_c, to_act_c
    cdef uint64_t hands_c[6]
    cdef int stock_c[53]
    cdef int stock_start, stock_end
    cdef uint64_t discards_c[6]
    cdef int exchanged_c[6]
    cdef int auction_c[6][2]
    cdef int n_auction
    cdef int high_bid_c, bidder_c, trump_c
    cdef int trick_c[6]
    cdef int n_trick, leader_c
    cdef int tricks_c[6][8]
    cdef int n_tricks
    cdef uint64_t captured_c[3]
    cdef int high_seat_c, low_seat_c
    cdef object winners_py
    cdef object last_deal_py
    cdef bint last_pending
    cdef LastDeal last
    cdef public bint halt_between_deals

    cdef int legal_c(self, int64_t* out) noexcept
    cdef list discards_legal(self)
    cdef int apply_c(self, int64_t action) except -1
    cdef NativeSchmier clone_c(self)
    cdef int start_deal(self) except -1
    cdef int bid_c(self, int seat, int n) except -1
    cdef int exchange_c(self, int seat, uint64_t cards) except -1
    cdef int play_c(self, int seat, int card) except -1
    cdef int score_deal(self) except -1


cdef int trick_winner_c(int* cards, int n, int trump) noexcept
cdef uint64_t playable_c(uint64_t hand, int lead, int trump, bint anytime) noexcept
