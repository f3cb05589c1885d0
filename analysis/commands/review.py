"""``euchrelab review``: every decision of a played game (an EGN file) valued from what its player
knew (see :mod:`analysis.tools.review`)."""
from __future__ import annotations

import json
import sys

from analysis.commands.common import add_jobs_argument, add_model_deals_argument, jobs_from_args, progress_bar
from analysis.limits import bounded

NAME = "review"
HELP = "review a played game (an EGN file): each call, discard and card valued from what its player knew"


def add_arguments(parser) -> None:
    from analysis.tools.review import MODEL_DEALS, REVIEW_PLAY_WORLDS, REVIEW_WORLDS
    parser.add_argument("game", metavar="GAME.egn", help="the game, in Euchre Game Notation (EGN v1, JSON)")
    parser.add_argument("--worlds", type=int, default=REVIEW_WORLDS,
                        help=f"worlds each decision is valued over (default {REVIEW_WORLDS:,})")
    parser.add_argument("--play-worlds", type=int, default=REVIEW_PLAY_WORLDS,
                        help=f"worlds a decision of the table's players (default {REVIEW_PLAY_WORLDS})")
    parser.add_argument("--seed", type=int, default=0, help="seed of the worlds (default 0)")
    add_model_deals_argument(parser, MODEL_DEALS)
    add_jobs_argument(parser)
    parser.add_argument("--json", action="store_true", help="print the review as one JSON object")
    parser.add_argument("--out", metavar="FILE.egn",
                        help="also write the game with the review's labels as EGN annotations")


def run(args) -> int:
    from analysis.game.egn import read_egn, to_egn, write_egn
    from analysis.storage import check_output_file
    from analysis.tools.review import review

    jobs_from_args(args)
    bounded(args.worlds, "review", "worlds", least=2, label="--worlds")
    bounded(args.play_worlds, "review", "play_worlds", label="--play-worlds")
    bounded(args.model_deals, "review", "model_deals", label="--model-deals")
    if args.out is not None:
        check_output_file(args.out, "--out")      # a bad path fails here, before any work
    game = read_egn(args.game)
    with progress_bar("review", "decision") as step:
        rv = review(game, args.worlds, args.play_worlds, args.seed, args.jobs, args.model_deals, progress=step)
    sys.stdout.write(json.dumps(rv.to_json()) + "\n" if args.json else str(rv))
    if args.out is not None:
        calls, play = rv.annotations()
        sys.stderr.write(f"wrote {write_egn(args.out, to_egn(game, calls, play))}\n")
    return 0
