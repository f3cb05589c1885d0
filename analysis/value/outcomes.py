"""One hand's outcome at every score under a policy, by simulation: what the game and rubber
models read.

For each score (m, o) below game, m the dealers' (AC) points and o the others' (BD), deals are
drawn, bid by the policy at that score and played double-dummy (or by a table-side engine:
``play``, :func:`analysis.play.engines.get_engine`); void deals (all passed twice) score nothing. Each hand's points are counted by outcome (:data:`analysis.value.game_model.OUTCOMES`).

The deals of a score come in chunks of a fixed size, each seeded by
``SeedSequence(seed, spawn_key=(m, o, chunk))``: the counts are the same however many workers
share the chunks; a chunk's table-side players are seeded from the chunk's seed. ``done``, the
chunks already counted, lets an interrupted count go on where it stopped.
"""
from __future__ import annotations

import numpy as np

from analysis.errors import check_jobs, check_whole
from analysis.value.game_model import OUTCOMES, outcome_index
from analysis.game.rules import Rules, Score
from analysis.bidding.auction import bid_batch
from analysis.simulator import play_bidding, play_out
from analysis.play.engines import DEFAULT_WORLDS, chunk_engine
from analysis.seeds import score_chunk_seed

CHUNK = 5_000   # deals per chunk: part of the seeding, so changing it changes the deals
TABLES_KEPT = 1024 * 2 ** 20   # bytes of the calls' tables a chunk played at the table keeps (all its turn-ups)


def counts_of(deals, policy, rules: Rules, score: tuple[int, int], engine=None) -> np.ndarray:
    """The outcome counts (7,) of ``deals`` dealt by A at score (m, o), the dealers first, bid by
    ``policy`` and played by ``engine`` (default double-dummy)."""
    b = bid_batch(deals.hands, deals.turn_up, policy, rules, Score(ac=int(score[0]), bd=int(score[1])))
    if engine is None:
        _, points = play_out(b.maker, b.trump, b.lone_seat, b.play_hands)   # void deals: no points
    else:
        _, points = play_bidding(b, deals.turn_up, engine)
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


def chunk_counts(policy, rules: Rules, score: tuple[int, int], chunk: int, n: int, seed: int, play: str = "dd",
                 play_worlds: int = DEFAULT_WORLDS) -> np.ndarray:
    """The outcome counts (7,) of chunk ``chunk`` (``n`` deals) at score (m, o), the dealers first,
    played by the engine ``play``."""
    from fastcore.sampler import sample_deals
    from analysis.bidding.reading import tables_kept
    chunk_seed = score_chunk_seed(seed, score, chunk)
    deals = sample_deals(n, chunk_seed, pack=rules.pack)
    if play == "dd":
        return counts_of(deals, policy, rules, score)
    with tables_kept(TABLES_KEPT):   # the players read the calls of deals of every turn-up
        return counts_of(deals, policy, rules, score, chunk_engine(play, play_worlds, chunk_seed, rules.pack))


def plan(game: int, deals: int, chunk_size: int = CHUNK) -> list[tuple[tuple[int, int], int, int]]:
    """(score, chunk, deals) of every chunk: ``deals`` at each score below ``game``."""
    chunks = []
    for m in range(game):
        for o in range(game):
            for c, start in enumerate(range(0, deals, chunk_size)):
                chunks.append(((m, o), c, min(chunk_size, deals - start)))
    return chunks


def outcome_counts(policy, rules: Rules = Rules(), deals: int = 10_000, seed: int = 0, n_jobs: int = 1,
                   progress: bool = False, chunk_size: int = CHUNK, play: str = "dd",
                   play_worlds: int = DEFAULT_WORLDS, done: dict | None = None, on_chunk=None) -> np.ndarray:
    """``counts[m, o, k]`` (game, game, 7): of ``deals`` hands dealt at each score (m, o), bid by
    ``policy`` and played by the engine ``play``, those that ended in outcome k. ``n_jobs``
    workers (joblib; -1 for every core) share the chunks; ``progress`` shows a bar on standard
    error. ``done`` maps (m, o, chunk) to the counts of chunks already made (they are not made
    again); ``on_chunk(key, counts)`` is told of each chunk made, to keep it."""
    check_whole(deals, "the deals per score", 1)
    check_whole(seed, "the seed")
    check_jobs(n_jobs, "the jobs")
    check_whole(chunk_size, "the chunk size", 1)
    from joblib import delayed

    from analysis.parallel import local_parallel
    from tqdm.auto import tqdm

    done = dict(done or {})
    game = rules.points_for_game
    chunks = plan(game, int(deals), chunk_size)
    counts = np.zeros((game, game, len(OUTCOMES)), np.int64)
    for score, c, _n in chunks:
        if (*score, c) in done:
            counts[score] += done[(*score, c)]
    todo = [(score, c, n) for score, c, n in chunks if (*score, c) not in done]
    tasks = (delayed(chunk_counts)(policy, rules, score, c, n, int(seed), play, play_worlds) for score, c, n in todo)
    results = local_parallel(n_jobs, return_as="generator", batch_size=1)(tasks)
    with tqdm(total=game * game * int(deals), initial=sum(n for score, c, n in chunks if (*score, c) in done), unit=" deals", unit_scale=True,
              disable=not progress, desc="outcomes", dynamic_ncols=True) as bar:
        for (score, c, n), found in zip(todo, results):
            counts[score] += found     # integer sums: the same in any order
            if on_chunk is not None:
                on_chunk((*score, c), found)
            bar.update(n)
    return counts
