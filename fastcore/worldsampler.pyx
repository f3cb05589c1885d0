# cython: language_level=3, boundscheck=False, wraparound=False, cdivision=True, initializedcheck=False
"""Hidden cards dealt uniformly among the places they may lie in: the worlds of table-side play.

``deal_places(allowed, caps, u)``: ``m`` hidden cards are dealt to four places (three hands and
the undealt rest, say), place ``p`` taking exactly ``caps[p]`` of them, card ``j`` only to a place
of ``allowed[j]`` (a bit per place; a void forbids a seat its suit). Every such deal is equally
likely. Card by card, the kernel picks card j's place with probability proportional to the number
of ways to deal the cards after it into what is left, counted once per call by dynamic
programming over (card, room left in places 0-2; place 3 takes the rest). Counts are doubles,
exact below 2**53 (at most 26 cards into 5, 5, 5 and 11 is about 6e12 deals), so the shares are
exact up to the rounding of one division. ``u`` (W, m) are uniform numbers in [0, 1), one per
card and world, drawn by the caller from its seeded generator: the worlds are a function of them.

``deal_hidden`` draws the worlds of table-side play from a SplitMix64 stream; its body,
``deal_worlds``, is shared through worldsampler.pxd with the kernels that draw worlds themselves
(fastcore/pimcplay.pyx), so the same stream gives the same worlds there; they may also draw them
one at a time (``start_dealing``, then ``deal_next``), the same worlds in the same order, and
``deal_next_judged`` judges each seat's hand by a table of the hands he may hold as soon as it is
dealt, leaving a refused world there with the stream moved past it (``deal_hidden_judged``).
"""
from libc.stdint cimport int64_t, uint8_t, uint32_t, uint64_t
from libc.string cimport memset

import numpy as np

cdef extern from *:
    int __builtin_ctz(unsigned int) nogil

from fastcore.errors import EuchreError
from fastcore.handrank cimport TABLE_BYTES, in_table

# MAXC, ROOM, STATES, splitmix64 and fold_key are defined in worldsampler.pxd.


cdef int count_table(const uint8_t* allowed, int m, const int* caps, double* n) noexcept nogil:
    # n[j * STATES + s]: the deals of cards j..m-1 when places 0-2 have room s = (a, b, c)
    cdef int j, a, b, c, s, r, p
    cdef double t
    for a in range(caps[0] + 1):        # the states read below: room within the caps
        for b in range(caps[1] + 1):
            memset(&n[m * STATES + a * 36 + b * 6], 0, sizeof(double) * (caps[2] + 1))
    n[m * STATES + 0] = 1.0
    for j in range(m - 1, -1, -1):
        for a in range(caps[0] + 1):
            for b in range(caps[1] + 1):
                for c in range(caps[2] + 1):
                    r = (m - j) - a - b - c        # room left in place 3
                    if r < 0:
                        continue
                    s = a * 36 + b * 6 + c
                    t = 0.0
                    if (allowed[j] & 1) and a > 0:
                        t += n[(j + 1) * STATES + s - 36]
                    if (allowed[j] & 2) and b > 0:
                        t += n[(j + 1) * STATES + s - 6]
                    if (allowed[j] & 4) and c > 0:
                        t += n[(j + 1) * STATES + s - 1]
                    if (allowed[j] & 8) and r > 0:
                        t += n[(j + 1) * STATES + s]
                    n[j * STATES + s] = t
    return 0


cdef inline int pick(uint8_t allowed, const double* n, int j, int a, int b, int c, int r, double u) noexcept nogil:
    """Card j's place, for the uniform ``u``, when places 0-2 have room a, b, c and place 3 has r."""
    cdef int s = a * 36 + b * 6 + c, p, last = -1
    cdef double x = u * n[j * STATES + s], wgt
    for p in range(4):
        if not (allowed >> p) & 1:
            continue
        if p == 0:
            wgt = n[(j + 1) * STATES + s - 36] if a > 0 else 0.0
        elif p == 1:
            wgt = n[(j + 1) * STATES + s - 6] if b > 0 else 0.0
        elif p == 2:
            wgt = n[(j + 1) * STATES + s - 1] if c > 0 else 0.0
        else:
            wgt = n[(j + 1) * STATES + s] if r > 0 else 0.0
        if wgt <= 0.0:
            continue
        last = p
        if x < wgt:
            break
        x -= wgt
    # the chosen place (or, after rounding, the last possible one)
    return last


