"""euchrelab's Python layer: rules, notation, solvers' front ends, policies, statistics, reports."""
import fastcore as _fastcore

if not getattr(_fastcore, "__euchrelab__", False):  # fast.ai publishes a package of the same name
    raise ImportError(
        f"the 'fastcore' package found at {getattr(_fastcore, '__file__', '?')} is not euchrelab's: "
        "install euchrelab into its own virtual environment (make build)"
    )

__version__ = "0.1.0"
