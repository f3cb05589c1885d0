"""``euchrelab advise``: every action of one player at one point of the bidding, valued over the
worlds he could be in (see :mod:`analysis.tools.advise`)."""
from __future__ import annotations

import json
import sys

from analysis.tools.advise import ADVICE_WORLDS, MODEL_DEALS, MODELS, PLAY, TABLE_WORLDS, UNITS, Spot, advise, write_chart
from analysis.commands.common import (add_jobs_argument, add_model_deals_argument, add_play_arguments, add_rules_arguments, jobs_from_args,
                                      play_from_args, progress_bar, rules_from_args)
from analysis.game.cards import SEAT_CHOICES
from analysis.limits import bounded
from analysis.storage import check_chart_file

NAME = "advise"
HELP = "value every action of one player (pass, call, alone) over the worlds consistent with what he knows"


def add_arguments(parser) -> None:
    parser.add_argument("--seat", required=True,
                        help=f"his seat: {SEAT_CHOICES}")
    parser.add_argument("--hand", required=True, metavar="CARDS", help="his five cards, e.g. 'JS JC AS KS QS'")
    parser.add_argument("--turn-up", required=True, metavar="CARD", help="the turned-up card, e.g. 9S")
    parser.add_argument("--score", default="0-0", metavar="M-O",
                        help="the score before the hand, HIS side's points first (default 0-0)")
    parser.add_argument("--calls", metavar="CALLS",
                        help="the calls before him in seat order from B, e.g. pass,pass (default: all passed)")
    parser.add_argument("--round", type=int, help="1 or 2 (default: from --calls, else 1)")
    parser.add_argument("--model", default="book", choices=MODELS,
                        help="how the others' calls are read: book (their policy is the book's; default) or uniform")
    parser.add_argument("--worlds", type=int, default=ADVICE_WORLDS,
                        help=f"worlds he could be in, each valued double-dummy (default {ADVICE_WORLDS:,})")
    parser.add_argument("--table-worlds", type=int,
                        help=f"of them, the worlds played at the table by --play (default {TABLE_WORLDS:,}, or all "
                             "of them if fewer); the double-dummy values of all the worlds sharpen the table's")
    add_play_arguments(parser, worlds="--play-worlds")   # his --worlds counts the worlds he could be in
    parser.set_defaults(play=PLAY)
    parser.add_argument("--seed", type=int, default=0, help="seed of the worlds (default 0)")
    parser.add_argument("--by", choices=UNITS,
                        help="the unit that picks the best action: points per hand, or the game (game-win chance; "
                             "rubber points in the book's game); default: the points at love-all, else the game")
    add_jobs_argument(parser)
    add_model_deals_argument(parser, MODEL_DEALS)
    add_rules_arguments(parser)
    parser.add_argument("--json", action="store_true", help="print the advice as one JSON object")
    parser.add_argument("--chart", metavar="FILE.png",
                        help="also draw each action's value with its 95%% interval, in both units, as a PNG")


def request(args) -> dict:
    """The options checked, before any work, as the arguments of
    :func:`analysis.tools.advise.advise` (the workbench reads its requests by this too)."""
    play, play_worlds = play_from_args(args, "--play-worlds")
    jobs_from_args(args)
    bounded(args.worlds, "advise", "worlds", least=2, label="--worlds")
    if play != "dd" and args.table_worlds is not None:
        bounded(args.table_worlds, "advise", "table_worlds", least=3, label="--table-worlds")
    bounded(args.model_deals, "advise", "model_deals", label="--model-deals")
    bounded(play_worlds, "advise", "play_worlds", label="--play-worlds")
    rules = rules_from_args(args)
    spot = Spot.of(args.seat, args.hand, args.turn_up, args.score, args.calls, args.round, rules)
    return dict(spot=spot, worlds=args.worlds, table_worlds=args.table_worlds, seed=args.seed, model=args.model, by=args.by, n_jobs=args.jobs,
                model_deals=args.model_deals, play=play, play_worlds=play_worlds)


def run(args) -> int:
    if args.chart is not None:
        check_chart_file(args.chart, "--chart")   # a bad path fails here, before any work
    with progress_bar("advise", "chunk of worlds") as step:
        advice = advise(**request(args), progress=step)
    sys.stdout.write(json.dumps(advice.to_json()) + "\n" if args.json else str(advice))
    if args.chart is not None:
        sys.stderr.write(f"wrote {write_chart(advice, args.chart)}\n")
    return 0
