# cython: language_level=3, boundscheck=False, wraparound=False, cdivision=True, initializedcheck=False
"""Compiled twin of PIMC play at the table: whole hands with the PIMC player in every seat.

``play_pimc_hands`` plays a batch of hands as ``analysis.play.table.play_hands`` does with
``analysis.play.pimc.PIMCPlayer(worlds, seed)`` (uniform worlds, no bidding model) in every
seat, card for card the same; given ``reading`` (the calls' tables, ``analysis.bidding.reading``),
as ``PIMCPlayer(worlds, seed, model, fallback=True)``: candidate worlds dealt and judged by
``fastcore.callreading.judge`` as ``sample_worlds`` does with the model (in its batches and streams,
but one at a time, stopping at the last world needed), and the cards alone for
the rest of a deal whose calls contradicted the model. At each card of deal ``i`` (its row in the batch), card number
``n`` of the hand, ``seat`` to move:

* a single legal card is played without search;
* otherwise the worlds are those of ``analysis.play.worlds.sample_worlds`` with the key
  (i, n, seat): what the player knows (his cards, the turn-up in the dealer's hand while he
  holds it, his own discard if he dealt, a turned-down turn-up, every card played, the voids
  shown) is rebuilt from the hand's state, and the hidden cards are dealt by the world
  sampler's own kernel (``fastcore.worldsampler.deal_worlds``) from the same stream;
* each world's legal cards are valued by the solver's own kernel
  (``fastcore.solver.world_values``) and the card with the largest sum over the worlds is
  played, ties to the lowest card id.

Two savings leave every card unchanged. The transposition table is kept from one decision to
the next (by default across the whole batch): its entries are bounds on exact values keyed by
the whole position, so they hold in any world of any hand, and the values found are the same.
When the mover's legal cards are all of one suit with no card between them (in power) that
another seat may hold or that lies on the table, they are equivalent in every world (the solver
gives them one value), so the lowest card id is played without drawing worlds. Together they
save about 5% of the time on the benchmark's hands (table_hands_compiled_per_s), each about half.

The hand's state is one ``Deal`` struct of bitmasks in card ids; the solver's trump-free layout
is used only to call the solver. The GIL is released while hands are played; with ``threads``
the hands are played in blocks by that many threads, each with its own search table, all reading
one copy of the calls' tables: the cards are the same whatever the threads (a table's entries are
exact bounds, and each decision's worlds depend on its key alone).
"""
from libc.stdint cimport uint8_t, uint32_t, uint64_t, int8_t, int32_t, int64_t
from libc.stdlib cimport calloc, free
from libc.string cimport memset

import numpy as np

from fastcore.cards cimport popcount, effective_suit, trick_power, suit_mask
from fastcore.solver cimport (Ctx, Entry, T_ALL, SUIT_OF, TO_BIT, card_value, relabel, setup_seats, world_bounds,
                              world_values)
from fastcore.worldsampler cimport (MAXC, STATES, DEAL_OK, DEAL_BAD_CAPS, Dealer, Early, deal_worlds,
                                    deal_next_judged, fold_key, skip_draws, start_dealing)
from fastcore.callreading cimport Reading, HANDS, TABLE_BYTES, judge, judge_draws

from fastcore import solver as _solver
from fastcore.batches import checked_batch, int_array
from fastcore.errors import EuchreError
from fastcore.vocabulary import SEATS, card_text, pack_mask

cdef extern from *:
    int __builtin_clz(unsigned int) nogil
    int __builtin_ctz(unsigned int) nogil
    int __builtin_ctzll(unsigned long long) nogil

cdef enum:
    MAX_PLAYS = 20
    CAREFUL = 100           # above any hand's points: the careful objective puts the game first
    SEAT_A = 0
    SEAT_C = 2

# when the transposition table is cleared
cdef enum:
    CLEAR_DECISION = 0
    CLEAR_HAND = 1
    CLEAR_BATCH = 2
TABLE_CLEARS = {"decision": CLEAR_DECISION, "hand": CLEAR_HAND, "batch": CLEAR_BATCH}

# The table kept across a batch: 2^16 entries (512 KB, inside the L2 cache). Measured on the
# benchmark's hands (32 worlds): 2^14 to 2^18 within 4% of each other, 2^16 the best median;
# 2^20 is 20% slower.
PLAY_TABLE_BITS = 16

# reading the calls: the most and fewest candidate worlds judged in one batch, and the key folded
# after a batch's number for the judge's stream (as analysis.play.worlds.sample_worlds: 4096, 64, JUDGE)
cdef enum:
    MAX_BATCH = 4096
    MIN_BATCH = 64
    JUDGED_BEFORE_CONTRADICTION = 4096
cdef uint64_t JUDGE = (<uint64_t>1) << 32

# the kernel's answers
cdef enum:
    OK = 0
    ERR_KNOWN = 1       # a seat is known to hold more cards than he has left
    ERR_CAPS = 2        # too few hidden cards for the hands
    ERR_VOIDS = 3       # no deal keeps the voids
    ERR_FORCED = 4      # a forced card is not a legal card of the seat to move


