"""Benchmark of the hand simulator with the book's policy: hands per second, bidding and play."""
from __future__ import annotations

import time

from analysis.bench.registry import benchmark


@benchmark("hands_per_s", "simulator: book policy bids, double-dummy play, score (hands)")
def hands_per_s(min_seconds: float) -> float:
    from fastcore.sampler import sample_deals
    from analysis.bidding.book_policy import BookPolicy
    from analysis.simulator import simulate
    policy = BookPolicy()
    n, start, seed = 0, time.perf_counter(), 2024
    while True:
        deals = sample_deals(4000, seed)   # fresh deals each round: no cache sees a hand twice by design
        seed += 1
        simulate(deals, policy)
        n += len(deals)
        elapsed = time.perf_counter() - start
        if elapsed >= min_seconds:
            return n / elapsed
