# cython: language_level=3, boundscheck=False, wraparound=False, cdivision=True, initializedcheck=False
"""The deal sampler: uniform and constrained deals in batches, reproducible from a seed.

``sample_deals(n, seed, pack=32, constraints=None, accept=None, min_acceptance=1e-3, start=0)``
returns a :class:`Deals` batch (hands as uint32 masks, the turn-up, the undealt rest). What is
known about the deal (fixed cards, turn-up, cards out of play, voids, cards in some seat among a
set, hand sizes) goes in a :class:`Constraints`; the deals are then uniform over every deal
consistent with it, by construction (see fastcore.deals). ``accept(deals) -> bool array`` adds
soft knowledge by rejection, with the acceptance rate reported and a floor below which the
sampler raises instead of running on.

Reproducibility: the stream of deals of a seed is cut into blocks of ``BLOCK`` deals; block b
draws from its own PCG64 generator seeded by SeedSequence(seed entropy, spawn_key + (TAG, b)).
So deal i is the same whatever batch it is asked in: ``sample_deals(1000, s)`` is the first
1000 deals of ``sample_deals(5000, s)``, and ``start=i`` gives deals i, i+1, ... With an
``accept`` predicate, the accepted deals are the accepted candidates in stream order, so the
same holds for them (``start`` then counts accepted deals, and the candidates before it are
generated and judged again: use a :class:`DealStream` to read on without that cost).
"""
from cpython.pycapsule cimport PyCapsule_GetPointer
from libc.stdint cimport int8_t, int32_t, uint32_t, uint64_t
from libc.string cimport memcpy

import numpy as np

from fastcore.deals import Constraints, Deals, Plan, pack_mask  # noqa: F401 (re-exported)
from fastcore.errors import EuchreError

__all__ = ["BLOCK", "Constraints", "Deals", "DealStream", "sample_deals"]

BLOCK = 4096
# Keeps the block seeds apart from the children a caller spawns from the same SeedSequence.
_TAG = 0x6465616C


# numpy's C interface to a bit generator (numpy/random/bitgen.h), reached through its capsule.
ctypedef struct bitgen_t:
    void *state
    uint64_t (*next_uint64)(void *st) noexcept nogil
    uint32_t (*next_uint32)(void *st) noexcept nogil
    double (*next_double)(void *st) noexcept nogil
    uint64_t (*next_raw)(void *st) noexcept nogil

cdef extern from *:
    int __builtin_ctz(unsigned int x) nogil


cdef inline uint32_t _below(bitgen_t *bg, uint32_t n) noexcept nogil:
    # A uniform integer in [0, n) by Lemire's multiply-and-reject: exact, rarely draws twice.
    cdef uint64_t m = <uint64_t>bg.next_uint32(bg.state) * n
    cdef uint32_t low = <uint32_t>m
    cdef uint32_t floor
    if low < n:
        floor = (<uint32_t>0 - n) % n
        while low < floor:
            m = <uint64_t>bg.next_uint32(bg.state) * n
            low = <uint32_t>m
    return <uint32_t>(m >> 32)


