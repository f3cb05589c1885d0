"""``euchrelab coups``: the book's coup cases I-IX, double-dummy and from the coup player's seat."""
from __future__ import annotations

import argparse
import json
import sys

from analysis.tools import coups
from analysis.errors import EuchreError
from analysis.play.double_dummy import SOLVERS, get_solver

NAME = "coups"
HELP = "the book's nine coup cases (C1-C9): the deal, the play with double-dummy values, a verdict on each claim"


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("cases", nargs="*", metavar="CASE", help="cases to show: C1..C9, I..IX or 1..9 (default: all nine)")
    parser.add_argument("--json", action="store_true", help="one JSON object per case, one per line")
    parser.add_argument("--worlds", type=int, default=1000,
                        help="worlds sampled for the table-side view of each coup (default 1000; 0 skips it)")
    parser.add_argument("--seed", type=int, default=1888, help="root seed of the table-side sampling (default 1888)")
    parser.add_argument("--engine", choices=SOLVERS, default="compiled",
                        help="double-dummy solver: compiled (default) or the pure-Python reference")
    parser.add_argument("--write-report", action="store_true", help="also write reports/coups/report.md and report.html")


def run(args) -> int:
    if args.worlds < 0:
        raise EuchreError(f"--worlds must be 0 or more, not {args.worlds}")
    cases = coups.select_cases(coups.load_cases(), args.cases)
    solver = get_solver(args.engine)
    results = []
    for i, case in enumerate(cases):
        result = coups.analyse_case(case, solver, n_worlds=args.worlds, seed=args.seed)
        results.append(result)
        if args.json:
            sys.stdout.write(json.dumps(result.as_dict()) + "\n")
        else:
            if i:
                sys.stdout.write("\n" + "=" * 100 + "\n\n")
            sys.stdout.write(coups.render_text(result) + "\n")
        sys.stdout.flush()
    if not args.json:
        sys.stdout.write("\n" + coups.render_summary(results) + "\n")
    if args.write_report:
        paths = coups.write_report(results, args.worlds, args.seed, solver.name)
        sys.stderr.write("wrote " + ", ".join(str(p) for p in paths) + "\n")
    return 0