cdef void deal_one(const uint8_t* allowed, const uint8_t* cards, int m, const int* caps, const double* n,
                   const double* u, uint32_t* out) noexcept nogil:
    cdef int room[3]
    cdef int j, p
    room[0] = caps[0]; room[1] = caps[1]; room[2] = caps[2]
    out[0] = 0; out[1] = 0; out[2] = 0; out[3] = 0
    for j in range(m):
        p = pick(allowed[j], n, j, room[0], room[1], room[2], (m - j) - room[0] - room[1] - room[2], u[j])
        out[p] |= (<uint32_t>1) << cards[j]
        if p < 3:
            room[p] -= 1


cdef inline bint refused(const Early* e, const Dealer* g, int p, uint32_t dealt) noexcept nogil:
    """Whether place p's hand, complete, is refused by its table."""
    return e.table[p] != NULL and not in_table(e.table[p], g.known[g.seats[p]] | dealt | e.add[p])


def count_places(cards, allowed, caps) -> float:
    """The number of deals of ``cards`` to the four places (see :func:`deal_places`)."""
    cdef uint8_t[::1] al = np.ascontiguousarray(allowed, dtype=np.uint8)
    cdef int m = al.shape[0]
    cdef int cp[4]
    _check(cards, al, caps, cp)
    cdef double[::1] n = np.empty((m + 1) * STATES, np.float64)
    with nogil:
        count_table(&al[0] if m else NULL, m, cp, &n[0])
    return float(n[cp[0] * 36 + cp[1] * 6 + cp[2]])


cdef _check(cards, uint8_t[::1] al, caps, int* cp):
    m = al.shape[0]
    if len(cards) != m:
        raise EuchreError("give one set of allowed places per card")
    if m > MAXC:
        raise EuchreError(f"at most {MAXC} cards, not {m}")
    cs = [int(x) for x in caps]
    if len(cs) != 4 or any(not 0 <= x <= 5 for x in cs[:3]) or cs[3] < 0 or sum(cs) != m:
        raise EuchreError(f"caps must be four numbers, the first three 0 to 5, summing to the {m} cards, not {caps!r}")
    for i in range(4):
        cp[i] = cs[i]


def deal_places(cards, allowed, caps, u):
    """Uniform deals of ``cards`` (m card ids) to four places: (W, 4) uint32 masks, one row per
    row of ``u`` ((W, m) uniforms in [0, 1)). ``allowed[j]``: bitmask of the places card j may go
    to; ``caps``: how many cards each place takes (the first three at most 5, summing to m)."""
    cdef uint8_t[::1] cd = np.ascontiguousarray(cards, dtype=np.uint8)
    cdef uint8_t[::1] al = np.ascontiguousarray(allowed, dtype=np.uint8)
    cdef int m = al.shape[0]
    cdef int cp[4]
    _check(cd, al, caps, cp)
    uu = np.ascontiguousarray(u, dtype=np.float64)
    if uu.ndim != 2 or uu.shape[1] != m:
        raise EuchreError(f"u must have shape (W, {m}), not {uu.shape}")
    cdef double[:, ::1] uv = uu
    cdef Py_ssize_t w = uu.shape[0], i
    out = np.zeros((w, 4), np.uint32)
    cdef uint32_t[:, ::1] ov = out
    cdef double[::1] n = np.empty((m + 1) * STATES, np.float64)
    cdef double total
    with nogil:
        count_table(&al[0] if m else NULL, m, cp, &n[0])
        total = n[cp[0] * 36 + cp[1] * 6 + cp[2]]
    if total <= 0:
        raise EuchreError("no deal is consistent with the constraints: the voids leave some hand too few cards")
    if m == 0 or w == 0:
        return out
    with nogil:
        for i in range(w):
            deal_one(&al[0], &cd[0], m, cp, &n[0], &uv[i, 0], &ov[i, 0])
    return out


def mix_key(uint64_t state, key) -> int:
    """A stream state for the decision named by ``key`` (whole numbers), from a root ``state``:
    each number of the key is folded in by one SplitMix64 step."""
    cdef uint64_t x = state
    for v in key:
        x = fold_key(x, <uint64_t>(<int64_t>v))
    return x


