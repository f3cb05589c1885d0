"""``euchrelab optimise --out FILE``: the best bidding we can find, as a policy file."""
from __future__ import annotations

import sys

from analysis.limits import bounded
from analysis.commands.common import (add_jobs_argument, add_rules_arguments, jobs_from_args, print_result,
                                      rules_from_args)
from analysis.errors import check_whole

NAME = "optimise"
HELP = ("improve a bidding policy by iterated best response over hand classes, every seat, round and score "
        "band, double-dummy; write it as a policy file")


def add_arguments(parser) -> None:
    from analysis.tools.optimise import Settings
    d = Settings()
    parser.add_argument("--out", metavar="FILE", required=True, help="the policy file to write (.toml)")
    parser.add_argument("--base", default=d.base, help=f"the policy to start from and to keep where the file lists "
                                                       f"nothing (default {d.base})")
    parser.add_argument("--unit", choices=("rubber", "game"),
                        help="value of a hand: net rubber points in the first game (the book's game, default) or "
                             "the probability of winning a single game (default when the rules have no rubber)")
    parser.add_argument("--deals", type=int, default=d.deals,
                        help=f"deals per decision and score band each sweep, round two three times as many "
                             f"(default {d.deals:,})")
    parser.add_argument("--model-deals", type=int, default=d.model_deals,
                        help=f"deals per score for the value of a score each sweep (default {d.model_deals:,})")
    parser.add_argument("--sweeps", type=int, default=d.sweeps,
                        help=f"at most this many sweeps over the nine decisions (default {d.sweeps})")
    parser.add_argument("--bands", choices=("coarse", "scores"), default=d.bands,
                        help="score bands: coarse (by each side's points to go: three or more, two, one; default) "
                             "or one band per score")
    parser.add_argument("--name", default=d.name, help=f"the policy's name in the file (default {d.name})")
    parser.add_argument("--seed", type=int, default=0, help="root seed (default 0)")
    add_rules_arguments(parser)
    add_jobs_argument(parser)
    parser.add_argument("--scheduler", metavar="ADDRESS", help="run the batches on a Dask cluster (tcp://host:8786)")
    parser.add_argument("--resume", action="store_true",
                        help="go on from the state saved beside --out (FILE.state.json) by an earlier run")
    parser.add_argument("--json", action="store_true", help="print one JSON object")


def run(args) -> int:
    from analysis.tools.optimise import Settings
    from analysis.tools.policy_file import check_policy_file, optimise_to_file

    check_policy_file(args.out, "--out")   # written last: checked first
    for option in ("deals", "model_deals", "sweeps"):
        check_whole(getattr(args, option), "--" + option.replace("_", "-"), 1)
    for option in ("deals", "model_deals"):
        bounded(getattr(args, option), "optimise", option, label="--" + option.replace("_", "-"))
    check_whole(args.seed, "--seed")
    jobs_from_args(args)
    rules = rules_from_args(args)
    settings = Settings(rules=rules, unit=args.unit or ("rubber" if rules.rubber else "game"), deals=args.deals,
                        model_deals=args.model_deals, sweeps=args.sweeps, seed=args.seed, bands=args.bands,
                        base=args.base, name=args.name)

    def progress(sweep, seat, rnd, moved):
        if not args.json:
            sys.stderr.write(f"sweep {sweep}: {seat} {('round one', 'round two', 'discard')[rnd - 1]}: "
                             f"{moved} classes changed\n")

    result = optimise_to_file(settings, args.out, args.jobs, args.resume, progress, args.scheduler, "--out")
    print_result(result, args.json)
    return 0
