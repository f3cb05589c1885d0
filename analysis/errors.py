"""The project's exception, re-exported from the compiled core's pure-Python module, and the
checks of the numbers a user gives that every layer shares (one wording each)."""
from numbers import Integral

from fastcore.errors import EuchreError

__all__ = ["EuchreError", "check_jobs", "check_whole"]


def check_whole(value, name: str, least: int = 0) -> int:
    """``value`` as an int, refused unless a whole number of at least ``least``."""
    if isinstance(value, bool) or not isinstance(value, Integral) or value < least:
        raise EuchreError(f"{name} must be a whole number of at least {least}, not {value!r}")
    return int(value)


def check_jobs(n_jobs, name: str = "--jobs") -> int:
    """A number of workers: a positive number, or -1 for every core."""
    if isinstance(n_jobs, bool) or not isinstance(n_jobs, Integral) or n_jobs == 0 or n_jobs < -1:
        raise EuchreError(f"{name} must be a positive number of workers (or -1 for all cores), not {n_jobs!r}")
    return int(n_jobs)
