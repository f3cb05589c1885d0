# cython: language_level=3, boundscheck=False, wraparound=False, cdivision=True
"""Compiled twin of analysis.game.patterns and analysis.game.discard, for whole batches of hands.

The shape of a hand under a trump (trumps held by trump order, outside aces, voids, ...) is
computed once per hand and tested against every pattern of a list. A pattern arrives encoded as
one row of NEED_FIELDS integers (analysis.game.patterns.Need.encode); the meaning of each field is
defined there, in Python, which stays the reference these kernels are tested against.
"""
from libc.stdint cimport uint32_t, int8_t, uint8_t, int32_t
from fastcore.cards cimport JACK, popcount, suit_mask, trump_order

cdef extern from *:
    int __builtin_clz(unsigned int) nogil
    int __builtin_ctz(unsigned int) nogil

import numpy as np

from fastcore.errors import EuchreError

NEED_FIELDS = 10   # named_bits, min_trumps, medium, small_two, aces, one_suit, one_suit_ace, one_suit_len, kq, voids

cdef struct Shape:
    int n_trumps
    uint32_t held        # bit o set: the trump of order o is held (right 8, left 7, ace 6 ... seven 0)
    int top2
    int top3
    int aces
    int voids
    int suits_held
    int one_len
    int one_ace
    uint32_t kq_suits
    uint32_t ace_suits


cdef void shape_of(uint32_t mask, int trump, Shape* sh) noexcept nogil:
    cdef uint32_t tm = suit_mask(trump, trump), trumps = mask & tm, pm
    cdef int o, s, taken
    sh.held = 0
    sh.n_trumps = popcount(trumps)
    while trumps:       # the trumps held, lowest card first
        sh.held |= (<uint32_t>1) << trump_order(__builtin_ctz(trumps), trump)
        trumps &= trumps - 1
    sh.top2 = 0
    sh.top3 = 0
    taken = 0
    for o in range(8, -1, -1):
        if sh.held >> o & 1:
            if taken < 2:
                sh.top2 += o
            if taken < 3:
                sh.top3 += o
            taken += 1
    sh.aces = 0
    sh.voids = 0
    sh.suits_held = 0
    sh.one_len = 0
    sh.one_ace = 0
    sh.kq_suits = 0
    sh.ace_suits = 0
    for s in range(4):
        if s == trump:
            continue
        pm = mask & suit_mask(s, trump)
        if pm == 0:
            sh.voids += 1
            continue
        sh.suits_held += 1
        sh.one_len = popcount(pm)
        sh.one_ace = (pm >> (s * 8 + 7)) & 1
        if sh.one_ace:
            sh.aces += 1
            sh.ace_suits |= 1u << s
        if (pm >> (s * 8 + 6)) & 1 and (pm >> (s * 8 + 5)) & 1:
            sh.kq_suits |= 1u << s


cdef int satisfies(Shape* sh, const int32_t* need) noexcept nogil:
    cdef int s
    if need[0] & ~(<int>sh.held):
        return 0
    if sh.n_trumps < need[1]:
        return 0
    if need[2] == 3 and (sh.n_trumps < 3 or sh.top3 < 13):
        return 0
    if need[2] == 2 and (sh.n_trumps < 2 or sh.top2 < 7):
        return 0
    if need[3] and (sh.n_trumps < 2 or (sh.held >> 4) != 0):
        return 0
    if need[5]:
        if sh.suits_held != 1:
            return 0
        if need[6] and not sh.one_ace:
            return 0
        if need[7] and sh.one_len < need[7]:
            return 0
    if need[9] and sh.voids < need[9]:
        return 0
    if need[8]:
        for s in range(4):
            if sh.kq_suits >> s & 1 and popcount(sh.ace_suits & ~(1u << s)) >= need[4]:
                return 1
        return 0
    return sh.aces >= need[4]


cdef void match_rows(const uint32_t[::1] masks, const int8_t[::1] trumps, const int32_t[:, ::1] needs,
                     uint8_t[:, ::1] out) noexcept nogil:
    cdef Py_ssize_t i, p
    cdef Shape sh
    for i in range(masks.shape[0]):
        shape_of(masks[i], trumps[i], &sh)
        for p in range(needs.shape[0]):
            out[i, p] = satisfies(&sh, &needs[p, 0])


