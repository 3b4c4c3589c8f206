# cython: language_level=3, boundscheck=False, wraparound=False, cdivision=True
"""Many compiled Schnapsen matches read and stepped in one call, for the vector env
(envs/vector.py): each match's action applied, and per match what its observation
encodes (:data:`FIELDS`, read as :class:`NativeMatch`'s properties read them) and its
legal actions as policy indices and a mask, written to numpy arrays without a Python
object per field or per action. The observation is built from the fields in numpy
(envs/schnapsen_v0.py, ``encode_table``). A match that is over reads as seat -1 with
no legal action.
"""

from libc.stdint cimport int8_t, int64_t, uint64_t

from stammtisch.native.schnapsen_core cimport NativeMatch

from stammtisch.cards import make_card

cdef enum:
    MAX_ACTIONS = 32  # schnapsen_core's bound on the legal actions of a position
    QUEEN = 12
    KING = 13
    EXCHANGE = 52
    CLAIM = 55
    MARRIAGE = 64

FIELDS = ("to_act", "deal_number", "dealer", "closer", "talon", "lead_card", "trump_suit",
          "trump_card", "declared", "points", "pending", "hand", "won_0", "won_1",
          "game_points_0", "game_points_1", "shown", "married")
"""The columns of :func:`read`'s table: the seat to act's ``points``, ``pending`` and
``hand``; ``shown``: the cards the other seat showed (its marriages' queens and kings,
the trump cards it took by exchange); ``married``: bit 4 * holder + suit of each
marriage."""

cdef uint64_t PAIR[4]
for _suit in range(4):
    PAIR[_suit] = (<uint64_t>1) << make_card(_suit, QUEEN) | (<uint64_t>1) << make_card(_suit, KING)


def apply_all(list matches, const int64_t[::1] moves):
    """``matches[i].apply(moves[i])`` for every ``moves[i] >= 0``; the others are left."""
    cdef Py_ssize_t row, n = len(matches)
    cdef NativeMatch match
    cdef int64_t move
    if moves.shape[0] != n:
        raise ValueError(f"{moves.shape[0]} moves for {n} matches")
    for row in range(n):
        move = moves[row]
        if move < 0:
            continue
        match = matches[row]
        if match.to_act_c < 0:
            raise ValueError("the match is over: no action can be applied")
        if not (move < 52 or EXCHANGE <= move <= CLAIM or MARRIAGE <= move < MARRIAGE + 52):
            raise ValueError(f"not a Schnapsen action id: {move}")
        match.apply_c(<int>move)


def turns(list matches, int64_t[:, ::1] out):
    """Each match's seat to act (-1: over) and deal number, in ``out``'s two columns."""
    cdef Py_ssize_t row
    cdef NativeMatch match
    for row in range(len(matches)):
        match = matches[row]
        out[row, 0] = match.to_act_c
        out[row, 1] = match.deal_number_c


def read(list matches, int64_t[:, ::1] table, const int64_t[::1] index_of,
         int64_t[::1] legal, int64_t[::1] counts, int8_t[:, ::1] mask):
    """Each match's :data:`FIELDS` in its row of ``table``; its legal actions as indices
    (``index_of[action]``): their count in ``counts``, the indices row after row in
    ``legal``, and a 1 at each in its row of ``mask`` (zeroed first). Returns how many
    indices ``legal`` holds."""
    cdef Py_ssize_t row, total = 0, n = len(matches), width = mask.shape[1]
    cdef NativeMatch match
    cdef int seat, other, i, k, count
    cdef int actions[MAX_ACTIONS]
    cdef uint64_t shown, married
    if table.shape[0] < n or table.shape[1] != len(FIELDS) or counts.shape[0] < n \
            or mask.shape[0] < n or legal.shape[0] < n * MAX_ACTIONS:
        raise ValueError("the arrays are too small for the matches")
    for row in range(n):
        match = matches[row]
        seat = match.to_act_c
        table[row, 0] = seat
        table[row, 1] = match.deal_number_c
        table[row, 2] = match.dealer_c
        table[row, 3] = match.closer_c
        table[row, 4] = match.t_c
        table[row, 5] = match.lead_card_c
        table[row, 6] = match.trump_suit_c
        table[row, 7] = match.trump_card_c
        table[row, 8] = match.declared_c
        for i in range(width):
            mask[row, i] = 0
        if seat < 0:
            for i in range(9, len(FIELDS)):
                table[row, i] = 0
            counts[row] = 0
            continue
        other = 1 - seat
        table[row, 9] = match.points_c[seat]
        table[row, 10] = match.pending_c[seat]
        table[row, 11] = <int64_t>match.hands_c[seat]
        table[row, 12] = <int64_t>match.won_c[0]
        table[row, 13] = <int64_t>match.won_c[1]
        table[row, 14] = match.game_points_c[0]
        table[row, 15] = match.game_points_c[1]
        shown = married = 0
        for i in range(match.n_marriages):
            married |= (<uint64_t>1) << (4 * match.marriages_c[i][0] + match.marriages_c[i][1])
            if match.marriages_c[i][0] != seat:
                shown |= PAIR[match.marriages_c[i][1]]
        for i in range(match.n_exchanges):
            if match.exchanges_c[i][0] != seat:
                shown |= (<uint64_t>1) << match.exchanges_c[i][1]
        table[row, 16] = <int64_t>shown
        table[row, 17] = <int64_t>married
        count = match.legal_c(actions)
        counts[row] = count
        for i in range(count):
            k = <int>index_of[actions[i]]
            legal[total] = k
            mask[row, k] = 1
            total += 1
    return total
