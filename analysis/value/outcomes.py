"""One hand's outcome at every score under a policy, by simulation: what the game and rubber
models read.

For each score (m, o) below game, m the dealers' (AC) points and o the others' (BD), deals are
drawn, bid by the policy at that score and played double-dummy; void deals (all passed twice)
score nothing. Each hand's points are counted by outcome (:data:`analysis.value.game_model.OUTCOMES`).

The deals of a score come in chunks of a fixed size, each seeded by
``SeedSequence(seed, spawn_key=(m, o, chunk))``: the counts are the same however many workers
share the chunks.
"""
from __future__ import annotations

import numpy as np

from analysis.errors import check_jobs, check_whole
from analysis.value.game_model import OUTCOMES, outcome_index
from analysis.game.rules import Rules, Score
from analysis.bidding.auction import bid_batch
from analysis.simulator import play_out
from analysis.seeds import score_chunk_seed

CHUNK = 5_000   # deals per chunk: part of the seeding, so changing it changes the deals


def counts_of(deals, policy, rules: Rules, score: tuple[int, int]) -> np.ndarray:
    """The outcome counts (7,) of ``deals`` dealt by A at score (m, o), the dealers first, bid by
    ``policy`` and played double-dummy."""
    b = bid_batch(deals.hands, deals.turn_up, policy, rules, Score(ac=int(score[0]), bd=int(score[1])))
    _, points = play_out(b.maker, b.trump, b.lone_seat, b.play_hands)   # void deals: no points
    return np.bincount(outcome_index(points[:, 0], points[:, 1]), minlength=len(OUTCOMES)).astype(np.int64)


def by_score(deals, policy, rules: Rules, scores) -> list[tuple[int, int, int, int]]:
    """``deals`` shared out among ``scores`` (deal i at ``scores[i % len(scores)]``), bid by
    ``policy`` and played double-dummy: (m, o, outcome index, deals) for each outcome that occurred."""
    out = []
    for k, (m, o) in enumerate(scores):
        sub = deals[np.arange(k, len(deals.hands), len(scores))]
        if len(sub.hands):
            out += [(m, o, i, int(n)) for i, n in enumerate(counts_of(sub, policy, rules, (m, o))) if n]
    return out


def chunk_counts(policy, rules: Rules, score: tuple[int, int], chunk: int, n: int, seed: int) -> np.ndarray:
    """The outcome counts (7,) of chunk ``chunk`` (``n`` deals) at score (m, o), the dealers first."""
    from fastcore.sampler import sample_deals
    return counts_of(sample_deals(n, score_chunk_seed(seed, score, chunk), pack=rules.pack), policy, rules, score)


def plan(game: int, deals: int, chunk_size: int = CHUNK) -> list[tuple[tuple[int, int], int, int]]:
    """(score, chunk, deals) of every chunk: ``deals`` at each score below ``game``."""
    chunks = []
    for m in range(game):
        for o in range(game):
            for c, start in enumerate(range(0, deals, chunk_size)):
                chunks.append(((m, o), c, min(chunk_size, deals - start)))
    return chunks


def outcome_counts(policy, rules: Rules = Rules(), deals: int = 10_000, seed: int = 0, n_jobs: int = 1,
                   progress: bool = False, chunk_size: int = CHUNK) -> np.ndarray:
    """``counts[m, o, k]`` (game, game, 7): of ``deals`` hands dealt at each score (m, o) and
    bid by ``policy``, those that ended in outcome k. ``n_jobs`` workers (joblib; -1 for every
    core) share the chunks; ``progress`` shows a bar on standard error."""
    check_whole(deals, "the deals per score", 1)
    check_whole(seed, "the seed")
    check_jobs(n_jobs, "the jobs")
    check_whole(chunk_size, "the chunk size", 1)
    from joblib import delayed

    from analysis.parallel import local_parallel
    from tqdm.auto import tqdm

    game = rules.points_for_game
    chunks = plan(game, int(deals), chunk_size)
    counts = np.zeros((game, game, len(OUTCOMES)), np.int64)
    tasks = (delayed(chunk_counts)(policy, rules, score, c, n, int(seed)) for score, c, n in chunks)
    results = local_parallel(n_jobs, return_as="generator", batch_size=1)(tasks)
    with tqdm(total=game * game * int(deals), unit=" deals", unit_scale=True, disable=not progress,
              desc="outcomes", dynamic_ncols=True) as bar:
        for (score, _, n), found in zip(chunks, results):
            counts[score] += found     # integer sums: the same in any order
            bar.update(n)
    return counts
