"""``euchrelab chart POLICY``: strategy charts of any policy, seat by seat.

For each seat and each of its bidding decisions (round one: pass, call, call alone; round two:
pass, next, the stronger or the weaker cross suit), fresh deals are bid by the policy; where the
decision is reached, the hand is classed (:mod:`analysis.tools.strategy`) and played once per action,
paired on the same deals, every other decision by the policy, double-dummy. The charts show per
hand class the best action with its margin, what the policy usually does there and whether that
loses beyond the interval; the CSV has every action's value, the policy's share of each action
and what its choices cost against the best.
"""
from __future__ import annotations

import sys

from analysis.commands.common import (add_jobs_argument, add_reference_argument, add_rules_arguments,
                                      check_output_dir, jobs_from_args, parse_score, rules_from_args)
from analysis.errors import EuchreError
from analysis.limits import bounded
from analysis.seeds import DEFAULT_SEED
from analysis.game.rules import SEAT_ORDER

NAME = "chart"
HELP = "strategy charts of a policy: per seat and hand class, the best bid and what the policy does"


def add_arguments(parser) -> None:
    parser.add_argument("policy", metavar="POLICY",
                        help="book, a baseline (pass, order, points), a TOML policy file or package.module:NAME")
    parser.add_argument("--seat", default="all", help="A, B, C, D or all (default all)")
    parser.add_argument("--out", default="chart", metavar="DIR",
                        help="folder for the charts and the table (default chart)")
    parser.add_argument("--deals", default="20000",
                        help="deals per seat and round, round two dealing 3 times as many (default 20000)")
    parser.add_argument("--seed", default=str(DEFAULT_SEED), help=f"root seed (default {DEFAULT_SEED})")
    parser.add_argument("--cap", default="60", help="hands of one class played per batch of 25,000 deals (default 60)")
    parser.add_argument("--score", default="0-0", help="the score before the hand, A+C's points then B+D's (default 0-0, love-all)")
    add_rules_arguments(parser)
    add_jobs_argument(parser)
    add_reference_argument(parser)


def _whole(option: str, text: str, least: int) -> int:
    try:
        value = int(str(text).replace("_", ""))
    except ValueError:
        raise EuchreError(f"{option} must be a whole number >= {least}, not {text!r}") from None
    if value < least:
        raise EuchreError(f"{option} must be a whole number >= {least}, not {text!r}")
    return value


def request(args) -> dict:
    """The options checked, before any work, as the arguments of
    :func:`analysis.tools.policy_charts.chart_policy` but the folder (the workbench reads its requests by this too)."""
    from analysis.game.cards import parse_seat

    deals = bounded(_whole("--deals", args.deals, 1), "chart", "deals", label="--deals")
    seed = _whole("--seed", args.seed, 0)
    cap = _whole("--cap", args.cap, 1)
    if str(args.seat).strip().lower() == "all":
        seats = [parse_seat(s) for s in SEAT_ORDER]
    else:
        try:
            seats = [parse_seat(args.seat)]
        except EuchreError:
            raise EuchreError(f"--seat {args.seat!r} is not a seat: give A, B, C, D or all") from None
    jobs = jobs_from_args(args)
    rules = rules_from_args(args)
    return dict(policy=args.policy, seats=seats, deals=deals, seed=seed, rules=rules,
                score=parse_score(args.score, rules), cap=cap, jobs=jobs)


def run(args) -> int:
    from analysis.tools.policy_charts import chart_policy

    # every input checked before anything is computed or written
    checked = request(args)
    out = check_output_dir(args.out, "--out", args.reference)

    def progress(seat, rnd, done, total):
        what = "the discard" if rnd == 3 else f"round {rnd}"
        sys.stderr.write(f"\r{seat} {what}: {done:,}/{total:,} deals")
        if done == total:
            sys.stderr.write("\n")

    sys.stdout.write(str(chart_policy(**checked, out=out, progress=progress)))
    return 0
