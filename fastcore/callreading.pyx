# cython: language_level=3, boundscheck=False, wraparound=False, cdivision=True, initializedcheck=False
"""Reading the calls: is a world one in which every seat would have bid as heard?

A seat's answers in the auction depend on his hand and on what everyone heard, so what his calls
say about his hand is a table over every hand he might hold: one bit a hand of five cards, by its
rank (the combinatorial number of its five card ids). The tables are built in Python by asking the
bidding policies themselves (``analysis.bidding.reading``); here a world is judged by looking up
each seat's hand as dealt (the cards he holds plus those he played).

Two things a world does not fix are drawn from the stream, as the reader cannot see them: the hand
of a lone player's partner (five cards of the world's undealt rest) and, when the dealer took up
and the reader is not the dealer, the dealer's discard (one card of what is left of the rest),
which the dealer's policy must then discard from that hand.
"""
from libc.stdint cimport uint8_t, int8_t, int32_t, uint32_t, uint64_t, int64_t

import numpy as np

from fastcore.cards cimport popcount
from fastcore.handrank cimport in_table, rank_of_five
from fastcore.worldsampler cimport splitmix64
from fastcore.errors import EuchreError

cdef extern from *:
    int __builtin_ctz(unsigned int) nogil

# the sizes, for Python: hands of five cards, and bytes of a seat's table
N_HANDS = HANDS
N_TABLE_BYTES = TABLE_BYTES

cdef int hand_rank(uint32_t hand) noexcept nogil:
    """The rank of a five-card hand (fastcore/handrank.pxd); -1 for a hand of another size."""
    if popcount(hand) != 5:
        return -1
    return rank_of_five(hand)


cdef inline int below(uint64_t* x, int m) noexcept nogil:
    # a number 0..m-1 from the stream (m <= 32)
    return <int>(((splitmix64(x) >> 32) * <uint64_t>m) >> 32)


cdef bint judge(const Reading* r, const uint32_t* held, uint64_t* x, uint32_t* dealt, int* drawn) noexcept nogil:
    """Whether the world ``held`` (each seat's cards still held) is one in which all four seats bid
    as heard; the unseen cards are drawn from ``x``. ``dealt`` receives the four hands as dealt
    (the dealer's before he took up) and ``drawn`` the dealer's discard the world assumes (-1 none)."""
    cdef uint32_t rest, placed, turn_bit = 0
    cdef int ids[32]
    cdef int s, m, j, k, t, out = -1, discard = -1
    drawn[0] = -1
    if r.turn_up >= 0:
        turn_bit = (<uint32_t>1) << r.turn_up
    placed = r.gone | turn_bit
    for s in range(4):
        dealt[s] = held[s] | r.played[s]
        placed |= dealt[s]
    if r.lone >= 0:
        out = r.lone ^ 2
    if out >= 0 or (r.taken and r.reader != 0):
        rest = r.pack & ~placed
        m = 0
        while rest:
            ids[m] = __builtin_ctz(rest)
            rest &= rest - 1
            m += 1
        k = 0
        if out >= 0:             # the partner who sits out: five of the rest (a partial shuffle)
            if m < 5:
                return False
            dealt[out] = 0
            for j in range(5):
                t = j + below(x, m - j)
                s = ids[j]
                ids[j] = ids[t]
                ids[t] = s
                dealt[out] |= (<uint32_t>1) << ids[j]
            k = 5
        if r.taken and r.reader != 0:
            if m <= k:
                return False
            discard = ids[k + below(x, m - k)]
    if r.taken:
        if r.reader == 0:
            discard = r.discard
            if discard < 0:
                return False
        dealt[0] = (dealt[0] & ~turn_bit) | ((<uint32_t>1) << discard)
        drawn[0] = discard
    for s in range(4):
        if not in_table(r.accept[s], dealt[s]):
            return False
    if r.taken and r.discards != NULL and r.discards[hand_rank(dealt[0])] != discard:
        return False
    return True


cdef int judge_draws(const Reading* r, int m) noexcept nogil:
    """How many numbers :func:`judge` draws from its stream for a world that leaves ``m`` cards of the
    pack in no hand: the same for every world of a decision, so a world refused before it is judged
    can skip them."""
    cdef int d = 0
    if r.lone >= 0:
        if m < 5:
            return 0
        d = 5
    if r.taken and r.reader != 0:
        if m <= d:
            return d
        d += 1
    return d


# --- the Python layer ----------------------------------------------------------------------------------

