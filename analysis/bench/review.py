"""Benchmark of a game's review: the seconds ``euchrelab review`` takes on a 13-deal game of 24
cards (euchrelab's own hands, bid by the book and played double-dummy, written as EGN, every hand
known) at the default settings, on every core of the machine. Wall-clock time, one run: a busy
machine lengthens it. The game model is not needed: a game of fixed deals is valued in points."""
from __future__ import annotations

import time

from analysis.bench.registry import benchmark, cores

SEED = 20261129
DEALS = 13


@benchmark("review_game_s", f"review of a {DEALS}-deal game of 24 cards, default settings, every core (s)")
def review_game_s(_min_seconds: float) -> float:
    from analysis.game import Rules
    from analysis.tools.play_hands import play_hands
    from analysis.tools.review import review
    game = play_hands(DEALS, SEED, "book", Rules.modern(), keep_calls=True).to_game()
    start = time.perf_counter()
    review(game, n_jobs=cores())
    return time.perf_counter() - start
