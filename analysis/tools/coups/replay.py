"""The cases asked for, analysed in parallel and handed back in order as each is done: what
``euchrelab coups`` replays."""
from __future__ import annotations

from collections.abc import Iterator

from analysis.errors import check_jobs, check_whole
from analysis.play import get_solver
from analysis.seeds import DEFAULT_SEED
from analysis.tools.coups.analyse import CaseResult, analyse_case
from analysis.tools.coups.cases import load_cases, select_cases


def _analyse(case, engine: str, worlds: int, seed: int) -> CaseResult:
    return analyse_case(case, get_solver(engine), n_worlds=worlds, seed=seed)


def replay_cases(names=(), engine: str = "compiled", worlds: int = 1000, seed: int = DEFAULT_SEED, jobs: int = 1,
                 progress: bool = False) -> Iterator[CaseResult]:
    """The cases ``names`` (C1..C9, I..IX or 1..9; none: all nine), each analysed with the
    double-dummy solver ``engine`` and ``worlds`` table-side worlds from ``seed`` (each case seeds
    itself, so the results do not depend on ``jobs``), in order; ``progress``: a bar on standard
    error."""
    import sys

    from joblib import delayed
    from tqdm.auto import tqdm

    from analysis.parallel import local_parallel

    worlds, seed, jobs = check_whole(worlds, "worlds"), check_whole(seed, "seed"), check_jobs(jobs, "jobs")
    cases = select_cases(load_cases(), names)
    get_solver(engine)   # an unknown solver, named before any work
    tasks = (delayed(_analyse)(case, engine, worlds, seed) for case in cases)
    bar = tqdm(total=len(cases), unit=" case", desc="coups", disable=not progress, file=sys.stderr, dynamic_ncols=True)
    for result in local_parallel(jobs, return_as="generator")(tasks):
        bar.update(1)
        bar.clear()       # the caller prints the case: the bar is drawn again below it, not left above it
        yield result
        bar.refresh()
    bar.close()
