# cython: language_level=3, boundscheck=False, wraparound=False, cdivision=True, initializedcheck=False
"""The double-dummy solver: exact tricks, k-trick probes and card values, from any position.

How it works
------------
* Each deal is first relabelled into a trump-free layout of the 32 bits (see ``_init_tables``):
  bits 0-7 and 8-15 are the two suits of the other colour, bits 16-22 the suit of the trump
  colour without its knave, bits 23-31 the trumps from the seven up to the right bower. In that
  layout a higher bit beats a lower one of the same suit and every trump beats every plain card,
  so the kernel never looks at the trump again, and both packs look the same to it (cards that
  no one holds are simply absent).
* The search answers one question: "can side AC take at least ``target`` of the remaining
  tricks?" (a null-window alpha-beta). Exact tricks are a binary search over ``target``; the
  probes share one transposition table, whose entries keep a lower and an upper bound.
* The table is probed at trick boundaries, where a position is only who holds which remaining
  card and who leads. Its key lists, suit by suit, the holders of the remaining cards in order of
  power (so gaps left by played cards do not matter) and sorts the three plain suits (which are
  alike once the gaps are gone), so entries are reused across transpositions and across deals.
* A hand's cards of one suit with no live card of anyone else between them are equivalent;
  only the lowest of them is searched. Cards still on the table in the current trick are live.
* Moves are tried likely-best first (see ``ordered_moves``).
* Sure tricks: the side holding the best trump takes at least as many tricks as either of its
  players holds trumps above every trump of the other side.
* The last two tricks are searched by a small routine of their own (the second trick is forced).

docs/solver.md has the measurements behind each of these.

All kernels are ``noexcept nogil`` functions on uint32 masks; the Python functions at the bottom
validate their input once and release the GIL for the whole batch. solver.pxd shares the layout's
tables, the search context and ``world_values`` with the kernels that search positions themselves
(fastcore/pimcplay.pyx).
"""
from libc.stdint cimport uint8_t, uint32_t, uint64_t, int8_t, int64_t
from libc.stdlib cimport calloc, free

import numpy as np

from fastcore.errors import EuchreError
from fastcore.batches import PACK24_OUT, checked_batch, int_array
from fastcore.vocabulary import SEATS as _SEATS, card_text as _card, effective_suit as _eff_suit

cdef extern from *:
    """
    /* Every x86-64 processor since 2008 has the popcnt instruction; without this GCC calls a
       slow library routine for __builtin_popcount. */
    #if defined(__GNUC__) && defined(__x86_64__) && !defined(__POPCNT__)
    #pragma GCC target("popcnt")
    #endif
    """
    int __builtin_popcount(unsigned int) nogil
    int __builtin_clz(unsigned int) nogil
    int __builtin_ctz(unsigned int) nogil

cdef extern from *:
    """
    /* The holders of a suit's remaining cards, packed in order of power, are two parallel bit
       extractions (pext); processors with BMI2 do each in one instruction. The function is
       compiled for BMI2 alone and called only when the processor has it. */
    #if defined(__GNUC__) && defined(__x86_64__)
    #include <immintrin.h>
    #define EL_HAVE_BMI2_BUILD 1
    __attribute__((target("bmi2,popcnt")))
    static void el_suit_codes_bmi2(const uint32_t *h, const uint32_t *suit_mask, uint64_t *code) {
        uint32_t p0 = h[1] | h[3], p1 = h[2] | h[3], alive = h[0] | h[1] | h[2] | h[3];
        for (int s = 0; s < 4; s++) {
            uint32_t m = alive & suit_mask[s];
            int n = __builtin_popcount(m);
            code[s] = (uint64_t)_pext_u32(p0, m) | ((uint64_t)_pext_u32(p1, m) << n) | ((uint64_t)n << 40);
        }
    }
    static int el_cpu_has_bmi2(void) { __builtin_cpu_init(); return __builtin_cpu_supports("bmi2"); }
    #else
    #define EL_HAVE_BMI2_BUILD 0
    static void el_suit_codes_bmi2(const uint32_t *h, const uint32_t *suit_mask, uint64_t *code) {}
    static int el_cpu_has_bmi2(void) { return 0; }
    #endif
    """
    void el_suit_codes_bmi2(const uint32_t* h, const uint32_t* suit_mask, uint64_t* code) nogil
    int el_cpu_has_bmi2() nogil

# The technique flags (T_*), the tables SUIT_OF, TO_BIT and TO_CARD, Entry and Ctx are declared
# in solver.pxd.
TECHNIQUES = {"alphabeta": T_ALPHABETA, "table": T_TABLE, "equivalence": T_EQUIV,
              "ordering": T_ORDER, "sure_tricks": T_SURE}
ALL_TECHNIQUES = T_ALL

cdef uint32_t TRUMPS = 0xFF800000u
cdef uint32_t SUIT_BOTTOMS = 0x00810101u   # the lowest bit of each suit: 0, 8, 16, 23
cdef uint32_t SUIT_MASK[4]

cdef enum:
    KEY_BITS = 58
cdef uint64_t KEY_MASK = ((<uint64_t>1) << 58) - 1


cdef void _init_tables():
    cdef int t, s, r, card, bit, x
    SUIT_MASK[0] = 0x000000FFu
    SUIT_MASK[1] = 0x0000FF00u
    SUIT_MASK[2] = 0x007F0000u
    SUIT_MASK[3] = TRUMPS
    for bit in range(32):
        SUIT_OF[bit] = 0 if bit < 8 else (1 if bit < 16 else (2 if bit < 23 else 3))
    for t in range(4):
        x = (t ^ 2) & 2  # the lower suit of the other colour
        for s in range(4):
            for r in range(8):
                card = s * 8 + r
                if s == t:
                    bit = 31 if r == 4 else 23 + (r if r < 4 else r - 1)
                elif s == (t ^ 1):
                    bit = 30 if r == 4 else 16 + (r if r < 4 else r - 1)
                elif s == x:
                    bit = r
                else:
                    bit = 8 + r
                TO_BIT[t][card] = bit
                TO_CARD[t][bit] = card


_init_tables()

cdef int USE_BMI2 = el_cpu_has_bmi2()


def _use_bmi2(flag=None):
    """Whether position keys use the BMI2 instruction; ``flag`` False forces the portable loop
    (for tests: both must give the same keys). Returns the setting in force."""
    global USE_BMI2
    if flag is not None:
        USE_BMI2 = bool(flag) and el_cpu_has_bmi2()
    return bool(USE_BMI2)