cdef int start_dealing(Dealer* g, uint32_t hidden, const int* seats, const uint32_t* forbidden, const int* caps,
                       uint64_t state, const uint32_t* known, double* nt) noexcept nogil:
    """Readies ``g`` to deal worlds from ``state`` (see :func:`deal_hidden`); ``nt`` a scratch of
    (MAXC + 1) * STATES doubles, kept while ``g`` deals. Returns DEAL_OK, DEAL_BAD_CAPS (the caps
    do not share the hidden cards) or DEAL_NONE (no deal keeps the voids)."""
    cdef uint32_t rest = hidden
    cdef int m = 0, p, x
    g.free_deal = True
    while rest:
        x = __builtin_ctz(rest)
        rest &= rest - 1
        g.cards[m] = <uint8_t>x
        g.allowed[m] = 8
        for p in range(3):
            if not (forbidden[p] >> x) & 1:
                g.allowed[m] |= <uint8_t>(1 << p)
        if g.allowed[m] != 15:
            g.free_deal = False
        m += 1
    g.m = m
    for p in range(3):
        if not 0 <= caps[p] <= 5:
            return DEAL_BAD_CAPS
        g.seats[p] = seats[p]
    if caps[3] < 0 or caps[0] + caps[1] + caps[2] + caps[3] != m:
        return DEAL_BAD_CAPS
    for p in range(4):
        g.caps[p] = caps[p]
        g.known[p] = known[p]
    g.x64 = state
    g.nt = nt
    if g.free_deal:
        # no void: a plain shuffle (partial Fisher-Yates) is uniform, and needs no counts
        return DEAL_OK
    count_table(g.allowed, m, caps, nt)
    if nt[caps[0] * 36 + caps[1] * 6 + caps[2]] <= 0:
        return DEAL_NONE
    return DEAL_OK


cdef void deal_next(Dealer* g, uint32_t* out) noexcept nogil:
    """The next world of ``g``'s stream into ``out`` (four masks, seats A B C D)."""
    deal_next_judged(g, NULL, out)


cdef bint deal_next_judged(Dealer* g, const Early* e, uint32_t* out) noexcept nogil:
    """:func:`deal_next`, each place's hand judged by ``e`` (NULL: none) as soon as it is dealt: False
    when one is refused, the rest of the world not dealt (``out`` then holds part of it) but its
    draws skipped, so the stream is where :func:`deal_next` leaves it."""
    cdef uint8_t work[MAXC]
    cdef uint32_t placed[4]
    cdef int j, k, p, pos, take, m = g.m, left
    cdef int room[3]
    cdef uint8_t t
    cdef uint32_t h
    for p in range(4):
        out[p] = g.known[p]
    if g.free_deal:
        for j in range(m):
            work[j] = g.cards[j]
        pos = 0
        left = g.caps[0] + g.caps[1] + g.caps[2]
        for p in range(3):
            h = 0
            for take in range(g.caps[p]):
                # a uniform index in [pos, m): 53-bit uniform times the range (bias below 2**-47)
                k = pos + <int>((<double>(splitmix64(&g.x64) >> 11) * (1.0 / 9007199254740992.0)) * (m - pos))
                t = work[k]
                work[k] = work[pos]
                work[pos] = t
                h |= (<uint32_t>1) << t
                pos += 1
            out[g.seats[p]] |= h
            left -= g.caps[p]
            if e != NULL and refused(e, g, p, h):
                skip_draws(&g.x64, left)
                return False
        return True
    # deal_one with the uniforms drawn card by card (the same numbers), each place judged when full
    placed[0] = 0; placed[1] = 0; placed[2] = 0; placed[3] = 0
    for p in range(3):
        room[p] = g.caps[p]
        if e != NULL and room[p] == 0 and refused(e, g, p, 0):
            skip_draws(&g.x64, m)
            return False
    for j in range(m):
        p = pick(g.allowed[j], g.nt, j, room[0], room[1], room[2], (m - j) - room[0] - room[1] - room[2],
                 <double>(splitmix64(&g.x64) >> 11) * (1.0 / 9007199254740992.0))
        placed[p] |= (<uint32_t>1) << g.cards[j]
        if p < 3:
            room[p] -= 1
            if e != NULL and room[p] == 0 and refused(e, g, p, placed[p]):
                skip_draws(&g.x64, m - 1 - j)
                return False
    for p in range(3):
        out[g.seats[p]] |= placed[p]
    return True


cdef int deal_worlds(uint32_t hidden, const int* seats, const uint32_t* forbidden, const int* caps,
                     uint64_t state, Py_ssize_t n, const uint32_t* known, uint32_t* out,
                     double* nt) noexcept nogil:
    """The body of :func:`deal_hidden`: ``n`` deals into ``out`` (n rows of four masks), ``nt`` a
    scratch of (MAXC + 1) * STATES doubles. Returns DEAL_OK, DEAL_BAD_CAPS (the caps do not share
    the hidden cards) or DEAL_NONE (no deal keeps the voids)."""
    cdef Dealer g
    cdef Py_ssize_t i
    cdef int code = start_dealing(&g, hidden, seats, forbidden, caps, state, known, nt)
    if code != DEAL_OK:
        return code
    for i in range(n):
        deal_next(&g, &out[4 * i])
    return DEAL_OK