cdef struct Deal:
    uint32_t left[4]        # the cards each seat still holds (none for a lone player's partner)
    uint32_t played[4]      # the cards each seat has played
    uint32_t forbid[4]      # the cards each seat's voids forbid him (the effective suits he showed out of)
    int trump, lone, leader, turn_up, taken, discard    # turn_up, discard -1: not known, none
    int n_active            # 3 when a lone player's partner sits out
    int n_trick             # cards on the table in the current trick
    int trick_seat[4]
    int trick_card[4]
    int won[2]              # tricks taken by AC and BD
    int makers              # the makers' side (read when playing for points)


cdef struct Work:
    Ctx c                   # the solver's context and its transposition table
    Py_ssize_t table_size
    int clear               # CLEAR_DECISION, CLEAR_HAND or CLEAR_BATCH
    int shortcut            # play the lowest of equivalent legal cards without search
    int bounds              # rivals probed against a reference card before they are valued exactly
    int points              # value a card by the hand's net points in each world, not its tricks
    int careful_seat        # playing for points, this seat first keeps the other side from game (-1: none)
    int careful_need        # the points the other side needs for game
    Py_ssize_t stop_at      # the sequential stop: the worlds valued before it is tried (0: never)
    double stop_sum         # the lead over every other card it needs there, in summed values
    uint32_t* worlds        # n_worlds rows of four masks
    double* counts          # the world sampler's scratch, (MAXC + 1) * STATES
    Py_ssize_t n_worlds
    uint64_t root
    uint32_t pack
    int64_t decisions       # decisions with two or more legal cards
    Py_ssize_t err_deal
    int err_seat
    # reading the calls (calls = 1): each seat's table and the dealer's discard table of each deal
    int calls
    const uint8_t* tables       # rows of TABLE_BYTES
    const int32_t* table_of     # (N, 4): each seat's row in tables
    const int8_t* discards      # rows of HANDS
    const int32_t* discard_of   # (N,): the dealer's row in discards, -1 none
    double min_acceptance
    uint8_t* misled             # (N,): the deal whose calls contradicted the model (the cards alone from then)
    int32_t* contradicted       # (room_c, 3): the keys (deal, card number, seat) of the decisions that saw it
    Py_ssize_t n_contradicted
    Py_ssize_t room_c


# --- the hand ----------------------------------------------------------------------------------------

cdef inline uint32_t bit_of(int card) noexcept nogil:
    return (<uint32_t>1) << card


cdef inline int next_seat(int seat, int lone) noexcept nogil:
    cdef int n = (seat + 1) & 3
    if lone >= 0 and n == (lone ^ 2):
        n = (n + 1) & 3
    return n


cdef inline int to_move(Deal* d) noexcept nogil:
    if d.n_trick:
        return next_seat(d.trick_seat[d.n_trick - 1], d.lone)
    return d.leader


cdef inline uint32_t legal_cards(Deal* d, int seat) noexcept nogil:
    cdef uint32_t hand = d.left[seat], follow
    if not d.n_trick:
        return hand
    follow = hand & suit_mask(effective_suit(d.trick_card[0], d.trump), d.trump)
    return follow if follow else hand


cdef void play_card(Deal* d, int seat, int card) noexcept nogil:
    """``seat`` plays ``card``: his void shown, the trick taken when complete (InfoSet.play)."""
    cdef int led, j, power, best = -1, winner = -1
    cdef uint32_t bit = bit_of(card)
    if d.n_trick:
        led = effective_suit(d.trick_card[0], d.trump)
        if effective_suit(card, d.trump) != led:
            d.forbid[seat] |= suit_mask(led, d.trump)
    d.left[seat] &= ~bit
    d.played[seat] |= bit
    d.trick_seat[d.n_trick] = seat
    d.trick_card[d.n_trick] = card
    d.n_trick += 1
    if d.n_trick == d.n_active:
        led = effective_suit(d.trick_card[0], d.trump)
        for j in range(d.n_trick):
            power = trick_power(d.trick_card[j], d.trump, led)
            if power > best:
                best = power
                winner = d.trick_seat[j]
        d.won[winner & 1] += 1
        d.leader = winner
        d.n_trick = 0


# --- one decision ------------------------------------------------------------------------------------

cdef inline bint equivalent(uint32_t legal, uint32_t live, int trump) noexcept nogil:
    """Whether the legal cards (two or more) are all of one suit with no ``live`` card between
    them in power: then they have one value in every world."""
    cdef uint32_t mine = relabel(legal, trump)
    cdef int lo = __builtin_ctz(mine), hi = 31 - __builtin_clz(mine)
    if SUIT_OF[lo] != SUIT_OF[hi]:
        return False
    return (relabel(live, trump) & ((bit_of(hi) - 1) & ~((<uint32_t>2 << lo) - 1))) == 0


cdef enum:
    READ_CONTRADICTED = 100


