"""``euchrelab coups``: the book's coup cases I-IX, double-dummy and from the coup player's seat."""
from __future__ import annotations

import argparse
import json
import sys

from analysis.commands.common import (add_jobs_argument, add_reference_argument, check_output_dir, jobs_from_args,
                                      whole)
from analysis.errors import EuchreError
from analysis.play.double_dummy import SOLVERS, get_solver
from analysis.tools import coups

NAME = "coups"
HELP = "the book's nine coup cases (C1-C9): the deal, the play with double-dummy values, a verdict on each claim"


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("cases", nargs="*", metavar="CASE", help="cases to show: C1..C9, I..IX or 1..9 (default: all nine)")
    parser.add_argument("--json", action="store_true", help="one JSON object per case, one per line")
    parser.add_argument("--worlds", type=whole, default=1000,
                        help="worlds sampled for the table-side view of each coup (default 1000; 0 skips it)")
    parser.add_argument("--seed", type=whole, default=1888, help="root seed of the table-side sampling (default 1888)")
    parser.add_argument("--engine", choices=SOLVERS, default="compiled",
                        help="double-dummy solver: compiled (default) or the pure-Python reference")
    add_jobs_argument(parser)
    parser.add_argument("--out", metavar="DIR",
                        help="also write the report (report.md, report.html, its figure, verdicts.json) to DIR")
    add_reference_argument(parser)
    parser.add_argument("--no-progress", action="store_true", help="no progress bar")
    parser.add_argument("--quiet", action="store_true", help="print nothing but errors (with --out: the report only)")


def _analyse(case, engine: str, worlds: int, seed: int):
    return coups.analyse_case(case, get_solver(engine), n_worlds=worlds, seed=seed)


def run(args) -> int:
    from joblib import delayed
    from tqdm.auto import tqdm

    from analysis.parallel import local_parallel

    if args.worlds < 0:
        raise EuchreError(f"--worlds must be 0 or more, not {args.worlds}")
    if args.seed < 0:
        raise EuchreError(f"--seed must be a whole number of at least 0, not {args.seed}")
    jobs = jobs_from_args(args)
    out = check_output_dir(args.out, "--out", args.reference) if args.out else None
    if args.reference and out is None:
        raise EuchreError("--reference replaces the committed coups report: give --out reports/coups")
    cases = coups.select_cases(coups.load_cases(), args.cases)
    solver = get_solver(args.engine)
    tasks = (delayed(_analyse)(case, args.engine, args.worlds, args.seed) for case in cases)
    bar = tqdm(total=len(cases), unit=" case", desc="coups", disable=args.no_progress, file=sys.stderr,
               dynamic_ncols=True)
    results = []
    for i, result in enumerate(local_parallel(jobs, return_as="generator")(tasks)):   # each case seeds itself
        bar.update(1)
        results.append(result)
        if args.quiet:
            continue
        if args.json:
            sys.stdout.write(json.dumps(result.as_dict()) + "\n")
        else:
            if i:
                sys.stdout.write("\n" + "=" * 100 + "\n\n")
            sys.stdout.write(coups.render_text(result) + "\n")
        sys.stdout.flush()
    bar.close()
    if not (args.json or args.quiet):
        sys.stdout.write("\n" + coups.render_summary(results) + "\n")
    if out is not None:
        paths = coups.write_report(results, args.worlds, args.seed, solver.name, out)
        sys.stderr.write("wrote " + ", ".join(str(p) for p in paths) + "\n")
    return 0