cdef uint32_t relabel(uint32_t mask, int trump) noexcept nogil:
    cdef uint32_t out = 0
    cdef int c
    while mask:
        c = __builtin_ctz(mask)
        mask &= mask - 1
        out |= (<uint32_t>1) << TO_BIT[trump][c]
    return out


cdef inline int top_bit(uint32_t m) noexcept nogil:
    return 31 - __builtin_clz(m)


cdef void setup_seats(Ctx* c, int lone) noexcept nogil:
    cdef int s, n
    for s in range(4):
        n = (s + 1) & 3
        if lone >= 0 and n == (lone ^ 2):
            n = (n + 1) & 3
        c.next[s] = n
    c.nplayers = 4 if lone < 0 else 3


cdef inline uint64_t position_key(uint32_t* h, int leader) noexcept nogil:
    # Holders of the remaining cards, suit by suit in order of power: per suit the low bits of
    # the seats, then their high bits; the three plain suits sorted by (length, holders) so that
    # they are interchangeable.
    cdef uint32_t p0 = h[1] | h[3]
    cdef uint32_t p1 = h[2] | h[3]
    cdef uint32_t alive = h[0] | h[1] | h[2] | h[3]
    cdef uint64_t code[4]
    cdef int length[4]
    cdef uint32_t m
    cdef int s, b, n, j
    cdef uint64_t tmp, key
    if USE_BMI2:
        el_suit_codes_bmi2(h, SUIT_MASK, code)
        for s in range(4):
            length[s] = <int>(code[s] >> 40)
    else:
        for s in range(4):
            m = alive & SUIT_MASK[s]
            n = __builtin_popcount(m)
            tmp = 0
            j = 0
            while m:
                b = __builtin_ctz(m)
                m &= m - 1
                tmp |= (<uint64_t>((p0 >> b) & 1)) << j
                tmp |= (<uint64_t>((p1 >> b) & 1)) << (n + j)
                j += 1
            code[s] = tmp | ((<uint64_t>n) << 40)  # the length sorts first
            length[s] = n
    # sort the plain suits 0..2 (three compare-exchanges)
    if code[0] > code[1]:
        tmp = code[0]; code[0] = code[1]; code[1] = tmp
        n = length[0]; length[0] = length[1]; length[1] = n
    if code[1] > code[2]:
        tmp = code[1]; code[1] = code[2]; code[2] = tmp
        n = length[1]; length[1] = length[2]; length[2] = n
    if code[0] > code[1]:
        tmp = code[0]; code[0] = code[1]; code[1] = tmp
        n = length[0]; length[0] = length[1]; length[1] = n
    key = <uint64_t>leader
    for s in range(4):
        key = (key << (2 * length[s])) | (code[s] & 0xFFFFFFFFFFull)
    # at most 20 cards remain: 2 + 40 bits of holders, then 4 bits per suit length
    key |= (<uint64_t>(length[3] | (length[0] << 4) | (length[1] << 8) | (length[2] << 12))) << 42
    return key


cdef inline int last_trick_ac(Ctx* c, uint32_t* h, int leader) noexcept nogil:
    # One card each: AC wins the trick or not.
    cdef int b = __builtin_ctz(h[leader])
    cdef uint32_t can_win = SUIT_MASK[SUIT_OF[b]] | TRUMPS
    cdef int wb = b, ws = leader, s = c.next[leader], i
    for i in range(1, c.nplayers):
        b = __builtin_ctz(h[s])
        if b > wb and (can_win >> b) & 1:
            wb = b
            ws = s
        s = c.next[s]
    return (ws & 1) == 0


cdef bint two_tricks(Ctx* c, uint32_t* h, int seat, int n_played, int led, int win_bit, int win_seat,
                     int target) noexcept nogil:
    """Can AC take ``target`` of the last two tricks, ``seat`` to play the first trick's card ``n_played``?
    The second trick is forced, so this is a plain alpha-beta over the first: without the general search's
    move ordering and grouping of equivalent cards it is faster there (docs/solver.md)."""
    cdef uint32_t hand = h[seat], m, bit
    cdef int b, wb, ws, nled
    cdef bint maxi = (seat & 1) == 0, r
    m = legal_of(hand, n_played, led)
    while m:
        b = __builtin_ctz(m)
        m &= m - 1
        bit = (<uint32_t>1) << b
        after_card(b, bit, seat, n_played, led, win_bit, win_seat, &nled, &wb, &ws)
        h[seat] = hand ^ bit
        if n_played + 1 == c.nplayers:
            r = ((ws & 1) == 0) + last_trick_ac(c, h, ws) >= target
        else:
            r = two_tricks(c, h, c.next[seat], n_played + 1, nled, wb, ws, target)
        h[seat] = hand
        if r == maxi:
            return r
    return not maxi


cdef bint boundary(Ctx* c, uint32_t* h, int leader, int target) noexcept nogil:
    """Can AC take at least ``target`` of the remaining tricks, ``leader`` to lead?"""
    cdef int rem, p, cnt, cnt2
    cdef uint32_t t, others
    cdef uint64_t key = 0, idx = 0
    cdef int lo, hi
    cdef Entry e
    cdef bint r, use_table
    if target <= 0:
        return True
    rem = __builtin_popcount(h[leader])
    if target > rem:
        return False
    c.nodes += 1
    if rem == 1:
        return last_trick_ac(c, h, leader)
    if c.flags & T_SURE:
        t = (h[0] | h[1] | h[2] | h[3]) & TRUMPS
        if t:
            # p's side holds the best trump. Each trump of p (or of his partner) above every
            # trump of the other side wins the trick it is played in; one player's such trumps
            # fall in different tricks, so the side takes at least the larger of the two counts.
            p = 0
            while not (h[p] >> top_bit(t)) & 1:
                p += 1
            others = t & ~(h[p] | h[p ^ 2])
            if others:
                t &= ~((<uint32_t>2 << top_bit(others)) - 1)
            cnt = __builtin_popcount(h[p] & t)
            cnt2 = __builtin_popcount(h[p ^ 2] & t)
            if cnt2 > cnt:
                cnt = cnt2
            if (p & 1) == 0:
                if cnt >= target:
                    return True
            elif rem - cnt < target:
                return False
    use_table = (c.flags & T_TABLE) and rem > c.table_min_rem
    if use_table:
        key = position_key(h, leader)
        idx = (key * <uint64_t>0x9E3779B97F4A7C15ull) >> c.shift
        e = c.table[idx]
        if (e & KEY_MASK) == key:
            lo = <int>((e >> KEY_BITS) & 7)
            hi = <int>(e >> (KEY_BITS + 3))
            if lo >= target:
                return True
            if hi < target:
                return False
    if rem == 2 and c.flags & T_ALPHABETA:
        r = two_tricks(c, h, leader, 0, 0, -1, -1, target)
    else:
        r = trick_node(c, h, leader, 0, 0, -1, -1, 0, target)
    if use_table:
        e = c.table[idx]
        if (e & KEY_MASK) == key:
            lo = <int>((e >> KEY_BITS) & 7)
            hi = <int>(e >> (KEY_BITS + 3))
        else:
            lo = 0
            hi = rem
        if r:
            if lo < target:
                lo = target
        elif hi >= target:
            hi = target - 1
        c.table[idx] = key | ((<uint64_t>lo) << KEY_BITS) | ((<uint64_t>hi) << (KEY_BITS + 3))
    return r


