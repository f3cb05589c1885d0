# The double-dummy solver's kernels, shared with the kernels that search positions themselves
# (fastcore/pimcplay.pyx). The bit layout and the search are described in solver.pyx.
from libc.stdint cimport uint8_t, uint32_t, uint64_t, int8_t, int64_t

# Search techniques, as flags so that the benchmark can measure what each one gives.
cdef enum:
    T_ALPHABETA = 1   # stop at the first move that settles the probe
    T_TABLE = 2       # transposition table at trick boundaries
    T_EQUIV = 4       # search one card of each group of equivalent cards
    T_ORDER = 8       # move ordering
    T_SURE = 16       # sure tricks from the top trumps
    T_ALL = 31

cdef int8_t SUIT_OF[32]       # [bit] -> suit of the trump-free layout (3: the trumps)
cdef int8_t TO_BIT[4][32]     # [trump][card id] -> bit of the trump-free layout
cdef int8_t TO_CARD[4][32]    # [trump][bit] -> card id

# A table entry is one uint64: the 58-bit position key, then AC's lower bound (3 bits) and
# upper bound (3 bits) on the remaining tricks. Eight bytes an entry keep the table in cache.
ctypedef uint64_t Entry

ctypedef struct Ctx:
    Entry* table
    int shift       # 64 - log2(table size)
    int flags
    int table_min_rem  # positions with this many tricks left or fewer skip the table
    int nplayers
    int next[4]     # next seat to play (the lone player's partner is skipped)
    int64_t nodes

cdef uint32_t relabel(uint32_t mask, int trump) noexcept nogil
cdef void setup_seats(Ctx* c, int lone) noexcept nogil
cdef void world_values(Ctx* c, uint32_t* h, int seat, int n_played, int led, int win_bit, int win_seat,
                       uint32_t table, int side, int trump, int8_t* out) noexcept nogil
cdef void world_bounds(Ctx* c, uint32_t* h, int seat, int n_played, int led, int win_bit, int win_seat,
                       uint32_t table, int side, int trump, int ref, int guess, int8_t* out,
                       uint8_t* upper) noexcept nogil
cdef int card_value(Ctx* c, uint32_t* h, int seat, int n_played, int led, int win_bit, int win_seat,
                    uint32_t table, int b, int side, int rem, int guess) noexcept nogil
