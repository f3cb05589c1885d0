# Reading the calls in the kernels: each seat's table of the hands that answer the auction as heard,
# looked up by a hand's rank (shared by fastcore/pimcplay.pyx and the Python layer).
from libc.stdint cimport uint8_t, int8_t, uint32_t, uint64_t

from fastcore.handrank cimport HANDS, TABLE_BYTES    # the hands of five cards, and a table's bytes

cdef struct Reading:
    uint32_t played[4]          # the cards each seat has played
    uint32_t gone               # cards in no hand: those played, the reader's own discard, a turned-down turn-up
    uint32_t pack
    int turn_up, taken, lone, reader, discard   # discard: the reader's own (he dealt and took up), else -1
    const uint8_t* accept[4]    # each seat's table: bit r set when his hand of rank r answers as heard
    const int8_t* discards      # the dealer's discard by the rank of his hand as dealt (he took up), else NULL

cdef int hand_rank(uint32_t hand) noexcept nogil
cdef bint judge(const Reading* r, const uint32_t* held, uint64_t* x, uint32_t* dealt, int* drawn) noexcept nogil
cdef int judge_draws(const Reading* r, int m) noexcept nogil
