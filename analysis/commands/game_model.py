"""``euchrelab game-model``: the book's hands at every score played at the table, counted by outcome
once, as the game model a hand played at the table is valued by (:mod:`analysis.value.models`)."""
from __future__ import annotations

import sys

from analysis.commands.common import (add_jobs_argument, add_play_arguments, add_rules_arguments, jobs_from_args,
                                      play_from_args, rules_from_args)
from analysis.errors import EuchreError
from analysis.limits import bounded, setting
from analysis.value.models import TABLE_MODEL_SEED, table_model_name

NAME = "game-model"
HELP = "count the book's hands at every score played at the table, once: the game model advice at the table reads"
DEALS = setting("game-model", "deals").default


def add_arguments(parser) -> None:
    parser.add_argument("--out", metavar="FILE.npz",
                        help="the model file (default: named by the rules, table-pack32-game5-stick0.npz and its like, "
                             "in the current folder)")
    parser.add_argument("--deals", type=int, default=DEALS, help=f"hands at each score (default {DEALS:,})")
    parser.add_argument("--seed", type=int, default=TABLE_MODEL_SEED, help=f"root seed (default {TABLE_MODEL_SEED})")
    add_play_arguments(parser, worlds="--play-worlds")
    parser.set_defaults(play="pimc-calls")
    add_rules_arguments(parser)
    add_jobs_argument(parser)
    parser.add_argument("--progress", action="store_true", help="show a progress bar on standard error")


def run(args) -> int:
    from analysis.value.models import build_table_model

    play, play_worlds = play_from_args(args, "--play-worlds")
    if play == "dd":
        raise EuchreError("--play dd: the double-dummy model is counted by advise itself (and cached); "
                          "this command counts hands played at the table")
    bounded(args.deals, "game-model", "deals", label="--deals")
    bounded(play_worlds, "game-model", "play_worlds", label="--play-worlds")
    if args.seed < 0:
        raise EuchreError(f"--seed must be a whole number >= 0, not {args.seed}")
    jobs_from_args(args)
    rules = rules_from_args(args)
    out = args.out or table_model_name(rules)
    counts, meta = build_table_model(rules, out, args.deals, args.seed, play, play_worlds, args.jobs, args.progress)
    hands = counts.sum(axis=2)
    sys.stdout.write(f"wrote {out}: the book's hands, {int(hands.min()):,} at each of {hands.size} scores "
                     f"({rules.words}), played by {meta['play']}, seed {meta['seed']}\n")
    return 0
