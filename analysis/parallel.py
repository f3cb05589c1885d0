"""Where a command's or a study's batches run: worker processes on this machine, bounded by its
cores and tied to the process that started them, or a Dask cluster."""
from __future__ import annotations

import os
import threading
import time

from analysis.errors import EuchreError

_WATCHED: set[int] = set()


def watch_parent(parent: int) -> None:
    """Started in each worker process: ends the worker as soon as ``parent`` is no longer its
    parent (the parent was killed, even by the kernel), so no orphan keeps computing or holding
    memory. A thread that polls twice a second: the solver releases the GIL, so it gets its turn."""
    if parent in _WATCHED or os.getpid() == parent:
        return
    _WATCHED.add(parent)

    def watch():
        while os.getppid() == parent:
            time.sleep(0.5)
        os._exit(1)
    threading.Thread(target=watch, name="euchrelab-parent-watch", daemon=True).start()


def local_parallel(n_jobs: int, backend: str = "loky", **kwargs):
    """A joblib ``Parallel`` of ``n_jobs`` workers on this machine (checked with
    :func:`analysis.errors.check_jobs` before); with processes (loky, the default) each worker ends
    when this process dies. Other keyword arguments go to ``Parallel``."""
    from joblib import Parallel, parallel_config

    config = {"initializer": watch_parent, "initargs": (os.getpid(),)} if backend == "loky" else {}
    with parallel_config(backend=backend, **config):
        return Parallel(n_jobs=n_jobs, **kwargs)


def dask_client(scheduler):
    """A Client of the scheduler at ``scheduler`` (an address), or the Client given (tests, notebooks)."""
    try:
        from distributed import Client
    except ImportError:
        raise EuchreError("--scheduler needs Dask distributed: pip install 'euchrelab[dask]'") from None
    if not isinstance(scheduler, str):
        return scheduler
    try:
        return Client(scheduler, timeout="20s")
    except (OSError, TimeoutError) as exc:
        raise EuchreError(f"cannot reach the Dask scheduler at {scheduler}: {exc}") from None
