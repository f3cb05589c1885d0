"""``euchrelab studies``: the studies that can be run, one line each."""
from __future__ import annotations

from analysis.commands.common import add_json_argument, print_result

NAME = "studies"
HELP = "list the studies of the book's advice that euchrelab can run (installed ones, and any named)"


def add_arguments(parser) -> None:
    parser.add_argument("study", nargs="*", metavar="STUDY",
                        help="also describe these studies of your own (pkg.mod or pkg.mod:ATTR)")
    add_json_argument(parser, 'a JSON list of {"name", "title", "description", "default_suite", "defaults"}')


def run(args) -> int:
    from analysis.run.request import study_list

    result = study_list(args.study)
    print_result(result, args.json, default=str)
    return 0