def deal_hidden(uint32_t hidden, seats, forbidden, caps, uint64_t state, Py_ssize_t n, known=None):
    """``n`` uniform deals of the ``hidden`` cards (a mask) to the hands of three ``seats`` (their
    ``forbidden`` cards excluded: the voids) and the undealt rest, the seats taking ``caps[0:3]``
    cards and the rest ``caps[3]``: (n, 4) uint32, the cards dealt to seats A B C D, plus
    ``known[s]`` (a mask per seat, cards known to be in his hand) when given. The uniform
    numbers come from SplitMix64 started at ``state`` (53 bits each), so the same state gives the
    same deals."""
    cdef int cp[4]
    cdef int st[3]
    cdef uint32_t fb[3]
    cdef uint32_t kn[4]
    cdef int code
    _dealer_args(seats, forbidden, caps, known, st, fb, cp, kn)
    out = np.zeros((n, 4), np.uint32)
    cdef uint32_t[:, ::1] ov = out
    cdef uint32_t* op = &ov[0, 0] if n else NULL
    cdef double nt[(MAXC + 1) * STATES]
    with nogil:
        code = deal_worlds(hidden, st, fb, cp, state, n, kn, op, nt)
    _refuse(code, cp, hidden)
    return out


cdef _dealer_args(seats, forbidden, caps, known, int* st, uint32_t* fb, int* cp, uint32_t* kn):
    """The Python arguments of the dealers as C arrays (``known`` None: nothing known)."""
    cdef int p
    for p in range(3):
        st[p] = int(seats[p])
        fb[p] = <uint32_t>int(forbidden[p])
    for p in range(4):
        cp[p] = int(caps[p])
        kn[p] = 0 if known is None else <uint32_t>int(known[p])


cdef _refuse(int code, const int* cp, uint32_t hidden):
    """A dealer's answer other than DEAL_OK as a one-line error."""
    if code == DEAL_BAD_CAPS:
        raise EuchreError(f"caps {[cp[0], cp[1], cp[2], cp[3]]} do not share the {bin(hidden).count('1')} hidden "
                          f"cards (each hand 0 to 5)")
    if code == DEAL_NONE:
        raise EuchreError("no deal is consistent with the voids: some hand has too few cards it may hold")


def deal_hidden_judged(uint32_t hidden, seats, forbidden, caps, uint64_t state, Py_ssize_t n, known, tables, add):
    """:func:`deal_hidden`'s ``n`` worlds, seat ``seats[p]``'s hand (with ``add[p]``) judged as it is
    dealt by ``tables[p]`` (TABLE_BYTES uint8, one bit a hand by its rank; None: not judged): (ok (n,)
    bool, the worlds (n, 4) uint32, meaningful where ok). The worlds kept are deal_hidden's."""
    cdef int cp[4]
    cdef int st[3]
    cdef uint32_t fb[3]
    cdef uint32_t kn[4]
    cdef Early e
    cdef int p, code
    cdef Dealer g
    cdef double nt[(MAXC + 1) * STATES]
    keep = []
    _dealer_args(seats, forbidden, caps, known, st, fb, cp, kn)
    for p in range(3):
        e.add[p] = <uint32_t>int(add[p])
        e.table[p] = NULL
        if tables[p] is not None:
            t = np.ascontiguousarray(tables[p], dtype=np.uint8)
            if t.shape != (TABLE_BYTES,):
                raise EuchreError(f"a table must hold {TABLE_BYTES} bytes, not {t.shape}")
            keep.append(t)
            e.table[p] = <const uint8_t*>(<size_t>t.ctypes.data)
    ok = np.zeros(n, np.uint8)
    out = np.zeros((n, 4), np.uint32)
    cdef uint8_t[::1] okv = ok
    cdef uint32_t[:, ::1] ov = out
    cdef Py_ssize_t i
    with nogil:
        code = start_dealing(&g, hidden, st, fb, cp, state, kn, nt)
        if code == DEAL_OK:
            for i in range(n):
                okv[i] = deal_next_judged(&g, &e, &ov[i, 0])
    _refuse(code, cp, hidden)
    return ok.view(bool), out
