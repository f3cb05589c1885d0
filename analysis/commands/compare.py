"""``euchrelab compare FIRST SECOND``: duplicate comparison of two bidding policies."""
from __future__ import annotations

import sys

from analysis.commands.common import (add_jobs_argument, add_play_arguments, add_reference_argument,
                                      add_rules_arguments, at_least, check_output_dir, jobs_from_args, parse_score,
                                      play_from_args, print_result, progress_bar, rules_from_args)
from analysis.errors import check_whole
from analysis.limits import bounded

NAME = "compare"
HELP = "compare two bidding policies by duplicate deals: points per hand, game and rubber"
DEFAULT_DEALS = 2_000


def add_arguments(parser) -> None:
    # FIRST and SECOND, not A and B: those are seats
    parser.add_argument("a", metavar="FIRST",
                        help="the first policy: book, pass, order, points, a TOML file or package.module:NAME")
    parser.add_argument("b", metavar="SECOND", help="the second policy, as the first")
    parser.add_argument("--deals", type=int, help=f"deals at each score below game (default {DEFAULT_DEALS:,})")
    parser.add_argument("--games", type=int, help="also play N whole games twice (duplicate), hand by hand, "
                                                  "beside the scores' tables of --deals")
    parser.add_argument("--seed", type=int, default=0, help="root seed (default 0)")
    add_play_arguments(parser)
    parser.add_argument("--score", default="0-0",
                        help="score before the hand, the first policy's side first (default 0-0)")
    add_rules_arguments(parser)
    add_jobs_argument(parser)
    parser.add_argument("--json", action="store_true", help="print one JSON object")
    parser.add_argument("--report", metavar="DIR", help="write report.html and report.md (with a chart) to DIR")
    add_reference_argument(parser)


def request(args) -> dict:
    """The options checked, before any work, as the arguments of
    :func:`analysis.tools.compare.compare` (the workbench reads its requests by this too)."""
    play, worlds = play_from_args(args)
    at_least(args.deals, "--deals", 1)
    at_least(args.games, "--games", 1)
    if args.deals is not None:
        bounded(args.deals, "compare", "deals", label="--deals")
    if args.games is not None:
        bounded(args.games, "compare", "games", label="--games")
    bounded(worlds, "compare", "play_worlds", label="--worlds")
    check_whole(args.seed, "--seed")
    jobs_from_args(args)
    rules = rules_from_args(args)
    score = parse_score(args.score, rules, order="the first policy's side's points, then the second's")
    return dict(a=args.a, b=args.b, rules=rules, deals=args.deals or DEFAULT_DEALS, seed=args.seed,
                score=score, n_jobs=args.jobs, games=args.games, play=play, worlds=worlds)


def run(args) -> int:
    from analysis.tools.compare import compare

    if args.report:
        check_output_dir(args.report, "--report", args.reference)
    with progress_bar("compare", "chunk") as step:
        result = compare(**request(args), progress=step)
    print_result(result, args.json)
    if args.report:
        paths = result.write_report(args.report)
        if not args.json:
            sys.stdout.write(f"report: {paths['html']}\n")
    return 0
