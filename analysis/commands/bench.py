"""``euchrelab bench``: rates of the solver, the sampler and the simulator on fixed-seed work."""
from __future__ import annotations

from analysis.commands.common import print_result
from analysis.errors import EuchreError

NAME = "bench"
HELP = "measure deals per second of the solver, sampler and simulator (one core, fixed seed)"


def add_arguments(parser) -> None:
    parser.add_argument("--json", action="store_true", help="print one JSON object")
    parser.add_argument("--seconds", type=float, default=1.0, help="minimum time per benchmark (default 1)")
    parser.add_argument("--only", action="append", metavar="KEY", help="run only this benchmark (repeatable), e.g. exact_per_s")


def run(args) -> int:
    from analysis.bench.rates import measure

    if args.seconds <= 0:
        raise EuchreError("--seconds must be positive")
    result = measure(args.seconds, args.only)
    print_result(result, args.json)
    return 0
