"""``euchrelab rubber``: the game-win probability and the expected rubber points by score
(:mod:`analysis.tools.rubber_table`)."""
from __future__ import annotations

from analysis.limits import bounded
from analysis.seeds import DEFAULT_SEED
from analysis.commands.common import (add_jobs_argument, add_rules_arguments, at_least, jobs_from_args, print_result,
                                      rules_from_args)
from analysis.errors import EuchreError

NAME = "rubber"
HELP = "game-win probability and expected rubber points by score (laws 1, 2, 7) under a policy"


def add_arguments(parser) -> None:
    parser.add_argument("--policy", default="book", help="book, pass, order, points, or a TOML policy file")
    parser.add_argument("--deals", type=int, default=20_000, help="deals at each score (default 20000)")
    parser.add_argument("--seed", type=int, default=DEFAULT_SEED, help=f"root seed (default {DEFAULT_SEED})")
    add_rules_arguments(parser)
    add_jobs_argument(parser)
    parser.add_argument("--draws", type=int, default=1000,
                        help="bootstrap draws of the outcome counts for the intervals (default 1000)")
    parser.add_argument("--chart", metavar="FILE.png", help="write a chart (PNG) of the expected points by score")
    parser.add_argument("--progress", action="store_true", help="show a progress bar on standard error")
    parser.add_argument("--json", action="store_true", help="one JSON object: outcomes, game-win, rubber points")


def run(args) -> int:
    from analysis.tools.rubber_table import rubber_table

    bounded(args.deals, "rubber", "deals", label="--deals")
    if args.seed < 0:
        raise EuchreError(f"--seed must be a whole number >= 0, not {args.seed}")
    jobs_from_args(args)
    at_least(args.draws, "--draws", 2)
    if args.chart is not None:
        from analysis.storage import check_chart_file
        check_chart_file(args.chart, "--chart")   # before the work, not after it
    result = rubber_table(args.policy, rules_from_args(args), args.deals, args.seed, args.jobs, args.draws,
                          progress=args.progress)
    print_result(result, args.json)
    if args.chart is not None:
        result.write_chart(args.chart)
    return 0
