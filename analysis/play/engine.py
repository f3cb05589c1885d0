"""The play-engine interface, and the default engine: double-dummy play.

An engine answers one question for a batch of hands: how many tricks the makers take. The
default is double-dummy play (every card seen, best play by both sides) by the compiled solver;
``DoubleDummy("reference")`` gives the same answers with the reference solver. Table-side play
(players who see only their own cards) is :class:`analysis.play.table.TablePlay`; engines are
chosen by name in :mod:`analysis.play.engines`.
"""
from __future__ import annotations

import numpy as np

from analysis.play.double_dummy import get_solver

class PlayEngine:
    name = "engine"

    def maker_tricks(self, hands: np.ndarray, trump: np.ndarray, leader: np.ndarray,
                     lone_seat: np.ndarray, side: np.ndarray) -> np.ndarray:
        """Tricks taken by ``side`` (0 = AC, 1 = BD), one per row of ``hands`` ((N, 4) uint32);
        ``lone_seat`` is -1 where nobody plays alone."""
        raise NotImplementedError


class DoubleDummy(PlayEngine):
    """Double-dummy play by a solver of :mod:`analysis.play.double_dummy` (exact tricks)."""

    def __init__(self, solver: str = "compiled"):
        self.solver = get_solver(solver)
        self.name = "double-dummy" if solver == "compiled" else f"double-dummy ({solver} solver)"

    def maker_tricks(self, hands, trump, leader, lone_seat, side):
        return self.solver.deal_tricks(hands, trump, leader, lone_seat, side)


class ReferenceDoubleDummy(DoubleDummy):
    """Double-dummy play by the reference solver: slow, obviously right."""

    def __init__(self):
        super().__init__("reference")
