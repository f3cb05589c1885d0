"""``euchrelab card POLICY``: call cards a player carries to the table, one A4 page a seat."""
from __future__ import annotations

from analysis.commands.common import (add_jobs_argument, add_reference_argument, add_rules_arguments,
                                      check_output_dir, jobs_from_args, print_result, progress_bar,
                                      rules_from_args)
from analysis.errors import check_whole
from analysis.limits import bounded, setting
from analysis.seeds import DEFAULT_SEED

CARD_DEALS = setting("card", "deals")

NAME = "card"
HELP = ("call cards of a policy: one printed page a seat, the least hand it calls with in each round by score "
        "band, beside another policy's line (PDF, PNG, CSV)")


def add_arguments(parser) -> None:
    parser.add_argument("policy", metavar="POLICY",
                        help="book, optimised, a baseline, a TOML policy file or package.module:NAME")
    parser.add_argument("--against", default="book", metavar="POLICY",
                        help="the policy whose line stands beside it (default book)")
    parser.add_argument("--out", default="card", metavar="DIR", help="folder for the cards (default card)")
    parser.add_argument("--deals", type=int, default=CARD_DEALS.default,
                        help=f"deals a score band and side (default {CARD_DEALS.default:,}; at most {CARD_DEALS.limit:,})")
    parser.add_argument("--seed", type=int, default=DEFAULT_SEED, help=f"root seed (default {DEFAULT_SEED})")
    add_rules_arguments(parser)
    add_jobs_argument(parser)
    add_reference_argument(parser)
    parser.add_argument("--json", action="store_true", help="print one JSON object")


def request(args) -> dict:
    """The options checked, before any work, as the arguments of
    :func:`analysis.tools.card_set.call_cards` but the folder (the workbench reads its requests by this too)."""
    bounded(args.deals, "card", "deals", label="--deals")
    check_whole(args.seed, "--seed")
    jobs = jobs_from_args(args)
    return dict(policy=args.policy, against=args.against, rules=rules_from_args(args), deals=args.deals,
                seed=args.seed, jobs=jobs)


def run(args) -> int:
    from analysis.tools.card_set import call_cards

    checked = request(args)
    out = check_output_dir(args.out, "--out", args.reference)
    with progress_bar("card", "batch") as step:
        result = call_cards(**checked, out=out, progress=step)
    print_result(result, args.json)
    return 0