cdef inline int push_moves(int* moves, int nm, uint32_t m) noexcept nogil:
    # Append the cards of m, lowest bit first.
    while m:
        moves[nm] = __builtin_ctz(m)
        nm += 1
        m &= m - 1
    return nm


cdef inline int ordered_moves(uint32_t* h, uint32_t hand, uint32_t cards, int n_played, int led,
                              int win_bit, int win_seat, int seat, int* moves) noexcept nogil:
    # Likely best first. To lead: the top remaining card of a suit (trumps first), then low
    # cards. To follow with the partner winning: low cards, a trump last. Otherwise the cheapest
    # card that wins the trick so far, then low cards, a trump last.
    cdef uint32_t alive, top = 0, t, first
    cdef int s, nm = 0
    if n_played == 0:
        alive = h[0] | h[1] | h[2] | h[3]
        for s in range(4):
            t = alive & SUIT_MASK[s]
            if t and (cards >> top_bit(t)) & 1:
                top |= (<uint32_t>1) << top_bit(t)
        nm = push_moves(moves, nm, top & TRUMPS)
        nm = push_moves(moves, nm, top & ~TRUMPS)
        return push_moves(moves, nm, cards & ~top)
    if ((win_seat ^ seat) & 1) == 0:
        first = 0
    else:
        first = cards & (SUIT_MASK[led] | TRUMPS) & ~((<uint32_t>2 << win_bit) - 1)
    nm = push_moves(moves, nm, first)
    nm = push_moves(moves, nm, cards & ~first & ~TRUMPS)
    return push_moves(moves, nm, cards & ~first & TRUMPS)


cdef inline void after_card(int b, uint32_t bit, int seat, int n_played, int led, int win_bit, int win_seat,
                            int* nled, int* wb, int* ws) noexcept nogil:
    """The trick's led suit, winning card and its seat once ``seat`` plays card ``b`` (bit ``bit``)."""
    if n_played == 0:
        nled[0], wb[0], ws[0] = SUIT_OF[b], b, seat
    else:
        nled[0], wb[0], ws[0] = led, win_bit, win_seat
        if b > win_bit and ((SUIT_MASK[led] | TRUMPS) & bit):
            wb[0], ws[0] = b, seat


cdef inline uint32_t legal_of(uint32_t hand, int n_played, int led) noexcept nogil:
    """The cards of ``hand`` that may be played: any at the lead, else the led suit when he holds it."""
    cdef uint32_t follow
    if n_played == 0:
        return hand
    follow = hand & SUIT_MASK[led]
    return follow if follow else hand


cdef inline bint played_at_least(Ctx* c, uint32_t* h, int seat, int n_played, int led, int win_bit, int win_seat,
                                 uint32_t table, int b, int target) noexcept nogil:
    """Whether AC takes ``target`` tricks from the current trick on once ``seat`` plays bit ``b``."""
    cdef uint32_t bit = (<uint32_t>1) << b, hand = h[seat]
    cdef int wb, ws, nled
    cdef bint r
    h[seat] = hand ^ bit
    after_card(b, bit, seat, n_played, led, win_bit, win_seat, &nled, &wb, &ws)
    if n_played + 1 == c.nplayers:
        r = boundary(c, h, ws, target - ((ws & 1) == 0))
    else:
        r = trick_node(c, h, c.next[seat], n_played + 1, nled, wb, ws, table | bit, target)
    h[seat] = hand
    return r


cdef bint trick_node(Ctx* c, uint32_t* h, int seat, int n_played, int led, int win_bit,
                     int win_seat, uint32_t table, int target) noexcept nogil:
    """Can AC take ``target`` tricks from here (current trick included), ``seat`` to play?"""
    cdef uint32_t hand = h[seat]
    cdef uint32_t legal, alive, dead, up
    cdef int moves[9]
    cdef int nm = 0, i, b
    cdef bint maxi = (seat & 1) == 0
    cdef bint settled = False
    cdef bint r
    legal = legal_of(hand, n_played, led)
    if c.flags & T_EQUIV:
        # A card is equivalent to the one below it when no one else's live card lies between
        # them (cards on the table are live: they still decide this trick); keep the lowest of
        # each run. Bit-parallel: each card's bit, shifted up one, is carried by the addition
        # through the dead positions above it and lands on the next live card of its suit.
        alive = h[0] | h[1] | h[2] | h[3] | table
        dead = ~alive & ~SUIT_BOTTOMS
        up = (hand << 1) & ~SUIT_BOTTOMS
        legal &= ~(((up + dead) & ~dead & ~SUIT_BOTTOMS) & hand)
    if c.flags & T_ORDER:
        nm = ordered_moves(h, hand, legal, n_played, led, win_bit, win_seat, seat, moves)
    else:
        nm = push_moves(moves, 0, legal)
    for i in range(nm):
        b = moves[i]
        r = played_at_least(c, h, seat, n_played, led, win_bit, win_seat, table, b, target)
        if r == maxi:
            if c.flags & T_ALPHABETA:
                return r
            settled = True
    if settled:
        return maxi
    return not maxi


cdef int exact_boundary(Ctx* c, uint32_t* h, int leader) noexcept nogil:
    """AC's tricks from a trick boundary: a binary search of probes sharing the table."""
    cdef int lo = 0, hi = __builtin_popcount(h[leader]), mid
    while lo < hi:
        mid = (lo + hi + 1) >> 1
        if boundary(c, h, leader, mid):
            lo = mid
        else:
            hi = mid - 1
    return lo


