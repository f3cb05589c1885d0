"""``euchrelab replay``: a game recorded in Euchre Game Notation (EGN) replayed by the laws, deal
by deal, every card checked; the problems found are listed."""
from __future__ import annotations

from analysis.commands.common import add_json_argument, print_result

NAME = "replay"
HELP = "replay a game recorded in Euchre Game Notation (EGN): each deal's calls, tricks and score, and any problem"


def add_arguments(parser) -> None:
    parser.add_argument("game", metavar="GAME.egn", help="the game, an EGN file (JSON, version 1.0 to 1.4)")
    add_json_argument(parser, "one JSON object: each deal's dealer, trump, maker, tricks, points and score, "
                              "the final score and the problems")


def run(args) -> int:
    from analysis.game.egn import read_egn, replay

    print_result(replay(read_egn(args.game)), args.json)
    return 0