cdef int read_worlds(Work* w, Deal* d, Py_ssize_t i, int seat, uint32_t hidden, const int* seats,
                     const uint32_t* forbidden, const int* caps, const uint32_t* known, uint32_t gone,
                     uint64_t stream) noexcept nogil:
    """The decision's worlds read with the calls (analysis.play.worlds.sample_worlds with a model):
    candidates dealt in batches and judged, the first n_worlds kept; DEAL_OK, a deal_worlds error,
    or READ_CONTRADICTED when too few are kept.

    The candidates are dealt and judged one at a time, in the order and from the streams of the
    batches, so the worlds kept are the same; the batch is left as soon as the worlds are found
    and what is left of it could not make the calls contradicted (the check counts every world
    the whole batch accepts). A seat whose hand as dealt is what he holds and has played is judged
    as soon as his hand is dealt, and a candidate he refuses is left there, both streams moved past
    it (the same worlds again): most candidates are refused, most of them by the first hand dealt."""
    cdef Reading r
    cdef Dealer g
    cdef Early early
    cdef Early* e = &early
    cdef uint32_t turn_bit = 0, seen = gone
    cdef int draws, out = d.lone ^ 2 if d.lone >= 0 else -1
    cdef uint32_t dealt[4]
    cdef uint32_t cand[4]
    cdef int s, code, assumed, tries = 0
    cdef Py_ssize_t n = w.n_worlds, have = 0, candidates = 0, batch, j, total
    cdef uint64_t x
    cdef double v
    cdef int32_t row
    for s in range(4):
        r.played[s] = d.played[s]
        r.accept[s] = w.tables + <Py_ssize_t>w.table_of[4 * i + s] * TABLE_BYTES
    r.gone = gone
    r.pack = w.pack
    r.turn_up, r.taken, r.lone, r.reader = d.turn_up, d.taken, d.lone, seat
    r.discard = d.discard if seat == SEAT_A else -1
    row = w.discard_of[i]
    r.discards = w.discards + <Py_ssize_t>row * HANDS if row >= 0 else NULL
    code = start_dealing(&g, hidden, seats, forbidden, caps, stream, known, w.counts)
    if code != DEAL_OK:
        return code
    # The seats judged while dealing: not a lone player's partner nor a dealer who took up (their
    # hands as dealt are drawn by the judge). The judge's draws are skipped for a refused world; how
    # many it makes depends on the cards in no hand, the same for every world unless the turn-up is
    # among the hidden cards (then nothing is judged early).
    if d.turn_up >= 0:
        turn_bit = bit_of(d.turn_up)
    for s in range(4):
        seen |= known[s] | r.played[s]
    draws = judge_draws(&r, popcount(w.pack & ~(seen | turn_bit | hidden)) + caps[3])
    if turn_bit & hidden:
        e = NULL
    else:
        for s in range(3):
            early.add[s] = r.played[seats[s]]
            if seats[s] == out or (d.taken and seats[s] == SEAT_A):
                early.table[s] = NULL
            else:
                early.table[s] = r.accept[seats[s]]
    batch = 2 * n if 2 * n > MIN_BATCH else MIN_BATCH
    while True:
        tries += 1
        if tries > 1:
            g.x64 = fold_key(stream, <uint64_t>tries)
        x = fold_key(fold_key(stream, <uint64_t>tries), JUDGE)
        total = candidates + batch
        for j in range(batch):
            if not deal_next_judged(&g, e, cand):
                skip_draws(&x, draws)
                continue
            if judge(&r, cand, &x, dealt, &assumed):
                if have < n:
                    for s in range(4):
                        w.worlds[4 * have + s] = cand[s]
                have += 1
                if have >= n and (total < JUDGED_BEFORE_CONTRADICTION or have >= w.min_acceptance * total):
                    return DEAL_OK
        candidates = total
        if candidates >= JUDGED_BEFORE_CONTRADICTION and have < w.min_acceptance * candidates:
            return READ_CONTRADICTED
        if have >= n:
            return DEAL_OK
        # the next batch sized by the acceptance seen so far (the batches of sample_worlds)
        v = 1.2 * (n - have)
        v = v * candidates
        v = v / (have if have > 1 else 1)
        if v < MIN_BATCH:
            v = MIN_BATCH
        if v > MAX_BATCH:
            v = MAX_BATCH
        batch = <Py_ssize_t>v


