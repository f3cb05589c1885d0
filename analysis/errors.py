"""The project's exception, re-exported from the compiled core's pure-Python module."""
from fastcore.errors import EuchreError

__all__ = ["EuchreError"]
