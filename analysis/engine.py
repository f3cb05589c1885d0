"""Play engines: how the card play of a hand is decided once the trump is made.

An engine answers one question for a batch of hands: how many tricks the makers take. The
default is double-dummy play (every card seen, best play by both sides) by the compiled solver;
``DoubleDummy("reference")`` gives the same answers with the reference solver. Table-side play
(players who see only their own cards) is :class:`analysis.table_play.TablePlay`:
``get_engine("pimc", worlds=32, seed=0)`` or ``get_engine("simple")``.

Code given no engine plays with :func:`default_engine`: double-dummy, or the engine of the
innermost ``with playing(engine):`` block (the runner plays a chunk of a study that way).
"""
from __future__ import annotations

from contextlib import contextmanager
from contextvars import ContextVar

import numpy as np

from analysis.errors import EuchreError
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


# A context variable, not a global: each thread (joblib's threading backend, Dask's workers)
# has its own, so chunks played side by side never see each other's engine.
_playing: ContextVar[PlayEngine | None] = ContextVar("playing", default=None)


def default_engine() -> PlayEngine:
    """The engine of the innermost :func:`playing` block, else double-dummy play."""
    engine = _playing.get()
    return DoubleDummy() if engine is None else engine


@contextmanager
def playing(engine: PlayEngine):
    """Within the block, code given no engine plays with ``engine``; the previous default
    comes back after it."""
    token = _playing.set(engine)
    try:
        yield engine
    finally:
        _playing.reset(token)


ENGINES = ("dd", "pimc", "book", "simple")
DEFAULT_WORLDS = 32


def check_play(name: str, worlds: int, option: str = "--worlds") -> None:
    """Refuses an unknown engine, or worlds a decision (``option`` on the command line) below one."""
    if name not in ENGINES:
        raise EuchreError(f"play engine {name!r} is unknown: use {', '.join(ENGINES)}")
    if isinstance(worlds, bool) or not isinstance(worlds, (int, np.integer)) or worlds < 1:
        raise EuchreError(f"{option} must be a whole number of at least 1, not {worlds!r}")


def play_record(name: str, worlds: int) -> dict:
    """The engine as a run records it: its name, and for ``pimc`` its worlds a decision."""
    return {"engine": name, "worlds": int(worlds)} if name == "pimc" else {"engine": name}


def play_words(name: str, worlds: int) -> str:
    """The engine in words, for a table's heading."""
    return {"dd": "double-dummy play", "pimc": f"table-side play (PIMC, {worlds} worlds a decision)",
            "book": "table-side play (the book's card-play rules)",
            "simple": "table-side play (the simple baseline)"}[name]


def get_engine(name: str = "dd", worlds: int = DEFAULT_WORLDS, seed: int = 0, pack: int = 32) -> PlayEngine:
    """The engine ``dd`` (double-dummy, the default), ``pimc`` (table-side, ``worlds`` worlds a
    decision, deterministic from ``seed``), ``book`` (table-side, the book's card-play rules) or
    ``simple`` (table-side baseline). Table-side players
    must know the ``pack`` (which cards exist to be hidden)."""
    check_play(name, worlds)
    if name == "dd":
        return DoubleDummy()
    from analysis.table_play import TablePlay  # it builds on this module
    return TablePlay(name, worlds=worlds, seed=seed, pack=pack)


def play_seed(seed: np.random.SeedSequence) -> int:
    """The seed of a chunk's table-side players: a child of the chunk's seed (the deals draw from
    the seed itself), so a chunk plays the same whoever computes it."""
    return int(np.random.SeedSequence(seed.entropy, spawn_key=(*seed.spawn_key, 1)).generate_state(1)[0])


def chunk_engine(name: str, worlds: int, seed: np.random.SeedSequence, pack: int) -> PlayEngine:
    """The engine of one chunk of deals, its table-side players seeded by :func:`play_seed`."""
    return get_engine(name, worlds=worlds, seed=play_seed(seed), pack=pack)
