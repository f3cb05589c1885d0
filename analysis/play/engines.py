"""Play engines by name (the engines of :mod:`analysis.play.registry`), and the engine of the run
in progress.

``get_engine("dd")`` plays double-dummy (:mod:`analysis.play.engine`); ``get_engine("pimc",
worlds=32, seed=0)``, ``"pimc-calls"``, ``"book"`` and ``"simple"`` seat table-side players in
every chair (:mod:`analysis.play.table`).

Code given no engine plays with :func:`default_engine`: double-dummy, or the engine of the
innermost ``with playing(engine):`` block. The runner sets it once for a chunk and the simulator
alone reads it, so that a study's chunk plays every one of its simulations with the run's engine
without threading the engine through each study's code.
"""
from __future__ import annotations

from contextlib import contextmanager
from contextvars import ContextVar

import numpy as np

from analysis.errors import EuchreError
from analysis.play.engine import DoubleDummy, PlayEngine
from analysis.play.registry import DEFAULT_WORLDS, ENGINES, TABLE, TABLE_PLAYER, engine_entry, engines_help
from analysis.play.table import TablePlay
from analysis.seeds import play_seed

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


def resolve_play(name: str) -> str:
    """The engine a name stands for: ``table`` is :data:`TABLE_PLAYER`, any other itself."""
    return TABLE_PLAYER if name == TABLE else name


def check_play(name: str, worlds: int, option: str = "--worlds") -> None:
    """Refuses an unknown engine, or worlds a decision (``option`` on the command line) below one."""
    engine_entry(name)
    if isinstance(worlds, bool) or not isinstance(worlds, (int, np.integer)) or worlds < 1:
        raise EuchreError(f"{option} must be a whole number of at least 1, not {worlds!r}")


def play_record(name: str, worlds: int) -> dict:
    """The engine as a run records it: its name, and for an engine that draws worlds (``pimc``,
    ``pimc-calls``) its worlds a decision."""
    name = resolve_play(name)
    return {"engine": name, "worlds": int(worlds)} if engine_entry(name).worlds else {"engine": name}


def play_words(name: str, worlds: int) -> str:
    """The engine in words, for a table's heading."""
    return engine_entry(name).engine.format(worlds=worlds)


def get_engine(name: str = "dd", worlds: int = DEFAULT_WORLDS, seed: int = 0, pack: int = 32,
               threads: int = 1) -> PlayEngine:
    """The engine ``dd`` (double-dummy, the default), ``pimc`` (table-side, ``worlds`` worlds a
    decision drawn from the cards alone, deterministic from ``seed``), ``pimc-calls`` (the same,
    keeping the worlds in which the others would have bid as heard), ``book`` (table-side, the
    book's card-play rules) or
    ``simple`` (table-side baseline); ``table`` is :data:`TABLE_PLAYER`. Table-side players
    must know the ``pack`` (which cards exist to be hidden). ``threads``: a table-side engine's
    compiled players share each batch among that many threads of this process, playing the same
    cards (:class:`analysis.play.table.TablePlay`)."""
    check_play(name, worlds)
    entry = engine_entry(name)
    if entry.solver:
        return DoubleDummy()
    return TablePlay(entry.name, worlds=worlds, seed=seed, pack=pack, threads=threads)


def chunk_engine(name: str, worlds: int, seed: np.random.SeedSequence, pack: int) -> PlayEngine:
    """The engine of one chunk of deals, its table-side players seeded by :func:`play_seed`."""
    return get_engine(name, worlds=worlds, seed=play_seed(seed), pack=pack)