cdef int exact_trick(Ctx* c, uint32_t* h, int seat, int n_played, int led, int win_bit,
                     int win_seat, uint32_t table) noexcept nogil:
    """AC's tricks from inside a trick (``n_played`` > 0 cards on the table)."""
    cdef int lo = 0, hi = __builtin_popcount(h[seat]), mid
    while lo < hi:
        mid = (lo + hi + 1) >> 1
        if trick_node(c, h, seat, n_played, led, win_bit, win_seat, table, mid):
            lo = mid
        else:
            hi = mid - 1
    return lo


cdef inline int first_probe(int guess, int rem) noexcept nogil:
    # the first target probed from a guess of the value: the guess, within 1..rem
    if guess < 1:
        return 1
    return guess if guess < rem else rem


cdef int exact_trick_from(Ctx* c, uint32_t* h, int seat, int n_played, int led, int win_bit,
                          int win_seat, uint32_t table, int guess) noexcept nogil:
    """AC's tricks from here (a trick boundary when ``n_played`` is 0, else inside a trick), the
    probes started at ``guess`` and stepping one trick at a time: two probes when the guess is
    right. The value is that of :func:`exact_boundary` / :func:`exact_trick` (only the probes differ)."""
    cdef int lo = 0, hi = __builtin_popcount(h[seat]), mid
    cdef bint r
    if hi == 0:
        return 0
    mid = first_probe(guess, hi)
    while lo < hi:
        if n_played == 0:
            r = boundary(c, h, seat, mid)
        else:
            r = trick_node(c, h, seat, n_played, led, win_bit, win_seat, table, mid)
        if r:
            lo = mid
            mid = lo + 1
        else:
            hi = mid - 1
            mid = hi
    return lo


cdef inline int exact_boundary_from(Ctx* c, uint32_t* h, int leader, int guess) noexcept nogil:
    """:func:`exact_boundary` with its probes started at ``guess`` (see :func:`exact_trick_from`)."""
    return exact_trick_from(c, h, leader, 0, 0, 0, 0, 0, guess)


# --- batches -----------------------------------------------------------------------------------

cdef enum:
    MODE_EXACT = 0
    MODE_PROBE = 1
    MODE_SCORING = 2


# Positions with this many tricks left or fewer skip the table (measured: 1 is best, see docs).
TABLE_MIN_REM = 1


# 2^14 entries of 8 bytes: 128 KB, inside the L2 cache. Larger tables are slower and reuse
# across deals is rare (docs/solver.md).
cdef enum:
    TABLE_BITS = 14


cdef int64_t run_batch(const uint32_t[:, :] hands, const int8_t[:] trump, const int8_t[:] leader,
                       const int8_t[:] lone, const int8_t[:] side, const int8_t[:] k, int mode,
                       int8_t[:] out, int flags, int table_bits, int table_min_rem) noexcept nogil:
    cdef Py_ssize_t n = hands.shape[0], i
    cdef Ctx c
    cdef uint32_t h[4]
    cdef int s, t, rem, ac, target, ld
    c.flags = flags
    c.table_min_rem = table_min_rem
    c.shift = 64 - table_bits
    c.nodes = 0
    c.table = <Entry*>calloc((<size_t>1) << table_bits, sizeof(Entry))
    if c.table == NULL:
        return -1
    for i in range(n):
        t = trump[i]
        for s in range(4):
            h[s] = relabel(hands[i, s], t)
        if lone[i] >= 0:
            h[lone[i] ^ 2] = 0
        setup_seats(&c, lone[i])
        ld = leader[i]
        rem = __builtin_popcount(h[ld])
        if mode == MODE_EXACT:
            ac = exact_boundary(&c, h, ld)
            out[i] = ac if side[i] == 0 else rem - ac
        elif mode == MODE_PROBE:
            # BD takes >= k  <=>  AC takes <= rem - k  <=>  not (AC takes >= rem - k + 1)
            if side[i] == 0:
                out[i] = boundary(&c, h, ld, k[i])
            else:
                out[i] = not boundary(&c, h, ld, rem - k[i] + 1)
        else:
            if side[i] == 0:
                if not boundary(&c, h, ld, 3):
                    out[i] = 2
                else:
                    out[i] = 5 if boundary(&c, h, ld, 5) else 3
            else:
                if boundary(&c, h, ld, rem - 2):
                    out[i] = 2
                else:
                    out[i] = 3 if boundary(&c, h, ld, 1) else 5
    free(c.table)
    return c.nodes


# --- the Python layer ----------------------------------------------------------------------------

def _run_slice(h, trump_a, leader_a, lone_a, side_a, k_a, out, int mode, int flags, int bits):
    cdef const uint32_t[:, :] hv = h
    cdef const int8_t[:] tv = trump_a
    cdef const int8_t[:] lv = leader_a
    cdef const int8_t[:] nv = lone_a
    cdef const int8_t[:] sv = side_a
    cdef const int8_t[:] kv = k_a
    cdef int8_t[:] ov = out
    cdef int64_t nodes
    cdef int min_rem = TABLE_MIN_REM
    with nogil:
        nodes = run_batch(hv, tv, lv, nv, sv, kv, mode, ov, flags, bits, min_rem)
    if nodes < 0:
        raise MemoryError("no memory for the solver's transposition table")
    return nodes


def _run(h, trump_a, leader_a, lone_a, side_a, k_a, mode, techniques, table_bits, threads=1):
    n = h.shape[0]
    out = np.zeros(n, dtype=np.int8)
    if n == 0:
        return out, 0
    if isinstance(threads, bool) or not isinstance(threads, (int, np.integer)) or threads < 1:
        raise EuchreError(f"threads must be a whole number of at least 1, not {threads!r}")
    bits = TABLE_BITS if table_bits is None else int(table_bits)
    if not 4 <= bits <= 26:
        raise EuchreError(f"table_bits must be 4 to 26, not {bits}")
    cuts = np.linspace(0, n, min(int(threads), n) + 1).astype(int)
    args = [(h[a:b], trump_a[a:b], leader_a[a:b], lone_a[a:b], side_a[a:b], k_a[a:b], out[a:b],
             mode, techniques, bits) for a, b in zip(cuts[:len(cuts) - 1], cuts[1:])]
    if len(args) == 1:
        return out, _run_slice(*args[0])
    # Each thread solves its own slice with its own table; the kernel runs without the GIL.
    from concurrent.futures import ThreadPoolExecutor
    with ThreadPoolExecutor(len(args)) as pool:
        nodes = sum(pool.map(lambda a: _run_slice(*a), args))
    return out, nodes


