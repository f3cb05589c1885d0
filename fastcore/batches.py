"""The checks of a batch of deals at play, made once in Python before a kernel runs on it.

The solver and the book's card play read the same batches: (N, 4) card masks, the trump, the
leader, the lone seat and the side of each deal. :func:`checked_batch` refuses a malformed one
with a one-line :class:`fastcore.errors.EuchreError` naming the deal and the problem, and returns
the contiguous arrays the kernels read.
"""
import numpy as np

from fastcore.errors import EuchreError
from fastcore.vocabulary import SEATS, card_text, pack_mask

PACK24_OUT = ~pack_mask(24) & 0xFFFFFFFF  # the sevens and eights


def int_array(x, n, what, lo, hi):
    """``x`` (one whole number or one per deal) as an int8 array of ``n``, each ``lo`` to ``hi``."""
    arr = np.asarray(x)
    if arr.size == 0 and arr.ndim == 1:
        arr = arr.astype(np.int64)  # [] for an empty batch
    if arr.dtype == bool or not np.issubdtype(arr.dtype, np.integer):
        raise EuchreError(f"{what} must be whole numbers, not {arr.dtype} values")
    if arr.ndim == 0:
        arr = np.full(n, int(arr), dtype=np.int64)
    if arr.shape != (n,):
        raise EuchreError(f"{what} must be one number or an array of shape ({n},), not shape {arr.shape}")
    bad = (arr < lo) | (arr > hi)
    if bad.any():
        i = int(np.flatnonzero(bad)[0])
        raise EuchreError(f"{what} of deal {i} is {int(arr[i])}: it must be {lo} to {hi}")
    return np.ascontiguousarray(arr, dtype=np.int8)


def checked_batch(hands, trump, leader, lone, side, pack, min_cards=1):
    """Checks a batch once; returns contiguous arrays for the kernel (partner of a lone hand zeroed)."""
    if pack not in (32, 24):
        raise EuchreError(f"pack {pack!r} is not a euchre pack: use 32 (seven to ace) or 24 (nine to ace)")
    arr = np.asarray(hands)
    if arr.ndim != 2 or arr.shape[1] != 4:
        raise EuchreError(f"hands must be an array of shape (N, 4), one card mask per seat A B C D, not shape {arr.shape}")
    if not np.issubdtype(arr.dtype, np.integer):
        raise EuchreError(f"hands must be integer card masks (uint32), not {arr.dtype} values")
    if arr.size and (arr.min() < 0 or arr.max() > 0xFFFFFFFF):
        raise EuchreError("hands must be 32-bit card masks (0 to 2**32 - 1)")
    n = arr.shape[0]
    h = np.array(arr, dtype=np.uint32)  # a copy: the lone player's partner is cleared below
    trump_a = int_array(trump, n, "trump", 0, 3)
    lone_a = np.full(n, -1, dtype=np.int8) if lone is None else int_array(lone, n, "lone seat", -1, 3)
    if leader is None:
        # the first active seat to the dealer's left
        leader_a = np.where(lone_a == 3, 2, 1).astype(np.int8)
    else:
        leader_a = int_array(leader, n, "leader", 0, 3)
    if side is None:
        side_a = np.where(lone_a >= 0, lone_a & 1, 0).astype(np.int8)
    else:
        side_a = int_array(side, n, "side", 0, 1)
    rows = np.flatnonzero(lone_a >= 0)
    h[rows, (lone_a[rows] ^ 2).astype(np.intp)] = 0  # a lone player's partner's cards are ignored
    sits_out = (lone_a >= 0) & (leader_a == (lone_a ^ 2))
    if sits_out.any():
        i = int(np.flatnonzero(sits_out)[0])
        raise EuchreError(f"deal {i}: {SEATS[leader_a[i]]} cannot lead: he sits out while his partner plays alone")
    if pack == 24:
        out_of_pack = (h & np.uint32(PACK24_OUT)) != 0
        if out_of_pack.any():
            i, s = map(int, np.argwhere(out_of_pack)[0])
            bad = [c for c in range(32) if (int(h[i, s]) >> c) & 1 and (c & 7) < 2]
            raise EuchreError(f"deal {i}: card {card_text(bad[0])} in {SEATS[s]}'s hand is not in the 24-card pack (nine to ace)")
    for a in range(4):
        for b in range(a + 1, 4):
            both = h[:, a] & h[:, b]
            if both.any():
                i = int(np.flatnonzero(both)[0])
                c = [c for c in range(32) if (int(both[i]) >> c) & 1][0]
                raise EuchreError(f"deal {i}: card {card_text(c)} is in two hands ({SEATS[a]} and {SEATS[b]})")
    sizes = np.bitwise_count(h).astype(np.int64)
    active = np.ones((n, 4), dtype=bool)
    active[rows, (lone_a[rows] ^ 2).astype(np.intp)] = False
    big = np.where(active, sizes, -1).max(axis=1) if n else sizes[:, 0]
    small = np.where(active, sizes, 99).min(axis=1) if n else sizes[:, 0]
    bad = (big != small) | (small < min_cards) | (big > 5)
    if bad.any():
        i = int(np.flatnonzero(bad)[0])
        held = ", ".join(f"{SEATS[s]} {sizes[i, s]}" for s in range(4) if active[i, s])
        raise EuchreError(f"deal {i}: the hands hold {held} cards: every player who plays must hold "
                          f"the same number of cards, {min_cards} to 5")
    return h, trump_a, leader_a, lone_a, side_a, sizes