cdef int pimc_card(Work* w, Deal* d, Py_ssize_t i, int n, int seat, uint32_t legal) noexcept nogil:
    """PIMCPlayer.choose for ``seat`` with two or more ``legal`` cards: the card, or -ERR_*."""
    cdef uint32_t known[4]
    cdef uint32_t forbidden[3]
    cdef uint32_t h[4]
    cdef int seats[3]
    cdef int caps[4]
    cdef int8_t vals[32]
    cdef uint8_t upper[32]
    cdef uint64_t bounded[32]
    cdef int8_t bound_of[64][32]
    cdef int ref
    cdef bint bounds, stop
    cdef Py_ssize_t y
    cdef int64_t sums[32]
    cdef int net[6]
    cdef uint32_t gone, hidden, live, table = 0, m
    cdef int s, k = 0, need, total = 0, p, b, led = -1, win_bit = -1, win_seat = -1, best, code, trump = d.trump
    cdef uint64_t stream
    cdef Py_ssize_t x
    cdef bint same = False
    # what the player knows (InfoSet.known, gone, hidden)
    known[0] = 0; known[1] = 0; known[2] = 0; known[3] = 0
    known[seat] = d.left[seat]
    if d.taken and d.turn_up >= 0 and d.lone != SEAT_C and not (d.played[SEAT_A] >> d.turn_up) & 1:
        known[SEAT_A] |= bit_of(d.turn_up)
    gone = d.played[0] | d.played[1] | d.played[2] | d.played[3]
    if seat == SEAT_A and d.discard >= 0:
        gone |= bit_of(d.discard)
    if d.turn_up >= 0 and not d.taken:
        gone |= bit_of(d.turn_up)
    hidden = w.pack & ~(gone | known[0] | known[1] | known[2] | known[3])
    for p in range(d.n_trick):
        table |= bit_of(d.trick_card[p])
    if w.shortcut:
        live = hidden | table
        for s in range(4):
            if s != seat:
                live |= known[s]
        same = equivalent(legal, live, trump)
        # a player reading the calls still reads them here: the Python player, who has no
        # shortcut, sees a contradiction at this decision too
        if same and not (w.calls and not w.misled[i]):
            return __builtin_ctz(legal)
    # the worlds (worlds.needs and _counted): the other three seats in order, then the rest
    for s in range(4):
        need = popcount(d.left[s]) - popcount(known[s])
        if need < 0:
            w.err_seat = s
            return -ERR_KNOWN
        if s == seat:
            continue
        seats[k] = s
        caps[k] = need
        forbidden[k] = d.forbid[s]
        total += need
        k += 1
    caps[3] = popcount(hidden) - total
    stream = fold_key(fold_key(fold_key(w.root, <uint64_t>i), <uint64_t>n), <uint64_t>seat)
    code = DEAL_OK
    if w.calls and not w.misled[i]:
        code = read_worlds(w, d, i, seat, hidden, seats, forbidden, caps, known, gone, stream)
        if code == READ_CONTRADICTED:
            w.misled[i] = 1
            if w.n_contradicted < w.room_c:
                w.contradicted[3 * w.n_contradicted] = <int32_t>i
                w.contradicted[3 * w.n_contradicted + 1] = n
                w.contradicted[3 * w.n_contradicted + 2] = seat
            w.n_contradicted += 1
    if not w.calls or w.misled[i]:
        code = deal_worlds(hidden, seats, forbidden, caps, stream, w.n_worlds, known, w.worlds, w.counts)
    if code != DEAL_OK:
        return -ERR_CAPS if code == DEAL_BAD_CAPS else -ERR_VOIDS
    if same:
        return __builtin_ctz(legal)
    # the trick on the table in the solver's layout
    table = 0
    for p in range(d.n_trick):
        b = TO_BIT[trump][d.trick_card[p]]
        if p == 0:
            led = SUIT_OF[b]
            win_bit = b
            win_seat = d.trick_seat[p]
        elif b > win_bit and (SUIT_OF[b] == led or SUIT_OF[b] == 3):
            win_bit = b
            win_seat = d.trick_seat[p]
        table |= bit_of(b)
    if w.clear == CLEAR_DECISION:
        memset(w.c.table, 0, w.table_size * sizeof(Entry))
    for b in range(32):
        sums[b] = 0
    if w.points:
        net_points(d, seat & 1, net)
        if seat == w.careful_seat:
            careful(net, w.careful_need)
    # With bounds, the first world's best card is the reference: in the other worlds it is valued
    # exactly and each rival first probed once against it (world_bounds); a rival whose bounds
    # leave it below the reference's sum (or tied, and after it in card id) cannot be the first
    # maximum, and the others are valued exactly where they were bounded. The card is the same.
    ref = -1
    bounds = w.bounds and w.n_worlds <= 64
    for b in range(32):
        bounded[b] = 0
    for x in range(w.n_worlds):
        world_hands(w, d, x, h)
        if ref < 0:
            world_values(&w.c, h, seat, d.n_trick, led, win_bit, win_seat, table, seat & 1, trump, vals)
        else:
            world_bounds(&w.c, h, seat, d.n_trick, led, win_bit, win_seat, table, seat & 1, trump, ref, vals[ref],
                         vals, upper)
        m = legal
        while m:
            b = __builtin_ctz(m)
            m &= m - 1
            sums[b] += net[d.won[seat & 1] + vals[b]] if w.points else vals[b]
            if ref >= 0 and upper[b]:
                bounded[b] |= (<uint64_t>1) << x
                bound_of[x][b] = vals[b]
        if bounds and ref < 0:
            ref = first_max(legal, sums)
        if x + 1 == w.stop_at and w.stop_at < w.n_worlds:
            # The sequential stop, on the exact sums of these worlds: the leader is the first
            # maximum, found by settling the bounds of the card leading on them until it leads on
            # exact values; each other card's bounds are settled only until it is far enough
            # behind (its exact sum is below its bound's).
            while True:
                best = first_max(legal, sums)
                if not bounded[best]:
                    break
                settle_all(w, d, seat, led, win_bit, win_seat, table, net, sums, bounded, bound_of, best)
            stop = True
            m = legal & ~bit_of(best)
            while m and stop:
                b = __builtin_ctz(m)
                m &= m - 1
                while sums[best] - sums[b] < w.stop_sum and bounded[b]:
                    y = __builtin_ctzll(bounded[b])
                    bounded[b] &= bounded[b] - 1
                    settle(w, d, y, b, seat, led, win_bit, win_seat, table, net, sums, bound_of[y][b])
                stop = sums[best] - sums[b] >= w.stop_sum
            if stop:
                return best
    if ref >= 0:
        m = legal
        while m:
            b = __builtin_ctz(m)
            m &= m - 1
            if not bounded[b] or sums[b] < sums[ref] or (sums[b] == sums[ref] and b > ref):
                continue
            settle_all(w, d, seat, led, win_bit, win_seat, table, net, sums, bounded, bound_of, b)
    return first_max(legal, sums)


