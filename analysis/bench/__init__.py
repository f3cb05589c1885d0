"""Benchmarks behind ``euchrelab bench``: the registry, and the benchmarks of the sampler, the
simulator, the solver and the table-side players."""
from analysis.public import lazy_exports

__all__, __getattr__, __dir__ = lazy_exports(__name__, {
    "registry": ["benchmark", "run_benchmarks", "labels"],
})