cdef void _deal_block(bitgen_t *bg, const uint32_t *fixed, int turn_fixed, uint32_t gone, uint32_t pack,
                      int n_classes, const int32_t *class_start, const int8_t *class_cards,
                      const int32_t *node_first, const int32_t *node_count, const uint64_t *threshold,
                      const int32_t *next_node, const int8_t *places, Py_ssize_t skip, Py_ssize_t count,
                      uint32_t *hands_out, int8_t *turn_out, uint32_t *rest_out, int8_t *cards_out) noexcept nogil:
    cdef int8_t work[32]
    cdef int chosen[64]
    cdef uint32_t h[5]
    cdef Py_ssize_t i, o
    cdef int c, node, s, last, m, pos, p, x, q, j, k, turn
    cdef int8_t card
    cdef const int8_t *split
    cdef uint64_t r
    cdef uint32_t mask
    for i in range(skip + count):
        # 1. How many cards of each class go to each place, with the exact share of the deals.
        node = 0
        for c in range(n_classes):
            s = node_first[node]
            if node_count[node] > 1:
                r = bg.next_uint64(bg.state)
                last = s + node_count[node] - 1
                while s < last and r >= threshold[s]:
                    s += 1
            chosen[c] = s
            node = next_node[s]
        # 2. Shuffle each class into its places (partial Fisher-Yates; the undealt rest is last
        #    and takes what is left, so it needs no draws).
        h[0] = fixed[0]; h[1] = fixed[1]; h[2] = fixed[2]; h[3] = fixed[3]; h[4] = 0
        turn = turn_fixed
        for c in range(n_classes):
            m = class_start[c + 1] - class_start[c]
            memcpy(work, class_cards + class_start[c], m)
            split = places + 6 * chosen[c]
            pos = 0
            for p in range(5):
                x = split[p]
                if x == 0:
                    continue
                if pos + x == m:  # the last place of this class: no choice left
                    for q in range(pos, m):
                        h[p] |= (<uint32_t>1) << work[q]
                    pos = m
                    break
                for q in range(x):
                    j = pos + <int>_below(bg, <uint32_t>(m - pos))
                    card = work[j]
                    work[j] = work[pos]
                    work[pos] = card
                    h[p] |= (<uint32_t>1) << card
                    pos += 1
        if h[4]:
            turn = __builtin_ctz(h[4])
        if i < skip:
            continue
        o = i - skip
        mask = h[0] | h[1] | h[2] | h[3] | gone
        if turn >= 0:
            mask |= (<uint32_t>1) << turn
        rest_out[o] = pack & ~mask
        turn_out[o] = <int8_t>turn
        for s in range(4):
            hands_out[4 * o + s] = h[s]
            mask = h[s]
            k = 0
            while mask and k < 5:
                cards_out[20 * o + 5 * s + k] = <int8_t>__builtin_ctz(mask)
                mask &= mask - 1
                k += 1
            while k < 5:
                cards_out[20 * o + 5 * s + k] = -1
                k += 1


def _fill(plan, bitgen, Py_ssize_t skip, Py_ssize_t count, uint32_t[:, ::1] hands, int8_t[::1] turn,
          uint32_t[::1] rest, int8_t[:, :, ::1] cards, Py_ssize_t offset):
    """Deals skip .. skip+count-1 of the block whose generator is ``bitgen``, into row ``offset``."""
    cdef bitgen_t *bg = <bitgen_t *>PyCapsule_GetPointer(bitgen.capsule, "BitGenerator")
    cdef uint32_t[::1] fixed = plan.fixed
    cdef int32_t[::1] class_start = plan.class_start
    cdef int8_t[::1] class_cards = plan.class_cards
    cdef int32_t[::1] node_first = plan.node_first
    cdef int32_t[::1] node_count = plan.node_count
    cdef uint64_t[::1] threshold = plan.split_threshold
    cdef int32_t[::1] next_node = plan.split_next
    cdef int8_t[:, ::1] places = plan.split_places
    cdef int turn_fixed = plan.turn_up
    cdef uint32_t gone = plan.out
    cdef uint32_t pack = plan.pack_mask
    cdef int n_classes = plan.n_classes
    if count <= 0:
        return
    if n_classes > 64 or offset < 0 or offset + count > hands.shape[0]:
        raise EuchreError("internal: the sampler's output does not fit the plan")
    with bitgen.lock:
        with nogil:
            _deal_block(bg, &fixed[0], turn_fixed, gone, pack, n_classes, &class_start[0], &class_cards[0],
                        &node_first[0], &node_count[0], &threshold[0], &next_node[0], &places[0, 0],
                        skip, count, &hands[offset, 0], &turn[offset], &rest[offset], &cards[offset, 0, 0])


def _root(seed):
    if isinstance(seed, np.random.SeedSequence):
        return seed
    if isinstance(seed, (int, np.integer)) and not isinstance(seed, bool) and seed >= 0:
        return np.random.SeedSequence(int(seed))
    raise EuchreError(f"seed must be a whole number >= 0 or a numpy SeedSequence, not {seed!r}")


def _count(n, what):
    if isinstance(n, (int, np.integer)) and not isinstance(n, bool) and n >= 0:
        return int(n)
    raise EuchreError(f"{what} must be a whole number >= 0, not {n!r}")


