"""``euchrelab run``: run studies (in parallel, resumable) and write their reports."""
from __future__ import annotations

import os
import sys

from analysis.limits import bounded
from analysis.seeds import DEFAULT_SEED
from analysis.commands.common import (add_jobs_argument, add_play_arguments, add_reference_argument,
                                      add_rules_arguments, rule_values, whole)

NAME = "run"
HELP = "run studies and write their reports under runs/<study>/ (resumable with --resume)"
AGAIN = "EUCHRELAB_AGAIN"   # set by a wrapper (make report) whose own words resume a run


def continue_words() -> str:
    """How to go on after an interruption, in the words of the command the user typed."""
    again = os.environ.get(AGAIN)
    return f"run `{again}` again to continue" if again else "add --resume to the same command to continue"


def add_arguments(parser) -> None:
    parser.add_argument("study", nargs="+", metavar="STUDY",
                        help="study names (see euchrelab studies), 'default' for the default suite, "
                             "or a study of your own as pkg.mod or pkg.mod:ATTR")
    parser.add_argument("--deals", type=whole, help="deals per scenario (default: the study's)")
    add_jobs_argument(parser, default=None)
    parser.add_argument("--seed", type=whole, help=f"root seed (default {DEFAULT_SEED})")
    add_rules_arguments(parser)
    add_play_arguments(parser, defaults=False)
    parser.add_argument("--chunk-size", type=whole, help="deals per chunk (default: the study's)")
    parser.add_argument("--backend", choices=("loky", "threading"), help="local workers: processes (loky, default) or threads")
    parser.add_argument("--scheduler", metavar="ADDRESS", help="run the chunks on a Dask cluster, e.g. tcp://scheduler-host:8786")
    parser.add_argument("--out", metavar="DIR",
                        help="reports folder (default runs, which git ignores; the committed reference runs in "
                             "reports/ are replaced only with --reference)")
    parser.add_argument("--resume", action="store_true", help="keep the chunks an earlier run of the same settings saved")
    parser.add_argument("--config", metavar="FILE", help="settings from a TOML file (flags override it)")
    parser.add_argument("--no-progress", action="store_true", help="no progress bar")
    add_reference_argument(parser)


def run(args) -> int:
    from analysis.run.request import run_studies

    if args.deals is not None:
        bounded(args.deals, "run", "deals", label="--deals")
    runs = run_studies(args.study, args.config, left_out=lambda why: sys.stderr.write(f"euchrelab run: {why}\n"),
                       deals=args.deals, jobs=args.jobs, seed=args.seed, **rule_values(args), play=args.play,
                       worlds=args.play_worlds, chunk_size=args.chunk_size, backend=args.backend,
                       scheduler=args.scheduler, out=args.out, resume=args.resume or None,
                       progress=False if args.no_progress else None, reference=args.reference or None)
    try:
        for done in runs:
            sys.stdout.write(str(done))
    except KeyboardInterrupt:
        if runs.current is not None:
            name, chunks = runs.current
            sys.stderr.write(f"euchrelab run: {name} stopped; its finished chunks are saved in {chunks}: "
                             f"{continue_words()}\n")
        raise
    sys.stdout.write(runs.closing())
    return 0
