"""``euchrelab ladder``: the card players' strength, by duplicate matches."""
from __future__ import annotations

import sys

from analysis.limits import bounded
from analysis.commands.common import (add_jobs_argument, add_reference_argument, add_rules_arguments,
                                      check_output_dir, jobs_from_args, print_result, rules_from_args)
from analysis.errors import check_whole

NAME = "ladder"
HELP = "rate the card players (simple, book, PIMC, double-dummy) by duplicate matches on the same deals"
DEFAULT_DEALS = 1_000


def add_arguments(parser) -> None:
    from analysis.tools.ladder import DEFAULT_PLAYERS
    parser.add_argument("--players", default=",".join(DEFAULT_PLAYERS),
                        help=f"comma-separated table players (default {','.join(DEFAULT_PLAYERS)}; pimcN: N worlds; "
                             "an unknown name lists them all)")
    parser.add_argument("--deals", type=int, default=DEFAULT_DEALS, help=f"deals every pair plays, twice (default {DEFAULT_DEALS:,})")
    parser.add_argument("--chunk-size", type=int, default=250, help="deals a chunk (default 250; part of the settings)")
    parser.add_argument("--seed", type=int, default=0, help="root seed (default 0)")
    add_jobs_argument(parser)
    add_rules_arguments(parser)
    parser.add_argument("--json", action="store_true", help="print one JSON object")
    parser.add_argument("--out", metavar="DIR", help="write report.html, report.md, ratings.png and ladder.json to DIR")
    parser.add_argument("--no-progress", action="store_true", help="no progress bar")
    add_reference_argument(parser)


def run(args) -> int:
    from analysis.run.runner import git_commit
    from analysis.tools.ladder import check_players, run_ladder, write_report

    names = check_players(n.strip() for n in args.players.split(",") if n.strip())
    bounded(args.deals, "ladder", "deals", label="--deals")
    check_whole(args.chunk_size, "--chunk-size", 1)
    check_whole(args.seed, "--seed")
    jobs_from_args(args)
    rules = rules_from_args(args)
    if args.out:
        check_output_dir(args.out, "--out", args.reference)
    result = run_ladder(names, args.deals, args.seed, rules, args.chunk_size, args.jobs,
                        progress=not (args.no_progress or args.json))
    result.commit = git_commit()
    print_result(result, args.json)
    if args.out:
        paths = write_report(result, args.out)
        if not args.json:
            sys.stdout.write(f"report: {paths['html']}\n")
    return 0
