"""``euchrelab card POLICY``: call cards a player carries to the table, one A4 page a seat."""
from __future__ import annotations

import json
import sys

from analysis.commands.common import (add_jobs_argument, add_reference_argument, add_rules_arguments,
                                      check_output_dir, jobs_from_args, rules_from_args)
from analysis.errors import EuchreError, check_whole

NAME = "card"
HELP = ("call cards of a policy: one printed page a seat, the least hand it calls with in each round by score "
        "band, beside another policy's line (PDF, PNG, CSV)")


def add_arguments(parser) -> None:
    parser.add_argument("policy", metavar="POLICY",
                        help="book, optimised, a baseline, a TOML policy file or package.module:NAME")
    parser.add_argument("--against", default="book", metavar="POLICY",
                        help="the policy whose line stands beside it (default book)")
    parser.add_argument("--out", default="card", metavar="DIR", help="folder for the cards (default card)")
    parser.add_argument("--deals", type=int, default=100_000,
                        help="deals a score band and side (default 100,000)")
    parser.add_argument("--seed", type=int, default=1888, help="root seed (default 1888)")
    add_rules_arguments(parser)
    add_jobs_argument(parser)
    add_reference_argument(parser)
    parser.add_argument("--json", action="store_true", help="print one JSON object")


def run(args) -> int:
    from analysis.bidding.policies import policy_from_name
    from analysis.tools import call_card

    check_whole(args.deals, "--deals", 1)
    check_whole(args.seed, "--seed")
    jobs_from_args(args)
    rules = rules_from_args(args)
    out = check_output_dir(args.out, "--out", args.reference)
    policy, against = policy_from_name(args.policy), policy_from_name(args.against)
    names = ["the book" if n == "book" else n
             for n in (getattr(policy, "name", args.policy), getattr(against, "name", args.against))]
    if names[0] == names[1]:
        names = [args.policy, args.against]
    if names[0] == names[1]:
        raise EuchreError(f"POLICY and --against are the same policy ({args.policy!r}): give another to compare")
    table = call_card.shares(dict(zip(names, (policy, against))), rules, args.deals, args.seed, args.jobs)
    paths = call_card.write_cards(table, out, names[0], names[1], rules, args.deals, args.seed)
    lined = call_card.lines(table)
    headline = call_card.headline(lined, names[0], names[1], rules)
    lines = call_card.summary(lined, *names, stuck=rules.stick_the_dealer)
    if args.json:
        print(json.dumps({"policy": names[0], "against": names[1], "deals": args.deals, "seed": args.seed,
                          "headline": headline, "lines": lined.to_dict(orient="records"),
                          "files": {k: str(v) for k, v in paths.items()}}))
    else:
        print(headline)
        print(f"Where {names[0]}'s line differs from {names[1]}'s (rung of the ladder, 1 the strongest):")
        print("\n".join("  " + line for line in lines))
        print(f"Wrote {paths['pdf']}, call_card_<seat>.png and {paths['csv'].name} in {out}")
    sys.stdout.flush()
    return 0
