"""Play engines: how the card play of a hand is decided once the trump is made.

An engine answers one question for a batch of hands: how many tricks the makers take. The
default is double-dummy play by the compiled solver (every card seen, best play by both sides);
:class:`ReferenceDoubleDummy` gives the same answers with the pure-Python reference solver.
Other engines (a play policy that does not see the other hands) can be added behind the same
interface.
"""
from __future__ import annotations

import numpy as np

from analysis import reference
from analysis.cards import cards_of


class PlayEngine:
    name = "engine"

    def maker_tricks(self, hands: np.ndarray, trump: np.ndarray, leader: np.ndarray,
                     lone: np.ndarray, side: np.ndarray) -> np.ndarray:
        """Tricks taken by ``side`` (0 = AC, 1 = BD), one per row of ``hands`` ((N, 4) uint32)."""
        raise NotImplementedError


class ReferenceDoubleDummy(PlayEngine):
    """Double-dummy play by the reference solver: slow, obviously right."""

    name = "double-dummy (reference solver)"

    def maker_tricks(self, hands, trump, leader, lone, side):
        out = np.empty(len(hands), dtype=np.int8)
        for i in range(len(hands)):
            alone = None if lone[i] < 0 else int(lone[i])
            h = [cards_of(int(m)) for m in hands[i]]
            if alone is not None:
                h[alone ^ 2] = []
            sol = reference.solve(h, int(trump[i]), int(leader[i]), alone)
            out[i] = sol.tricks["AC" if side[i] == 0 else "BD"]
        return out


class DoubleDummy(PlayEngine):
    """Double-dummy play by the compiled solver (exact tricks)."""

    name = "double-dummy"

    def maker_tricks(self, hands, trump, leader, lone, side):
        from fastcore.solver import solve_tricks
        return np.asarray(solve_tricks(np.ascontiguousarray(hands, dtype=np.uint32), trump, leader,
                                       lone=lone, side=side), dtype=np.int8)


def default_engine() -> PlayEngine:
    try:
        import fastcore.solver  # noqa: F401
    except ImportError:
        return ReferenceDoubleDummy()
    return DoubleDummy()
