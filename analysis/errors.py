"""The project's exception, re-exported from the compiled core's pure-Python module, and the
checks of the numbers a user gives that every layer shares (one wording each)."""
import os
from numbers import Integral

from fastcore.errors import EuchreError

__all__ = ["EuchreError", "check_jobs", "check_whole", "cores"]


def check_whole(value, name: str, least: int = 0) -> int:
    """``value`` as an int, refused unless a whole number of at least ``least``."""
    if isinstance(value, bool) or not isinstance(value, Integral) or value < least:
        raise EuchreError(f"{name} must be a whole number of at least {least}, not {value!r}")
    return int(value)


def cores() -> int:
    """The cores this process may run on."""
    try:
        return len(os.sched_getaffinity(0))
    except AttributeError:   # not on Linux
        return os.cpu_count() or 1


def check_jobs(n_jobs, name: str = "--jobs", local: bool = True) -> int:
    """A number of workers: a positive number, or -1 for every core. Workers on this machine
    (``local``) are at most its cores: more would only share them, and a typo (999) would start
    hundreds of processes and exhaust its memory."""
    if isinstance(n_jobs, bool) or not isinstance(n_jobs, Integral) or n_jobs == 0 or n_jobs < -1:
        raise EuchreError(f"{name} must be a positive number of workers (or -1 for all cores), not {n_jobs!r}")
    if local and n_jobs > cores():
        raise EuchreError(f"{name} {n_jobs} is more workers than this machine's {cores()} cores: "
                          f"give at most {cores()} (or -1 for all of them)")
    return int(n_jobs)