def solve_tricks(hands, trump, leader=None, lone_seat=None, side=None, *, pack=32,
                 techniques=ALL_TECHNIQUES, table_bits=None, threads=1):
    """Exact tricks taken by ``side`` from a trick boundary to the end of the hand, per deal.

    hands: (N, 4) uint32 card masks of seats A B C D (cards still held; 5 each at the start of
    play, or any equal number at a later trick boundary). A lone player's partner's mask is
    ignored. trump, leader: one value or (N,) values 0-3 (leader None = the first active seat
    left of A). lone_seat: None or one value / (N,) values, -1 for no lone hand. side: 0 = AC,
    1 = BD; None = the lone player's side, else AC. pack: 32 or 24 (only checks the cards).
    Returns int8 (N,). The GIL is released for the whole batch; ``threads`` > 1 splits the batch
    among that many threads (the answers do not depend on it). ``techniques`` (a mask of
    TECHNIQUES) and ``table_bits`` (log2 of the table's entries) are for measurement.
    """
    h, t, l, n, s, _ = checked_batch(hands, trump, leader, lone_seat, side, pack)
    return _run(h, t, l, n, s, s, MODE_EXACT, techniques, table_bits, threads)[0]


def can_take(hands, trump, leader=None, k=3, lone_seat=None, side=None, *, pack=32,
             techniques=ALL_TECHNIQUES, table_bits=None, threads=1):
    """Whether ``side`` can take at least ``k`` of the remaining tricks, per deal: bool (N,).

    Arguments as for :func:`solve_tricks`; k is one value or (N,) values 0-5. Much cheaper than
    the exact count: the search stops as soon as the answer is known.
    """
    h, t, l, n, s, _ = checked_batch(hands, trump, leader, lone_seat, side, pack)
    k_a = int_array(k, h.shape[0], "k", 0, 5)
    out, _ = _run(h, t, l, n, s, k_a, MODE_PROBE, techniques, table_bits, threads)
    return out.astype(bool)


def scoring_tricks(hands, trump, leader=None, lone_seat=None, side=None, *, pack=32,
                   techniques=ALL_TECHNIQUES, table_bits=None, threads=1):
    """The scoring question for ``side`` over a whole hand of five tricks, per deal: int8 (N,).

    2 = fewer than 3 tricks (euchred), 3 = 3 or 4 tricks, 5 = all five (a march). It probes
    "at least 3?" and, only when that holds, "all 5?". Hands must hold 5 cards each.
    """
    h, t, l, n, s, sizes = checked_batch(hands, trump, leader, lone_seat, side, pack)
    rem = sizes[np.arange(h.shape[0]), l.astype(np.intp)]
    if (rem != 5).any():
        i = int(np.flatnonzero(rem != 5)[0])
        raise EuchreError(f"deal {i}: scoring_tricks needs whole hands of 5 cards, not {rem[i]}; use solve_tricks")
    return _run(h, t, l, n, s, s, MODE_SCORING, techniques, table_bits, threads)[0]


def search_nodes(hands, trump, leader=None, lone_seat=None, side=None, *, pack=32,
                 techniques=ALL_TECHNIQUES, table_bits=None):
    """Positions at trick boundaries searched to solve the batch exactly (for profiling)."""
    h, t, l, n, s, _ = checked_batch(hands, trump, leader, lone_seat, side, pack)
    return int(_run(h, t, l, n, s, s, MODE_EXACT, techniques, table_bits)[1])


# --- a position in the middle of a trick -------------------------------------------------------

cdef class _Position:
    cdef uint32_t h[4]
    cdef int trump, seat, n_played, led, win_bit, win_seat, rem, side, lone
    cdef uint32_t table


def _position(hands, trump, leader, trick_cards, lone, side, pack):
    arr = np.asarray(hands)
    if arr.shape != (4,):
        raise EuchreError(f"hands must be 4 card masks (seats A B C D), not shape {arr.shape}")
    trick = list(trick_cards)
    for c in trick:
        if isinstance(c, bool) or not isinstance(c, (int, np.integer)) or not 0 <= c < 32:
            raise EuchreError(f"trick card {c!r} is not a card id (0 to 31)")
    if len(set(trick)) != len(trick):
        raise EuchreError("a card appears twice among the trick cards")
    one = np.asarray(lone if lone is not None else -1)
    if one.ndim != 0 or not np.issubdtype(one.dtype, np.integer) or not -1 <= int(one) <= 3:
        raise EuchreError(f"lone seat must be -1 (none) or 0 to 3, not {lone!r}")
    lone_i = int(one)
    ld = np.asarray(leader if leader is not None else (2 if lone_i == 3 else 1))
    if ld.ndim != 0 or not np.issubdtype(ld.dtype, np.integer) or not 0 <= int(ld) <= 3:
        raise EuchreError(f"leader must be a seat 0 to 3, not {leader!r}")
    leader_i = int(ld)
    nplayers = 4 if lone_i < 0 else 3
    if len(trick) >= nplayers:
        raise EuchreError(f"{len(trick)} cards on the table: a trick in progress has at most {nplayers - 1}")
    order = [leader_i]
    while len(order) < nplayers:
        nxt = (order[len(order) - 1] + 1) & 3
        if lone_i >= 0 and nxt == (lone_i ^ 2):
            nxt = (nxt + 1) & 3
        order.append(nxt)
    # Check the hands as they were before the trick: the cards on the table go back to their players.
    before = np.array(arr, dtype=np.int64)
    if lone_i >= 0:
        before[lone_i ^ 2] = 0
    for c in trick:
        if any((int(before[s]) >> c) & 1 for s in range(4)):
            raise EuchreError(f"card {_card(c)} is on the table and in a hand")
    for pos, c in enumerate(trick):
        before[order[pos]] |= 1 << c
    h, t, l, n, s, sizes = checked_batch(before[None, :], trump, leader_i, lone_i, side, pack)
    tr = int(t[0])
    # follow suit: each card on the table after the first must follow the suit led if its player could
    if trick:
        led_suit = _eff_suit(trick[0], tr)
        for pos in range(1, len(trick)):
            c = trick[pos]
            seat = order[pos]
            if _eff_suit(c, tr) != led_suit and any(_eff_suit(x, tr) == led_suit for x in range(32) if (int(before[seat]) >> x) & 1):
                raise EuchreError(f"{_SEATS[seat]} revokes: {_card(c)} does not follow {_card(trick[0])} and he can follow")
    p = _Position()
    for st in range(4):
        p.h[st] = relabel(<uint32_t>int(h[0, st]), tr)
    p.trump = tr
    p.lone = lone_i
    p.side = int(s[0])
    p.n_played = len(trick)
    p.seat = order[len(trick)]
    p.rem = int(sizes[0, leader_i])
    p.led = -1
    p.win_bit = -1
    p.win_seat = -1
    p.table = 0
    for pos, c in enumerate(trick):
        b = TO_BIT[tr][c]
        p.h[order[pos]] &= ~((<uint32_t>1) << b)
        if pos == 0:
            p.led = SUIT_OF[b]
            p.win_bit = b
            p.win_seat = order[pos]
        elif b > p.win_bit and ((SUIT_MASK[p.led] | TRUMPS) >> b) & 1:
            p.win_bit = b
            p.win_seat = order[pos]
        p.table |= (<uint32_t>1) << b
    return p


