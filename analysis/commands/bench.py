"""``euchrelab bench``: rates of the solver, the sampler and the simulator on fixed-seed work."""
from __future__ import annotations

import json
import sys

from analysis.bench.registry import labels, run_benchmarks
from analysis.errors import EuchreError

NAME = "bench"
HELP = "measure deals per second of the solver, sampler and simulator (one core, fixed seed)"


def add_arguments(parser) -> None:
    parser.add_argument("--json", action="store_true", help="print one JSON object")
    parser.add_argument("--seconds", type=float, default=1.0, help="minimum time per benchmark (default 1)")
    parser.add_argument("--only", action="append", metavar="KEY", help="run only this benchmark (repeatable), e.g. exact_per_s")


def run(args) -> int:
    if args.seconds <= 0:
        raise EuchreError("--seconds must be positive")
    names = labels()
    for key in args.only or []:
        if key not in names:
            raise EuchreError(f"no benchmark {key!r}: known are {', '.join(sorted(names))}")
    results = run_benchmarks(args.seconds, args.only)
    if args.json:
        sys.stdout.write(json.dumps(results) + "\n")
        return 0
    sys.stdout.write(f"euchrelab bench: single-threaded rates, machine with {results['cores']} cores\n")
    for key, value in results.items():
        if key == "cores":
            continue
        sys.stdout.write(f"  {names[key]:<58} {key:<26} {value:>14,.0f} /s\n")
    ref = results.get("reference_per_s")
    if ref:
        for key in ("exact_per_s", "exact24_per_s", "scoring_per_s", "lone_per_s"):
            if key in results:
                sys.stdout.write(f"  ratio {key} / reference_per_s: {results[key] / ref:,.0f}x\n")
    exact = results.get("exact_per_s")
    if exact:
        for key in results:
            if key.startswith("ladder_"):
                sys.stdout.write(f"  {key} / exact_per_s: {results[key] / exact:.4f}\n")
    return 0
