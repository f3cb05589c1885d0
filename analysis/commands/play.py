"""``euchrelab play``: deal, bid by a policy, play (double-dummy, or at the table) and score N hands;
``--egn FILE`` also writes them as a game record in Euchre Game Notation."""
from __future__ import annotations

import json
import sys

from analysis.errors import EuchreError
from analysis.game.egn import MAX_DEALS, VERSION
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
    parser.add_argument("--egn", metavar="FILE",
                        help=f"also write the hands to FILE in Euchre Game Notation (EGN {VERSION}): the deals, calls, "
                             f"discards and every card in the order played (at most {MAX_DEALS} hands)")


def run(args) -> int:
    from analysis.game.egn import to_egn, write_egn
    from analysis.storage import check_output_file
    from analysis.tools.play_hands import play_hands

    bounded(args.n, "play", "n", label="--n")
    rules = rules_from_args(args)
    score = parse_score(args.score, rules)
    play, worlds = play_from_args(args)
    if args.egn is not None:      # a bad path or too many hands fails here, before any work
        check_output_file(args.egn, "--egn")
        if args.n > MAX_DEALS:
            raise EuchreError(f"--egn writes at most {MAX_DEALS} hands (EGN's limit of deals in a file), not {args.n}")
    played = play_hands(args.n, args.seed, args.policy, rules, score, play, worlds,
                        keep_calls=args.json or args.egn is not None)
    game = played.to_game() if args.egn is not None else None
    if args.json:
        for hand in played.to_json():   # one JSON line a hand
            sys.stdout.write(json.dumps(hand) + "\n")
    else:
        sys.stdout.write(str(played))
    if game is not None:
        sys.stderr.write(f"wrote {write_egn(args.egn, to_egn(game))}\n")
    return 0
