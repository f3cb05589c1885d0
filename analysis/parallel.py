"""The Dask client that runs a command's or a study's batches on a cluster."""
from __future__ import annotations

from analysis.errors import EuchreError


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
