"""Benchmarks of the ladder's card players: whole hands a second with the player in all four
seats, on the ladder's own deals (seed 0, the first chunk), one core (the thread's CPU time).
``euchrelab bench`` prints each beside the exact solver's deals a second of the same run."""
from __future__ import annotations

import time

from analysis.bench.registry import benchmark
from analysis.game.rules import Rules
from analysis.tools.ladder import DEFAULT_PLAYERS, hands_per_second

HANDS = 24


def key_of(name: str) -> str:
    return f"ladder_{name.replace('-', '_')}_hands_per_s"


def _register(name: str) -> None:
    @benchmark(key_of(name), f"whole hands, {name} in every seat (ladder player; hands/s)")
    def bench(min_seconds: float) -> float:
        best, repeats, start = 0.0, 0, time.perf_counter()
        while repeats < 1 or time.perf_counter() - start < min_seconds:
            best = max(best, hands_per_second(name, 0, Rules(), HANDS))
            repeats += 1
        return best


for _name in DEFAULT_PLAYERS:
    _register(_name)