class DealStream:
    """The endless, reproducible stream of deals of one seed and one set of constraints.

    ``take(n)`` returns the next n deals and moves on; ``skip(n)`` moves on without returning
    them; ``position`` is the index of the next deal. Two streams of the same seed,
    pack and constraints give the same deals however they are read.
    """

    def __init__(self, seed, pack=32, constraints=None, accept=None, min_acceptance=1e-3):
        self.root = _root(seed)
        if constraints is None:
            constraints = Constraints()
        if not isinstance(constraints, Constraints):
            raise EuchreError(f"constraints must be a fastcore.sampler.Constraints, not {type(constraints).__name__}")
        self.pack = pack
        self.constraints = constraints
        self.plan = constraints.plan(pack)  # validates the pack and the constraints once
        if accept is not None and not callable(accept):
            raise EuchreError(f"accept must be a function deals -> array of booleans, not {accept!r}")
        self.accept = accept
        if not isinstance(min_acceptance, (int, float)) or not 0 < min_acceptance <= 1:
            raise EuchreError(f"min_acceptance must be a rate in (0, 1], not {min_acceptance!r}")
        self.min_acceptance = float(min_acceptance)
        self.position = 0      # deals returned or skipped
        self._candidate = 0    # with accept: the next candidate deal of the underlying stream
        self.candidates = 0    # with accept: candidates judged so far
        self.accepted = 0

    @property
    def acceptance(self):
        return self.accepted / self.candidates if self.candidates else None

    def _block_generator(self, b):
        root = self.root
        child = np.random.SeedSequence(root.entropy, spawn_key=tuple(root.spawn_key) + (_TAG, b),
                                       pool_size=root.pool_size)
        return np.random.PCG64(child)

    def _generate(self, first, n):
        """Candidate deals first .. first+n-1 of the underlying stream."""
        hands = np.empty((n, 4), np.uint32)
        turn = np.empty(n, np.int8)
        rest = np.empty(n, np.uint32)
        cards = np.empty((n, 4, 5), np.int8)
        done = 0
        while done < n:
            b, skip = divmod(first + done, BLOCK)
            count = min(BLOCK - skip, n - done)
            _fill(self.plan, self._block_generator(b), skip, count, hands, turn, rest, cards, done)
            done += count
        return Deals(hands, turn, rest, cards, self.pack)

    def take(self, n) -> Deals:
        n = _count(n, "the number of deals")
        if self.accept is None:
            out = self._generate(self.position, n)
            self.position += n
            return out
        parts = []
        need = n
        while need > 0:
            skip = self._candidate % BLOCK
            block = self._generate(self._candidate, BLOCK - skip)
            ok = self._judge(block)
            idx = np.flatnonzero(ok)
            judged = self.candidates + len(block)
            if judged >= BLOCK and (self.accepted + len(idx)) < self.min_acceptance * judged:
                raise EuchreError(
                    f"the acceptance predicate accepted {self.accepted + len(idx)} of {judged} candidate deals "
                    f"({(self.accepted + len(idx)) / judged:.2g}), below min_acceptance={self.min_acceptance:g}: "
                    f"it may contradict the constraints; state the knowledge as constraints, or lower the floor")
            if len(idx) > need:
                idx = idx[:need]
                used = int(idx[need - 1]) + 1
            else:
                used = len(block)
            parts.append(block[idx])
            need -= len(idx)
            self.candidates += used
            self.accepted += len(idx)
            self._candidate += used
        out = Deals.concat(parts) if parts else Deals.empty(self.pack)
        out.pack = self.pack
        out.acceptance = self.acceptance
        out.candidates = self.candidates
        self.position += n
        return out

    def _judge(self, block):
        try:
            ok = np.asarray(self.accept(block))
        except EuchreError:
            raise
        if ok.shape != (len(block),):
            raise EuchreError(f"accept must return one truth value per deal: got shape {ok.shape} for {len(block)} deals")
        return ok.astype(bool, copy=False)

    def skip(self, n) -> None:
        n = _count(n, "the number of deals to skip")
        if self.accept is None:
            self.position += n
            return
        while n > 0:  # accepted deals can only be found by judging the candidates
            k = min(n, 16 * BLOCK)
            self.take(k)
            n -= k


def sample_deals(n, seed, pack=32, constraints=None, accept=None, min_acceptance=1e-3, start=0) -> Deals:
    """Deals start .. start+n-1 of the stream of ``seed`` (an int or a numpy SeedSequence).

    ``constraints``: a :class:`Constraints` (default: none, uniform deals). ``accept``: an
    optional function ``accept(deals) -> bool array`` judging each deal on its own; the deals
    returned are the accepted ones, ``deals.acceptance`` is the share accepted, and the
    sampler raises EuchreError once at least BLOCK candidates were judged with a share below
    ``min_acceptance``. A contradiction among the constraints raises EuchreError saying which.
    """
    stream = DealStream(seed, pack, constraints, accept, min_acceptance)
    stream.skip(start)
    return stream.take(n)
