"""Benchmarks of the double-dummy solver: deals per second, one thread, fixed-seed random deals.

Deals are plain permutations of the pack, 5 cards to each seat in turn; the trump is the suit of
the 21st card (the turn-up), B leads. For ``lone_per_s`` the lone seat is drawn at random and the
first active seat left of A leads. The reference solver is timed on the first deals of the same
set as ``exact_per_s``, for the ratio.

Time is the CPU time of the calling thread (``time.thread_time``), which is where a batch runs
(the GIL is released, but no other thread is started): on a machine shared with other work it
measures the solver's rate on one core rather than its share of a busy machine. Each rate is the
best of the repeats made within ``min_seconds`` of wall time (at least three).
"""
from __future__ import annotations

import time

import numpy as np

from analysis.bench.registry import benchmark
from analysis.game.cards import pack_cards
from analysis.play import reference
from fastcore import solver

SEED = 20240601
BATCH = 20_000


def random_deals(n: int, pack: int = 32, seed: int = SEED):
    """(hands (n, 4) uint32, trump (n,) int8): each deal a random permutation of the pack."""
    rng = np.random.Generator(np.random.PCG64(np.random.SeedSequence([seed, pack])))
    cards = np.array(pack_cards(pack), dtype=np.uint32)
    order = np.argsort(rng.random((n, len(cards))), axis=1)
    shuffled = cards[order]
    dealt = shuffled[:, :20].reshape(n, 4, 5)
    hands = np.bitwise_or.reduce(np.uint32(1) << dealt, axis=2).astype(np.uint32)
    trump = (shuffled[:, 20] >> 3).astype(np.int8)
    return hands, trump


def lone_seats(n: int, seed: int = SEED) -> np.ndarray:
    rng = np.random.Generator(np.random.PCG64(np.random.SeedSequence([seed, 99])))
    return rng.integers(0, 4, n).astype(np.int8)


def _rate(call, n: int, min_seconds: float) -> float:
    """Deals per second of ``call()`` (which solves ``n`` deals): the best of repeated calls."""
    call()  # warm up: imports, first-touch of memory
    best, repeats, start = 0.0, 0, time.perf_counter()
    while repeats < 3 or time.perf_counter() - start < min_seconds:
        t0 = time.thread_time()
        call()
        best = max(best, n / max(time.thread_time() - t0, 1e-9))
        repeats += 1
    return best


@benchmark("exact_per_s", "exact tricks, 32-card pack (deals/s)")
def bench_exact(min_seconds: float) -> float:
    hands, trump = random_deals(BATCH, 32)
    return _rate(lambda: solver.solve_tricks(hands, trump, 1), BATCH, min_seconds)


@benchmark("scoring_per_s", "scoring question: probe k=3, then k=5 (deals/s)")
def bench_scoring(min_seconds: float) -> float:
    hands, trump = random_deals(BATCH, 32)
    return _rate(lambda: solver.scoring_tricks(hands, trump, 1), BATCH, min_seconds)


@benchmark("lone_per_s", "exact tricks, lone hands, 32-card pack (deals/s)")
def bench_lone(min_seconds: float) -> float:
    hands, trump = random_deals(BATCH, 32)
    lone = lone_seats(BATCH)
    return _rate(lambda: solver.solve_tricks(hands, trump, None, lone), BATCH, min_seconds)


@benchmark("exact24_per_s", "exact tricks, 24-card pack (deals/s)")
def bench_exact24(min_seconds: float) -> float:
    hands, trump = random_deals(BATCH, 24)
    return _rate(lambda: solver.solve_tricks(hands, trump, 1, pack=24), BATCH, min_seconds)


def _cards(mask: int) -> list[int]:
    return [c for c in range(32) if mask >> c & 1]


@benchmark("reference_per_s", "reference solver, exact tricks, 32-card pack (deals/s)")
def bench_reference(min_seconds: float) -> float:
    hands, trump = random_deals(BATCH, 32)
    done, start, cpu = 0, time.perf_counter(), 0.0
    while done < 3 or time.perf_counter() - start < min_seconds:
        t0 = time.thread_time()
        reference.solve([_cards(int(m)) for m in hands[done]], int(trump[done]), 1)
        cpu += time.thread_time() - t0
        done += 1
    return done / cpu


def technique_table(n: int = 5000, slow_n: int = 200, repeats: int = 5) -> list[tuple[str, float, float]]:
    """Exact tricks on the ``exact_per_s`` deals with the search techniques switched on one by
    one: (techniques, deals/s, boundary positions searched per deal). Configurations without
    alpha-beta are timed on the first ``slow_n`` deals only."""
    hands, trump = random_deals(BATCH, 32)
    steps = [("plain minimax (boolean probes)", 0)]
    flags = 0
    for name, label in [("alphabeta", "+ alpha-beta cut-offs"), ("ordering", "+ move ordering"),
                        ("equivalence", "+ equivalent cards grouped"), ("table", "+ transposition table"),
                        ("sure_tricks", "+ sure tricks from top trumps")]:
        flags |= solver.TECHNIQUES[name]
        steps.append((label, flags))
    for name in solver.TECHNIQUES:
        if name != "alphabeta":
            steps.append((f"all but {name}", solver.ALL_TECHNIQUES & ~solver.TECHNIQUES[name]))
    rows = []
    for label, flags in steps:
        m = n if flags & solver.TECHNIQUES["alphabeta"] else slow_n
        h, t = hands[:m], trump[:m]
        best = 0.0
        for _ in range(repeats):
            t0 = time.thread_time()
            solver.solve_tricks(h, t, 1, techniques=flags)
            best = max(best, m / max(time.thread_time() - t0, 1e-9))
        rows.append((label, best, solver.search_nodes(h, t, 1, techniques=flags) / m))
    return rows


if __name__ == "__main__":
    print("| techniques | exact_per_s | positions per deal |")
    print("| --- | ---: | ---: |")
    for label, rate, nodes in technique_table():
        print(f"| {label} | {rate:,.0f} | {nodes:,.0f} |")