def solve_position(hands, trump, leader=None, trick_cards=(), lone_seat=None, side=None, *, pack=32):
    """Tricks ``side`` takes from a position with a trick in progress, the current trick included.

    hands: 4 card masks (seats A B C D) of the cards still held; trick_cards: card ids already on
    the table in the current trick, in order from ``leader`` (who led it). Returns an int.
    """
    cdef _Position p = _position(hands, trump, leader, trick_cards, lone_seat, side, pack)
    cdef Ctx c
    cdef int ac
    cdef uint32_t h[4]
    cdef int seat = p.seat, n_played = p.n_played, led = p.led, wb = p.win_bit, ws = p.win_seat
    cdef uint32_t table = p.table
    h[0] = p.h[0]; h[1] = p.h[1]; h[2] = p.h[2]; h[3] = p.h[3]
    c.flags = T_ALL
    c.shift = 64 - TABLE_BITS
    c.table_min_rem = TABLE_MIN_REM
    c.nodes = 0
    setup_seats(&c, p.lone)
    c.table = <Entry*>calloc((<size_t>1) << TABLE_BITS, sizeof(Entry))
    if c.table == NULL:
        raise MemoryError("no memory for the solver's transposition table")
    with nogil:
        if n_played == 0:
            ac = exact_boundary(&c, h, seat)
        else:
            ac = exact_trick(&c, h, seat, n_played, led, wb, ws, table)
    free(c.table)
    return ac if p.side == 0 else p.rem - ac


def move_values(hands, trump, leader=None, trick_cards=(), lone_seat=None, side=None, *, pack=32):
    """Each legal card of the player to move and the tricks ``side`` takes after playing it.

    Arguments as for :func:`solve_position`. Tricks count from the current trick (included) to
    the end of the hand. Returns ``(to_move, {card id: tricks})``, cards in increasing id.
    """
    cdef _Position p = _position(hands, trump, leader, trick_cards, lone_seat, side, pack)
    cdef Ctx c
    cdef uint32_t hand = p.h[p.seat], legal, bit
    cdef int b, ac, wb, ws, led, won, np_
    c.flags = T_ALL
    c.shift = 64 - TABLE_BITS
    c.table_min_rem = TABLE_MIN_REM
    c.nodes = 0
    setup_seats(&c, p.lone)
    legal = legal_of(hand, p.n_played, p.led)
    c.table = <Entry*>calloc((<size_t>1) << TABLE_BITS, sizeof(Entry))
    if c.table == NULL:
        raise MemoryError("no memory for the solver's transposition table")
    values = {}
    try:
        for b in range(32):
            if not (legal >> b) & 1:
                continue
            bit = (<uint32_t>1) << b
            p.h[p.seat] = hand ^ bit
            after_card(b, bit, p.seat, p.n_played, p.led, p.win_bit, p.win_seat, &led, &wb, &ws)
            np_ = p.n_played + 1
            with nogil:
                if np_ == c.nplayers:
                    won = (ws & 1) == 0
                    ac = won + exact_boundary(&c, p.h, ws)
                else:
                    ac = exact_trick(&c, p.h, c.next[p.seat], np_, led, wb, ws, p.table | bit)
            p.h[p.seat] = hand
            values[int(TO_CARD[p.trump][b])] = ac if p.side == 0 else p.rem - ac
    finally:
        free(c.table)
    return p.seat, dict(sorted(values.items()))


# --- one decision in many worlds -----------------------------------------------------------------

cdef void world_values(Ctx* c, uint32_t* h, int seat, int n_played, int led, int win_bit, int win_seat,
                       uint32_t table, int side, int trump, int8_t* out) noexcept nogil:
    """Each legal card's value (tricks of ``side`` from the current trick on) in one world, into out[card id]."""
    cdef uint32_t hand = h[seat], legal, bit, alive, between
    cdef int b, prev = -1, ac, rem = __builtin_popcount(h[seat]), val = 0, prev_val = 0
    cdef int prev_ac = 0
    cdef bint searched = False
    legal = legal_of(hand, n_played, led)
    alive = (h[0] | h[1] | h[2] | h[3] | table) & ~hand
    while legal:
        b = __builtin_ctz(legal)
        legal &= legal - 1
        bit = (<uint32_t>1) << b
        if prev >= 0 and SUIT_OF[prev] == SUIT_OF[b]:
            # equivalent to the card below it when no one else's live card lies between them
            between = (bit - 1) & ~((<uint32_t>2 << prev) - 1)
            if (alive & between) == 0:
                out[TO_CARD[trump][b]] = <int8_t>prev_val
                prev = b
                continue
        # the cards of one hand are mostly worth about the same: after the first, the probes
        # start at the previous card's value (the values are exact either way)
        ac = card_value(c, h, seat, n_played, led, win_bit, win_seat, table, b, 0, rem, prev_ac if searched else -1)
        searched = True
        prev_ac = ac
        val = ac if side == 0 else rem - ac
        out[TO_CARD[trump][b]] = <int8_t>val
        prev = b
        prev_val = val


cdef inline bint card_at_least(Ctx* c, uint32_t* h, int seat, int n_played, int led, int win_bit, int win_seat,
                               uint32_t table, int b, int side, int rem, int t) noexcept nogil:
    """Whether ``side`` takes at least ``t`` tricks from the current trick on after ``seat`` plays bit ``b``."""
    cdef int T
    cdef bint r
    if t <= 0:
        return True
    if t > rem:
        return False
    T = t if side == 0 else rem - t + 1       # side 1 takes >= t  <=>  not (AC takes >= rem - t + 1)
    r = played_at_least(c, h, seat, n_played, led, win_bit, win_seat, table, b, T)
    return r if side == 0 else not r


