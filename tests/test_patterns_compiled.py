"""The compiled pattern matcher and discard equal their Python references on many hands."""
import numpy as np

from analysis.game.discard import book_discard
from analysis.game.patterns import TERMS, match_table, matches
from fastcore.handpatterns import book_discard_batch

PATTERNS = list(TERMS) + [
    "right and another", "left and another, and outside ace", "three trumps and one suit headed by ace",
    "left, another, outside ace, and king queen of the third suit", "two medium trumps, and one suit of three headed by ace",
    "two bowers, ace, and two others", "ace, king and another, and outside ace", "right, ace, and another",
]


def random_hands(n, size, seed, pack=32):
    rng = np.random.default_rng(seed)
    cards = np.array([c for c in range(32) if pack == 32 or c & 7 >= 2])
    masks = np.zeros(n, dtype=np.uint32)
    for i in range(n):
        for c in rng.choice(cards, size, replace=False):
            masks[i] |= np.uint32(1) << np.uint32(c)
    return masks, rng.integers(0, 4, n).astype(np.int8)


def test_every_pattern_matches_alike_on_random_hands():
    for pack in (32, 24):
        masks, trumps = random_hands(3000, 5, seed=pack, pack=pack)
        table = match_table(masks, trumps, PATTERNS)
        for i in range(len(masks)):
            for p, pattern in enumerate(PATTERNS):
                assert table[i, p] == matches(int(masks[i]), int(trumps[i]), pattern), (i, pattern)
        assert table.any(axis=0).sum() > len(PATTERNS) * 0.8  # the hands exercise nearly every term


def test_the_compiled_discard_equals_the_books_rule():
    masks, _ = random_hands(6000, 6, seed=3)
    turn = np.array([np.flatnonzero([(int(m) >> c) & 1 for c in range(32)])[i % 6] for i, m in enumerate(masks)], dtype=np.int8)
    for alone in (False, True):
        got = book_discard_batch(masks, turn, np.full(len(masks), alone))
        want = [book_discard(int(m), int(t), alone) for m, t in zip(masks, turn)]
        assert np.array_equal(got, np.array(want, dtype=np.int8))
