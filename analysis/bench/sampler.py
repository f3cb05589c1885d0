"""Benchmarks of the deal sampler: uniform 32-card deals, and deals with one hand and the turn-up fixed."""
from __future__ import annotations

import time

from analysis.bench.registry import benchmark

BATCH = 1 << 18  # large batches: the rate of the kernel, not of the Python call around it


def _rate(min_seconds: float, constraints) -> float:
    from fastcore.sampler import DealStream

    stream = DealStream(20240601, 32, constraints)
    stream.take(BATCH)  # warm up (and make the plan) outside the timing
    done, start = 0, time.perf_counter()
    while True:
        done += len(stream.take(BATCH))
        elapsed = time.perf_counter() - start
        if elapsed >= min_seconds:
            return done / elapsed


@benchmark("sample_per_s", "uniform 32-card deals sampled")
def sample_per_s(min_seconds: float) -> float:
    return _rate(min_seconds, None)


@benchmark("sample_constrained_per_s", "32-card deals with B's hand and the turn-up fixed")
def sample_constrained_per_s(min_seconds: float) -> float:
    from fastcore.sampler import Constraints

    # The book's Case I: B holds AC QH 8H JD TS and the nine of clubs is turned.
    return _rate(min_seconds, Constraints(hands={1: [9 + 6, 16 + 5, 16 + 1, 24 + 4, 0 + 3]}, turn_up=8 + 2))
