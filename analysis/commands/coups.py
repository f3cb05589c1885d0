"""``euchrelab coups``: the book's coup cases I-IX, double-dummy and from the coup player's seat."""
from __future__ import annotations

import argparse
import json
import sys

from analysis.commands.common import (add_jobs_argument, add_reference_argument, check_output_dir, jobs_from_args,
                                      whole)
from analysis.limits import bounded
from analysis.errors import EuchreError
from analysis.play.double_dummy import SOLVERS, get_solver
from analysis.seeds import DEFAULT_SEED
from analysis.tools import coups

NAME = "coups"
HELP = "the book's nine coup cases (C1-C9): the deal, the play with double-dummy values, a verdict on each claim"


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("cases", nargs="*", metavar="CASE", help="cases to show: C1..C9, I..IX or 1..9 (default: all nine)")
    parser.add_argument("--json", action="store_true", help="one JSON object per case, one per line")
    parser.add_argument("--worlds", type=whole, default=2000,
                        help="worlds sampled for the table-side view of each coup (default 2000, as the committed "
                             "report; 0 skips it)")
    parser.add_argument("--seed", type=whole, default=DEFAULT_SEED,
                        help=f"root seed of the table-side sampling (default {DEFAULT_SEED})")
    parser.add_argument("--engine", choices=SOLVERS, default="compiled",
                        help="double-dummy solver: compiled (default) or the pure-Python reference")
    add_jobs_argument(parser)
    parser.add_argument("--out", metavar="DIR",
                        help="also write the report (report.md, report.html, its figure, verdicts.json) to DIR")
    parser.add_argument("--reports", metavar="DIR",
                        help="the reports folder whose ledger gives each claim's status and number (default reports, "
                             "if there is one)")
    add_reference_argument(parser)
    parser.add_argument("--no-progress", action="store_true", help="no progress bar")
    parser.add_argument("--quiet", action="store_true", help="print nothing but errors (with --out: the report only)")


def run(args) -> int:
    from analysis.tools.coups.replay import replay_cases

    bounded(args.worlds, "coups", "worlds", least=0, label="--worlds")
    if args.seed < 0:
        raise EuchreError(f"--seed must be a whole number of at least 0, not {args.seed}")
    jobs = jobs_from_args(args)
    out = check_output_dir(args.out, "--out", args.reference) if args.out else None
    if args.reference and out is None:
        raise EuchreError("--reference replaces the committed coups report: give --out reports/coups")
    ledger = read_ledger(args.reports, not (args.json or args.quiet))
    results = []
    for result in replay_cases(args.cases, args.engine, args.worlds, args.seed, jobs, not args.no_progress):
        if not args.quiet:
            if args.json:
                sys.stdout.write(json.dumps(result.as_dict()) + "\n")
            else:
                sys.stdout.write(("\n" + "=" * 100 + "\n\n" if results else "") + coups.render_text(result, ledger)
                                 + "\n")
            sys.stdout.flush()
        results.append(result)
    if not (args.json or args.quiet):
        sys.stdout.write("\n" + coups.render_summary(results, ledger) + "\n")
    if out is not None:
        paths = coups.write_report(results, args.worlds, args.seed, get_solver(args.engine).name, out)
        sys.stderr.write("wrote " + ", ".join(str(p) for p in paths) + "\n")
    return 0


def read_ledger(reports: str | None, needed: bool = True):
    """The ledger of the saved results that gives the coups' claims their status and number: of the
    folder given (which must exist), else of ``reports`` if there is one; None if there is none or
    nothing printed or written needs it."""
    from pathlib import Path

    from analysis.reporting.ledger import build_ledger

    if reports is not None and not Path(reports).is_dir():
        raise EuchreError(f"--reports {reports} is not a folder: give the reports folder whose ledger to read")
    folder = Path(reports or "reports")
    return build_ledger(folder) if needed and folder.is_dir() else None