cdef int card_value(Ctx* c, uint32_t* h, int seat, int n_played, int led, int win_bit, int win_seat,
                    uint32_t table, int b, int side, int rem, int guess) noexcept nogil:
    """The tricks ``side`` takes from the current trick on after ``seat`` plays bit ``b``, its probes
    started at ``guess`` (in ``side``'s tricks; below 0, none: a binary search)."""
    cdef uint32_t bit = (<uint32_t>1) << b, hand = h[seat]
    cdef int ac, won, wb, ws, nled, g = guess if side == 0 else rem - guess
    h[seat] = hand ^ bit
    after_card(b, bit, seat, n_played, led, win_bit, win_seat, &nled, &wb, &ws)
    if n_played + 1 == c.nplayers:
        won = (ws & 1) == 0
        if guess < 0:
            ac = won + exact_boundary(c, h, ws)
        else:
            ac = won + exact_boundary_from(c, h, ws, g - won)
    elif guess < 0:
        ac = exact_trick(c, h, c.next[seat], n_played + 1, nled, wb, ws, table | bit)
    else:
        ac = exact_trick_from(c, h, c.next[seat], n_played + 1, nled, wb, ws, table | bit, g)
    h[seat] = hand
    return ac if side == 0 else rem - ac


cdef void world_bounds(Ctx* c, uint32_t* h, int seat, int n_played, int led, int win_bit, int win_seat,
                       uint32_t table, int side, int trump, int ref, int guess, int8_t* out,
                       uint8_t* upper) noexcept nogil:
    """As :func:`world_values`, but each card other than ``ref`` (a legal card id) is first probed
    against ``ref``'s exact value (its probes started at ``guess``, its value in another world; below
    0, none): a card that cannot beat it (nor, below ``ref`` in card id, tie it) is left at that
    bound, out[card] the most it can take and upper[card] set; otherwise its exact value, upper[card]
    clear."""
    cdef uint32_t hand = h[seat], legal, bit, alive, between
    cdef int b, prev = -1, rem = __builtin_popcount(h[seat]), vr, t, val = 0, prev_val = 0, card
    cdef uint8_t up = 0, prev_up = 0
    legal = legal_of(hand, n_played, led)
    alive = (h[0] | h[1] | h[2] | h[3] | table) & ~hand
    vr = card_value(c, h, seat, n_played, led, win_bit, win_seat, table, TO_BIT[trump][ref], side, rem, guess)
    while legal:
        b = __builtin_ctz(legal)
        legal &= legal - 1
        bit = (<uint32_t>1) << b
        card = TO_CARD[trump][b]
        if prev >= 0 and SUIT_OF[prev] == SUIT_OF[b]:
            between = (bit - 1) & ~((<uint32_t>2 << prev) - 1)
            if (alive & between) == 0:
                out[card] = <int8_t>prev_val
                upper[card] = prev_up
                prev = b
                continue
        if card == ref:
            val, up = vr, 0
        else:
            t = vr if card < ref else vr + 1
            if card_at_least(c, h, seat, n_played, led, win_bit, win_seat, table, b, side, rem, t):
                val, up = card_value(c, h, seat, n_played, led, win_bit, win_seat, table, b, side, rem, t), 0
            else:
                val, up = t - 1, 1
        out[card] = <int8_t>val
        upper[card] = up
        prev = b
        prev_val = val
        prev_up = up


cdef int64_t run_worlds(const uint32_t[:, :] hands, int trump, int lone, int seat, int n_played, int led,
                        int win_bit, int win_seat, uint32_t table, int side, int8_t[:, :] out,
                        int table_bits, int table_min_rem) noexcept nogil:
    cdef Py_ssize_t n = hands.shape[0], i
    cdef Ctx c
    cdef uint32_t h[4]
    cdef int s
    c.flags = T_ALL
    c.table_min_rem = table_min_rem
    c.shift = 64 - table_bits
    c.nodes = 0
    setup_seats(&c, lone)
    c.table = <Entry*>calloc((<size_t>1) << table_bits, sizeof(Entry))
    if c.table == NULL:
        return -1
    for i in range(n):
        for s in range(4):
            h[s] = relabel(hands[i, s], trump)
        if lone >= 0:
            h[lone ^ 2] = 0
        world_values(&c, h, seat, n_played, led, win_bit, win_seat, table, side, trump, &out[i, 0])
    free(c.table)
    return c.nodes


cdef int check_worlds(const uint32_t[:, :] hands, int seat, int lone, const int* order, int nplayers,
                      int n_played, uint32_t tmask, uint32_t forbidden, uint32_t revoke_suit_mask,
                      const int* revokers, int n_revokers, int same_mover, Py_ssize_t* bad) noexcept nogil:
    """0 if every world is well formed, else an error code with the world in ``bad``."""
    cdef Py_ssize_t n = hands.shape[0], i
    cdef uint32_t mover = hands[0, seat], seen, m
    cdef int rem = __builtin_popcount(mover), s, pos, want, total
    for i in range(n):
        bad[0] = i
        if same_mover and hands[i, seat] != mover:
            return 1
        seen = tmask
        total = __builtin_popcount(tmask)
        for pos in range(nplayers):
            s = order[pos]
            m = hands[i, s]
            want = rem - 1 if pos < n_played else rem
            if __builtin_popcount(m) != want:
                return 3
            seen |= m
            total += want
            if m & forbidden:
                return 5
        if __builtin_popcount(seen) != total:
            return 2
        for pos in range(n_revokers):
            if hands[i, revokers[pos]] & revoke_suit_mask:
                return 4
    return 0


# The table of one decision's batch: 2^12 entries (32 KB). A batch of 32 worlds fills few entries,
# and a table this small is allocated and cleared at once (measured: about 10 us a decision less
# than 2^14, the whole-deal batches' size).
WORLD_TABLE_BITS = 12


def _worlds_slice(h, int trump, int lone, int seat, int n_played, int led, int win_bit, int win_seat,
                  uint32_t table, int side, out, int bits):
    cdef const uint32_t[:, :] hv = h
    cdef int8_t[:, :] ov = out
    cdef int64_t nodes
    cdef int min_rem = TABLE_MIN_REM
    with nogil:
        nodes = run_worlds(hv, trump, lone, seat, n_played, led, win_bit, win_seat, table, side, ov, bits, min_rem)
    if nodes < 0:
        raise MemoryError("no memory for the solver's transposition table")
    return nodes


