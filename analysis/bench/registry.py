"""Benchmarks behind ``euchrelab bench``: each measures a rate (deals, hands, solves per second).

A benchmark module registers its functions with :func:`benchmark`. ``BENCH_MODULES`` lists the
modules of analysis' own kernels; other packages (the studies) add theirs under the entry-point
group ``euchrelab.benchmarks``, each entry naming a module. Each function takes ``min_seconds``
and returns the rate it measured, single-threaded, on work drawn from a fixed seed, so two runs
measure the same work.
"""
from __future__ import annotations

import importlib
import os
from collections.abc import Callable
from importlib.metadata import entry_points

from analysis.errors import EuchreError

BENCH_MODULES: list[str] = ["analysis.bench.sampler", "analysis.bench.simulator", "analysis.bench.solver",
                             "analysis.bench.table", "analysis.bench.ladder", "analysis.bench.review",
                             "analysis.bench.advise"]
GROUP = "euchrelab.benchmarks"

_REGISTRY: dict[str, tuple[str, Callable[[float], float]]] = {}


def benchmark(key: str, label: str):
    """Register ``fn(min_seconds) -> rate`` under the JSON key ``key`` (e.g. ``exact_per_s``)."""
    def register(fn):
        _REGISTRY[key] = (label, fn)
        return fn
    return register


def cores() -> int:
    return len(os.sched_getaffinity(0)) if hasattr(os, "sched_getaffinity") else (os.cpu_count() or 1)


def load_benchmarks() -> None:
    """Imports every benchmark module: analysis' own, then the installed packages'."""
    for name in BENCH_MODULES:
        importlib.import_module(name)
    for point in entry_points(group=GROUP):
        try:
            point.load()
        except ImportError as exc:
            raise EuchreError(f"the benchmarks {point.name!r} ({point.value}) cannot be loaded: {exc}") from None


def run_benchmarks(min_seconds: float = 1.0, only: list[str] | None = None) -> dict[str, float]:
    load_benchmarks()
    results: dict[str, float] = {}
    for key, (_label, fn) in _REGISTRY.items():
        if only and key not in only:
            continue
        results[key] = float(fn(min_seconds))
    results["cores"] = cores()
    return results


def labels() -> dict[str, str]:
    load_benchmarks()
    return {key: label for key, (label, _fn) in _REGISTRY.items()}