cdef inline void settle(Work* w, Deal* d, Py_ssize_t x, int b, int seat, int led, int win_bit, int win_seat,
                        uint32_t table, const int* net, int64_t* sums, int bound) noexcept nogil:
    """Card ``b``'s bound in world ``x`` replaced in its sum by its exact value."""
    cdef uint32_t h[4]
    cdef int v
    world_hands(w, d, x, h)
    v = card_value(&w.c, h, seat, d.n_trick, led, win_bit, win_seat, table, TO_BIT[d.trump][b], seat & 1,
                   popcount(h[seat]), bound)
    if w.points:
        sums[b] += net[d.won[seat & 1] + v] - net[d.won[seat & 1] + bound]
    else:
        sums[b] += v - bound


cdef inline void settle_all(Work* w, Deal* d, int seat, int led, int win_bit, int win_seat, uint32_t table,
                            const int* net, int64_t* sums, uint64_t* bounded, int8_t (*bound_of)[32],
                            int b) noexcept nogil:
    """Every bound of card ``b`` settled: its sum exact."""
    cdef Py_ssize_t x
    while bounded[b]:
        x = __builtin_ctzll(bounded[b])
        bounded[b] &= bounded[b] - 1
        settle(w, d, x, b, seat, led, win_bit, win_seat, table, net, sums, bound_of[x][b])


cdef inline int first_max(uint32_t legal, const int64_t* sums) noexcept nogil:
    """The legal card of the largest sum, the lowest card id of a tie."""
    cdef int b, best = __builtin_ctz(legal)
    cdef uint32_t m = legal
    while m:
        b = __builtin_ctz(m)
        m &= m - 1
        if sums[b] > sums[best]:
            best = b
    return best


cdef inline void world_hands(Work* w, Deal* d, Py_ssize_t x, uint32_t* h) noexcept nogil:
    """World ``x``'s hands in the solver's layout."""
    cdef int s
    for s in range(4):
        h[s] = relabel(w.worlds[4 * x + s], d.trump)
    if d.lone >= 0:
        h[d.lone ^ 2] = 0


cdef void careful(int* net, int need) noexcept nogil:
    """The careful objective (the book's "very conservative" play, E11): a hand that does not give the
    other side the ``need`` points it lacks for game is worth CAREFUL more, then its points as before
    (more tricks never worth less: the bounds still hold)."""
    cdef int t
    for t in range(6):
        if -net[t] < need:
            net[t] += CAREFUL


cdef void net_points(Deal* d, int side, int* net) noexcept nogil:
    """net[t]: the hand's points to ``side`` less the other side's when ``side`` takes t tricks of
    the five (laws 2 and 3; analysis.play.pimc.net_points)."""
    cdef int t, made, big = 4 if d.lone >= 0 else 2      # a march, a euchre: 4 with a lone hand
    for t in range(6):
        made = t if side == d.makers else 5 - t      # the makers' tricks
        if made == 5:
            net[t] = big
        elif made >= 3:
            net[t] = 1
        else:
            net[t] = -big
        if side != d.makers:
            net[t] = -net[t]


cdef int play_hand(Work* w, Deal* d, Py_ssize_t i, int8_t* plays, const int8_t* forced) noexcept nogil:
    """One hand, card by card (analysis.play.table.play_hand); 0 or an ERR_* code. ``forced``: the
    cards to play as given, by card number (-1: the player decides)."""
    cdef int n, seat, card
    cdef uint32_t legal
    if w.clear == CLEAR_HAND:
        memset(w.c.table, 0, w.table_size * sizeof(Entry))
    setup_seats(&w.c, d.lone)
    for n in range(5 * d.n_active):
        seat = to_move(d)
        legal = legal_cards(d, seat)
        if forced[n] >= 0:
            card = forced[n]
            if not (legal >> card) & 1:
                w.err_deal = i
                w.err_seat = seat
                return ERR_FORCED
        elif popcount(legal) == 1:
            card = __builtin_ctz(legal)
        else:
            w.decisions += 1
            card = pimc_card(w, d, i, n, seat, legal)
            if card < 0:
                w.err_deal = i
                if w.err_seat < 0:
                    w.err_seat = seat
                return -card
        plays[n] = <int8_t>card
        play_card(d, seat, card)
    return OK


# --- the Python layer ----------------------------------------------------------------------------------

def _whole(x, what, lo, hi=None):
    if isinstance(x, bool) or not isinstance(x, (int, np.integer)) or x < lo or (hi is not None and x > hi):
        bound = f"at least {lo}" if hi is None else f"{lo} to {hi}"
        raise EuchreError(f"{what} must be a whole number {bound}, not {x!r}")
    return int(x)


def checked_forced(forced, n, lone, pack) -> np.ndarray:
    """The forced cards as (N, 20) int8, -1 where the player decides; refused unless each is -1 or a
    card of the pack, and none after the hand's last card (the 15th of a lone hand)."""
    if forced is None:
        return np.full((n, MAX_PLAYS), -1, np.int8)
    given = np.asarray(forced)
    if given.shape != (n, MAX_PLAYS) or not np.issubdtype(given.dtype, np.integer):
        raise EuchreError(f"forced must have one row of {MAX_PLAYS} card numbers a deal, not shape {given.shape}")
    wide = given.astype(np.int64)
    outside = (wide >= 0) & ((wide > 31) | (((pack_mask(pack) >> np.clip(wide, 0, 31)) & 1) == 0))
    if (wide < -1).any() or outside.any():
        raise EuchreError(f"forced cards must be -1 (the player decides) or cards of the {pack}-card pack")
    lone_rows = np.asarray(lone) >= 0
    if n and (wide[lone_rows, 15:] >= 0).any():
        raise EuchreError("a lone hand has 15 cards: nothing can be forced after them")
    return np.ascontiguousarray(wide, dtype=np.int8)


