"""``euchrelab run``: run studies (in parallel, resumable) and write their reports."""
from __future__ import annotations

import os
import sys
from pathlib import Path

from analysis.commands.common import (add_jobs_argument, add_play_arguments, add_reference_argument,
                                      add_rules_arguments, rule_values, whole)
from analysis.errors import EuchreError

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
    parser.add_argument("--seed", type=whole, help="root seed (default 1888)")
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
    from analysis.run.registry import default_suite, load_study, names as registered_names
    from analysis.run.run_config import load_config, study_overrides
    from analysis.run.recheck import write_check
    from analysis.storage import check_output_folder
    from analysis.run.runner import check_provenance, check_takes_play, replaced, run_and_report, settings_for

    targets: list[tuple[str, bool]] = []   # (name, from the default suite)
    for name in args.study:
        targets.extend([(s, True) for s in default_suite()] if name == "default" else [(name, False)])
    studies = [(load_study(target), suite) for target, suite in targets]   # unknown names fail before any work
    config = load_config(args.config) if args.config else {}
    known = set(registered_names()) | {study.name for study, _ in studies}
    flags = {"deals": args.deals, "jobs": args.jobs, "seed": args.seed, **rule_values(args),
             "play": args.play, "worlds": args.play_worlds,
             "chunk_size": args.chunk_size, "backend": args.backend, "scheduler": args.scheduler,
             "out": args.out, "resume": args.resume or None, "progress": False if args.no_progress else None,
             "reference": args.reference or None}
    runs = []
    for study, suite in studies:   # every study's settings are checked before the first runs
        overrides = study_overrides(config, study.name, known) if config else {"options": {}}
        overrides.update({k: v for k, v in flags.items() if v is not None})
        settings = settings_for(study, **overrides)
        settings.check()
        refuses = getattr(study, "refuses", None)   # a study of one's own need not say
        reason = refuses(settings.rules) if refuses else None
        if reason and suite:   # the suite under other rules: the studies that apply to them
            sys.stderr.write(f"euchrelab run: {study.name} left out: {reason}\n")
            continue
        if reason:
            raise EuchreError(reason)
        check_takes_play(study, settings)
        check_provenance(settings)
        runs.append((study, settings))
    for folder in {settings.out for _study, settings in runs}:   # writable, before any work (provenance above)
        check_output_folder(folder, "--out")
    index = None
    for study, settings in runs:
        before = replaced(settings.study_dir) if settings.reference else None
        try:
            outcome, paths = run_and_report(study, settings)
        except KeyboardInterrupt:
            sys.stderr.write(f"euchrelab run: {study.name} stopped; its finished chunks are saved in "
                             f"{settings.study_dir / 'chunks'}: {continue_words()}\n")
            raise
        if before:
            sys.stdout.write(f"{study.name}: replaced the reference run of {before}\n")
        write_check(settings.study_dir)   # the first chunk kept, so a later checkout can tell the run is current
        m = outcome.manifest
        sys.stdout.write(f"{study.name}: {m['deals']:,} deals in {m['wall_seconds']:.1f} s "
                         f"({len(outcome.computed)} chunks computed, {len(outcome.reused)} resumed) -> {paths['html']}\n")
        index = paths["index"]
    if index is not None:
        page = Path(index).resolve()
        sys.stdout.write(f"Open the report in a browser: file://{page}\n")
    return 0
