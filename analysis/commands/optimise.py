"""``euchrelab optimise --out FILE``: the best bidding we can find, as a policy file."""
from __future__ import annotations

import json
import sys

from analysis.commands.common import add_jobs_argument, add_rules_arguments, jobs_from_args, rules_from_args
from analysis.errors import EuchreError, check_whole

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
    from pathlib import Path

    from analysis.bidding.policies import policy_from_name
    from analysis.storage import check_output_file, write_atomic
    from analysis.tools.optimise import Settings, optimise, to_toml

    # the policy file and its state file beside it: both written, so both checked first
    out = check_output_file(args.out, "--out", ".toml")
    state_path = out.with_name(out.name + ".state.json")
    if state_path.is_dir():
        raise EuchreError(f"--out {out}: its state file {state_path} is a folder")
    for option in ("deals", "model_deals", "sweeps"):
        check_whole(getattr(args, option), "--" + option.replace("_", "-"), 1)
    check_whole(args.seed, "--seed")
    jobs_from_args(args)
    rules = rules_from_args(args)
    unit = args.unit or ("rubber" if rules.rubber else "game")
    policy_from_name(args.base)   # a bad base fails here, before any work
    settings = Settings(rules=rules, unit=unit, deals=args.deals, model_deals=args.model_deals, sweeps=args.sweeps,
                        seed=args.seed, bands=args.bands, base=args.base, name=args.name)

    def progress(sweep, seat, rnd, moved):
        if not args.json:
            sys.stderr.write(f"sweep {sweep}: {seat} {('round one', 'round two', 'discard')[rnd - 1]}: "
                             f"{moved} classes changed\n")

    policy, state = optimise(settings, args.jobs, state_path, args.resume, progress, args.scheduler)
    comments = [f"A bidding policy made by `euchrelab optimise` (iterated best response over hand classes, "
                f"double-dummy), from {args.base!r}:",
                f"{state.sweep} sweeps, {'settled' if state.done else 'not settled'}; {unit} units; "
                f"{args.deals:,} deals per decision and band a sweep; seed {args.seed}; "
                f"pack {rules.pack}, game {rules.points_for_game}"
                f"{', stick the dealer' if rules.stick_the_dealer else ''}.",
                "Decisions, scores and hand classes it does not list are the base policy's."]
    text = to_toml(policy.to_data(), comments)
    write_atomic(out, lambda tmp: Path(tmp).write_text(text))
    summary = {"out": str(out), "sweeps": state.sweep, "settled": state.done, "verdict": state.verdict,
               "open": state.open, "unit": unit,
               "listed": policy.describe()["listed"], "history": state.history, "bound": state.bound}
    if args.json:
        sys.stdout.write(json.dumps(summary) + "\n")
        return 0
    sys.stdout.write(f"wrote {out}: {summary['listed']:,} hand classes listed, {state.sweep} sweeps, "
                     f"{state.verdict}\n")
    sys.stdout.write(f"what a seat could gain by deviating, measured in the last sweep before its changes "
                     f"({unit} per hand, the band where it gains most, 95% interval):\n")
    for seat, b in state.bound.items():
        sys.stdout.write(f"  {seat}: {b['gain']:+.4f} [{b['low']:+.4f}, {b['high']:+.4f}] at {b['band']}\n")
    return 0