def _cards(x, n, what, pack):
    arr = int_array(x, n, what, -1, 31)
    out = (arr >= 0) & (((pack_mask(pack) >> np.maximum(arr, 0).astype(np.int64)) & 1) == 0)
    if out.any():
        row = int(np.flatnonzero(out)[0])
        raise EuchreError(f"{what} of deal {row}, {card_text(int(arr[row]))}, is not in the {pack}-card pack")
    return arr


cdef class _Hands:
    """A batch of hands to play and the settings every thread's work starts from (``proto``)."""
    cdef const uint32_t[:, ::1] hv
    cdef const int8_t[::1] tv, lv, nv, uv, kv, dv, mv
    cdef const int8_t[:, ::1] fv
    cdef int8_t[:, ::1] pv, wv
    cdef Work proto

    cdef int play(self, Work* w, Py_ssize_t lo, Py_ssize_t hi) noexcept nogil:
        cdef Deal d
        cdef Py_ssize_t i
        cdef int s, code
        for i in range(lo, hi):
            for s in range(4):
                d.left[s] = self.hv[i, s]
                d.played[s] = 0
                d.forbid[s] = 0
            d.trump, d.lone, d.leader = self.tv[i], self.nv[i], self.lv[i]
            d.turn_up, d.taken, d.discard = self.uv[i], self.kv[i], self.dv[i]
            d.makers = self.mv[i]
            d.n_active = 3 if d.lone >= 0 else 4
            d.n_trick = 0
            d.won[0] = 0
            d.won[1] = 0
            code = play_hand(w, &d, i, &self.pv[i, 0], &self.fv[i, 0])
            if code != OK:
                return code
            self.wv[i, 0] = d.won[0]
            self.wv[i, 1] = d.won[1]
        return OK

    def play_blocks(self, queue):
        """Plays the blocks (k, lo, hi) taken from ``queue`` until it is empty, with one search
        table kept across them: (decisions, [(k, code, deal, seat, contradicted keys) per block])."""
        cdef Work w = self.proto
        cdef Py_ssize_t lo, hi, before
        cdef int code
        world_buf = np.zeros((w.n_worlds, 4), np.uint32)
        count_buf = np.zeros((MAXC + 1) * STATES, np.float64)
        contra_buf = np.zeros((max(w.room_c, 1), 3), np.int32)
        cdef uint32_t[:, ::1] world_v = world_buf
        cdef double[::1] count_v = count_buf
        cdef int32_t[:, ::1] contra_v = contra_buf
        w.worlds = &world_v[0, 0]
        w.counts = &count_v[0]
        w.contradicted = &contra_v[0, 0]
        w.c.table = <Entry*>calloc(w.table_size, sizeof(Entry))
        if w.c.table == NULL:
            raise MemoryError("no memory for the solver's transposition table")
        out = []
        try:
            for k, lo, hi in queue:
                before = w.n_contradicted
                w.err_deal = -1
                w.err_seat = -1
                with nogil:
                    code = self.play(&w, lo, hi)
                if w.n_contradicted > w.room_c:
                    raise EuchreError("more contradicted decisions than the kernel keeps")
                out.append((k, code, w.err_deal, w.err_seat, contra_buf[before:w.n_contradicted].copy()))
                if code != OK:
                    break
        finally:
            free(w.c.table)
        return int(w.decisions), out


