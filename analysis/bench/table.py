"""Benchmarks of table-side play: PIMC decisions and whole hands per second, one core.

The deals are drawn from a fixed seed and bid by the book's policy (analysis.bidding.book_policy);
deals passed out are dropped. ``pimc_decisions_per_s`` times the PIMC player's choice (32
worlds drawn, every legal card valued in every world, the best mean taken) at the decisions
with two or more legal cards met when those hands are played by the simple player in every seat
(a fixed set of information sets, recorded once). ``table_hands_per_s`` times whole hands with
the PIMC player (32 worlds) in every seat, card by card in Python; ``table_hands_compiled_per_s``
the same hands and players through the compiled batch (analysis.play.pimc.play_pimc_batch, its
input checks included); ``simple_play_hands_per_s`` the simple player in every seat, card by card
in Python; ``book_play_hands_per_s`` the book's card-play rules in every seat
through the compiled batch (analysis.play.book.play_book_batch, its input checks included).
Time is the calling thread's CPU time (``time.thread_time``): the rate on one core, not the
share of a busy machine; but ``table_hands_calls_threads_per_s``, the hands of
``table_hands_calls_compiled_per_s`` played by one thread per core of this process, is timed by
the wall clock (the best of its repeats, so a busy machine lowers it).
"""
from __future__ import annotations

import time
from functools import partial

import numpy as np

from analysis.bench.registry import benchmark, cores
from analysis.bidding.book_policy import BookPolicy
from analysis.bidding.auction import bid_batch
from analysis.game import contract
from analysis.play.pimc import PIMCPlayer, play_pimc_batch
from analysis.play.players import Player, SimplePlayer
from analysis.play.table import play_hands
from analysis.play.worlds import BiddingModel
from fastcore.sampler import sample_deals

SEED = 20261123
WORLDS = 32


def book_hands(n: int, seed: int = SEED) -> dict:
    """Deals bid by the book's policy (passed-out deals dropped), as play_hands' arguments."""
    d = sample_deals(n, seed)
    b = bid_batch(d.hands, d.turn_up, BookPolicy())
    keep = np.flatnonzero(b.round > 0)
    takes = contract.dealer_takes_up(b.round, b.lone_seat)
    return dict(hands=b.play_hands[keep], trump=b.trump[keep], lone_seat=b.lone_seat[keep],
                side=(b.maker[keep] & 1), maker=b.maker[keep], turn_up=d.turn_up[keep].astype(np.int64),
                taken=takes[keep], discard=b.discard[keep], calls=[b.calls(int(i)) for i in keep])


class _Recorder(Player):
    """Plays as ``inner`` and keeps the information sets of the decisions with two or more cards."""

    def __init__(self, inner: Player):
        self.inner = inner
        self.name = inner.name
        self.seen: list = []

    def choose(self, info, key):
        if bin(info.legal()).count("1") >= 2:
            self.seen.append((info, key))
        return self.inner.choose(info, key)


def decisions(n_hands: int = 60, seed: int = SEED) -> list:
    rec = _Recorder(SimplePlayer())
    play_hands(players=[rec] * 4, **book_hands(n_hands, seed))
    return rec.seen


@benchmark("pimc_decisions_per_s", "PIMC decisions with 2+ legal cards, 32 worlds each (decisions/s)")
def bench_pimc_decisions(min_seconds: float) -> float:
    seen = decisions()
    player = PIMCPlayer(WORLDS, seed=1)
    for info, key in seen[:20]:      # warm up
        player.choose(info, key)
    best, repeats, start = 0.0, 0, time.perf_counter()
    while repeats < 2 or time.perf_counter() - start < min_seconds:
        t0 = time.thread_time()
        for info, key in seen:
            player.choose(info, key)
        best = max(best, len(seen) / max(time.thread_time() - t0, 1e-9))
        repeats += 1
    return best


def _whole_hands(play, n_deals: int, seed: int, min_seconds: float, clock=time.thread_time) -> float:
    """Best hands per second (by ``clock``: thread time) of ``play`` (called with play_hands'
    arguments less the players) over the book's hands."""
    args = book_hands(n_deals, seed)
    n = len(args["hands"])
    best, repeats, start = 0.0, 0, time.perf_counter()
    while repeats < 2 or time.perf_counter() - start < min_seconds:
        t0 = clock()
        play(**args)
        best = max(best, n / max(clock() - t0, 1e-9))
        repeats += 1
    return best


@benchmark("table_hands_per_s", "whole hands, PIMC (32 worlds) in every seat (hands/s)")
def bench_table_hands(min_seconds: float) -> float:
    return _whole_hands(partial(play_hands, players=[PIMCPlayer(WORLDS, seed=2)] * 4), 40, SEED + 1, min_seconds)


@benchmark("table_hands_compiled_per_s", "whole hands, PIMC (32 worlds) in every seat, compiled (hands/s)")
def bench_table_hands_compiled(min_seconds: float) -> float:
    return _whole_hands(partial(play_pimc_batch, worlds=WORLDS, seed=2), 40, SEED + 1, min_seconds)


@benchmark("table_hands_calls_compiled_per_s", "whole hands, PIMC (32 worlds) reading the calls in every seat, compiled; "
           "the calls' tables already built (hands/s)")
def bench_table_hands_calls_compiled(min_seconds: float) -> float:
    model = BiddingModel(BookPolicy())
    return _whole_hands(partial(play_pimc_batch, worlds=WORLDS, seed=2, model=model), 40, SEED + 1, min_seconds)


@benchmark("table_hands_calls_threads_per_s", "the same, one thread per core in one process, the calls' tables "
           "shared (hands/s, wall clock)")
def bench_table_hands_calls_threads(min_seconds: float) -> float:
    model = BiddingModel(BookPolicy())
    return _whole_hands(partial(play_pimc_batch, worlds=WORLDS, seed=2, model=model, threads=cores()), 40, SEED + 1,
                        min_seconds, clock=time.perf_counter)


@benchmark("simple_play_hands_per_s", "whole hands, the simple player in every seat (hands/s)")
def bench_simple_hands(min_seconds: float) -> float:
    return _whole_hands(partial(play_hands, players=[SimplePlayer()] * 4), 200, SEED + 2, min_seconds)


@benchmark("book_play_hands_per_s", "whole hands, the book's card-play rules in every seat, compiled (hands/s)")
def bench_book_hands(min_seconds: float) -> float:
    from analysis.play.book import play_book_batch
    return _whole_hands(play_book_batch, 200, SEED + 3, min_seconds)
