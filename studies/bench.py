"""Benchmarks of the study runner on the hand-strength study (deals per second).

Registered for ``euchrelab bench`` under the entry-point group ``euchrelab.benchmarks``.

``study_direct_per_s`` calls the study's chunk function in a plain loop: the simulator's own
rate on this work. ``runner_per_s`` runs the same chunks through the runner with one job
(seeds, checkpoint files, manifest, combining): the difference is the runner's overhead.
``runner_2jobs_per_s`` runs them on two worker processes (not single-threaded, unlike the
other benchmarks: it measures how well the runner keeps two cores busy); the pool is warmed
up first, as it is for all but the first seconds of a real run. It is timed by the wall clock,
so it needs both cores free to mean anything; the one-process benchmarks count CPU time.
"""
from __future__ import annotations

import tempfile
import time

from analysis.bench import benchmark
from analysis.run.registry import as_study
from analysis.run.runner import plan, run_study, settings_for
from analysis.seeds import chunk_seed
from studies import hand_strength

DEALS = 5_000        # per seat: 4 seats x 5,000 deals x 3 contracts per round of work
CHUNK = 2_500        # the study's default chunk size


def _study():
    return as_study(hand_strength)


def _settings(out: str, jobs: int, seed: int):
    return settings_for(_study(), deals=DEALS, chunk_size=CHUNK, seed=seed, jobs=jobs, out=out, progress=False)


def _rate(run, min_seconds: float, clock=time.process_time) -> float:
    """Deals per second of ``clock``: CPU time of this process for the one-process benchmarks,
    so that other programs sharing the cores do not count; wall time when workers do the work."""
    n, start, seed = 0, clock(), 1
    while True:
        n += run(seed)
        seed += 1   # fresh deals each round
        elapsed = clock() - start
        if elapsed >= min_seconds:
            return n / elapsed


@benchmark("study_direct_per_s", "hand-strength study chunks called directly, no runner (deals)")
def study_direct_per_s(min_seconds: float) -> float:
    study = _study()

    def run(seed):
        settings = _settings(tempfile.gettempdir(), 1, seed)
        chunks = plan(study, settings)
        for c in chunks:
            study.run_chunk(c.scenario, c.index, c.n_deals, chunk_seed(seed, settings.study, c.scenario, c.index), settings)
        return sum(c.n_deals for c in chunks)
    return _rate(run, min_seconds)


def _runner_rate(jobs: int, min_seconds: float) -> float:
    study = _study()

    with tempfile.TemporaryDirectory() as out:
        def run(seed):
            return run_study(study, _settings(out, jobs, seed)).manifest["deals"]
        if jobs > 1:
            run(0)   # start the worker processes outside the timing
            return _rate(run, min_seconds, time.perf_counter)
        return _rate(run, min_seconds)


@benchmark("runner_per_s", "hand-strength study through the runner, 1 job (deals)")
def runner_per_s(min_seconds: float) -> float:
    return _runner_rate(1, min_seconds)


@benchmark("runner_2jobs_per_s", "hand-strength study through the runner, 2 worker processes (deals)")
def runner_2jobs_per_s(min_seconds: float) -> float:
    return _runner_rate(2, min_seconds)