def move_values_batch(hands, trump, leader, trick_cards=(), lone_seat=-1, side=0, *, pack=32, threads=1,
                      table_bits=None, same_mover=True):
    """One decision valued in many worlds: (W, 32) int8, the tricks ``side`` takes after each card.

    hands: (W, 4) card masks of seats A B C D, the cards still held in each world (the cards on
    the table are in no hand). The player to move must hold the same cards in every world (unless
    ``same_mover`` is False: the seat to move in worlds that differ in his hand too, as when
    another player's answer is read world by world); the other hands may differ from world to world. trump, leader (who led the current trick),
    trick_cards (the cards on the table, in order from the leader), lone_seat (-1 for none) and
    side (0 = AC, 1 = BD) are the same for all worlds. Row w, column c is the number of tricks
    ``side`` takes from the current trick (included) to the end of the hand when the player to
    move plays card c in world w and all four then play double-dummy; -1 where c is not a legal
    card. Returns ``(to_move, values)``. The worlds are checked in one pass without the GIL (the
    mover's hand, hand sizes, cards in two places, revokes in this trick, the pack); the GIL is
    released for the whole batch; ``threads`` > 1 splits the worlds among threads (the answers
    do not depend on it). A lone player's partner's masks are ignored.
    """
    if pack not in (32, 24):
        raise EuchreError(f"pack {pack!r} is not a euchre pack: use 32 (seven to ace) or 24 (nine to ace)")
    h = hands if (isinstance(hands, np.ndarray) and hands.dtype == np.uint32) else np.asarray(hands)
    if h.ndim != 2 or h.shape[1] != 4:
        raise EuchreError(f"hands must be an array of shape (W, 4), one card mask per seat A B C D, not shape {h.shape}")
    if h.dtype != np.uint32:
        if h.size and (not np.issubdtype(h.dtype, np.integer) or h.min() < 0 or h.max() > 0xFFFFFFFF):
            raise EuchreError("hands must be 32-bit card masks (0 to 2**32 - 1)")
        h = h.astype(np.uint32)
    cdef Py_ssize_t w = h.shape[0]
    for name, v, lo, hi in (("trump", trump, 0, 3), ("leader", leader, 0, 3), ("lone seat", lone_seat, -1, 3),
                            ("side", side, 0, 1)):
        if isinstance(v, bool) or not isinstance(v, (int, np.integer)) or not lo <= v <= hi:
            raise EuchreError(f"{name} must be a whole number {lo} to {hi}, not {v!r}")
    cdef int tr = trump, ld = leader, lone = lone_seat, sd = side
    trick = [int(c) for c in trick_cards]
    cdef uint32_t tmask = 0
    for c in trick:
        if not 0 <= c < 32:
            raise EuchreError(f"trick card {c!r} is not a card id (0 to 31)")
        if (tmask >> c) & 1:
            raise EuchreError("a card appears twice among the trick cards")
        tmask |= (<uint32_t>1) << <int>c
    if lone >= 0 and ld == (lone ^ 2):
        raise EuchreError(f"{_SEATS[ld]} cannot lead: he sits out while his partner plays alone")
    cdef int nplayers = 4 if lone < 0 else 3
    cdef int n_played = len(trick)
    if n_played >= nplayers:
        raise EuchreError(f"{n_played} cards on the table: a trick in progress has at most {nplayers - 1}")
    cdef int order[4]
    cdef int pos, nxt, x
    order[0] = ld
    for pos in range(1, nplayers):
        nxt = (order[pos - 1] + 1) & 3
        if lone >= 0 and nxt == (lone ^ 2):
            nxt = (nxt + 1) & 3
        order[pos] = nxt
    cdef int seat = order[n_played]
    # the cards on the table: who led which suit, who is winning, who showed out
    cdef int led = -1, win_bit = -1, win_seat = -1, b, n_rev = 0
    cdef int revokers[4]
    cdef uint32_t table = 0, led_mask = 0
    for pos in range(n_played):
        x = trick[pos]
        b = TO_BIT[tr][x]
        if pos == 0:
            led = SUIT_OF[b]
            win_bit = b
            win_seat = order[0]
        else:
            if SUIT_OF[b] != led:
                revokers[n_rev] = order[pos]
                n_rev += 1
            if b > win_bit and ((SUIT_MASK[led] | TRUMPS) >> b) & 1:
                win_bit = b
                win_seat = order[pos]
        table |= (<uint32_t>1) << b
    if n_played:
        for x in range(32):
            if SUIT_OF[TO_BIT[tr][x]] == led:
                led_mask |= (<uint32_t>1) << x
    out = np.full((w, 32), -1, dtype=np.int8)
    if w == 0:
        return seat, out
    cdef const uint32_t[:, :] hv = h
    cdef Py_ssize_t bad = 0
    cdef uint32_t forbidden = <uint32_t>PACK24_OUT if pack == 24 else 0
    cdef int code, same = bool(same_mover)
    with nogil:
        code = check_worlds(hv, seat, lone, order, nplayers, n_played, tmask, forbidden, led_mask, revokers,
                            n_rev, same, &bad)
    if code == 1:
        raise EuchreError(f"the player to move, {_SEATS[seat]}, must hold the same cards in every world")
    if code == 2:
        raise EuchreError(f"world {bad}: a card is in two hands, or on the table and in a hand")
    if code == 3:
        raise EuchreError(f"world {bad}: the players do not hold the same number of cards (those who have "
                          f"played to this trick one fewer)")
    if code == 4:
        raise EuchreError(f"world {bad}: a player who did not follow {_card(trick[0])} holds that suit (a revoke)")
    if code == 5:
        raise EuchreError(f"world {bad}: a card in the hands is not in the 24-card pack (nine to ace)")
    if (h[:, seat] == 0).any():
        raise EuchreError(f"{_SEATS[seat]}, to move, holds no card")
    if isinstance(threads, bool) or not isinstance(threads, (int, np.integer)) or threads < 1:
        raise EuchreError(f"threads must be a whole number of at least 1, not {threads!r}")
    bits = WORLD_TABLE_BITS if table_bits is None else int(table_bits)
    if not 4 <= bits <= 26:
        raise EuchreError(f"table_bits must be 4 to 26, not {bits}")
    if threads == 1 or w == 1:
        _worlds_slice(h, tr, lone, seat, n_played, led, win_bit, win_seat, table, sd, out, bits)
        return seat, out
    cuts = np.linspace(0, w, min(int(threads), w) + 1).astype(int)
    args = [(h[a:z], tr, lone, seat, n_played, led, win_bit, win_seat, table, sd, out[a:z], bits)
            for a, z in zip(cuts[:len(cuts) - 1], cuts[1:])]
    from concurrent.futures import ThreadPoolExecutor
    with ThreadPoolExecutor(len(args)) as pool:
        list(pool.map(lambda a: _worlds_slice(*a), args))
    return seat, out
