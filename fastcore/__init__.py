"""euchrelab's compiled core: card tables, the double-dummy solver and the deal sampler.

This package is euchrelab's own ``fastcore`` (not fast.ai's package of the same name) and
must be built before use: ``make build``, or ``pip install -e .`` inside the project's
virtual environment.
"""

__euchrelab__ = True

try:
    from . import cards as _cards  # noqa: F401  (the compiled extension)
except ImportError as exc:  # pragma: no cover - only on an unbuilt checkout
    raise ImportError(
        "euchrelab's compiled core (fastcore) is not built: run `make build` in the project "
        "folder, or `pip install -e .` inside the project's virtual environment"
    ) from exc
