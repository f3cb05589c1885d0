# The world sampler's kernels, shared with the kernels that draw worlds themselves
# (fastcore/pimcplay.pyx): the same code draws the same worlds from the same stream.
from libc.stdint cimport uint8_t, uint32_t, uint64_t

cdef enum:
    MAXC = 32
    ROOM = 6          # room left in each of places 0-2: 0 to 5
    STATES = 216      # ROOM ** 3

# deal_worlds' answers
cdef enum:
    DEAL_OK = 0
    DEAL_BAD_CAPS = 1     # the caps do not share the hidden cards (each hand 0 to 5)
    DEAL_NONE = 2         # no deal keeps the voids


cdef inline uint64_t splitmix64(uint64_t* x) noexcept nogil:
    cdef uint64_t z
    x[0] += <uint64_t>0x9E3779B97F4A7C15ull
    z = x[0]
    z = (z ^ (z >> 30)) * <uint64_t>0xBF58476D1CE4E5B9ull
    z = (z ^ (z >> 27)) * <uint64_t>0x94D049BB133111EBull
    return z ^ (z >> 31)


cdef inline void skip_draws(uint64_t* x, uint64_t k) noexcept nogil:
    # the stream as if splitmix64 had been drawn k times (each draw adds the constant once)
    x[0] += k * <uint64_t>0x9E3779B97F4A7C15ull


cdef inline uint64_t fold_key(uint64_t x, uint64_t k) noexcept nogil:
    # one number of a decision's key folded into a stream state (mix_key, number by number)
    x ^= k * <uint64_t>0xD6E8FEB86659FD93ull
    return splitmix64(&x)


cdef int count_table(const uint8_t* allowed, int m, const int* caps, double* n) noexcept nogil
cdef void deal_one(const uint8_t* allowed, const uint8_t* cards, int m, const int* caps, const double* n,
                   const double* u, uint32_t* out) noexcept nogil

# A dealer of worlds one at a time: the hidden cards, where each may lie, and the stream. The worlds
# it deals one by one are those deal_worlds deals in a batch from the same stream, in order.
cdef struct Dealer:
    uint8_t cards[MAXC]
    uint8_t allowed[MAXC]
    int m
    int caps[4]
    int seats[3]
    uint32_t known[4]
    bint free_deal      # no void: a plain shuffle, no counts
    const double* nt    # the counts (when not free_deal)
    uint64_t x64        # the stream

# Hands judged while a world is dealt: place p's hand (plus ``add[p]``) must be one of ``table[p]``'s
# (NULL: not judged). A world refused this way is left as soon as that hand is complete, its stream
# moved past it as if it had been dealt in full.
cdef struct Early:
    const uint8_t* table[3]
    uint32_t add[3]

cdef int start_dealing(Dealer* g, uint32_t hidden, const int* seats, const uint32_t* forbidden, const int* caps,
                       uint64_t state, const uint32_t* known, double* nt) noexcept nogil
cdef void deal_next(Dealer* g, uint32_t* out) noexcept nogil
cdef bint deal_next_judged(Dealer* g, const Early* e, uint32_t* out) noexcept nogil
cdef int deal_worlds(uint32_t hidden, const int* seats, const uint32_t* forbidden, const int* caps,
                     uint64_t state, Py_ssize_t n, const uint32_t* known, uint32_t* out,
                     double* nt) noexcept nogil