def play_pimc_hands(hands, trump, lone_seat, leader, turn_up, taken, discard, worlds, root, *, pack=32,
                    table_bits=None, table_clear="batch", shortcut=True, reading=None, makers=None, threads=1,
                    bounds=True, stop_at=0, stop_margin=0.25, forced=None, misled=None, careful_seat=-1,
                    careful_need=0):
    """Whole hands with the PIMC player (``worlds`` uniform worlds a decision) in every seat.

    hands: (N, 4) uint32 masks at the start of play, 5 cards each (a lone player's partner's are
    ignored); trump, lone_seat (-1 none), leader (None: the first active seat left of A),
    turn_up (-1 unknown), taken (the dealer took it up), discard (the dealer's, -1 none): one
    value or (N,) values; root: the 64-bit root state of the players' seed
    (``analysis.seeds.root_state``). The same cards as ``analysis.play.table.play_hands`` with
    ``PIMCPlayer(worlds, seed)`` in every seat.

    With ``reading`` the players read the calls (see below). With ``makers`` (the makers' side, 0
    AC or 1 BD: one value or (N,) values) they play for the hand's points: a card's value in a world
    is the hand's net points to the mover's side (``analysis.play.pimc.net_points``), not its tricks. Returns (plays, won, decisions): plays
    (N, 20) int8, the cards in the order played (-1 after
    the 15th card of a lone hand); won (N, 2) int8, the tricks of AC and BD; decisions, the
    decisions with two or more legal cards (``PIMCPlayer.decisions``). The GIL is released for
    the whole batch. For measurement: ``table_bits`` (log2 of the transposition table's entries),
    ``table_clear`` (when the table is cleared: "decision", "hand" or "batch") and ``shortcut``
    (the equivalent legal cards played without search) and ``bounds`` (the rivals probed against a
    reference card first); none changes a card, nor does ``threads``
    (the hands shared among that many threads).

    ``forced``: (N, 20) int8, the cards to play as given by card number (-1: the player decides):
    a hand's first cards replayed, say, and one branch's card after them. A forced card that is not
    legal for the seat to move is refused. ``misled``: (N,) the deals whose calls already misled the
    players (they read the cards alone from the first card; a hand replayed past a contradiction).

    ``careful_seat``, ``careful_need``: playing for points, that seat plays carefully
    (``PIMCPlayer(..., careful=careful_need)``): a card's value in a world is first whether the hand
    leaves the other side short of the ``careful_need`` points it lacks for game, then its points.

    ``stop_at`` (0: never, the default), ``stop_margin``: the sequential stop of
    ``PIMCPlayer(..., stop_at=, stop_margin=)``: after the first ``stop_at`` worlds of a decision
    (fewer than ``worlds``) the card leading on them is played if its sum is ahead of every other
    legal card's by at least ``stop_margin * stop_at``; otherwise the rest are valued. All the
    worlds are still drawn (so the calls contradict the model where they do for the full player).
    """
    h, trump_a, leader_a, lone_a, _side, _sizes = checked_batch(hands, trump, leader, lone_seat, None, pack, min_cards=5)
    cdef Py_ssize_t n = h.shape[0], i
    turn_a = _cards(turn_up, n, "turn-up", pack)
    discard_a = _cards(discard, n, "discard", pack)
    taken_arr = np.asarray(taken)
    taken_a = int_array(taken_arr.astype(np.int8) if taken_arr.dtype == bool else taken_arr, n, "taken", 0, 1)
    makers_a = None if makers is None else int_array(makers, n, "makers", 0, 1)
    cdef int n_worlds = _whole(worlds, "worlds", 1)
    cdef uint64_t root_state = _whole(root, "root", 0, 2 ** 64 - 1)
    stop_at = _whole(stop_at, "stop_at", 0)
    if isinstance(stop_margin, bool) or not isinstance(stop_margin, (int, float, np.integer, np.floating)) \
            or not stop_margin >= 0:
        raise EuchreError(f"stop_margin must be a number of at least 0, not {stop_margin!r}")
    bits = _solver.WORLD_TABLE_BITS if table_clear == "decision" and table_bits is None else (
        PLAY_TABLE_BITS if table_bits is None else _whole(table_bits, "table_bits", 4, 26))
    if table_clear not in TABLE_CLEARS:
        raise EuchreError(f"table_clear must be decision, hand or batch, not {table_clear!r}")
    # what the players are told must fit the cards: the turn-up in the dealer's hand when he took
    # it up (and plays), in no hand when turned down; the discard in no hand
    dealer_plays = lone_a != SEAT_C
    with_turn_up = turn_a >= 0
    up = np.uint32(1) << np.maximum(turn_a, 0).astype(np.uint32)
    held = (h & up[:, None]) != 0
    bad = with_turn_up & (taken_a != 0) & dealer_plays & ~held[:, SEAT_A]
    if bad.any():
        row = int(np.flatnonzero(bad)[0])
        raise EuchreError(f"deal {row}: the dealer took up the turn-up {card_text(int(turn_a[row]))} but A does not hold it")
    bad = with_turn_up & (taken_a == 0) & held.any(axis=1)
    if bad.any():
        row = int(np.flatnonzero(bad)[0])
        raise EuchreError(f"deal {row}: the turn-up {card_text(int(turn_a[row]))} was turned down but "
                          f"{SEATS[int(np.flatnonzero(held[row])[0])]} holds it")
    down = np.uint32(1) << np.maximum(discard_a, 0).astype(np.uint32)
    dheld = (discard_a >= 0)[:, None] & ((h & down[:, None]) != 0)
    if dheld.any():
        row, seat = (int(x) for x in np.argwhere(dheld)[0])
        raise EuchreError(f"deal {row}: the discard {card_text(int(discard_a[row]))} is in {SEATS[seat]}'s hand")

    cdef const uint8_t[:, ::1] rt
    cdef const int32_t[:, ::1] rto
    cdef const int8_t[:, ::1] rd
    cdef const int32_t[::1] rdo
    cdef uint8_t[::1] misled_v
    if reading is not None:
        tables, table_of, discards, discard_of, min_acceptance = reading
        tables = np.ascontiguousarray(tables, dtype=np.uint8)
        if tables.ndim != 2 or tables.shape[1] != TABLE_BYTES or len(tables) == 0:
            raise EuchreError(f"the calls' tables must be rows of {TABLE_BYTES} bytes")
        table_of = np.ascontiguousarray(table_of, dtype=np.int32)
        if table_of.shape != (n, 4) or (n and (table_of.min() < 0 or table_of.max() >= len(tables))):
            raise EuchreError("table_of must give each deal's four rows of the calls' tables")
        discards = np.ascontiguousarray(discards, dtype=np.int8).reshape(-1, HANDS)
        discard_of = np.ascontiguousarray(discard_of, dtype=np.int32)
        if discard_of.shape != (n,) or (n and (discard_of.min() < -1 or discard_of.max() >= len(discards))):
            raise EuchreError("discard_of must give each deal's row of the discard tables, -1 none")
        if n and ((discard_of < 0) & (taken_a != 0) & with_turn_up).any():
            raise EuchreError("a deal whose dealer took up needs his discard table to read the calls")
        if not 0 < float(min_acceptance) <= 1:
            raise EuchreError(f"min_acceptance must be above 0 and at most 1, not {min_acceptance!r}")
        if n and ((taken_a != 0) & with_turn_up & (discard_a < 0)).any():
            raise EuchreError("the dealer reads the calls with his own discard: give each dealer's discard")
        if n and (turn_a < 0).any():
            raise EuchreError("reading the calls needs the turn-up of every deal")
        if len(discards) == 0:
            discards = np.full((1, HANDS), -1, np.int8)
    forced_a = checked_forced(forced, n, lone_a, pack)
    plays = np.full((n, MAX_PLAYS), -1, np.int8)
    won = np.zeros((n, 2), np.int8)
    cdef _Hands hs = _Hands()
    hs.hv = h
    hs.tv, hs.lv, hs.nv, hs.uv, hs.kv, hs.dv = trump_a, leader_a, lone_a, turn_a, taken_a, discard_a
    hs.mv = makers_a if makers_a is not None else np.zeros(n, np.int8)
    hs.pv, hs.wv = plays, won
    hs.fv = forced_a
    cdef Work* w = &hs.proto
    w.table_size = (<Py_ssize_t>1) << <int>bits
    w.c.table = NULL
    w.c.flags = T_ALL
    w.c.shift = 64 - <int>bits
    w.c.table_min_rem = _solver.TABLE_MIN_REM
    w.c.nodes = 0
    w.clear = TABLE_CLEARS[table_clear]
    w.shortcut = bool(shortcut)
    w.bounds = bool(bounds)
    w.points = makers_a is not None
    w.careful_seat = _whole(careful_seat, "careful_seat", -1, 3)
    w.careful_need = _whole(careful_need, "careful_need", 0, 16)
    if w.careful_seat >= 0 and (not w.points or w.careful_need < 1):
        raise EuchreError("careful play is playing for points with the points the other side needs (1 or more)")
    w.stop_at = stop_at
    w.stop_sum = float(stop_margin) * stop_at
    w.n_worlds = n_worlds
    w.root = root_state
    w.pack = <uint32_t>pack_mask(pack)
    w.decisions = 0
    w.err_deal = -1
    w.err_seat = -1
    w.calls = 0
    w.n_contradicted = 0
    w.room_c = 0
    if reading is not None:
        rt, rto, rd, rdo = tables, table_of, discards, discard_of
        w.calls = 1
        w.tables = &rt[0, 0]
        w.table_of = &rto[0, 0] if n else NULL
        w.discards = &rd[0, 0]
        w.discard_of = &rdo[0] if n else NULL
        w.min_acceptance = float(min_acceptance)
        misled_buf = np.zeros(max(n, 1), np.uint8)      # by deal: each deal is played by one thread
        if misled is not None:
            given = np.asarray(misled)
            if given.shape != (n,):
                raise EuchreError(f"misled must give one flag a deal, not shape {given.shape}")
            misled_buf[:n] = given.astype(bool)
        misled_v = misled_buf
        w.misled = &misled_v[0]
        w.room_c = max(n, 1)                              # one a deal at most: then he reads the cards
    threads = _whole(threads, "threads", 1)
    # the hands in blocks taken in turn by the threads, each thread with its own search table and
    # buffers; one thread plays the whole batch as one block
    block = n if threads == 1 else max(1, n // (8 * threads))
    starts = list(range(0, n, block)) if n else [0]
    blocks = [(k, lo, min(lo + block, n)) for k, lo in enumerate(starts)]
    if threads == 1 or len(blocks) == 1:
        done = [hs.play_blocks(iter(blocks))]
    else:
        from concurrent.futures import ThreadPoolExecutor
        queue = iter(blocks)      # shared: each thread takes the next block (next() holds the GIL)
        with ThreadPoolExecutor(min(threads, len(blocks))) as pool:
            done = list(pool.map(hs.play_blocks, [queue] * min(threads, len(blocks))))
    results = sorted((r for got in done for r in got[1]), key=lambda r: r[0])
    failed = [r for r in results if r[1] != OK]
    if failed:
        _k, code, err_deal, err_seat, _c = failed[0]      # the first deal that failed, as one thread meets it
        where = f"deal {err_deal}, {SEATS[err_seat]}"
        if code == ERR_KNOWN:
            raise EuchreError(f"{where}: the seat is known to hold more cards than he has left")
        if code == ERR_FORCED:
            raise EuchreError(f"{where}: a forced card is not one of his legal cards")
        raise EuchreError(f"{where}: no deal of the hidden cards fits what the player knows (the hands, the "
                          f"turn-up, the discard and the voids contradict each other)")
    decisions = sum(got[0] for got in done)
    if reading is not None:
        contra = [r[4] for r in results]
        return plays, won, decisions, (np.concatenate(contra) if contra else np.zeros((0, 3), np.int32))
    return plays, won, decisions

