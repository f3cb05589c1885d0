# A five-card hand's rank: its index among the C(32, 5) hands, by which the calls' tables are looked up
# (one bit a hand). Shared by fastcore/callreading.pyx and the world dealer, which judges a hand as
# soon as it is dealt (fastcore/worldsampler.pyx).
from libc.stdint cimport uint8_t, uint32_t

from fastcore.cards cimport popcount

cdef enum:
    HANDS = 201376          # five cards of 32 ids: C(32, 5)
    TABLE_BYTES = 25172     # a table of hands: one bit a hand

cdef extern from *:
    int __builtin_ctz(unsigned int) nogil


cdef inline int rank_of_five(uint32_t hand) noexcept nogil:
    # the sum of C(card, i) over the cards in increasing order, i = 1..5 (the combinatorial number
    # system); a hand of five cards is assumed
    cdef int c1, c2, c3, c4, c5
    c1 = __builtin_ctz(hand); hand &= hand - 1
    c2 = __builtin_ctz(hand); hand &= hand - 1
    c3 = __builtin_ctz(hand); hand &= hand - 1
    c4 = __builtin_ctz(hand); hand &= hand - 1
    c5 = __builtin_ctz(hand)
    return (c1 + c2 * (c2 - 1) // 2 + c3 * (c3 - 1) * (c3 - 2) // 6 + c4 * (c4 - 1) * (c4 - 2) * (c4 - 3) // 24
            + c5 * (c5 - 1) * (c5 - 2) * (c5 - 3) * (c5 - 4) // 120)


cdef inline bint in_table(const uint8_t* table, uint32_t hand) noexcept nogil:
    # whether ``hand`` is one of the table's hands (a hand not of five cards never is)
    cdef int r
    if popcount(hand) != 5:
        return False
    r = rank_of_five(hand)
    return (table[r >> 3] >> (r & 7)) & 1
