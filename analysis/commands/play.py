"""``euchrelab play``: deal, bid by a policy, play (double-dummy, or at the table) and score N hands."""
from __future__ import annotations

import json
import sys

from analysis.limits import bounded
from analysis.commands.common import (add_play_arguments, add_rules_arguments, parse_score, play_from_args,
                                      rules_from_args)

NAME = "play"
HELP = "play N hands: policies bid, the play engine plays (double-dummy by default), score by the laws"


def add_arguments(parser) -> None:
    parser.add_argument("--n", type=int, default=10, help="number of hands (default 10)")
    parser.add_argument("--seed", type=int, default=0, help="root seed (default 0)")
    parser.add_argument("--policy", default="book", help="book, pass, order, points, or a TOML policy file")
    add_rules_arguments(parser)
    parser.add_argument("--score", default="0-0", help="score before the hand, A+C's points then B+D's (default 0-0)")
    parser.add_argument("--json", action="store_true", help="one JSON line per hand")
    add_play_arguments(parser)


def run(args) -> int:
    from analysis.tools.play_hands import play_hands

    bounded(args.n, "play", "n", label="--n")
    rules = rules_from_args(args)
    score = parse_score(args.score, rules)
    play, worlds = play_from_args(args)
    played = play_hands(args.n, args.seed, args.policy, rules, score, play, worlds, keep_calls=args.json)
    if args.json:
        for hand in played.to_json():   # one JSON line a hand
            sys.stdout.write(json.dumps(hand) + "\n")
    else:
        sys.stdout.write(str(played))
    return 0