def match_needs(masks, trumps, needs):
    """(N, P) bool: does hand i match pattern p under trumps[i]? ``needs``: (P, NEED_FIELDS) int32."""
    m = np.ascontiguousarray(masks, dtype=np.uint32)
    t = np.ascontiguousarray(trumps, dtype=np.int8)
    n = np.ascontiguousarray(needs, dtype=np.int32).reshape(-1, NEED_FIELDS)
    if m.ndim != 1 or t.shape != m.shape:
        raise EuchreError("match_needs: masks and trumps must be 1-D arrays of the same length")
    if len(t) and (t.min() < 0 or t.max() > 3):
        raise EuchreError("match_needs: a trump must be a suit 0..3")
    out = np.zeros((m.shape[0], n.shape[0]), dtype=np.uint8)
    match_rows(m, t, n, out)
    return out.view(bool)


cdef int book_discard_one(uint32_t six, int turn_up, int alone) noexcept nogil:
    # See analysis.game.discard: keep a lone ace unless alone; shortest plain suit, then lower top
    # card; its lowest card. Nothing but trumps: the lowest trump.
    cdef int trump = turn_up >> 3, s, best = -1, n, top, c
    cdef int best_len = 99, best_top = 99, any_candidate = 0, pass_
    cdef uint32_t hand = six & ~((<uint32_t>1) << turn_up), pm, tm = suit_mask(trump, trump)
    for pass_ in range(2):      # second pass: every suit, when only lone aces were left
        for s in range(4):
            if s == trump:
                continue
            pm = hand & suit_mask(s, trump)
            if pm == 0:
                continue
            n = popcount(pm)
            top = 31 - __builtin_clz(pm)
            if pass_ == 0 and not alone and n == 1 and (top & 7) == 7:
                continue
            if n < best_len or (n == best_len and (top & 7) < best_top):
                best, best_len, best_top = s, n, top & 7
        if best >= 0:
            pm = hand & suit_mask(best, trump)
            return __builtin_ctz(pm)     # lowest card of that suit: lowest rank, same suit
    best = -1
    top = 99
    for c in range(32):
        if (hand & tm) >> c & 1 and trump_order(c, trump) < top:
            best, top = c, trump_order(c, trump)
    return best



def book_discard_batch(six, turn_up, alone):
    """The book's discard (analysis.game.discard.book_discard) for each row: int8 card ids."""
    h = np.ascontiguousarray(six, dtype=np.uint32)
    t = np.ascontiguousarray(turn_up, dtype=np.int8)
    a = np.ascontiguousarray(alone, dtype=np.uint8)
    if not (h.shape == t.shape == a.shape) or h.ndim != 1:
        raise EuchreError("book_discard_batch: six, turn_up and alone must be 1-D arrays of one length")
    cdef const uint32_t[::1] hv = h
    cdef const int8_t[::1] tv = t
    cdef const uint8_t[::1] av = a
    out = np.empty(h.shape[0], dtype=np.int8)
    cdef int8_t[::1] ov = out
    cdef Py_ssize_t i
    with nogil:
        for i in range(hv.shape[0]):
            ov[i] = book_discard_one(hv[i], tv[i], av[i])
    return out


def hand_numbers(masks, trumps):
    """(N, 3) int32 per hand under its trump: trumps held, outside aces, and a strength key
    (100 * trumps held + the sum of their trump orders) for choosing between suits."""
    m = np.ascontiguousarray(masks, dtype=np.uint32)
    t = np.ascontiguousarray(trumps, dtype=np.int8)
    if m.ndim != 1 or t.shape != m.shape:
        raise EuchreError("hand_numbers: masks and trumps must be 1-D arrays of the same length")
    out = np.empty((m.shape[0], 3), dtype=np.int32)
    cdef const uint32_t[::1] mv = m
    cdef const int8_t[::1] tv = t
    cdef int32_t[:, ::1] ov = out
    cdef Py_ssize_t i
    cdef int o, total
    cdef Shape sh
    with nogil:
        for i in range(mv.shape[0]):
            shape_of(mv[i], tv[i], &sh)
            total = 0
            for o in range(9):
                if sh.held >> o & 1:
                    total += o
            ov[i, 0] = sh.n_trumps
            ov[i, 1] = sh.aces
            ov[i, 2] = 100 * sh.n_trumps + total
    return out
