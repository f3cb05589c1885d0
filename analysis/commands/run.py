"""``euchrelab run``: run studies (in parallel, resumable) and write their reports."""
from __future__ import annotations

import sys
from pathlib import Path

from analysis.errors import EuchreError

NAME = "run"
HELP = "run studies and write their reports under reports/<study>/ (resumable with --resume)"


def _positive(text: str) -> int:
    try:
        value = int(text.replace("_", ""))
    except ValueError:
        raise EuchreError(f"{text!r} is not a whole number") from None
    return value


def add_arguments(parser) -> None:
    parser.add_argument("study", nargs="+", metavar="STUDY", help="study names (see euchrelab studies), or 'default' for the default suite")
    parser.add_argument("--deals", type=_positive, help="deals per scenario (default: the study's)")
    parser.add_argument("--jobs", type=_positive, help="worker processes (default 1; -1 = every core)")
    parser.add_argument("--seed", type=_positive, help="root seed (default 1888)")
    parser.add_argument("--pack", type=int, choices=(32, 24), help="32 (the book, default) or 24 cards")
    parser.add_argument("--chunk-size", type=_positive, help="deals per chunk (default: the study's)")
    parser.add_argument("--backend", choices=("loky", "threading"), help="local workers: processes (loky, default) or threads")
    parser.add_argument("--scheduler", metavar="ADDRESS", help="run the chunks on a Dask cluster, e.g. tcp://scheduler-host:8786")
    parser.add_argument("--out", metavar="DIR", help="reports folder (default reports)")
    parser.add_argument("--resume", action="store_true", help="keep the chunks an earlier run of the same settings saved")
    parser.add_argument("--config", metavar="FILE", help="settings from a TOML file (flags override it)")
    parser.add_argument("--no-progress", action="store_true", help="no progress bar")


def run(args) -> int:
    from studies.config import load_config, study_overrides
    from studies.registry import DEFAULT_SUITE, STUDIES
    from studies.runner import load_study, run_and_report, settings_for

    names: list[str] = []
    for name in args.study:
        names.extend(DEFAULT_SUITE if name == "default" else [name])
    studies = [load_study(name) for name in names]   # unknown names fail before any work
    config = load_config(args.config) if args.config else {}
    flags = {"deals": args.deals, "jobs": args.jobs, "seed": args.seed, "pack": args.pack,
             "chunk_size": args.chunk_size, "backend": args.backend, "scheduler": args.scheduler,
             "out": args.out, "resume": args.resume or None, "progress": False if args.no_progress else None}
    out = None
    for study in studies:
        overrides = study_overrides(config, study.NAME, STUDIES) if config else {"options": {}}
        overrides.update({k: v for k, v in flags.items() if v is not None})
        settings = settings_for(study, **overrides)
        try:
            outcome, paths = run_and_report(study, settings)
        except KeyboardInterrupt:
            sys.stderr.write(f"euchrelab run: {study.NAME} stopped; its finished chunks are saved in "
                             f"{settings.study_dir / 'chunks'}: add --resume to the same command to continue\n")
            raise
        m = outcome.manifest
        sys.stdout.write(f"{study.NAME}: {m['deals']:,} deals in {m['wall_seconds']:.1f} s "
                         f"({len(outcome.computed)} chunks computed, {len(outcome.reused)} resumed) -> {paths['html']}\n")
        out = paths["index"]
    if out is not None:
        sys.stdout.write(f"{Path(out).resolve()}\n")
    return 0