def all_hands():
    """Every hand of five card ids (0..31) as a uint32 mask, in the order of their ranks."""
    out = np.empty(HANDS, np.uint32)
    cdef uint32_t[::1] ov = out
    cdef int a, b, c, d, e
    for e in range(4, 32):
        for d in range(3, e):
            for c in range(2, d):
                for b in range(1, c):
                    for a in range(b):
                        ov[hand_rank((1u << a) | (1u << b) | (1u << c) | (1u << d) | (1u << e))] = \
                            (1u << a) | (1u << b) | (1u << c) | (1u << d) | (1u << e)
    return out


def hand_ranks(masks):
    """The rank of each five-card mask (-1 for a mask of another size)."""
    m = np.ascontiguousarray(masks, dtype=np.uint32).reshape(-1)
    out = np.empty(m.shape[0], np.int64)
    cdef const uint32_t[::1] mv = m
    cdef int64_t[::1] ov = out
    cdef Py_ssize_t i
    with nogil:
        for i in range(mv.shape[0]):
            ov[i] = hand_rank(mv[i])
    return out.reshape(np.shape(masks))


cdef void fill_reading(Reading* r, played, uint32_t gone, uint32_t pack, int turn_up, int taken, int lone, int reader,
                       int discard, const uint8_t[:, ::1] accept, const int8_t* discards):
    cdef int s
    for s in range(4):
        r.played[s] = <uint32_t>int(played[s])
        r.accept[s] = &accept[s, 0]
    r.gone = <uint32_t>gone
    r.pack = <uint32_t>pack
    r.turn_up, r.taken, r.lone, r.reader, r.discard = turn_up, taken, lone, reader, discard
    r.discards = discards


def checked_tables(accept, discards):
    """(accept as (4, TABLE_BYTES) uint8, discards as (HANDS,) int8 or None), refused otherwise."""
    a = np.ascontiguousarray(accept, dtype=np.uint8)
    if a.shape != (4, TABLE_BYTES):
        raise EuchreError(f"the calls' tables must be four rows of {TABLE_BYTES} bytes, not {a.shape}")
    if discards is not None:
        discards = np.ascontiguousarray(discards, dtype=np.int8)
        if discards.shape != (HANDS,):
            raise EuchreError(f"the dealer's discard table must hold {HANDS} cards, not {discards.shape}")
    return a, discards


def judge_worlds(held, played, gone, pack, turn_up, taken, lone, reader, discard, accept, discards, state,
                 drawn=False):
    """For each world (rows of ``held``: four masks, the cards each seat still holds), whether every
    seat bid as heard. ``played``: the four seats' cards played; ``gone``: the cards in no hand
    (played, the reader's own discard, a turned-down turn-up); ``pack``: the pack's mask;
    ``turn_up`` (-1 unknown), ``taken`` (the dealer took up), ``lone`` (-1 none), ``reader`` (the
    seat reading), ``discard`` (the reader's own, if he dealt and took up; else -1); ``accept``:
    (4, TABLE_BYTES) uint8, each seat's table; ``discards``: the dealer's discard by hand rank, or
    None; ``state``: the 64-bit stream the unseen cards are drawn from, world after world.
    With ``drawn``, returns (keep, the hands as dealt (n, 4), the dealer's discard assumed (n,))."""
    h = np.ascontiguousarray(held, dtype=np.uint32)
    if h.ndim != 2 or h.shape[1] != 4:
        raise EuchreError("judge_worlds: held must be (n, 4) masks")
    a, d = checked_tables(accept, discards)
    if taken and d is None:
        raise EuchreError("judge_worlds: the dealer took up, so his discard table is needed")
    cdef const uint8_t[:, ::1] av = a
    cdef const int8_t[::1] dv
    cdef const int8_t* dp = NULL
    if d is not None:
        dv = d
        dp = &dv[0]
    cdef Reading r
    fill_reading(&r, played, int(gone), int(pack), int(turn_up), int(bool(taken)), int(lone), int(reader),
                 int(discard), av, dp)
    out = np.zeros(h.shape[0], np.uint8)
    dealt = np.zeros((h.shape[0], 4), np.uint32)
    down = np.full(h.shape[0], -1, np.int32)
    cdef uint8_t[::1] ov = out
    cdef uint32_t[:, ::1] dt = dealt
    cdef int32_t[::1] dn = down
    cdef const uint32_t[:, ::1] hv = h
    cdef uint64_t x = <uint64_t>int(state)
    cdef Py_ssize_t i
    cdef int got
    with nogil:
        for i in range(hv.shape[0]):
            ov[i] = judge(&r, &hv[i, 0], &x, &dt[i, 0], &got)
            dn[i] = got
    if drawn:
        return out.view(bool), dealt, down
    return out.view(bool)
