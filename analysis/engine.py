"""Play engines: how the card play of a hand is decided once the trump is made.

An engine answers one question for a batch of hands: how many tricks the makers take. The
default is double-dummy play (every card seen, best play by both sides) by the compiled solver;
``DoubleDummy("reference")`` gives the same answers with the reference solver. Table-side play
(players who see only their own cards) is :class:`analysis.table_play.TablePlay`:
``get_engine("pimc", worlds=32, seed=0)`` or ``get_engine("simple")``.
"""
from __future__ import annotations

import numpy as np

from analysis.solver import get_solver


class PlayEngine:
    name = "engine"

    def maker_tricks(self, hands: np.ndarray, trump: np.ndarray, leader: np.ndarray,
                     lone_seat: np.ndarray, side: np.ndarray) -> np.ndarray:
        """Tricks taken by ``side`` (0 = AC, 1 = BD), one per row of ``hands`` ((N, 4) uint32);
        ``lone_seat`` is -1 where nobody plays alone."""
        raise NotImplementedError


class DoubleDummy(PlayEngine):
    """Double-dummy play by a solver of :mod:`analysis.solver` (exact tricks)."""

    def __init__(self, solver: str = "compiled"):
        self.solver = get_solver(solver)
        self.name = "double-dummy" if solver == "compiled" else f"double-dummy ({solver} solver)"

    def maker_tricks(self, hands, trump, leader, lone_seat, side):
        return self.solver.deal_tricks(hands, trump, leader, lone_seat, side)


class ReferenceDoubleDummy(DoubleDummy):
    """Double-dummy play by the reference solver: slow, obviously right."""

    def __init__(self):
        super().__init__("reference")


def default_engine() -> PlayEngine:
    return DoubleDummy()


ENGINES = ("dd", "pimc", "book", "simple")


def get_engine(name: str = "dd", worlds: int = 32, seed: int = 0, pack: int = 32) -> PlayEngine:
    """The engine ``dd`` (double-dummy, the default), ``pimc`` (table-side, ``worlds`` worlds a
    decision, deterministic from ``seed``), ``book`` (table-side, the book's card-play rules) or
    ``simple`` (table-side baseline). Table-side players
    must know the ``pack`` (which cards exist to be hidden)."""
    if name == "dd":
        return DoubleDummy()
    if name in ("pimc", "book", "simple"):
        from analysis.table_play import TablePlay  # it builds on this module
        return TablePlay(name, worlds=worlds, seed=seed, pack=pack)
    from analysis.errors import EuchreError
    raise EuchreError(f"play engine {name!r} is unknown: use {', '.join(ENGINES)}")
